import Codecs
import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// SIGINT and SIGTERM while `kinescope view --record` or `kinescope transition` writes: the
/// output is finalised (a Y4M file published complete, a stream cut between frames, PNG folders
/// holding only whole files) and the exit status is 130 or 143. SIGKILL of the viewer leaves no
/// shared-memory segment behind. Synchronisation is on the output itself (inotify, pipe reads).
final class ProcessSignalTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder?.remove() }

    private static func exitCode(_ signal: Int32) -> Int32 { 128 + signal }

    /// Every file in `path` is a whole PNG frame of `width`×`height`; returns their count.
    private func checkPNGFolder(_ path: String, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let names = folder.contents(String(path.dropFirst(folder.path.count + 1)))
        for name in names {
            XCTAssertTrue(name.hasPrefix("frame-") && name.hasSuffix(".png"), "only frame files, no temporary ones: \(names)", file: file, line: line)
            do {
                let image = try ImageFile.read(contentsOf: "\(path)/\(name)")
                XCTAssertEqual(image.size.width, width, file: file, line: line)
                XCTAssertEqual(image.size.height, height, file: file, line: line)
            } catch {
                XCTFail("\(name) is not a complete PNG: \(error)", file: file, line: line)
            }
        }
        return names.count
    }

    func testSIGINTAndSIGTERMDuringALiveY4MRecordingPublishACompleteFile() throws {
        for signal in [SIGINT, SIGTERM] {
            let server = try OwnXServer()
            let name = "live-\(signal).y4m", path = folder.file(name)
            let viewer = try RecordingViewer(display: server.displayName, recordTo: path)
            XCTAssertTrue(try viewer.waitForFrames(1, in: folder.path, name: name), viewer.child.standardError)
            try viewer.startTransition()
            XCTAssertTrue(try viewer.waitForFrames(5, in: folder.path, name: name))
            viewer.child.send(signal)
            viewer.child.wait(limit: 30)

            XCTAssertEqual(viewer.child.status, Self.exitCode(signal), viewer.child.standardError)
            XCTAssertFalse(viewer.child.endedBySignal, "the signal is handled, not fatal")
            let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            XCTAssertGreaterThanOrEqual(stream.frames.count, 5)
            XCTAssertTrue(viewer.child.standardError.contains("recorded \(stream.frames.count) frames"), viewer.child.standardError)
            XCTAssertFalse(folder.contents().contains { $0.hasPrefix(".") }, "no temporary file left: \(folder.contents())")
        }
    }

    func testSIGINTDuringALivePNGRecordingKeepsOnlyWholeFrames() throws {
        let server = try OwnXServer()
        let path = folder.file("frames")
        let viewer = try RecordingViewer(display: server.displayName, recordTo: path)
        XCTAssertTrue(try waitForChanges(in: folder.path) { FileManager.default.fileExists(atPath: path) || !viewer.child.process.isRunning })
        try viewer.startTransition()
        XCTAssertTrue(try waitForChanges(in: path) {
            FileManager.default.fileExists(atPath: "\(path)/frame-000004.png") || !viewer.child.process.isRunning
        }, "frames are recorded during the fade")
        viewer.child.send(SIGINT)
        viewer.child.wait(limit: 30)

        XCTAssertEqual(viewer.child.status, 130, viewer.child.standardError)
        let count = checkPNGFolder(path, width: 160, height: 120)
        XCTAssertGreaterThanOrEqual(count, 4)
        XCTAssertTrue(viewer.child.standardError.contains("recorded \(count) frames"), viewer.child.standardError)
    }

    private func transition(_ out: String, frames: Int = 100_000, standardOutput: Any? = nil) throws -> Child {
        try Child(try Programs.kinescope(), ["transition", "fade", "--from", "\(Programs.assets)/Anchor.png",
                                             "--to", "\(Programs.assets)/Cone.png", "--out", out, "--frames", String(frames),
                                             "--size", "64x48"], standardOutput: standardOutput)
    }

    func testSignalsDuringATransitionIntoAPNGFolderKeepOnlyWholeFrames() throws {
        for signal in [SIGINT, SIGTERM] {
            let path = folder.file("transition-\(signal)")
            let child = try transition(path)
            XCTAssertTrue(try waitForChanges(in: folder.path) { FileManager.default.fileExists(atPath: path) || !child.process.isRunning })
            XCTAssertTrue(try waitForChanges(in: path) {
                FileManager.default.fileExists(atPath: "\(path)/frame-000010.png") || !child.process.isRunning
            }, "frames are being written")
            child.send(signal)
            child.wait(limit: 30)

            XCTAssertEqual(child.status, Self.exitCode(signal), child.standardError)
            let count = checkPNGFolder(path, width: 64, height: 48)
            XCTAssertGreaterThanOrEqual(count, 10)
            XCTAssertTrue(child.standardError.contains("interrupted; \(count) complete frames are in \(path)"), child.standardError)
        }
    }

    func testSignalsDuringATransitionToStandardOutputCutTheStreamBetweenFrames() throws {
        let frameBytes = 6 + 64 * 48 * 3 / 2, header = "YUV4MPEG2 W64 H48 F60:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n".utf8.count
        for signal in [SIGINT, SIGTERM] {
            let output = Pipe()
            let child = try transition("-", standardOutput: output)
            // Read an odd number of bytes, so the writer is surely mid-stream when the signal lands.
            var bytes = readExactly(header + 3 * frameBytes + 1000, from: output.fileHandleForReading)
            child.send(signal)
            bytes += Array(output.fileHandleForReading.readDataToEndOfFile())
            child.wait(limit: 30)

            XCTAssertEqual(child.status, Self.exitCode(signal), child.standardError)
            let stream = try Y4MFile(bytes)
            XCTAssertGreaterThanOrEqual(stream.frames.count, 4, "whole frames only, the one being written finished")
        }
    }

    func testSIGTERMDuringATransitionIntoAY4MFileLeavesNothingBehind() throws {
        let path = folder.file("clip.y4m")
        let child = try transition(path)
        XCTAssertTrue(try waitForChanges(in: folder.path) {
            bytesInFiles(in: folder.path, prefix: ".clip.y4m.") > 100_000 || !child.process.isRunning
        })
        child.send(SIGTERM)
        child.wait(limit: 30)
        XCTAssertEqual(child.status, 143, child.standardError)
        XCTAssertEqual(folder.contents(), [], "an interrupted render publishes nothing and removes its temporary file")
        XCTAssertTrue(child.standardError.contains("\(path) was not written"), child.standardError)
    }

    func testSIGKILLOfTheViewerLeavesNoSharedMemorySegment() throws {
        let server = try OwnXServer()
        let viewer = try RecordingViewer(display: server.displayName, recordTo: folder.file("killed.y4m"))
        XCTAssertTrue(try viewer.waitForFrames(1, in: folder.path, name: "killed.y4m"), viewer.child.standardError)
        let pid = viewer.child.pid
        let segments = try SharedSegment.created(by: pid)
        XCTAssertFalse(segments.isEmpty, "the viewer presents through MIT-SHM on this server")
        for segment in segments {
            XCTAssertEqual(segment.permissions & 0o777, 0o600, "segment \(segment.id) is private to its user")
            XCTAssertEqual(segment.permissions & 0o1000, 0o1000, "segment \(segment.id) is already marked for removal")
        }

        viewer.child.send(SIGKILL)
        viewer.child.wait(limit: 30)
        XCTAssertTrue(viewer.child.endedBySignal)
        // The server detaches the dead client's segments when it notices the closed connection;
        // round trips on a connection of our own let it get there.
        let inspector = try XInspector(server.displayName)
        var left = try SharedSegment.all().filter { segment in segments.contains { $0.id == segment.id } }
        for _ in 0..<500 where !left.isEmpty {
            inspector.sync()
            usleep(2000)
            left = try SharedSegment.all().filter { segment in segments.contains { $0.id == segment.id } }
        }
        inspector.close()
        XCTAssertEqual(left.map(\.id), [], "the killed viewer's segments are gone: \(left)")
        XCTAssertFalse(folder.contents().contains("killed.y4m"), "SIGKILL cannot finish a recording; nothing is published")
    }
}
