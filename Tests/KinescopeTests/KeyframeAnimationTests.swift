import Kinescope
import XCTest

/// `UIView.animateKeyframes` with `addKeyframe`, sampled headless.
final class KeyframeAnimationTests: XCTestCase {
    /// The whole animation paced linearly (UIKit honours the curve field passed through the
    /// raw value), so the keyframe segments can be checked directly.
    private static let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    func testKeyframeOptionRawValuesAreApples() throws {
        typealias O = UIView.KeyframeAnimationOptions
        let options: [(O, UInt)] = [
            (.layoutSubviews, 1 << 0), (.allowUserInteraction, 1 << 1), (.beginFromCurrentState, 1 << 2),
            (.repeat, 1 << 3), (.autoreverse, 1 << 4), (.overrideInheritedDuration, 1 << 5),
            (.overrideInheritedOptions, 1 << 9), (.calculationModeLinear, 0), (.calculationModeDiscrete, 1 << 10),
            (.calculationModePaced, 2 << 10), (.calculationModeCubic, 3 << 10), (.calculationModeCubicPaced, 4 << 10),
        ]
        for (option, raw) in options { XCTAssertEqual(option.rawValue, raw, "\(option)") }
    }

    func testEachKeyframeMovesItsPropertiesDuringItsRangeAndOthersHold() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            var finished: Bool?
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: Self.linear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { square.center.x = 60 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    square.center.x = 10
                    square.alpha = 0
                }
            }, completion: { finished = $0 })
            XCTAssertEqual(square.center.x, 10, "model values are the last keyframe's at once")
            XCTAssertEqual(square.alpha, 0)
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownX(square), 35, accuracy: 0.5)
            XCTAssertEqual(shownAlpha(square), 1, accuracy: 1e-6, "alpha holds until its keyframe starts")
            host.advance(by: 0.25)
            XCTAssertEqual(shownX(square), 60, accuracy: 0.5)
            host.advance(by: 0.25)
            XCTAssertEqual(shownX(square), 35, accuracy: 0.5)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01)
            XCTAssertNil(finished)
            host.advance(by: 0.3)
            XCTAssertEqual(finished, true)
            XCTAssertNil(square.layer.animationKeys())
        }
    }

    func testAPropertyHoldsItsValueBetweenKeyframesThatSetIt() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: Self.linear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { square.center.x = 10 }
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { square.center.x = 90 }
            })
            commitNow(host)
            host.advance(by: 0.1)
            XCTAssertEqual(shownX(square), 42, accuracy: 0.5, "keyframes are ordered by start time, not by call")
            host.advance(by: 0.4)
            XCTAssertEqual(shownX(square), 90, accuracy: 1e-6, "held between the keyframes")
            host.advance(by: 0.35)
            XCTAssertEqual(shownX(square), 58, accuracy: 0.5, "two fifths of the way back at 0.85")
        }
    }

    func testTheWholeKeyframeAnimationEasesInAndOutByDefault() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 0)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { square.center.x = 100 }
            })
            commitNow(host)
            host.advance(by: 0.25)
            let expected = 100 * referenceBezier(easeInOutPoints.0, easeInOutPoints.1, at: 0.25)
            XCTAssertEqual(Double(shownX(square)), expected, accuracy: 0.3)
        }
    }

    func testDiscreteModeJumpsToEachValue() throws {
        let xs = try sampleKeyframes(.calculationModeDiscrete, [(0, 0.5, 60), (0.5, 0.5, 90)], at: [0.25, 0.75])
        XCTAssertEqual(xs[0], 10, accuracy: 1e-6, "no value in between")
        XCTAssertEqual(xs[1], 60, accuracy: 1e-6)
    }

    func testPacedModeMovesAtConstantSpeedIgnoringKeyframeTimes() throws {
        let xs = try sampleKeyframes(.calculationModePaced, [(0, 0.1, 90), (0.1, 0.9, 70)], at: [0.5])
        XCTAssertEqual(xs[0], 60, accuracy: 0.5, "50 of the 100 points travelled (linear mode: 81)")
    }

    func testCubicModePassesThroughTheValuesOnASmoothCurve() throws {
        let xs = try sampleKeyframes(.calculationModeCubic, [(0, 0.5, 60), (0.5, 0.5, 10)], at: [0.25, 0.5])
        XCTAssertGreaterThan(xs[0], 37, "rounded towards the peak (linear mode: 35)")
        XCTAssertEqual(xs[1], 60, accuracy: 0.5, "through the keyframe value")
    }

    func testCubicPacedModeDiffersFromCubicOnUnevenKeyframes() throws {
        let frames: [(Double, Double, CGFloat)] = [(0, 0.1, 90), (0.1, 0.9, 70)]
        let cubic = try sampleKeyframes(.calculationModeCubic, frames, at: [0.5])[0]
        let cubicPaced = try sampleKeyframes(.calculationModeCubicPaced, frames, at: [0.5])[0]
        XCTAssertGreaterThan(abs(cubicPaced - cubic), 5, "cubic \(cubic), cubic paced \(cubicPaced)")
        XCTAssertEqual(cubicPaced, 60, accuracy: 12, "about half of the path at half time")
    }

    /// The centre x shown at each of `times` (seconds from the start, increasing) of a 1 s
    /// keyframe animation in `mode`, paced linearly as a whole, that moves a square from x = 10
    /// through `frames` (relative start, relative duration, x).
    private func sampleKeyframes(_ mode: UIView.KeyframeAnimationOptions, _ frames: [(Double, Double, CGFloat)],
                                 at times: [TimeInterval]) throws -> [CGFloat] {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: Self.linear.union(mode), animations: {
                for (start, duration, x) in frames {
                    UIView.addKeyframe(withRelativeStartTime: start, relativeDuration: duration) { square.center.x = x }
                }
            })
            commitNow(host)
            var elapsed = 0.0
            return times.map { time in
                host.advance(by: time - elapsed)
                elapsed = time
                return shownX(square)
            }
        }
    }

    func testRepeatAndAutoreverseApplyToTheWholeKeyframeAnimation() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            var finished: Bool?
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: Self.linear.union([.repeat, .autoreverse]), animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { square.center.x = 90 }
            }, completion: { finished = $0 })
            commitNow(host)
            host.advance(by: 1.25)
            XCTAssertEqual(shownX(square), 70, accuracy: 0.5, "a quarter of the way back")
            host.advance(by: 1)
            XCTAssertEqual(shownX(square), 30, accuracy: 0.5, "forwards again")
            XCTAssertNil(finished)
        }
    }

    func testChangesOutsideKeyframesAnimateOverTheWholeDuration() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: Self.linear, animations: {
                square.alpha = 0
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { square.center.x = 60 }
            })
            commitNow(host)
            host.advance(by: 0.5)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01)
        }
    }

    func testDelayedKeyframesHoldTheStartUntilTheyBegin() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            UIView.animateKeyframes(withDuration: 1, delay: 0.5, options: Self.linear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { square.center.x = 90 }
            })
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownX(square), 10, accuracy: 1e-6)
            host.advance(by: 0.75)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.5)
        }
    }

    func testZeroDurationAppliesTheKeyframesAtOnceAndCompletesOnTheNextTurn() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            var calls: [Bool] = []
            UIView.animateKeyframes(withDuration: 0, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { square.center.x = 80 }
            }, completion: { calls.append($0) })
            XCTAssertTrue(calls.isEmpty)
            commitNow(host)
            XCTAssertEqual(shownX(square), 80)
            XCTAssertNil(square.layer.animationKeys())
            host.advance(by: 0.1)
            XCTAssertEqual(calls, [true], "called on a later turn")
        }
    }

    func testRemovedKeyframeAnimationCompletesWithFalse() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            var finished: Bool?
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { square.center.x = 80 }
            }, completion: { finished = $0 })
            host.advance(by: 0.3)
            square.layer.removeAllAnimations()
            host.advance(by: 0.05)
            XCTAssertEqual(finished, false)
        }
    }

    func testAddKeyframeOutsideAKeyframeBlockAppliesAtOnce() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { square.center.x = 80 }
            commitNow(host)
            XCTAssertEqual(shownX(square), 80)
            XCTAssertNil(square.layer.animationKeys())
        }
    }
}
