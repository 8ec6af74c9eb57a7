import Kinescope
import KinescopeTestSupport
import XCTest

/// `KinescopeTransitionAnimator`: every registered transition as a push, drawn as the registry
/// draws it from the same pictures; percent-driven scrubbing, finishing and cancelling; a pop
/// and a dismissal rewound; present and dismiss; the registry's errors; bad percentages.
///
/// Tolerance: the window shows the animator's frame through the compositor at one pixel per
/// point, so the frame is compared exactly (±0) with the registry's rendering at the progress
/// the virtual clock gives.
final class KinescopeTransitionAnimatorTests: XCTestCase {
    func testEveryRegisteredTransitionPushesWithTheRegistrysFrame() throws {
        try onMain {
            var mismatches: [String] = []
            for type in TransitionRegistry.all {
                let name = type.name
                let animator = try KinescopeTransitionAnimator(name: name, duration: 1)
                animator.timingFunction = CAMediaTimingFunction(name: .linear)
                let stage = try AnimatorStage(animator: animator)
                let from = stage.picture(stage.a.view), to = stage.picture(stage.b.view)
                stage.navigation.pushViewController(stage.b, animated: true)
                _ = stage.shown()
                stage.host.advance(by: 0.5)
                let expected = try registryFrame(name, from: from, to: to, progress: 0.5)
                let comparison = BitmapComparison(actual: stage.shown(), expected: expected, tolerance: .exact)
                if comparison.differingPixels > 0 { mismatches.append("\(name): \(comparison.differingPixels) pixels differ") }
                stage.host.advance(by: 0.6)
                XCTAssertTrue(stage.navigation.topViewController === stage.b, "\(name) completes the push")
                XCTAssertFalse(stage.b.view.isHidden, name)
            }
            XCTAssertEqual(mismatches, [])
        }
    }

    func testPushFollowsTheTimingFunction() throws {
        try onMain {
            let stage = try AnimatorStage(animator: .cube(duration: 1))
            let from = stage.picture(stage.a.view), to = stage.picture(stage.b.view)
            stage.navigation.pushViewController(stage.b, animated: true)
            _ = stage.shown()
            stage.host.advance(by: 0.25)
            let eased = CAMediaTimingFunction(name: .easeInEaseOut).output(at: 0.25)
            XCTAssertLessThan(eased, 0.2, "ease-in-out is slow at first")
            let expected = try registryFrame("cube", parameters: ["subtype": "fromRight"], from: from, to: to, progress: eased)
            assertBitmap(stage.shown(), matches: expected, name: "cube-eased-0.25", tolerance: ImageTolerance(perChannel: 1))
            stage.host.advance(by: 0.8)
            XCTAssertFalse(stage.b.view.isHidden)
            assertBitmap(stage.shown(), matches: to, name: "cube-pushed")
        }
    }

    func testPercentDrivenUpdateShowsTheFrameAtEachPercentAndFinishes() throws {
        try onMain {
            let (stage, interaction) = try AnimatorStage.interactivePush(.cube(duration: 1))
            let from = stage.from, to = stage.to
            for percent in [0.25, 0.5, 0.75] {
                let expected = try registryFrame("cube", parameters: ["subtype": "fromRight"], from: from, to: to, progress: percent)
                assertBitmap(stage.scrubbed(interaction, to: CGFloat(percent)), matches: expected, name: "cube-scrubbed-\(percent)")
            }
            stage.host.advance(by: 0.5)
            assertBitmap(stage.shown(), matches: try registryFrame("cube", parameters: ["subtype": "fromRight"], from: from, to: to, progress: 0.75),
                         name: "cube-held", tolerance: .exact)
            interaction.finish()
            stage.host.advance(by: 0.5)
            XCTAssertTrue(stage.navigation.topViewController === stage.b)
            XCTAssertNil(stage.a.view.superview, "the outgoing view left")
            XCTAssertFalse(stage.b.view.isHidden)
            let container = try XCTUnwrap(stage.b.view.superview)
            XCTAssertEqual(container.layer.sublayers?.count, container.subviews.count, "the frame layer left")
            assertBitmap(stage.shown(), matches: to, name: "cube-finished")
        }
    }

    func testCancelPlaysBackAndRestoresTheOutgoingView() throws {
        try onMain {
            let (stage, interaction) = try AnimatorStage.interactivePush(.rippleEffect(duration: 1))
            let from = stage.from, to = stage.to
            assertBitmap(stage.scrubbed(interaction, to: 0.6), matches: try registryFrame("rippleEffect", from: from, to: to, progress: 0.6),
                         name: "ripple-0.6")
            interaction.cancel()
            stage.host.advance(by: 1)
            XCTAssertTrue(stage.navigation.topViewController === stage.a)
            XCTAssertNil(stage.b.view.superview, "the incoming view left")
            XCTAssertFalse(stage.a.view.isHidden)
            assertBitmap(stage.shown(), matches: from, name: "ripple-cancelled")
        }
    }

    func testPopPlaysThePushRewound() throws {
        try onMain {
            let animator = try KinescopeTransitionAnimator(name: "push", parameters: ["subtype": "fromRight"], duration: 1)
            animator.timingFunction = CAMediaTimingFunction(name: .linear)
            let stage = try AnimatorStage(animator: animator)
            stage.navigation.delegate = nil
            stage.navigation.pushViewController(stage.b, animated: false)
            stage.host.advance(by: 0.1)
            stage.navigation.delegate = stage.delegate
            let from = stage.picture(stage.a.view), to = stage.picture(stage.b.view)
            stage.navigation.popViewController(animated: true)
            _ = stage.shown()
            stage.host.advance(by: 0.25)
            let rewound = try registryFrame("push", parameters: ["subtype": "fromRight"], from: from, to: to, progress: 0.75)
            assertBitmap(stage.shown(), matches: rewound, name: "pop-rewound")
            let forward = try registryFrame("push", parameters: ["subtype": "fromRight"], from: to, to: from, progress: 0.25)
            XCTAssertGreaterThan(BitmapComparison(actual: rewound, expected: forward, tolerance: .exact).differingPixels, 0,
                                 "a pop played forwards would look different")
            stage.host.advance(by: 0.9)
            XCTAssertTrue(stage.navigation.topViewController === stage.a)
            assertBitmap(stage.shown(), matches: from, name: "pop-ended")
        }
    }

    func testPresentAndDismissDrawTheTransitionBetweenPresenterAndPresented() throws {
        try onMain {
            let animator = try KinescopeTransitionAnimator(name: "CIBarsSwipeTransition", parameters: ["inputWidth": "8"], duration: 1)
            animator.timingFunction = CAMediaTimingFunction(name: .linear)
            let delegate = AnimatorDelegate(animator)
            let presenter = PaintedController(.blue, square: .red)
            let presented = PaintedController(.yellow, square: .green)
            presented.modalPresentationStyle = .fullScreen
            presented.transitioningDelegate = delegate
            let host = try HeadlessHost(size: CGSize(width: 64, height: 48), framesPerSecond: 20)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 64, height: 48))
            window.rootViewController = presenter
            host.show(window)
            let from = drawnPicture(of: presenter.view, size: host.size)
            let to = drawnPicture(of: presented.view, size: host.size)
            var completed = false
            presenter.present(presented, animated: true) { completed = true }
            _ = host.snapshot()
            host.advance(by: 0.25)
            let quarter = try registryFrame("CIBarsSwipeTransition", parameters: ["inputWidth": "8"], from: from, to: to, progress: 0.25)
            assertBitmap(host.snapshot().cgImage!.bitmap, matches: quarter, name: "present-0.25")
            host.advance(by: 0.9)
            XCTAssertTrue(completed)
            XCTAssertTrue(presenter.presentedViewController === presented)
            assertBitmap(host.snapshot().cgImage!.bitmap, matches: to, name: "presented")

            var dismissed = false
            presented.dismiss(animated: true) { dismissed = true }
            _ = host.snapshot()
            host.advance(by: 0.75)
            // 1 − 0.75 from the clock's sum of frame steps is not exactly 0.25: the bars, which
            // move by whole pixels, may stand one pixel apart (one column of the 48-pixel height).
            assertBitmap(host.snapshot().cgImage!.bitmap, matches: quarter, name: "dismiss-0.75",
                         tolerance: ImageTolerance(perChannel: 0, maxDifferingPixels: 48))
            host.advance(by: 0.4)
            XCTAssertTrue(dismissed)
            XCTAssertNil(presenter.presentedViewController)
            assertBitmap(host.snapshot().cgImage!.bitmap, matches: from, name: "dismissed")
        }
    }

    func testUnknownNameGivesTheRegistrysErrorWithSuggestions() throws {
        try onMain {
            XCTAssertThrowsError(try KinescopeTransitionAnimator(name: "cubee")) { error in
                guard case let .unknownTransition(name, suggestions)? = error as? TransitionError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(name, "cubee")
                XCTAssertTrue(suggestions.contains("cube"), "\(suggestions)")
            }
            XCTAssertThrowsError(try KinescopeTransitionAnimator(name: "cube", parameters: ["angle": "1"])) { error in
                XCTAssertEqual(error as? TransitionError, .unknownParameter(transition: "cube", key: "angle", known: ["subtype"]))
            }
            XCTAssertThrowsError(try KinescopeTransitionAnimator.barsSwipe(width: 1)) { error in
                guard case .invalidValue(_, "inputWidth", _, _)? = error as? TransitionError else { return XCTFail("\(error)") }
            }
            XCTAssertEqual(type(of: KinescopeTransitionAnimator.cube().transition).name, "cube")
            XCTAssertEqual(type(of: try KinescopeTransitionAnimator.barsSwipe().transition).name, "CIBarsSwipeTransition")
        }
    }

    func testNaNAndOutOfRangePercentsAreReportedAndTheFrameStaysConsistent() throws {
        try onMain {
            let (stage, interaction) = try AnimatorStage.interactivePush(.pageCurl(duration: 1))
            let from = stage.from, to = stage.to
            _ = stage.scrubbed(interaction, to: 0.4)
            let atPoint4 = try registryFrame("pageCurl", parameters: ["subtype": "fromRight"], from: from, to: to, progress: 0.4)
            assertBitmap(stage.scrubbed(interaction, to: .nan), matches: atPoint4, name: "nan-ignored")
            XCTAssertTrue(stage.diagnostics.contains { $0.contains("update(nan)") && $0.contains("ignored") }, "\(stage.diagnostics)")
            assertBitmap(stage.scrubbed(interaction, to: 1.5), matches: to, name: "clamped-to-1")
            XCTAssertTrue(stage.diagnostics.contains { $0.contains("update(1.5)") && $0.contains("clamped") }, "\(stage.diagnostics)")
            XCTAssertTrue(stage.b.view.isHidden, "scrubbed to the end, the transition still waits for the interaction")
            XCTAssertNotNil(stage.a.view.superview)
            assertBitmap(stage.scrubbed(interaction, to: -2), matches: from, name: "clamped-to-0")
            interaction.finish()
            stage.host.advance(by: 1.1)
            XCTAssertTrue(stage.navigation.topViewController === stage.b)
        }
    }

    func testAutomaticDirectionFollowsTheContainer() {
        onMain {
            let parent = UIViewController(), first = UIViewController(), second = UIViewController()
            parent.addChild(first)
            parent.addChild(second)
            XCTAssertTrue(KinescopeTransitionAnimator.isBackwardTransition(from: second, to: first))
            XCTAssertFalse(KinescopeTransitionAnimator.isBackwardTransition(from: first, to: second))
            XCTAssertFalse(KinescopeTransitionAnimator.isBackwardTransition(from: first, to: UIViewController()))
        }
    }
}

/// A 64×48 headless window at 20 frames per second with a navigation controller (bar hidden)
/// whose root is `a`; `b` is ready to push; the animator (and interaction) come from the
/// navigation delegate. Diagnostics are collected.
@MainActor
private final class AnimatorStage {
    let host: HeadlessHost
    let window: UIWindow
    let navigation: UINavigationController
    let a = PaintedController(.blue, square: .red)
    let b = PaintedController(.yellow, square: .green)
    let delegate: AnimatorDelegate
    var diagnostics: [String] = []

    init(animator: KinescopeTransitionAnimator, interaction: UIPercentDrivenInteractiveTransition? = nil) throws {
        delegate = AnimatorDelegate(animator)
        delegate.interaction = interaction
        host = try HeadlessHost(size: CGSize(width: 64, height: 48), framesPerSecond: 20)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 64, height: 48))
        navigation = UINavigationController(rootViewController: a)
        navigation.isNavigationBarHidden = true
        window.rootViewController = navigation
        host.show(window)
        host.runLoop.engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        navigation.delegate = delegate
    }

    /// `a` and `b` as the animator pictures them, taken when first asked for.
    private(set) lazy var from = picture(a.view)
    private(set) lazy var to = picture(b.view)

    /// A stage whose push of `b`, driven by a new percent-driven interaction, has begun (at
    /// 0 %), with the pictures taken before it.
    static func interactivePush(_ animator: KinescopeTransitionAnimator) throws -> (AnimatorStage, UIPercentDrivenInteractiveTransition) {
        let interaction = UIPercentDrivenInteractiveTransition()
        let stage = try AnimatorStage(animator: animator, interaction: interaction)
        _ = (stage.from, stage.to)
        stage.navigation.pushViewController(stage.b, animated: true)
        return (stage, interaction)
    }

    /// What the window shows one frame after `interaction.update(percent)`.
    func scrubbed(_ interaction: UIPercentDrivenInteractiveTransition, to percent: CGFloat) -> Bitmap {
        interaction.update(percent)
        host.advance(by: 0.05)
        return shown()
    }

    /// What the window shows now.
    func shown() -> Bitmap { host.snapshot().cgImage!.bitmap }

    /// `view` drawn as the animator pictures it (it fills the window here).
    func picture(_ view: UIView) -> Bitmap { drawnPicture(of: view, size: host.size) }
}

/// `view`'s layer tree (model values) drawn into a new bitmap of `size`, y down.
@MainActor
private func drawnPicture(of view: UIView, size: PixelSize) -> Bitmap {
    let bitmap = Bitmap(size: size)
    let ctx = CGContext(bitmap: bitmap)
    ctx.translateBy(x: 0, y: CGFloat(size.height))
    ctx.scaleBy(x: 1, y: -1)
    view.layoutIfNeeded()
    view.layer.render(in: ctx)
    return bitmap
}

/// The registry's frame of `name` between `from` and `to` at `progress`, over the opaque white
/// that is behind the container in these tests (the navigation controller's and the window's
/// background), which shows where a transition leaves pixels transparent (a cube's corners, a
/// flip seen edge on).
private func registryFrame(_ name: String, parameters: [String: String] = [:], from: Bitmap, to: Bitmap,
                           progress: Double) throws -> Bitmap {
    let frame = Bitmap(size: from.size)
    try TransitionRenderer(threadCount: 1).render(TransitionRegistry.make(named: name, parameters: parameters),
                                                  from: from, to: to, progress: progress, into: frame)
    let out = Bitmap(size: from.size, filledWith: PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255))
    out.composite(frame, atX: 0, y: 0)
    return out
}

/// Gives the same animator (and interaction) for pushes, pops, presentations and dismissals.
@MainActor
private final class AnimatorDelegate: UINavigationControllerDelegate, UIViewControllerTransitioningDelegate {
    let animator: KinescopeTransitionAnimator
    var interaction: UIPercentDrivenInteractiveTransition?

    init(_ animator: KinescopeTransitionAnimator) { self.animator = animator }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
}

/// A controller whose view is one colour with a square of another at (8, 6, 24, 18), so that
/// every transition's motion shows.
@MainActor
private final class PaintedController: UIViewController {
    let background: UIColor
    let square: UIColor

    init(_ background: UIColor, square: UIColor) {
        self.background = background
        self.square = square
        super.init()
    }

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 64, height: 48))
        view.backgroundColor = background
        let mark = UIView(frame: CGRect(x: 8, y: 6, width: 24, height: 18))
        mark.backgroundColor = square
        view.addSubview(mark)
    }
}
