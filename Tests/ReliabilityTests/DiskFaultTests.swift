import Codecs
import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// Outputs that cannot be created fail with 73 before any work; a disk that fills up part-way
/// (a file size limit with SIGXFSZ ignored, a full tmpfs, /dev/full) fails with 74 and keeps
/// every frame completed before it: whole PNG files, or a Y4M file cut back to its last whole
/// frame.
final class DiskFaultTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder?.remove() }

    private func transitionArguments(out: String, frames: Int, size: String = "64x48") -> [String] {
        ["transition", "fade", "--from", "\(Programs.assets)/Anchor.png", "--to", "\(Programs.assets)/Cone.png",
         "--out", out, "--frames", String(frames), "--size", size]
    }

    /// A million 4096×4096 frames would take days: finishing at all shows nothing was rendered.
    func testOutputsThatCannotBeCreatedExit73BeforeAnyWork() throws {
        let kinescope = try Programs.kinescope()
        let regularFile = folder.file("a-file")
        XCTAssertTrue(FileManager.default.createFile(atPath: regularFile, contents: Data([1])))
        for out in ["/proc/kinescope-reliability.y4m", "/proc/kinescope-reliability-frames", "\(regularFile)/clip.y4m",
                    "\(regularFile)/frames", folder.file("missing/deeper/clip.y4m")] {
            let child = try Child(kinescope, transitionArguments(out: out, frames: 1_000_000, size: "4096x4096"))
            child.wait(limit: 60)
            XCTAssertFalse(child.timedOut, "\(out): rendering started before the output was checked")
            XCTAssertEqual(child.status, 73, "\(out): \(child.standardError)")
            XCTAssertEqual(child.errorLines.count, 1, "one line: \(child.errorLines)")
            // The output, or the part of its path that is in the way (a file where a folder must be).
            XCTAssertTrue(child.standardError.contains(out) || out.hasPrefix(regularFile) && child.standardError.contains(regularFile),
                          "the message names the output: \(child.standardError)")
        }
        XCTAssertEqual(folder.contents(), ["a-file"], "nothing was created")
    }

    func testLiveRecordingToAnUncreatableFileExits73WithoutRecording() throws {
        let server = try OwnXServer()
        let viewer = try RecordingViewer(display: server.displayName, recordTo: "/proc/kinescope-reliability.y4m")
        viewer.child.wait(limit: 30)
        XCTAssertEqual(viewer.child.status, 73, viewer.child.standardError)
        XCTAssertTrue(viewer.child.standardError.contains("/proc/kinescope-reliability.y4m"), viewer.child.standardError)
    }

    /// A Y4M stream on standard output redirected to /dev/full: the first write fails.
    func testLiveRecordingToTheFullDeviceExits74() throws {
        let server = try OwnXServer()
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let viewer = try RecordingViewer(display: server.displayName, recordTo: "-", standardOutput: full)
        viewer.child.wait(limit: 30)
        XCTAssertEqual(viewer.child.status, 74, viewer.child.standardError)
        XCTAssertTrue(viewer.child.standardError.contains("standard output") && viewer.child.standardError.contains("ENOSPC"),
                      viewer.child.standardError)
    }

    /// `ulimit -f` with SIGXFSZ ignored: writes past the limit fail with EFBIG, as on a full disk.
    func testFileSizeLimitMidLiveRecordingExits74AndKeepsTheFramesBefore() throws {
        let server = try OwnXServer()
        let path = folder.file("limited.y4m")
        // 200 KiB: the header and 7 frames of 160×120 fit, the 8th does not.
        let viewer = try RecordingViewer(display: server.displayName, recordTo: path,
                                         wrapper: ["/bin/bash", "-c", "trap '' XFSZ; ulimit -f 200; exec \"$0\" \"$@\""])
        XCTAssertTrue(try viewer.waitForFrames(1, in: folder.path, name: "limited.y4m"), viewer.child.standardError)
        try viewer.startTransition()
        XCTAssertTrue(try waitForChanges(in: folder.path) {
            FileManager.default.fileExists(atPath: path) || !viewer.child.process.isRunning
        }, "the recording fails at the limit and publishes what it has")
        let quit = try Child(try XCTUnwrap(Programs.onPath("xdotool")), ["key", "q"], environment: ["DISPLAY": server.displayName])
        quit.wait(limit: 20)
        viewer.child.wait(limit: 30)

        XCTAssertEqual(viewer.child.status, 74, viewer.child.standardError)
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(stream.frames.count, 7, "every frame that fitted is kept, whole")
        XCTAssertTrue(viewer.child.standardError.contains("File too large (EFBIG); the 7 frames before it were kept"), viewer.child.standardError)
        XCTAssertEqual(folder.contents(), ["limited.y4m"], "no temporary file left")
    }

    func testFileSizeLimitDuringATransitionToY4MKeepsWholeFrames() throws {
        let path = folder.file("clip.y4m")
        let child = try Child("/bin/bash", ["-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\"", try Programs.kinescope()]
                              + transitionArguments(out: path, frames: 200))
        child.wait(limit: 60)
        XCTAssertEqual(child.status, 74, child.standardError)
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        // 64 KiB hold the header and 14 frames of 64×48 (4614 bytes each).
        XCTAssertEqual(stream.frames.count, 14)
        XCTAssertTrue(child.standardError.contains("the 14 frames before it were kept"), child.standardError)
    }

    /// A real full file system: a 256 KiB tmpfs mounted in a mount namespace of the command's
    /// own (needs root or user namespaces; skipped otherwise). What was written is copied out
    /// before the namespace (and the tmpfs) goes away.
    func testFullFileSystemDuringATransitionExits74AndKeepsCompleteFrames() throws {
        let probe = try Child("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"])
        probe.wait(limit: 10)
        guard probe.status == 0 else { throw XCTSkip("cannot mount a tmpfs in a private mount namespace here: \(probe.standardError)") }
        let kinescope = try Programs.kinescope()
        let disk = folder.file("disk"), copy = folder.file("copy")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for out in ["frames", "clip.y4m"] {
            let script = "mount -t tmpfs -o size=256k tmpfs \"$1\" || exit 99; shift; \"$@\"; status=$?; cp -a \"\(disk)/.\" \"\(copy)/\"; exit $status"
            let child = try Child("/usr/bin/unshare", ["--mount", "/bin/sh", "-c", script, "sh", disk, kinescope]
                                  + transitionArguments(out: "\(disk)/\(out)", frames: 400))
            child.wait(limit: 120)
            XCTAssertEqual(child.status, 74, "\(out): \(child.standardError)")
            XCTAssertTrue(child.standardError.contains("ENOSPC"), child.standardError)
            if out == "frames" {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(copy)/frames").sorted()) ?? []
                XCTAssertGreaterThan(names.count, 5, "frames before the disk filled are kept")
                for name in names {
                    XCTAssertTrue(name.hasPrefix("frame-") && name.hasSuffix(".png"), "only whole frames, no temporary files: \(names)")
                    XCTAssertNoThrow(try ImageFile.read(contentsOf: "\(copy)/frames/\(name)"), "\(name) is complete")
                }
                XCTAssertTrue(child.standardError.contains("the \(names.count) frames before it are complete"), child.standardError)
            } else {
                let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: "\(copy)/clip.y4m"))))
                XCTAssertGreaterThan(stream.frames.count, 20)
                XCTAssertTrue(child.standardError.contains("the \(stream.frames.count) frames before it were kept"), child.standardError)
            }
        }
    }
}
