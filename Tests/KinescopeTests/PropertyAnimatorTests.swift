import Kinescope
import XCTest

/// `UIViewPropertyAnimator`: start, pause, scrub, reverse, stop and finish, headless.
final class PropertyAnimatorTests: XCTestCase {
    func testEnumRawValuesAreApples() throws {
        XCTAssertEqual(UIViewAnimatingState.inactive.rawValue, 0)
        XCTAssertEqual(UIViewAnimatingState.active.rawValue, 1)
        XCTAssertEqual(UIViewAnimatingState.stopped.rawValue, 2)
        XCTAssertEqual(UIViewAnimatingPosition.end.rawValue, 0)
        XCTAssertEqual(UIViewAnimatingPosition.start.rawValue, 1)
        XCTAssertEqual(UIViewAnimatingPosition.current.rawValue, 2)
        XCTAssertEqual(UIView.AnimationCurve.linear.rawValue, 3)
    }

    func testStartedAnimatorRunsToTheEndAndCallsItsCompletions() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.center.x = 90 }
            var positions: [String] = []
            animator.addCompletion { positions.append("first \($0.rawValue)") }
            animator.addCompletion { positions.append("second \($0.rawValue)") }
            XCTAssertEqual(animator.state, .inactive)
            XCTAssertEqual(square.center.x, 10, "the blocks run when the animator starts")
            animator.startAnimation()
            XCTAssertEqual(animator.state, .active)
            XCTAssertTrue(animator.isRunning)
            XCTAssertEqual(square.center.x, 90, "the model takes the final values at the start")
            commitNow(host)
            host.advance(by: 0.5)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.5)
            XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-9)
            host.advance(by: 0.55)
            XCTAssertEqual(positions, ["first 0", "second 0"], "both at .end, in the order added")
            XCTAssertEqual(animator.state, .inactive)
            XCTAssertFalse(animator.isRunning)
            XCTAssertEqual(shownX(square), 90)
            XCTAssertNil(square.layer.animationKeys())
        }
    }

    func testPauseHoldsTheViewsAndScrubbingMovesThem() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let (animator, log) = startSlide(square, on: host)
            host.advance(by: 0.25)
            animator.pauseAnimation()
            XCTAssertFalse(animator.isRunning)
            XCTAssertEqual(animator.state, .active)
            host.advance(by: 0.5)
            XCTAssertEqual(shownX(square), 30, accuracy: 0.5, "held where it paused")
            XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
            animator.fractionComplete = 0.75
            host.advance(by: 0.05)
            XCTAssertEqual(shownX(square), 70, accuracy: 0.5, "scrubbed")
            animator.startAnimation()
            commitNow(host)
            host.advance(by: 0.1)
            XCTAssertEqual(shownX(square), 78, accuracy: 0.5, "resumed from the scrubbed point")
            XCTAssertNil(log.position)
            host.advance(by: 0.2)
            XCTAssertEqual(log.position, .end, "the remaining quarter took a quarter of the duration")
        }
    }

    func testPausingScrubsLinearlyFromTheProgressReached() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 0)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { square.center.x = 100 }
            animator.startAnimation()
            commitNow(host)
            host.advance(by: 0.5)
            let shown = shownX(square)
            let progress = referenceBezier(easeInPoints.0, easeInPoints.1, at: 0.5)
            XCTAssertEqual(Double(shown), 100 * progress, accuracy: 0.3)
            animator.pauseAnimation()
            XCTAssertEqual(Double(animator.fractionComplete), progress, accuracy: 1e-3, "the progress reached")
            host.advance(by: 0.05)
            XCTAssertEqual(shownX(square), shown, accuracy: 0.3, "nothing moves on pausing")
            animator.fractionComplete = 0.5
            host.advance(by: 0.05)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.3, "scrubbed linearly")
            animator.startAnimation()
            commitNow(host)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.3, "resumes from the scrubbed point")
            host.advance(by: 0.05)
            XCTAssertGreaterThan(shownX(square), 50, "along the curve again")
        }
    }

    func testWithoutScrubsLinearlyAPausedAnimatorScrubsAlongItsCurve() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 0)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { square.center.x = 100 }
            animator.scrubsLinearly = false
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            host.advance(by: 0.05)
            let expected = 100 * referenceBezier(easeInPoints.0, easeInPoints.1, at: 0.5)
            XCTAssertEqual(Double(shownX(square)), expected, accuracy: 0.3)
        }
    }

    func testSettingFractionCompleteWhileRunningIsIgnored() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.alpha = 0 }
            animator.startAnimation()
            commitNow(host)
            host.advance(by: 0.25)
            animator.fractionComplete = 0.9
            XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
        }
    }

    func testSettingFractionCompleteOnAnInactiveAnimatorPausesItThere() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { square.center.x = 90 }
            animator.fractionComplete = 0.5
            XCTAssertEqual(animator.state, .active)
            XCTAssertFalse(animator.isRunning)
            host.advance(by: 1)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.5)
        }
    }

    func testReversingTurnsTheAnimationRoundAndFinishesAtTheStart() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let (animator, log) = startSlide(square, on: host)
            host.advance(by: 0.5)
            animator.isReversed = true
            host.advance(by: 0.25)
            XCTAssertEqual(shownX(square), 30, accuracy: 0.5, "back a quarter")
            XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
            host.advance(by: 0.3)
            XCTAssertEqual(log.position, .start)
            XCTAssertEqual(square.center.x, 10, "the model goes back to the start values")
            XCTAssertEqual(shownX(square), 10)
        }
    }

    func testStopWithoutFinishingKeepsTheValuesShownAndCallsNoCompletion() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let (animator, log) = startSlide(square, on: host)
            host.advance(by: 0.5)
            animator.stopAnimation(true)
            XCTAssertEqual(animator.state, .inactive)
            XCTAssertEqual(square.center.x, 50, accuracy: 0.5, "the model takes the value shown")
            host.advance(by: 1)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.5)
            XCTAssertNil(square.layer.animationKeys())
            XCTAssertNil(log.position, "no completion")
        }
    }

    func testStopThenFinishAtEachPosition() throws {
        try onMain {
            let expectations: [(UIViewAnimatingPosition, CGFloat)] = [(.end, 90), (.start, 10), (.current, 50)]
            for (final, x) in expectations {
                let (host, square) = try makeSquareStage(centerX: 10)
                let (animator, log) = startSlide(square, on: host)
                host.advance(by: 0.5)
                animator.stopAnimation(false)
                XCTAssertEqual(animator.state, .stopped)
                XCTAssertNil(log.position)
                animator.startAnimation()
                XCTAssertEqual(animator.state, .stopped, "a stopped animator cannot restart")
                animator.finishAnimation(at: final)
                XCTAssertEqual(log.position, final)
                XCTAssertEqual(animator.state, .inactive)
                host.advance(by: 0.05)
                XCTAssertEqual(shownX(square), x, accuracy: 0.5, "\(final)")
            }
        }
    }

    func testPausesOnCompletionKeepsTheAnimatorActiveAtTheEnd() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.center.x = 90 }
            animator.pausesOnCompletion = true
            let log = CompletionLog()
            animator.addCompletion { log.position = $0 }
            animator.startAnimation()
            host.advance(by: 1.5)
            XCTAssertNil(log.position)
            XCTAssertEqual(animator.state, .active)
            XCTAssertFalse(animator.isRunning)
            XCTAssertEqual(animator.fractionComplete, 1)
            XCTAssertEqual(shownX(square), 90, accuracy: 0.5)
            animator.fractionComplete = 0.5
            host.advance(by: 0.05)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.5, "still scrubbable")
        }
    }

    func testDelayFactorStartsLaterAnimationsPartWay() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.center.x = 90 }
            animator.addAnimations({ square.alpha = 0 }, delayFactor: 0.5)
            animator.startAnimation()
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(square), 1, accuracy: 1e-6, "not yet begun")
            host.advance(by: 0.5)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01, "half of its half")
            XCTAssertEqual(shownX(square), 70, accuracy: 0.5)
        }
    }

    func testAnimationsAddedWhileRunningUseTheRemainingTime() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let (animator, _) = startSlide(square, on: host)
            host.advance(by: 0.5)
            animator.addAnimations { square.alpha = 0 }
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01, "half of the remaining half second")
        }
    }

    func testStartAfterDelayWaitsAtTheStart() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.center.x = 90 }
            animator.startAnimation(afterDelay: 0.5)
            XCTAssertEqual(animator.delay, 0.5)
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownX(square), 10, accuracy: 1e-6)
            XCTAssertEqual(animator.fractionComplete, 0)
            host.advance(by: 0.75)
            XCTAssertEqual(shownX(square), 50, accuracy: 0.5)
        }
    }

    func testControlPointCurveAndNamedCurvesPaceTheAnimation() throws {
        try onMain {
            let cases: [(((Double, Double), (Double, Double)), custom: Bool)] = [
                (((0.2, 0.9), (0.3, 1.0)), true),
                (easeInPoints, false),
            ]
            for (points, custom) in cases {
                let (host, square) = try makeSquareStage(centerX: 0)
                let animator = custom
                    ? UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: points.0.0, y: points.0.1),
                                             controlPoint2: CGPoint(x: points.1.0, y: points.1.1)) { square.center.x = 100 }
                    : UIViewPropertyAnimator(duration: 1, curve: .easeIn) { square.center.x = 100 }
                animator.startAnimation()
                commitNow(host)
                host.advance(by: 0.25)
                let expected = 100 * referenceBezier(points.0, points.1, at: 0.25)
                XCTAssertEqual(Double(shownX(square)), expected, accuracy: 0.3, "\(points)")
            }
        }
    }

    func testDampedSpringOvershootsThenSettles() throws {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            let animator = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { square.center.x = 60 }
            let log = CompletionLog()
            animator.addCompletion { log.position = $0 }
            animator.startAnimation()
            commitNow(host)
            var highest: CGFloat = 0
            for _ in 0..<18 {
                host.advance(by: 0.05)
                highest = max(highest, shownX(square))
            }
            XCTAssertGreaterThan(highest, 65, "a ratio of 0.3 overshoots")
            host.advance(by: 0.2)
            XCTAssertEqual(log.position, .end)
            XCTAssertEqual(shownX(square), 60)
        }
    }

    func testRunningPropertyAnimatorStartsAtOnce() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let log = CompletionLog()
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: 0.5, delay: 0, options: .curveLinear, animations: { square.alpha = 0 },
                completion: { log.position = $0 })
            XCTAssertTrue(animator.isRunning)
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01)
            host.advance(by: 0.3)
            XCTAssertEqual(log.position, .end)
        }
    }

    func testAnimatorReplacesAnInFlightViewAnimationOfTheSameProperty() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            var finished: Bool?
            UIView.animate(withDuration: 1, animations: { square.alpha = 0 }, completion: { finished = $0 })
            host.advance(by: 0.2)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.alpha = 1 }
            animator.startAnimation()
            host.advance(by: 0.05)
            XCTAssertEqual(finished, false)
        }
    }
}

/// The position a property animator's completion received; nil until it is called.
@MainActor
final class CompletionLog {
    var position: UIViewAnimatingPosition?
}

/// A 1 s linear animator sliding `square` to x = 90, started and committed, with its
/// completion logged.
@MainActor
func startSlide(_ square: UIView, on host: HeadlessHost) -> (UIViewPropertyAnimator, CompletionLog) {
    let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.center.x = 90 }
    let log = CompletionLog()
    animator.addCompletion { log.position = $0 }
    animator.startAnimation()
    commitNow(host)
    return (animator, log)
}
