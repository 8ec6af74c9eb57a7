import CX11
import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// The window's close button: a window manager sends `WM_DELETE_WINDOW` (Xvfb runs none, so the
/// test sends the same client message), and the viewer, now a UIKit program on the run loop,
/// ends as on `q` even in the middle of a transition: exit 0, the recording published whole.
final class ViewerCloseTests: XCTestCase {
    func testCloseRequestDuringATransitionExits0WithTheRecordingPublished() throws {
        let server = try OwnXServer()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("closed.y4m")
        let viewer = try RecordingViewer(display: server.displayName, recordTo: path)
        XCTAssertTrue(try viewer.waitForFrames(1, in: folder.path, name: "closed.y4m"), viewer.child.standardError)
        try viewer.startTransition()
        XCTAssertTrue(try viewer.waitForFrames(3, in: folder.path, name: "closed.y4m"), "frames keep coming during the fade")
        let window = try XCTUnwrap(try windowOf(pid: viewer.child.pid, display: server.displayName))
        let inspector = try XInspector(server.displayName)
        sendDeleteWindow(to: window, on: inspector.display)
        viewer.child.wait(limit: 30)
        inspector.close()

        XCTAssertFalse(viewer.child.timedOut, "the viewer ignored the close request")
        XCTAssertEqual(viewer.child.status, 0, viewer.child.standardError)
        XCTAssertEqual(folder.contents(), ["closed.y4m"], "published under its name, no temporary file left")
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        XCTAssertGreaterThanOrEqual(stream.frames.count, 3)
        XCTAssertTrue(viewer.child.standardError.contains("recorded \(stream.frames.count) frames"), viewer.child.standardError)
    }
}

/// Sends `WM_PROTOCOLS` / `WM_DELETE_WINDOW` to `window`'s owner, as a window manager does when
/// the user clicks the close button.
private func sendDeleteWindow(to window: UInt, on display: OpaquePointer) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(bitPattern: XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = 0
    XSendEvent(display, window, 0, 0, &event)
    XSync(display, 0)
}
