import Kinescope
import XCTest

/// Arbitration between recognisers (one wins, simultaneity, failure requirements, delayed and cancelled view touches), bad input and re-entrancy.
/// Scripted input goes through a headless host's run loop and the window's real dispatch, on
/// a virtual clock at 60 frames per second.
final class GestureArbitrationTests: XCTestCase {
    func testOneRecognizerWinsUnlessTheDelegateAllowsSimultaneousRecognition() throws {
        try onMain {
            let scene = try makeGestureScene()
            let inner = UIView(frame: CGRect(x: 0, y: 0, width: 240, height: 160))
            scene.view.addSubview(inner)
            let innerPan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            innerPan.name = "inner"
            let outerPan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            outerPan.name = "outer"
            inner.addGestureRecognizer(innerPan)
            scene.view.addGestureRecognizer(outerPan)
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertTrue(scene.recorder.entries.contains("inner.began"))
            XCTAssertFalse(scene.recorder.entries.contains { $0.hasPrefix("outer") }, "the innermost view's recogniser wins")

            scene.recorder.clear()
            let delegate = GestureDelegate()
            delegate.simultaneous = true
            outerPan.delegate = delegate
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            let gestures = scene.recorder.entries.filter { !$0.hasPrefix("view") }
            XCTAssertEqual(Array(gestures.prefix(2)), ["inner.began", "outer.began"])
            XCTAssertEqual(gestures.suffix(2), ["inner.ended", "outer.ended"])
        }
    }


    func testPanBeatsASwipeThatHasNotRecognizedYet() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            let swipe = UISwipeGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            swipe.name = "swipe"
            scene.view.addGestureRecognizer(swipe)
            scene.view.addGestureRecognizer(pan)
            scene.host.drag(from: CGPoint(x: 20, y: 80), to: CGPoint(x: 140, y: 80), duration: 0.2)
            XCTAssertFalse(scene.recorder.entries.contains("swipe.ended"), "the pan began at 12 points, before the swipe's 50")
            XCTAssertTrue(scene.recorder.entries.contains("pan.ended"))
        }
    }


    func testPanRequiringTheSwipesFailureWaitsForIt() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            let swipe = UISwipeGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            swipe.name = "swipe"
            pan.require(toFail: swipe)
            scene.view.addGestureRecognizer(pan)
            scene.view.addGestureRecognizer(swipe)
            scene.host.drag(from: CGPoint(x: 20, y: 80), to: CGPoint(x: 140, y: 80), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { !$0.hasPrefix("view") }, ["swipe.ended"], "a quick swipe: the pan fails")

            scene.recorder.clear()
            // 1 point per frame: 30 points when the swipe's 0.5 s run out.
            let start = scene.now
            scene.host.drag(from: CGPoint(x: 20, y: 80), to: CGPoint(x: 80, y: 80), duration: 1)
            let states = scene.recorder.entries.filter { !$0.hasPrefix("view") }
            XCTAssertEqual(states.first, "pan.began")
            XCTAssertEqual(states.last, "pan.ended")
            XCTAssertEqual((scene.recorder.times.first ?? 0) - start, 0.5, accuracy: 1e-9, "the moment the swipe failed")
            XCTAssertEqual(scene.recorder.translations.first, CGPoint(x: 29, y: 0), "the pan kept tracking while it waited")
            XCTAssertEqual(scene.recorder.translations.last, CGPoint(x: 60, y: 0))
        }
    }


    func testPanEndedWhileWaitingBeginsAndEndsWhenTheOtherFails() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            press.name = "press"
            press.allowableMovement = 100
            pan.require(toFail: press)
            scene.view.addGestureRecognizer(pan)
            scene.view.addGestureRecognizer(press)
            scene.host.drag(from: CGPoint(x: 20, y: 80), to: CGPoint(x: 60, y: 80), duration: 0.1)
            XCTAssertEqual(scene.recorder.entries.filter { !$0.hasPrefix("view") }, ["pan.began", "pan.ended"],
                           "the press failed at the lift; the waiting pan then began and ended")
        }
    }


    func testShouldBeginFalseFailsTheRecognizerAndTheViewKeepsItsTouches() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            let delegate = GestureDelegate()
            delegate.shouldBegin = false
            pan.delegate = delegate
            scene.view.addGestureRecognizer(pan)
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 100, y: 80), duration: 0.1)
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.moved", "view.ended"])
        }
    }


    func testDelaysTouchesBeganHoldsTheViewsTouchesUntilTheRecognizerFails() throws {
        try onMain {
            let scene = try makeGestureScene()
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            press.name = "press"
            press.delaysTouchesBegan = true
            scene.view.addGestureRecognizer(press)
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(scene.recorder.entries, [])
            scene.host.advance(by: 0.2)
            scene.host.releasePointer(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.ended"], "delivered once it failed")

            scene.recorder.clear()
            scene.host.press(at: CGPoint(x: 100, y: 100), duration: 0.6)
            XCTAssertEqual(scene.recorder.entries, ["press.began", "press.ended"], "never shown to the view, so nothing to cancel")
        }
    }


    func testNonFiniteLocationsAreIgnored() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            scene.view.addGestureRecognizer(pan)
            scene.window.sendTouch(.began, at: CGPoint(x: CGFloat.nan, y: 10), timestamp: 0)
            XCTAssertEqual(scene.recorder.entries, [])
            scene.window.sendTouch(.began, at: CGPoint(x: 10, y: 10), timestamp: 0)
            scene.window.sendTouch(.moved, at: CGPoint(x: 50, y: CGFloat.infinity), timestamp: 0.1)
            scene.window.sendTouch(.moved, at: CGPoint(x: 14, y: 10), timestamp: .nan)
            scene.window.sendScroll(deltaX: 0, deltaY: .nan, at: CGPoint(x: 10, y: 10), modifierFlags: .control, timestamp: 0.1)
            XCTAssertEqual(scene.recorder.entries, ["view.began"])
            scene.window.sendTouch(.moved, at: CGPoint(x: 30, y: 10), timestamp: 0.2)
            scene.window.sendTouch(.ended, at: CGPoint(x: 30, y: 10), timestamp: 0.3)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("pan") }, ["pan.began", "pan.ended"])
            XCTAssertEqual(scene.recorder.translations.last, CGPoint(x: 20, y: 0))
        }
    }


    func testRecognizerRemovedFromItsViewMidGestureIsCancelledAndSeesNoMore() throws {
        try onMain {
            let scene = try makeGestureScene()
            let pan = UIPanGestureRecognizer(target: scene.recorder, action: GestureRecorder.pan)
            pan.name = "pan"
            scene.view.addGestureRecognizer(pan)
            scene.recorder.onAction = { recognizer in
                if recognizer.state == .changed { recognizer.view?.removeGestureRecognizer(recognizer) }
            }
            scene.host.drag(from: CGPoint(x: 60, y: 80), to: CGPoint(x: 160, y: 80), duration: 0.2)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("pan") }, ["pan.began", "pan.changed", "pan.cancelled"])
            XCTAssertNil(pan.view)
            XCTAssertEqual(pan.state, .possible)
        }
    }


    func testDisablingARecognizerMidGestureCancelsIt() throws {
        try onMain {
            let scene = try makeGestureScene()
            let press = UILongPressGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            press.name = "press"
            scene.view.addGestureRecognizer(press)
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            scene.host.advance(by: 0.5)
            press.isEnabled = false
            scene.host.releasePointer(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("press") }, ["press.began", "press.cancelled"])
        }
    }


    func testActionsMayReenterTheDispatch() throws {
        try onMain {
            let scene = try makeGestureScene()
            let first = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            first.name = "first"
            let second = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            second.name = "second"
            scene.view.addGestureRecognizer(first)
            var reentered = false
            scene.recorder.onAction = { recognizer in
                guard recognizer === first else { return }
                // Replace itself, then tap again from inside the action.
                scene.view.removeGestureRecognizer(first)
                scene.view.addGestureRecognizer(second)
                if !reentered {
                    reentered = true
                    scene.window.sendTouch(.began, at: CGPoint(x: 20, y: 20), timestamp: 5)
                    scene.window.sendTouch(.ended, at: CGPoint(x: 20, y: 20), timestamp: 5.05)
                }
            }
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries.filter { !$0.hasPrefix("view") }, ["first.ended", "second.ended"])
            XCTAssertEqual(first.state, .possible)
            XCTAssertEqual(second.state, .possible)
            scene.host.advance(by: 0.1)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries.filter { !$0.hasPrefix("view") }, ["first.ended", "second.ended", "second.ended"])
        }
    }


    func testDelegateRefusingTheTouchKeepsTheRecognizerOut() throws {
        try onMain {
            let scene = try makeGestureScene()
            let tap = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            let delegate = GestureDelegate()
            delegate.receives = false
            tap.delegate = delegate
            scene.view.addGestureRecognizer(tap)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.ended"])
        }
    }

    func testDelegateFailureRequirementActsAsRequireToFail() throws {
        try onMain {
            let scene = try makeGestureScene()
            let single = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            single.name = "single"
            let double = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            double.name = "double"
            double.numberOfTapsRequired = 2
            let delegate = GestureDelegate()
            delegate.mustWaitFor = double
            single.delegate = delegate
            scene.view.addGestureRecognizer(single)
            scene.view.addGestureRecognizer(double)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries.filter { !$0.hasPrefix("view") }, [])
            scene.host.advance(by: 0.5)
            XCTAssertEqual(scene.recorder.entries.filter { !$0.hasPrefix("view") }, ["single.ended"])
        }
    }

    func testActionsSeeTheTouchThatEndedTheGesture() throws {
        try onMain {
            let scene = try makeGestureScene()
            let tap = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            scene.view.addGestureRecognizer(tap)
            var seen: [String] = []
            scene.recorder.onAction = { recognizer in
                seen.append("\(recognizer.numberOfTouches) \(recognizer.location(ofTouch: 0, in: scene.view))")
            }
            scene.host.click(at: CGPoint(x: 30, y: 40))
            XCTAssertEqual(seen, ["1 \(CGPoint(x: 30, y: 40))"])
            XCTAssertEqual(tap.numberOfTouches, 0, "reset")
            XCTAssertEqual(tap.location(in: nil), CGPoint(x: 30, y: 40), "where the last touch lifted")
        }
    }

    func testRecognizersRequiringEachOthersFailureDoNotWaitForEverForEachOther() throws {
        try onMain {
            let scene = try makeGestureScene()
            let first = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            first.name = "first"
            let second = UITapGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            second.name = "second"
            first.require(toFail: second)
            second.require(toFail: first)
            scene.view.addGestureRecognizer(first)
            scene.view.addGestureRecognizer(second)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(scene.recorder.entries, ["view.began", "second.ended", "view.cancelled"],
                           "the first waits for the second, which sees the first waiting on it and wins")
            XCTAssertNil(scene.window.nextGestureRecognizerDeadline)
        }
    }

    func testRawValuesAreApples() throws {
        onMain {
            XCTAssertEqual([UIGestureRecognizer.State.possible, .began, .changed, .ended, .cancelled, .failed].map(\.rawValue), [0, 1, 2, 3, 4, 5])
            XCTAssertEqual(UIGestureRecognizer.State.recognized, .ended)
            XCTAssertEqual([UISwipeGestureRecognizer.Direction.right, .left, .up, .down].map(\.rawValue), [1, 2, 4, 8])
            XCTAssertEqual([UIRectEdge.top, .left, .bottom, .right, .all].map(\.rawValue), [1, 2, 4, 8, 15])
            let pan = UIPanGestureRecognizer()
            XCTAssertEqual(pan.minimumNumberOfTouches, 1)
            XCTAssertEqual(pan.maximumNumberOfTouches, Int.max)
            XCTAssertTrue(pan.cancelsTouchesInView)
            XCTAssertFalse(pan.delaysTouchesBegan)
            XCTAssertTrue(pan.delaysTouchesEnded)
            XCTAssertTrue(pan.isEnabled)
        }
    }
}
