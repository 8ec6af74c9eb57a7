import Kinescope
import XCTest

/// Pan and screen-edge pan recognisers driven by scripted drags.
/// Scripted input goes through a headless host's run loop and the window's real dispatch, on
/// a virtual clock at 60 frames per second.
final class PanGestureRecognizerTests: XCTestCase {
    func testPanBeginsAfterTenPointsThenReportsTranslationAndVelocity() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            scene.view.addGestureRecognizer(pan)
            // 120 points in 0.5 s: 4 points per frame.
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 180, y: 80), duration: 0.5)
            let states = scene.recorder.entries.filter { $0.hasPrefix("pan.") }
            XCTAssertEqual(states.first, "pan.began")
            XCTAssertEqual(states.dropFirst().dropLast(), ArraySlice(repeating: "pan.changed", count: 27))
            XCTAssertEqual(states.last, "pan.ended")
            XCTAssertEqual(scene.recorder.translations.first, CGPoint(x: 12, y: 0), "began at the first move of 10 points or more")
            XCTAssertEqual(scene.recorder.times.first ?? 0, 3 / 60, accuracy: 1e-9)
            XCTAssertEqual(scene.recorder.translations.last, CGPoint(x: 120, y: 0))
            XCTAssertEqual(scene.recorder.velocities.last?.x ?? 0, 240, accuracy: 1e-6, "points per second over the last 0.1 s")
            XCTAssertEqual(scene.recorder.velocities.last?.y ?? 1, 0, accuracy: 1e-9)
            XCTAssertEqual(pan.state, .possible, "reset after the gesture")
        }
    }


    func testPanCancelsTheViewsTouchesWhenItBeginsUnlessToldNotTo() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            scene.view.addGestureRecognizer(pan)
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertEqual(Array(scene.recorder.entries.prefix(4)), ["view.began", "view.moved", "pan.began", "view.cancelled"])
            XCTAssertFalse(scene.recorder.entries.contains("view.ended"))

            scene.recorder.clear()
            pan.cancelsTouchesInView = false
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertEqual(scene.recorder.entries.first, "view.began")
            XCTAssertEqual(scene.recorder.entries.suffix(2), ["pan.ended", "view.ended"])
            XCTAssertFalse(scene.recorder.entries.contains("view.cancelled"))
        }
    }


    func testPanSetTranslationRebasesItAndTranslationFollowsTheViewsScale() throws {
        try onMain {
            let scene = try makeGestureScene()
            let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
            scene.view.addSubview(scaled)
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            scene.view.addGestureRecognizer(pan)
            var increments = CGPoint.zero
            var inScaled: [CGPoint] = []
            scene.recorder.onAction = { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                inScaled.append(pan.translation(in: scaled))
                let t = pan.translation(in: nil)
                increments.x += t.x
                increments.y += t.y
                pan.setTranslation(.zero, in: nil)
                XCTAssertEqual(pan.translation(in: nil), .zero)
                XCTAssertEqual(pan.velocity(in: nil), .zero, "setting the translation resets the velocity")
            }
            scene.host.drag(from: CGPoint(x: 120, y: 40), to: CGPoint(x: 120, y: 100), duration: 0.25)
            XCTAssertEqual(increments, CGPoint(x: 0, y: 60), "the increments add up to the whole drag")
            XCTAssertEqual(inScaled.first, CGPoint(x: 0, y: 6), "half the 12 points in a view scaled twice")
        }
    }


    func testPanWithActionTakingNoArgumentAndRemovedTargets() throws {
        try onMain {
            let scene = try makeGestureScene()
            let counter = ActionCounter()
            let pan = UIPanGestureRecognizer(target: counter, action: ActionCounter.bump)
            pan.addTarget(scene.recorder, action: GestureRecorder.pan)
            scene.view.addGestureRecognizer(pan)
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertEqual(counter.count, scene.recorder.entries.filter { $0.hasPrefix("?.") }.count)
            XCTAssertGreaterThan(counter.count, 2)
            pan.removeTarget(counter)
            let before = counter.count
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertEqual(counter.count, before)
            pan.removeTarget(nil)
            let entries = scene.recorder.entries.count
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertEqual(scene.recorder.entries.count, entries + 3, "only the view's began, moved, cancelled")
        }
    }


    func testEdgePanBeginsOnlyForTouchesStartingAtItsEdge() throws {
        try onMain {
            let scene = try makeGestureScene()
            let edge = UIScreenEdgePanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            edge.name = "edge"
            XCTAssertEqual(edge.edges, [])
            edge.edges = .left
            scene.view.addGestureRecognizer(edge)
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 160, y: 80), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("edge") }, [], "60 points in is not the edge")
            scene.host.drag(from: CGPoint(x: 232, y: 80), to: CGPoint(x: 132, y: 80), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("edge") }, [], "the right edge is not among its edges")
            scene.host.drag(from: CGPoint(x: 15, y: 80), to: CGPoint(x: 115, y: 80), duration: 0.2)
            let states = scene.recorder.entries.filter { $0.hasPrefix("edge") }
            XCTAssertEqual(states.first, "edge.began")
            XCTAssertEqual(states.last, "edge.ended")
            XCTAssertEqual(scene.recorder.translations.last, CGPoint(x: 100, y: 0))
        }
    }
}
