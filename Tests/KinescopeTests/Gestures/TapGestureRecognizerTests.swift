import Kinescope
import XCTest

/// Tap recognisers driven by scripted clicks: single against double taps.
/// Scripted input goes through a headless host's run loop and the window's real dispatch, on
/// a virtual clock at 60 frames per second.
final class TapGestureRecognizerTests: XCTestCase {
    func testSingleTapWaitsForTheDoubleTapToFail() throws {
        try onMain {
            let scene = try makeGestureScene()
            let single = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            single.name = "single"
            let double = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            double.name = "double"
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            scene.view.addGestureRecognizer(single)
            scene.view.addGestureRecognizer(double)

            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries, ["view.began"], "the single tap waits; the view's end waits too")
            XCTAssertEqual(single.state, .possible)
            scene.host.advance(by: 0.3)
            XCTAssertEqual(scene.recorder.entries, ["view.began"])
            scene.host.advance(by: 0.1)
            XCTAssertEqual(scene.recorder.entries, ["view.began", "single.ended", "view.cancelled"],
                           "once the double tap has failed (0.35 s after the lift) the single tap fires")
            XCTAssertEqual(scene.recorder.times.last ?? 0, 0.35, accuracy: 1 / 60 + 1e-9)

            scene.recorder.clear()
            scene.host.click(at: CGPoint(x: 50, y: 50))
            scene.host.advance(by: 0.1)
            scene.host.click(at: CGPoint(x: 52, y: 51))
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.began", "double.ended", "view.cancelled", "view.cancelled"],
                           "a double tap fires only the double tap, and cancels both taps in the view")
            scene.host.advance(by: 1)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("single") }, [])
        }
    }


    func testAButtonsTapBeatsASingleTapRecognizerOnItsSuperview() throws {
        try onMain {
            let scene = try makeGestureScene()
            let tap = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            tap.name = "tap"
            scene.view.addGestureRecognizer(tap)
            let button = UIButton(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            scene.view.addSubview(button)
            button.addAction(UIAction { _ in scene.recorder.entries.append("button") }, for: .touchUpInside)
            scene.host.click(at: CGPoint(x: 40, y: 40))
            XCTAssertEqual(scene.recorder.entries, ["button"])
            scene.host.advance(by: 1)
            scene.host.click(at: CGPoint(x: 150, y: 120))
            XCTAssertEqual(scene.recorder.entries.suffix(2), ["tap.ended", "view.cancelled"], "beside the button the tap is the recogniser's")
            button.isEnabled = false
            scene.host.advance(by: 1)
            scene.host.click(at: CGPoint(x: 40, y: 40))
            XCTAssertEqual(scene.recorder.entries.filter { $0 == "tap.ended" }.count, 2, "a disabled button does not take it")
        }
    }

    func testTapNeedingTwoTouchesNeverRecognizesWithOnePointer() throws {
        try onMain {
            let scene = try makeGestureScene()
            let tap = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            tap.numberOfTouchesRequired = 2
            scene.view.addGestureRecognizer(tap)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.ended"])
        }
    }
}
