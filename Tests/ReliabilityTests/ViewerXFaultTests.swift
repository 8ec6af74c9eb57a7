import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// The `kinescope` viewer, recording, when the X server fails it: the server killed, the window
/// destroyed by another client, the MIT-SHM attach refused, a 16-bit screen. Each test runs its
/// own Xvfb. (HostsTests covers the same faults at the library level: X11ConnectionLossTests,
/// testWindowDestroyedByAnotherClientIsReportedWithoutCrash, X11ProbeTests, X11Depth16Tests.)
final class ViewerXFaultTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder?.remove() }

    /// Waits (bounded, polling the server) until the window shows the luma of `frame`; returns
    /// the mean absolute difference seen last.
    private func windowMatches(_ frame: [UInt8], window: UInt, inspector: XInspector, tolerance: Double) -> Double {
        let w = RecordingViewer.size.width, h = RecordingViewer.size.height
        let expected = frame.prefix(w * h).map(Double.init)
        var difference = Double.infinity
        for _ in 0..<400 {
            inspector.sync()
            if let luma = inspector.luma(of: window, width: w, height: h) {
                difference = zip(luma, expected).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(w * h)
                if difference <= tolerance { return difference }
            }
            usleep(10_000)
        }
        return difference
    }

    func testServerKilledMidRecordingExits69WithinASecondWithOneLineAndACompleteY4M() throws {
        let server = try OwnXServer()
        let path = folder.file("session.y4m")
        let viewer = try RecordingViewer(display: server.displayName, recordTo: path)
        XCTAssertTrue(try viewer.waitForFrames(1, in: folder.path, name: "session.y4m"), "the first frame is recorded: \(viewer.child.standardError)")
        try viewer.startTransition()
        XCTAssertTrue(try viewer.waitForFrames(6, in: folder.path, name: "session.y4m"), "frames keep coming during the fade")

        let killed = Date()
        server.stop(SIGKILL)
        viewer.child.wait(limit: 30)
        let exitTime = Date().timeIntervalSince(killed)
        print("ViewerXFaultTests: exit \(viewer.child.status) \(String(format: "%.3f", exitTime)) s after the X server was killed")

        XCTAssertFalse(viewer.child.timedOut, "the viewer hung after the server died")
        XCTAssertEqual(viewer.child.status, 69, viewer.child.standardError)
        XCTAssertLessThan(exitTime, 1.0, "the viewer exits within a second of losing the server")
        let lines = viewer.child.errorLines
        let lost = lines.filter { $0.contains("connection to the X display") }
        XCTAssertEqual(lost.count, 1, "one line names the lost display: \(lines)")
        XCTAssertTrue(lost.first?.contains(server.displayName) ?? false, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("kinescope: ") }, "\(lines)")
        XCTAssertLessThanOrEqual(lines.count, 2, "the error and the recording's summary, nothing else: \(lines)")

        XCTAssertEqual(folder.contents(), ["session.y4m"], "published under its name, no temporary file left")
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertGreaterThanOrEqual(stream.frames.count, 6)
        XCTAssertTrue(viewer.child.standardError.contains("recorded \(stream.frames.count) frames"), viewer.child.standardError)
    }

    func testWindowDestroyedByAnotherClientEndsTheViewerCleanlyWithTheRecordingPublished() throws {
        let server = try OwnXServer()
        let path = folder.file("session.y4m")
        let viewer = try RecordingViewer(display: server.displayName, recordTo: path)
        XCTAssertTrue(try viewer.waitForFrames(1, in: folder.path, name: "session.y4m"))
        try viewer.startTransition()
        XCTAssertTrue(try viewer.waitForFrames(4, in: folder.path, name: "session.y4m"))
        let window = try XCTUnwrap(try windowOf(pid: viewer.child.pid, display: server.displayName))
        let inspector = try XInspector(server.displayName)
        inspector.destroy(window)
        viewer.child.wait(limit: 30)
        inspector.close()

        XCTAssertFalse(viewer.child.endedBySignal, "no crash: \(viewer.child.standardError)")
        XCTAssertEqual(viewer.child.status, 0, "closing the window ends the viewer as quitting does: \(viewer.child.standardError)")
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertGreaterThanOrEqual(stream.frames.count, 4)
    }

    /// `unshare --ipc` puts the viewer in an IPC namespace of its own, so the server cannot attach
    /// its shared-memory segments: it must fall back to XPutImage and still show every frame.
    func testRefusedSharedMemoryAttachFallsBackAndTheWindowShowsTheFrames() throws {
        let probe = try Child("/usr/bin/unshare", ["--ipc", "/bin/true"])
        probe.wait(limit: 10)
        guard probe.status == 0 else { throw XCTSkip("unshare --ipc is not permitted here: \(probe.standardError)") }
        try checkViewerShowsWhatItRecords(server: try OwnXServer(), wrapper: ["/usr/bin/unshare", "--ipc"], tolerance: 1.5,
                                          sharedMemoryVisible: false)
    }

    func testSixteenBitScreenShowsTheRecordedFrames() throws {
        try checkViewerShowsWhatItRecords(server: try OwnXServer(["-screen", "0", "320x240x16"]), wrapper: [], tolerance: 4,
                                          sharedMemoryVisible: true)
    }

    /// Records to a pipe, reads the first frame, and compares the window's pixels (read back with
    /// XGetImage, as luma) with it; then a click must produce more frames and SIGTERM must end
    /// the recording cleanly. `sharedMemoryVisible`: whether the viewer's MIT-SHM segments must
    /// appear in this IPC namespace (they must not when it runs in a namespace of its own, where
    /// the server cannot reach them either).
    private func checkViewerShowsWhatItRecords(server: OwnXServer, wrapper: [String], tolerance: Double,
                                               sharedMemoryVisible: Bool) throws {
        let output = Pipe()
        let viewer = try RecordingViewer(display: server.displayName, recordTo: "-", wrapper: wrapper, standardOutput: output)
        let reader = output.fileHandleForReading
        var streamed = readExactly(RecordingViewer.header.utf8.count + RecordingViewer.frameBytes, from: reader)
        XCTAssertEqual(streamed.count, RecordingViewer.header.utf8.count + RecordingViewer.frameBytes,
                       "the first frame is recorded: \(viewer.child.process.isRunning ? "" : viewer.child.standardError)")
        let first = try Y4MFile(streamed)
        let window = try XCTUnwrap(try windowOf(pid: viewer.child.pid, display: server.displayName))
        let inspector = try XInspector(server.displayName)
        let difference = windowMatches(first.frames[0], window: window, inspector: inspector, tolerance: tolerance)
        XCTAssertLessThanOrEqual(difference, tolerance, "the window shows the recorded frame (mean luma difference)")
        inspector.close()
        let segments = try SharedSegment.created(by: viewer.child.pid)
        XCTAssertEqual(!segments.isEmpty, sharedMemoryVisible, "the viewer's segments here: \(segments)")

        try viewer.startTransition()
        for _ in 0..<3 { streamed += readExactly(RecordingViewer.frameBytes, from: reader) }
        viewer.child.send(SIGTERM)
        streamed += Array(reader.readDataToEndOfFile())
        viewer.child.wait(limit: 30)
        XCTAssertEqual(viewer.child.status, 143, viewer.child.standardError)
        let stream = try Y4MFile(streamed)
        XCTAssertGreaterThanOrEqual(stream.frames.count, 4)
        XCTAssertTrue(viewer.child.standardError.contains("recorded \(stream.frames.count) frames"), viewer.child.standardError)
    }
}
