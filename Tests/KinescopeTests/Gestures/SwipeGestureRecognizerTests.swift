import Kinescope
import XCTest

/// Swipes: quick straight drags in the permitted directions.
/// Scripted input goes through a headless host's run loop and the window's real dispatch, on
/// a virtual clock at 60 frames per second.
final class SwipeGestureRecognizerTests: XCTestCase {
    func testSwipeRecognizesAQuickStraightMoveInItsDirectionOnly() throws {
        try onMain {
            let scene = try makeGestureScene()
            let swipe = UISwipeGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            swipe.name = "swipe"
            XCTAssertEqual(swipe.direction, .right)
            scene.view.addGestureRecognizer(swipe)
            scene.host.drag(from: CGPoint(x: 20, y: 80), to: CGPoint(x: 140, y: 90), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("swipe") }, ["swipe.ended"])
            XCTAssertEqual(scene.recorder.times.last ?? 0, 5 / 60, accuracy: 1e-9, "recognised at 50 points, while still moving")

            scene.recorder.clear()
            scene.host.drag(from: CGPoint(x: 140, y: 80), to: CGPoint(x: 20, y: 80), duration: 0.2)
            scene.host.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 140, y: 20), duration: 2.0)
            scene.host.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 100, y: 100), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("swipe") }, [], "left, slow, diagonal: none is a right swipe")

            swipe.direction = [.left, .up]
            scene.host.drag(from: CGPoint(x: 140, y: 80), to: CGPoint(x: 20, y: 80), duration: 0.2)
            scene.host.drag(from: CGPoint(x: 100, y: 140), to: CGPoint(x: 100, y: 20), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("swipe") }, ["swipe.ended", "swipe.ended"])
        }
    }
}
