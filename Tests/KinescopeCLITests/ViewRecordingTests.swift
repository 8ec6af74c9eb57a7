import Foundation
import KinescopeTestSupport
import XCTest

/// `kinescope view --record`, run under the test X server (scripts/test sets DISPLAY) and driven
/// with xdotool: the recording holds what the window presented and is finished on quit, on
/// closing the window and on SIGTERM.
///
/// Synchronisation is by the recording itself where it can be read as it grows (standard
/// output): reading a frame blocks until the viewer has presented it, so nothing waits on time.
final class ViewRecordingTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var tool: CommandLineTool!
    private var xdotool: String!

    static let images = [TransitionCommandTests.anchor, TransitionCommandTests.cone]
    static let size = (width: 160, height: 120)
    /// `FRAME\n` and the 4:2:0 planes of one frame.
    static let frameBytes = 6 + size.width * size.height * 3 / 2

    override func setUpWithError() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("DISPLAY is not set; scripts/test runs these tests under an Xvfb of its own")
        }
        guard let xdotool = Programs.onPath("xdotool") else { throw XCTSkip("xdotool is not installed") }
        self.xdotool = xdotool
        tool = try CommandLineTool.kinescope()
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    private func launchViewer(recordingTo path: String, standardOutput: Pipe? = nil) throws -> (Process, ReadAllInBackground) {
        let process = tool.makeProcess(["view"] + Self.images + ["--transition", "fade", "--duration", "0.4",
                                                                 "--size", "\(Self.size.width)x\(Self.size.height)", "--record", path])
        let error = Pipe()
        process.standardError = error
        process.standardOutput = standardOutput ?? FileHandle.nullDevice
        try process.run()
        return (process, ReadAllInBackground(error.fileHandleForReading))
    }

    /// The viewer's window, once mapped (xdotool polls for it).
    private func window(of process: Process) throws -> String {
        let search = try runHelper(xdotool, ["search", "--sync", "--pid", String(process.processIdentifier)])
        let window = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init), "no window for the viewer")
        return window
    }

    func testStandardOutputRecordingHoldsTheFramesShownBeforeAndAfterAClick() throws {
        let output = Pipe()
        let (process, errors) = try launchViewer(recordingTo: "-", standardOutput: output)
        defer { if process.isRunning { process.terminate() } }
        let reader = output.fileHandleForReading

        let header = readLine(from: reader)
        XCTAssertEqual(String(decoding: header, as: UTF8.self), "YUV4MPEG2 W160 H120 F60:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n")
        let first = readExactly(Self.frameBytes, from: reader)
        XCTAssertEqual(first.count, Self.frameBytes, "the first presented frame: \(errors.wait())")
        let window = try window(of: process)
        try runHelper(xdotool, ["mousemove", "--window", window, "80", "60", "click", "1"])
        // The click starts a fade to the second image: frames keep coming until one shows it.
        var streamed = header + first
        var changed = false
        for _ in 0..<1000 where !changed {
            let frame = readExactly(Self.frameBytes, from: reader)
            XCTAssertEqual(frame.count, Self.frameBytes, "the viewer stopped before the click took effect")
            guard frame.count == Self.frameBytes else { break }
            streamed += frame
            changed = frame != first
        }
        XCTAssertTrue(changed, "no frame after the click differs from the first")
        try runHelper(xdotool, ["key", "q"])
        streamed += Array(reader.readDataToEndOfFile())
        process.waitUntilExit()
        let message = String(decoding: errors.wait(), as: UTF8.self)

        XCTAssertEqual(process.terminationStatus, 0, message)
        let stream = try Y4MFile(streamed)
        XCTAssertGreaterThanOrEqual(stream.frames.count, 2)
        XCTAssertTrue(message.contains("recorded \(stream.frames.count) frames (160x120) to standard output"), message)
        XCTAssertTrue(message.contains("dropped"), "the dropped-frame count is always reported: \(message)")
    }

    /// Recording to a file goes to a hidden temporary file beside it, watched here (inotify) to
    /// know when frames have been presented; quitting publishes it under its name.
    func testFileRecordingIsPublishedWhenTheUserQuits() throws {
        let path = folder.file("session.y4m")
        let (process, errors) = try launchViewer(recordingTo: path)
        defer { if process.isRunning { process.terminate() } }
        let header = "YUV4MPEG2 W160 H120 F60:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n".utf8.count
        let recorded = { (frames: Int) in bytesInFiles(in: self.folder.path, prefix: ".session.y4m.") >= header + frames * Self.frameBytes }
        XCTAssertTrue(try waitForChanges(in: folder.path) { recorded(1) || !process.isRunning }, "the first frame is recorded")
        let window = try window(of: process)
        try runHelper(xdotool, ["mousemove", "--window", window, "80", "60", "click", "1"])
        XCTAssertTrue(try waitForChanges(in: folder.path) { recorded(2) || !process.isRunning }, "a frame after the click is recorded")
        try runHelper(xdotool, ["key", "q"])
        process.waitUntilExit()
        let message = String(decoding: errors.wait(), as: UTF8.self)

        XCTAssertEqual(process.terminationStatus, 0, message)
        XCTAssertEqual(folder.contents(), ["session.y4m"], "published under its name, no temporary file left")
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertEqual(stream.tokens, ["YUV4MPEG2", "W160", "H120", "F60:1", "Ip", "A1:1", "C420jpeg", "XYSCSS=420JPEG", "XCOLORRANGE=LIMITED"])
        XCTAssertGreaterThanOrEqual(stream.frames.count, 2)
        XCTAssertTrue(message.contains("recorded \(stream.frames.count) frames (160x120) to \(path)"), message)
    }

    /// SIGTERM (as from `kill` or a session ending) finishes the recording, reports it, and exits
    /// 143; a PNG folder keeps every frame recorded so far.
    func testSIGTERMFinishesTheRecordingBeforeExiting() throws {
        let path = folder.file("frames")
        let (process, errors) = try launchViewer(recordingTo: path)
        defer { if process.isRunning { process.terminate() } }
        XCTAssertTrue(try waitForChanges(in: folder.path) { FileManager.default.fileExists(atPath: path) || !process.isRunning })
        XCTAssertTrue(try waitForChanges(in: path) {
            FileManager.default.fileExists(atPath: "\(path)/frame-000001.png") || !process.isRunning
        }, "the first frame is recorded")
        process.terminate()
        process.waitUntilExit()
        let message = String(decoding: errors.wait(), as: UTF8.self)

        XCTAssertEqual(process.terminationReason, .exit, "the signal is handled, not fatal")
        XCTAssertEqual(process.terminationStatus, 143, message)
        let files = folder.contents("frames")
        XCTAssertFalse(files.isEmpty, "the PNG folder holds the frames shown before the signal")
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }, "only complete frames: \(files)")
        XCTAssertTrue(message.contains("recorded \(files.count) frames"), message)
    }

    /// `--record x.gif` goes through the same outputs as `transition`: SIGTERM in the middle of a
    /// transition finishes the GIF with the frames presented so far, which ffprobe reads.
    func testSIGTERMFinishesAGIFRecording() throws {
        guard let ffprobe = Programs.onPath("ffprobe") else { throw XCTSkip("ffprobe is not installed") }
        let path = folder.file("session.gif")
        let (process, errors) = try launchViewer(recordingTo: path)
        defer { if process.isRunning { process.terminate() } }
        let window = try window(of: process)
        // Click once the first frame is in the file (the viewer then handles input), as the Y4M
        // test does once it has read the first frame; a click lost while the window was still
        // being mapped is repeated once.
        XCTAssertTrue(try waitForChanges(in: folder.path) {
            bytesInFiles(in: self.folder.path, prefix: ".session.gif.") > 0 || !process.isRunning
        }, "the first frame is recorded")
        for attempt in 0..<2 {
            try runHelper(xdotool, ["mousemove", "--window", window, "80", "60", "click", "1"])
            let grew = try waitForChanges(in: folder.path, idleLimit: attempt == 0 ? 10 : 60) {
                bytesInFiles(in: self.folder.path, prefix: ".session.gif.") > 20_000 || !process.isRunning
            }
            if grew { break }
            XCTAssertEqual(attempt, 0, "frames of the transition are recorded")
        }
        process.terminate()
        process.waitUntilExit()
        let message = String(decoding: errors.wait(), as: UTF8.self)

        XCTAssertEqual(process.terminationStatus, 143, message)
        XCTAssertEqual(folder.contents(), ["session.gif"], "published, no temporary file left")
        XCTAssertTrue(message.contains("GIF plays at most 50 frames per second"), message)
        let probe = try runHelper(ffprobe, ["-v", "error", "-count_frames", "-show_entries", "stream=nb_read_frames,width,height",
                                            "-of", "csv=p=0", path])
        XCTAssertEqual(probe.status, 0)
        let fields = probe.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        XCTAssertEqual(fields.prefix(2), ["160", "120"])
        XCTAssertGreaterThan(Int(fields.last ?? "") ?? 0, 1, probe.output)
        XCTAssertTrue(message.contains("frames (160x120) to \(path)"), message)
    }
}
