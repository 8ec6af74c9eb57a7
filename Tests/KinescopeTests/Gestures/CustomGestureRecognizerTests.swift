import Kinescope
import XCTest

/// A custom discrete recogniser subclassing `UIGestureRecognizer`: Apple's checkmark sample
/// ("Implementing a discrete gesture recognizer"), ported with syntax-level changes, run on
/// scripted pointer input.
final class CustomGestureRecognizerTests: XCTestCase {
    @MainActor
    final class CheckmarkGestureRecognizer: UIGestureRecognizer {
        enum CheckmarkPhases { case notStarted, initialPoint, downStroke, upStroke }
        var strokePhase: CheckmarkPhases = .notStarted
        var initialTouchPoint = CGPoint.zero
        var trackedTouch: UITouch?

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesBegan(touches, with: event)
            if touches.count != 1 {
                self.state = .failed
            }
            // Capture the first touch and store some information about it.
            if self.trackedTouch == nil {
                self.trackedTouch = touches.first
                self.strokePhase = .initialPoint
                self.initialTouchPoint = (self.trackedTouch?.location(in: self.view))!
            } else {
                // Ignore all but the first touch.
                for touch in touches where touch != self.trackedTouch {
                    self.ignore(touch, for: event)
                }
            }
        }

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            let newTouch = touches.first
            // There should be only the first touch.
            guard newTouch == self.trackedTouch else {
                self.state = .failed
                return
            }
            let newPoint = (newTouch?.location(in: self.view))!
            let previousPoint = (newTouch?.previousLocation(in: self.view))!
            if self.strokePhase == .initialPoint {
                // Make sure the initial movement is down and to the right.
                if newPoint.x >= initialTouchPoint.x && newPoint.y >= initialTouchPoint.y {
                    self.strokePhase = .downStroke
                } else {
                    self.state = .failed
                }
            } else if self.strokePhase == .downStroke {
                // Always keep moving left to right.
                if newPoint.x >= previousPoint.x {
                    // If the y direction changes, the gesture is moving up again.
                    // Otherwise, the down stroke continues.
                    if newPoint.y < previousPoint.y {
                        self.strokePhase = .upStroke
                    }
                } else {
                    // If the new x value is to the left, the gesture fails.
                    self.state = .failed
                }
            } else if self.strokePhase == .upStroke {
                // If the new x value is to the left, or the new y value
                // changed directions again, the gesture fails.
                if newPoint.x < previousPoint.x || newPoint.y > previousPoint.y {
                    self.state = .failed
                }
            }
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            let newTouch = touches.first
            let newPoint = (newTouch?.location(in: self.view))!
            // There should be only the first touch.
            guard newTouch == self.trackedTouch else {
                self.state = .failed
                return
            }
            // If the stroke was moving up and the final point is
            // above the initial point, the gesture succeeds.
            if self.state == .possible &&
                self.strokePhase == .upStroke &&
                newPoint.y < initialTouchPoint.y {
                self.state = .recognized
            } else {
                self.state = .failed
            }
        }

        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesCancelled(touches, with: event)
            self.initialTouchPoint = CGPoint.zero
            self.strokePhase = .notStarted
            self.trackedTouch = nil
            self.state = .cancelled
        }

        override func reset() {
            super.reset()
            self.initialTouchPoint = CGPoint.zero
            self.strokePhase = .notStarted
            self.trackedTouch = nil
        }
    }

    /// Ignores every touch, then fails: it must still be reset to take part again.
    @MainActor
    final class IgnoringGestureRecognizer: UIGestureRecognizer {
        var began = 0
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            began += 1
            for touch in touches { ignore(touch, for: event) }
            state = .failed
        }
    }

    func testRecognizerThatIgnoresItsTouchAndFailsIsResetForTheNextTouch() throws {
        try onMain {
            let scene = try makeGestureScene()
            let ignoring = IgnoringGestureRecognizer()
            scene.view.addGestureRecognizer(ignoring)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(ignoring.state, .possible)
            scene.host.click(at: CGPoint(x: 50, y: 50))
            XCTAssertEqual(ignoring.began, 2)
            XCTAssertEqual(scene.recorder.entries, ["view.began", "view.ended", "view.began", "view.ended"],
                           "ignored touches are not cancelled in the view")
        }
    }

    @MainActor
    private static func stroke(_ host: HeadlessHost, _ points: [CGPoint]) {
        host.pressPointer(at: points[0])
        for point in points.dropFirst() { host.movePointer(to: point) }
        host.releasePointer(at: points[points.count - 1])
    }

    func testCheckmarkIsRecognizedAndOtherStrokesFail() throws {
        try onMain {
            let scene = try makeGestureScene()
            let checkmark = CheckmarkGestureRecognizer(target: scene.recorder, action: GestureRecorder.record)
            checkmark.name = "check"
            scene.view.addGestureRecognizer(checkmark)
            let tick = [(50, 50), (55, 58), (60, 66), (65, 74), (70, 80), (80, 68), (90, 56), (100, 44), (110, 32), (120, 20)]
                .map { CGPoint(x: $0.0, y: $0.1) }
            Self.stroke(scene.host, tick)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("check") }, ["check.ended"])
            XCTAssertEqual(scene.recorder.entries.last, "view.cancelled")

            scene.recorder.clear()
            Self.stroke(scene.host, [(50, 50), (60, 40), (70, 30)].map { CGPoint(x: $0.0, y: $0.1) })
            Self.stroke(scene.host, [(50, 50), (60, 60), (70, 70)].map { CGPoint(x: $0.0, y: $0.1) })
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("check") }, [], "up first; down only")
            XCTAssertEqual(checkmark.state, .possible)
            XCTAssertNil(checkmark.trackedTouch, "reset() ran after each failure")

            Self.stroke(scene.host, tick)
            XCTAssertEqual(scene.recorder.entries.filter { $0.hasPrefix("check") }, ["check.ended"], "and again after the failures")
        }
    }
}
