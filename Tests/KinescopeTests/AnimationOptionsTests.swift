import Kinescope
import XCTest

/// Every `UIView.AnimationOptions` flag of the animate methods, each checked through what the
/// screen shows (presentation values on a headless host), with and without the flag.
final class AnimationOptionsTests: XCTestCase {
    func testOptionRawValuesAreApples() throws {
        typealias O = UIView.AnimationOptions
        let flags: [(O, UInt)] = [
            (.layoutSubviews, 1 << 0), (.allowUserInteraction, 1 << 1), (.beginFromCurrentState, 1 << 2),
            (.repeat, 1 << 3), (.autoreverse, 1 << 4), (.overrideInheritedDuration, 1 << 5),
            (.overrideInheritedCurve, 1 << 6), (.allowAnimatedContent, 1 << 7), (.showHideTransitionViews, 1 << 8),
            (.overrideInheritedOptions, 1 << 9), (.curveEaseInOut, 0), (.curveEaseIn, 1 << 16),
            (.curveEaseOut, 2 << 16), (.curveLinear, 3 << 16), (.preferredFramesPerSecondDefault, 0),
            (.preferredFramesPerSecond60, 3 << 24), (.preferredFramesPerSecond30, 7 << 24),
        ]
        for (option, raw) in flags { XCTAssertEqual(option.rawValue, raw, "\(option)") }
    }

    func testLayoutSubviewsOptionAnimatesTheLayoutTheChangeCauses() throws {
        let widths = try stretchHalfway(with: .layoutSubviews)
        XCTAssertEqual(widths.laidOut, 40, "laid out before the animation")
        XCTAssertEqual(widths.bar, 60, accuracy: 1, "the bar laid out inside the block grows with its parent")
    }

    func testWithoutLayoutSubviewsTheLayoutJumpsAtTheNextTurn() throws {
        let widths = try stretchHalfway(with: [])
        XCTAssertEqual(widths.parent, 60, accuracy: 1)
        XCTAssertEqual(widths.bar, 80, "laid out later, outside the block")
    }

    /// Widens a `StretchingView` from 40 to 80 in a 1 s linear block with `options`; returns
    /// its bar's width before, and the parent's and bar's shown widths half way.
    private func stretchHalfway(with options: UIView.AnimationOptions) throws
        -> (laidOut: CGFloat, parent: CGFloat, bar: CGFloat) {
        try onMain {
            let (host, root) = try makeAnimationStage()
            let stretch = StretchingView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            stretch.addSubview(stretch.bar)
            root.addSubview(stretch)
            host.advance(by: 0.05)
            let laidOut = stretch.bar.frame.width
            UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: {
                stretch.frame.size.width = 80
            })
            commitNow(host)
            host.advance(by: 0.5)
            return (laidOut, stretch.layer.presentation()?.bounds.width ?? .nan,
                    stretch.bar.layer.presentation()?.bounds.width ?? .nan)
        }
    }

    func testTouchesAreIgnoredWhileAnimatingWithoutAllowUserInteraction() throws {
        try onMain {
            let (host, root) = try makeAnimationStage()
            let target = TouchCountingView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
            root.addSubview(target)
            host.advance(by: 0.05)
            var finished: Bool?
            UIView.animate(withDuration: 1, animations: { target.alpha = 0.5 }, completion: { finished = $0 })
            host.advance(by: 0.2)
            host.click(at: CGPoint(x: 40, y: 40))
            XCTAssertEqual(target.touchesBegun, 0, "an animating view is skipped by hit-testing")
            host.advance(by: 1)
            XCTAssertEqual(finished, true)
            host.click(at: CGPoint(x: 40, y: 40))
            XCTAssertEqual(target.touchesBegun, 1, "touchable again once the animation ended")
        }
    }

    func testAllowUserInteractionLetsTouchesReachTheAnimatingView() throws {
        try onMain {
            let (host, root) = try makeAnimationStage()
            let target = TouchCountingView(frame: CGRect(x: 20, y: 20, width: 40, height: 40))
            root.addSubview(target)
            host.advance(by: 0.05)
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { target.alpha = 0.5 })
            host.advance(by: 0.2)
            host.click(at: CGPoint(x: 40, y: 40))
            XCTAssertEqual(target.touchesBegun, 1)
        }
    }

    func testBeginFromCurrentStateStartsFromTheValueShown() throws {
        let run = try interruptSlide(with: .beginFromCurrentState)
        XCTAssertEqual(run.before, 50, accuracy: 0.5)
        XCTAssertEqual(run.start, 50, accuracy: 0.5, "no jump")
        XCTAssertEqual(run.halfway, 25, accuracy: 0.5, "half way from 50 to 0")
        XCTAssertEqual(run.first, false, "the first animation was replaced")
    }

    func testWithoutBeginFromCurrentStateAnInFlightAnimationCountsAsFinished() throws {
        let run = try interruptSlide(with: [])
        XCTAssertEqual(run.start, 90, accuracy: 0.5, "starts from where the first was heading")
        XCTAssertEqual(run.halfway, 45, accuracy: 0.5, "half way from 90 to 0")
        XCTAssertEqual(run.first, false)
    }

    /// Slides a square from x 10 to 90 in 1 s, linearly; half way through, slides it to 0 in
    /// 1 s with `options`. Returns x shown just before and just after the second animation
    /// begins and half way through it, and what the first completion received.
    private func interruptSlide(with options: UIView.AnimationOptions) throws
        -> (before: CGFloat, start: CGFloat, halfway: CGFloat, first: Bool?) {
        try onMain {
            let (host, square) = try makeSquareStage(centerX: 10)
            var first: Bool?
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { square.center.x = 90 },
                           completion: { first = $0 })
            commitNow(host)
            host.advance(by: 0.5)
            let before = shownX(square)
            UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear),
                           animations: { square.center.x = 0 })
            commitNow(host)
            let start = shownX(square)
            host.advance(by: 0.5)
            return (before, start, shownX(square), first)
        }
    }

    func testRepeatRunsTheAnimationAgainForever() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let log = startFade(square, on: host, options: [.repeat, .curveLinear])
            host.advance(by: 1.25)
            XCTAssertEqual(shownAlpha(square), 0.75, accuracy: 0.01, "a quarter into the second run")
            host.advance(by: 2)
            XCTAssertEqual(shownAlpha(square), 0.75, accuracy: 0.01)
            XCTAssertNil(log.finished, "a repeating animation never completes on its own")
            square.layer.removeAllAnimations()
            host.advance(by: 0.1)
            XCTAssertEqual(log.finished, false, "removed before its end")
        }
    }

    func testAutoreverseRunsBackOnceThenShowsTheModelValue() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let log = startFade(square, on: host, options: [.autoreverse, .curveLinear])
            host.advance(by: 1.25)
            XCTAssertEqual(shownAlpha(square), 0.25, accuracy: 0.01, "a quarter of the way back")
            XCTAssertNil(log.finished)
            host.advance(by: 0.85)
            XCTAssertEqual(log.finished, true, "done after twice the duration")
            XCTAssertEqual(shownAlpha(square), 0, accuracy: 1e-6, "then the model value, as UIKit")
        }
    }

    func testRepeatWithAutoreverseGoesBackAndForth() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                           animations: { square.alpha = 0 })
            commitNow(host)
            host.advance(by: 1.5)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01)
            host.advance(by: 0.75)
            XCTAssertEqual(shownAlpha(square), 0.75, accuracy: 0.01, "a quarter into the third half-cycle, forwards")
        }
    }

    func testNestedBlockInheritsTheOuterDuration() throws {
        let alpha = try nestedFade(outer: .curveLinear, duration: 0.2, inner: [], at: 0.5)
        XCTAssertEqual(alpha, 0.5, accuracy: 0.01, "runs for the outer 1 s, not 0.2 s")
    }

    func testOverrideInheritedDurationKeepsTheNestedDuration() throws {
        let alpha = try nestedFade(outer: .curveLinear, duration: 0.2, inner: .overrideInheritedDuration, at: 0.1)
        XCTAssertEqual(alpha, 0.5, accuracy: 0.01, "half of its own 0.2 s")
    }

    func testNestedBlockInheritsTheOuterCurve() throws {
        let alpha = try nestedFade(outer: .curveLinear, duration: 1, inner: .curveEaseIn, at: 0.5)
        XCTAssertEqual(alpha, 0.5, accuracy: 0.01, "the outer linear curve")
    }

    func testOverrideInheritedCurveKeepsTheNestedCurve() throws {
        let alpha = try nestedFade(outer: .curveLinear, duration: 1, inner: [.curveEaseIn, .overrideInheritedCurve], at: 0.5)
        let expected = 1 - referenceBezier(easeInPoints.0, easeInPoints.1, at: 0.5)
        XCTAssertEqual(alpha, expected, accuracy: 0.005, "its own ease-in curve")
    }

    func testNestedBlockInheritsTheOuterRepeat() throws {
        let alpha = try nestedFade(outer: [.repeat, .curveLinear], duration: 1, inner: [], at: 1.25)
        XCTAssertEqual(alpha, 0.75, accuracy: 0.01, "repeats with the outer block")
    }

    func testOverrideInheritedOptionsDropsTheOuterRepeat() throws {
        let alpha = try nestedFade(outer: [.repeat, .curveLinear], duration: 1, inner: .overrideInheritedOptions, at: 1.25)
        XCTAssertEqual(alpha, 0, accuracy: 1e-6, "ran once")
    }

    /// The alpha shown `time` seconds into a 1 s outer block (`outer`) whose nested block
    /// (`duration`, `inner`) fades a square out.
    private func nestedFade(outer: UIView.AnimationOptions, duration: TimeInterval, inner: UIView.AnimationOptions,
                            at time: TimeInterval) throws -> Double {
        try onMain {
            let (host, square) = try makeSquareStage()
            UIView.animate(withDuration: 1, delay: 0, options: outer, animations: {
                UIView.animate(withDuration: duration, delay: 0, options: inner, animations: { square.alpha = 0 })
            })
            commitNow(host)
            host.advance(by: time)
            return shownAlpha(square)
        }
    }

    func testEachCurveMatchesApplesControlPoints() throws {
        try onMain {
            let curves: [(UIView.AnimationOptions, ((Double, Double), (Double, Double)))] = [
                (.curveEaseInOut, easeInOutPoints), (.curveEaseIn, easeInPoints),
                (.curveEaseOut, easeOutPoints), (.curveLinear, ((0, 0), (1, 1))),
            ]
            for (option, points) in curves {
                let (host, square) = try makeSquareStage(centerX: 0)
                UIView.animate(withDuration: 1, delay: 0, options: option, animations: { square.center.x = 100 })
                commitNow(host)
                for time in [0.25, 0.5, 0.75] {
                    host.advance(by: 0.25)
                    let expected = 100 * referenceBezier(points.0, points.1, at: time)
                    XCTAssertEqual(Double(shownX(square)), expected, accuracy: 0.3, "\(option) at \(time)")
                }
            }
        }
    }

    func testTheDefaultCurveIsEaseInOut() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            UIView.animate(withDuration: 1, animations: { square.alpha = 0 })
            commitNow(host)
            host.advance(by: 0.25)
            let expected = 1 - referenceBezier(easeInOutPoints.0, easeInOutPoints.1, at: 0.25)
            XCTAssertEqual(shownAlpha(square), expected, accuracy: 0.005)
        }
    }

    func testPreferredFrameRateFieldIsKeptBesideTheCurve() throws {
        try onMain {
            let options: UIView.AnimationOptions = [.curveLinear, .preferredFramesPerSecond30]
            XCTAssertEqual(options.rawValue, 3 << 16 | 7 << 24)
            XCTAssertTrue(options.contains(.preferredFramesPerSecond30))
            let (host, square) = try makeSquareStage()
            UIView.animate(withDuration: 1, delay: 0, options: options, animations: { square.alpha = 0 })
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(square), 0.75, accuracy: 0.01, "the frame-rate field does not disturb the curve")
        }
    }

    func testDelayHoldsTheStartValueUntilTheAnimationBegins() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let log = startFade(square, on: host, options: .curveLinear, delay: 0.5)
            XCTAssertEqual(square.alpha, 0, "the model changes at once")
            host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(square), 1, accuracy: 1e-6)
            host.advance(by: 0.75)
            XCTAssertEqual(shownAlpha(square), 0.5, accuracy: 0.01)
            host.advance(by: 0.55)
            XCTAssertEqual(log.finished, true)
        }
    }

    func testRemovedAnimationCompletesWithFalse() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let log = startFade(square, on: host, options: [])
            host.advance(by: 0.3)
            square.layer.removeAllAnimations()
            host.advance(by: 0.05)
            XCTAssertEqual(log.finished, false)
            XCTAssertEqual(shownAlpha(square), 0, accuracy: 1e-6, "the model value shows at once")
        }
    }

    func testNegativeDurationAppliesAtOnceAndCompletesOnTheNextTurn() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            var calls: [Bool] = []
            UIView.animate(withDuration: -1, animations: { square.center.x = 70 }, completion: { calls.append($0) })
            XCTAssertTrue(calls.isEmpty, "not called from inside animate")
            commitNow(host)
            XCTAssertEqual(shownX(square), 70, "no animation")
            XCTAssertNil(square.layer.animationKeys())
            host.advance(by: 0.1)
            XCTAssertEqual(calls, [true], "called on a later turn")
        }
    }
}
