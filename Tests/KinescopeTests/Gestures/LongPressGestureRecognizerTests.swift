import Kinescope
import XCTest

/// Long presses on the virtual clock.
/// Scripted input goes through a headless host's run loop and the window's real dispatch, on
/// a virtual clock at 60 frames per second.
final class LongPressGestureRecognizerTests: XCTestCase {
    func testLongPressBeginsExactlyAfterHalfASecondThenChangesAndEnds() throws {
        try onMain {
            let scene = try makeGestureScene()
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            press.name = "press"
            XCTAssertEqual(press.minimumPressDuration, 0.5)
            XCTAssertEqual(press.allowableMovement, 10)
            XCTAssertEqual(press.numberOfTapsRequired, 0)
            scene.view.addGestureRecognizer(press)
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            scene.host.advance(by: 29 / 60)
            XCTAssertEqual(scene.recorder.entries, ["view.began"], "not yet at 29 frames")
            scene.host.advance(by: 1 / 60)
            XCTAssertEqual(scene.recorder.entries, ["view.began", "press.began", "view.cancelled"])
            XCTAssertEqual(scene.recorder.times.last ?? 0, 0.5, accuracy: 1e-9, "in the frame at 0.5 s")
            scene.host.movePointer(to: CGPoint(x: 150, y: 100))
            scene.host.releasePointer(at: CGPoint(x: 150, y: 100))
            XCTAssertEqual(scene.recorder.entries.suffix(2), ["press.changed", "press.ended"], "any movement after it began")
            XCTAssertEqual(press.state, .possible)
        }
    }


    func testLongPressWakesALiveRunLoopAtItsDeadline() throws {
        try onMain {
            let scene = try makeGestureScene()
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            scene.view.addGestureRecognizer(press)
            XCTAssertNil(scene.window.nextGestureRecognizerDeadline)
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(scene.window.nextGestureRecognizerDeadline ?? 0, 0.5, accuracy: 1e-12)
            XCTAssertEqual(scene.host.runLoop.timeUntilNextFrame(), .seconds(0.5), "the run loop waits for it, not for ever")
        }
    }


    func testLongPressReleasedEarlyOrMovedTooFarFailsAndTheViewEndsNormally() throws {
        try onMain {
            let scene = try makeGestureScene()
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            scene.view.addGestureRecognizer(press)
            scene.host.press(at: CGPoint(x: 100, y: 100), duration: 0.4)
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.ended"])
            scene.recorder.clear()
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            scene.host.advance(by: 0.2)
            scene.host.movePointer(to: CGPoint(x: 111, y: 100))
            scene.host.advance(by: 0.5)
            scene.host.releasePointer(at: CGPoint(x: 111, y: 100))
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.moved", "view.ended"], "11 points is beyond the allowable 10")
        }
    }


    func testLongPressAfterATapWhenOneTapIsRequired() throws {
        try onMain {
            let scene = try makeGestureScene()
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            press.name = "press"
            press.numberOfTapsRequired = 1
            press.cancelsTouchesInView = false
            scene.view.addGestureRecognizer(press)
            scene.host.press(at: CGPoint(x: 100, y: 100), duration: 0.6)
            XCTAssertFalse(scene.recorder.entries.contains("press.began"), "a press without the tap first")
            scene.host.advance(by: 1)
            scene.host.click(at: CGPoint(x: 100, y: 100))
            scene.host.advance(by: 0.1)
            scene.host.press(at: CGPoint(x: 100, y: 100), duration: 0.5)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("press") }, ["press.began", "press.ended"])
        }
    }
}
