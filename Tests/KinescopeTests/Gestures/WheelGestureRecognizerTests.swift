import Kinescope
import XCTest

/// Pinch and rotation, driven by the mouse wheel with Control (and Shift).
/// Scripted input goes through a headless host's run loop and the window's real dispatch, on
/// a virtual clock at 60 frames per second.
final class WheelGestureRecognizerTests: XCTestCase {
    func testControlWheelPinchesByTenPercentPerNotchAndEndsWhenQuiet() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pinch = UIPinchGestureRecognizer(target: scene.recorder, action: GestureRecorder.pinch)
            pinch.name = "pinch"
            scene.view.addGestureRecognizer(pinch)
            scene.host.scroll(at: CGPoint(x: 100, y: 80), dy: -1)
            XCTAssertEqual(scene.recorder.entries, [], "a plain wheel turn is no pinch")
            scene.host.advance(by: 0.5)
            scene.host.scroll(at: CGPoint(x: 100, y: 80), dy: -1, modifiers: .control)
            scene.host.advance(by: 0.1)
            scene.host.scroll(at: CGPoint(x: 100, y: 80), dy: -1, modifiers: .control)
            scene.host.advance(by: 0.1)
            scene.host.scroll(at: CGPoint(x: 100, y: 80), dy: 1, modifiers: .control)
            XCTAssertEqual(scene.recorder.entries, ["pinch.began", "pinch.changed", "pinch.changed"])
            XCTAssertEqual(scene.recorder.scales[0], 1.1, accuracy: 1e-12)
            XCTAssertEqual(scene.recorder.scales[1], 1.21, accuracy: 1e-12)
            XCTAssertEqual(scene.recorder.scales[2], 1.1, accuracy: 1e-12)
            XCTAssertEqual(scene.recorder.velocities[0].x, 0)
            XCTAssertEqual(scene.recorder.velocities[1].x, 1.1, accuracy: 1e-6, "0.11 of scale in 0.1 s")
            XCTAssertEqual(pinch.location(in: nil), CGPoint(x: 100, y: 80))
            scene.host.advance(by: 0.25)
            XCTAssertEqual(scene.recorder.entries.count, 3)
            scene.host.advance(by: 0.05)
            XCTAssertEqual(scene.recorder.entries.last, "pinch.ended", "0.3 s after the last notch")
            XCTAssertEqual(scene.recorder.times.last ?? 0, 1.0, accuracy: 1e-9)
            XCTAssertEqual(pinch.scale, 1, "reset")
        }
    }


    func testControlShiftWheelRotatesFifteenDegreesPerNotch() throws {
        try onMain {
            let scene = try makeGestureScene()
            let rotation = UIRotationGestureRecognizer(target: scene.recorder, action: GestureRecorder.rotate)
            rotation.name = "rotation"
            let pinch = UIPinchGestureRecognizer(target: scene.recorder, action: GestureRecorder.pinch)
            pinch.name = "pinch"
            scene.view.addGestureRecognizer(pinch)
            scene.view.addGestureRecognizer(rotation)
            scene.host.scroll(at: CGPoint(x: 100, y: 80), dy: -1, modifiers: [.control, .shift])
            scene.host.advance(by: 0.05)
            scene.host.scroll(at: CGPoint(x: 100, y: 80), dy: -2, modifiers: [.control, .shift])
            scene.host.advance(by: 0.5)
            XCTAssertEqual(scene.recorder.entries, ["rotation.began", "rotation.changed", "rotation.ended"])
            XCTAssertEqual(scene.recorder.rotations[0], .pi / 12, accuracy: 1e-12)
            XCTAssertEqual(scene.recorder.rotations[1], .pi / 4, accuracy: 1e-12)
        }
    }
}
