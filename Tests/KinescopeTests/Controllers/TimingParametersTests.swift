import Kinescope
import XCTest

/// UISpringTimingParameters, UICubicTimingParameters and the property animator made from them,
/// sampled on a headless host; UIKit's curve 7 in an animation block; a custom container's
/// transition(from:to:).
final class TimingParametersTests: XCTestCase {
    func testSpringParametersDefaultToTheSystemSpring() throws {
        try onMain {
            let system = UISpringTimingParameters()
            XCTAssertEqual(system.timingCurveType, .spring)
            XCTAssertTrue(system.springTimingParameters === system)
            XCTAssertNil(system.cubicTimingParameters)
            XCTAssertEqual(system.initialVelocity, CGVector(dx: 0, dy: 0))
            let ratio = UISpringTimingParameters(dampingRatio: 0.5, initialVelocity: CGVector(dx: 2, dy: 0))
            XCTAssertEqual(ratio.initialVelocity.dx, 2)
            let bad = UISpringTimingParameters(mass: -1, stiffness: .nan, damping: 500, initialVelocity: CGVector(dx: CGFloat.infinity, dy: 0))
            XCTAssertEqual(bad.initialVelocity.dx, 0, "a non-finite velocity counts as 0")
            let (stage, square) = try makeSquareStage()
            let animator = UIViewPropertyAnimator(duration: 3, timingParameters: bad)
            XCTAssertEqual(animator.duration, 0.518, accuracy: 0.005, "invalid values take the system spring's; its duration is the spring's")
            _ = (stage, square)
        }
    }

    func testPropertyAnimatorOnTheSystemSpringReachesApplesFigures() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters())
            XCTAssertEqual(animator.duration, 0.518, accuracy: 0.005)
            animator.addAnimations { square.center.x = 90 }
            animator.startAnimation()
            commitNow(host)
            for (t, p) in [(0.1, 0.545), (0.2, 0.879), (0.3, 0.973)] {
                host.advance(by: 0.1)
                XCTAssertEqual(Double(shownX(square)), 10 + 80 * p, accuracy: 0.05, "at \(t) s")
            }
            host.advance(by: 0.3)
            XCTAssertEqual(animator.state, .inactive)
            XCTAssertEqual(square.center.x, 90)
        }
    }

    func testDampingRatioParametersSettleInTheAnimatorsDuration() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let animator = UIViewPropertyAnimator(duration: 1, timingParameters: UISpringTimingParameters(dampingRatio: 1))
            XCTAssertEqual(animator.duration, 1)
            animator.addAnimations { square.center.x = 90 }
            animator.startAnimation()
            commitNow(host)
            host.advance(by: 0.2)
            // The ratio spring of `UIView.animate(…usingSpringWithDamping: 1…)` for 1 s: ω = 2π.
            let omega = 2 * Double.pi
            XCTAssertEqual(Double(shownX(square)), 10 + 80 * (1 - exp(-omega * 0.2) * (1 + omega * 0.2)), accuracy: 0.05)
        }
    }

    func testCubicParametersGiveTheNamedCurvesAndCustomOnes() throws {
        try onMain {
            let easeIn = UICubicTimingParameters(animationCurve: .easeIn)
            XCTAssertEqual(easeIn.controlPoint1.x, 0.42, accuracy: 1e-6)
            XCTAssertEqual(easeIn.controlPoint1.y, 0)
            XCTAssertEqual(easeIn.controlPoint2, CGPoint(x: 1, y: 1))
            XCTAssertEqual(easeIn.timingCurveType, .builtin)
            let standard = UICubicTimingParameters()
            XCTAssertEqual(standard.animationCurve, .easeInOut)
            XCTAssertEqual(standard.controlPoint2.x, 0.58, accuracy: 1e-6)
            let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.9), controlPoint2: CGPoint(x: 1.5, y: 1))
            XCTAssertEqual(custom.timingCurveType, .cubic)
            XCTAssertEqual(custom.controlPoint2.x, 1, "x is clamped to the unit square")
            let (host, square) = try makeSquareStage()
            let animator = UIViewPropertyAnimator(duration: 1, timingParameters: custom)
            animator.addAnimations { square.center.x = 90 }
            animator.startAnimation()
            commitNow(host)
            host.advance(by: 0.25)
            XCTAssertEqual(Double(shownX(square)), 10 + 80 * referenceBezier((0.2, 0.9), (1, 1), at: 0.25), accuracy: 0.05)
        }
    }

    func testContinueAnimationGoesOnFromWhereItIsWithNewTimingAndDuration() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            var diagnostics: [String] = []
            host.runLoop.engine.diagnosticHandler = { diagnostics.append($0) }
            var ended: UIViewAnimatingPosition?
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { square.center.x = 90 }
            animator.addCompletion { ended = $0 }
            animator.startAnimation()
            commitNow(host)
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            XCTAssertEqual(diagnostics.count, 1, "a running animator cannot be continued")
            host.advance(by: 0.25)
            animator.pauseAnimation()
            commitNow(host)
            XCTAssertEqual(Double(shownX(square)), 30, accuracy: 0.05)
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .easeIn), durationFactor: 2)
            XCTAssertTrue(animator.isRunning)
            commitNow(host)
            host.advance(by: 0.75)
            XCTAssertEqual(Double(shownX(square)), 30 + 60 * referenceBezier(easeInPoints.0, easeInPoints.1, at: 0.5), accuracy: 0.05,
                           "the rest (75 %) over 1.5 s on the new curve, from where it was")
            XCTAssertEqual(Double(animator.fractionComplete), 0.625, accuracy: 1e-6)
            XCTAssertEqual(animator.duration, 1, "the duration stays the one given")
            host.advance(by: 0.8)
            XCTAssertEqual(ended, .end)
            XCTAssertEqual(square.center.x, 90)
            XCTAssertEqual(diagnostics.count, 1)
        }
    }

    func testAnimationCurveSevenIsTheSystemSpring() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            UIView.animate(withDuration: 0.5, delay: 0, options: UIView.AnimationOptions(rawValue: 7 << 16),
                           animations: { square.center.x = 90 })
            commitNow(host)
            host.advance(by: 0.1)
            XCTAssertEqual(Double(shownX(square)), 10 + 80 * systemSpringProgress(0.1), accuracy: 0.05)
        }
    }

    func testCustomContainerTransitionSwapsChildrenWithAppearanceCallbacks() throws {
        try onMain {
            let log = EventLog()
            let a = LoggingController("a", log: log), b = LoggingController("b", log: log)
            let container = SwappingContainer(first: a, second: b)
            let host = try HeadlessHost(size: CGSize(width: 100, height: 100), framesPerSecond: 20)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.rootViewController = container
            host.show(window)
            XCTAssertEqual(log.entries.suffix(2), ["a.viewWillAppear(false)", "a.viewDidAppear(false)"], "forwarded to the child inside")
            log.clear()
            var finished: Bool?
            container.transition(from: a, to: b, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                                 animations: { b.view.backgroundColor = .red }, completion: { finished = $0 })
            XCTAssertEqual(log.entries, ["a.viewWillDisappear(true)", "b.viewWillAppear(true) movingTo"])
            XCTAssertTrue(b.view.superview === container.view)
            XCTAssertNil(a.view.superview)
            host.advance(by: 1.1)
            XCTAssertEqual(log.entries.suffix(2), ["a.viewDidDisappear(true)", "b.viewDidAppear(true)"])
            XCTAssertEqual(finished, true)

            var diagnostics: [String] = []
            host.runLoop.engine.diagnosticHandler = { diagnostics.append($0) }
            let stranger = LoggingController("s", log: log)
            var refused: Bool?
            container.transition(from: b, to: stranger, duration: 1, animations: nil, completion: { refused = $0 })
            host.advance(by: 2.0 / 20)
            XCTAssertEqual(refused, false)
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertTrue(b.view.superview === container.view, "nothing changed")
        }
    }
}

/// A custom container with two children, the first one's view shown.
@MainActor
final class SwappingContainer: UIViewController {
    let first: UIViewController, second: UIViewController

    init(first: UIViewController, second: UIViewController) {
        self.first = first
        self.second = second
        super.init()
    }

    override func viewDidLoad() {
        addChild(first)
        addChild(second)
        view.addSubview(first.view)
        first.didMove(toParent: self)
    }
}
