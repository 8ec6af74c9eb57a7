import Kinescope
import XCTest

/// Modal presentation on a headless host: the system cover-vertical slide sampled against the
/// system spring, the cross-dissolve's opacity, the flip, Apple's order of appearance and
/// presentation-controller calls for present and dismiss, a custom animator and presentation
/// controller through the transitioning delegate, and misuse.
final class PresentationTests: XCTestCase {
    func testCoverVerticalPresentsOnTheSystemSpringWithApplesCallbackOrder() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true) { log.append("completion") }
            XCTAssertEqual(log.entries, ["a.viewWillDisappear(true)", "b.viewWillAppear(true) presented"])
            XCTAssertTrue(a.presentedViewController === b)
            XCTAssertTrue(b.presentingViewController === a)
            XCTAssertNotNil(b.transitionCoordinator)
            XCTAssertEqual(b.transitionCoordinator?.presentationStyle, .fullScreen)
            commitNow(stage.host)
            for t in [0.1, 0.2, 0.3] {
                stage.host.advance(by: 0.1)
                XCTAssertEqual(Double(shownY(b.view)), 75 + 150 * (1 - systemSpringProgress(t)), accuracy: 0.05, "presented view at \(t) s")
            }
            XCTAssertTrue(a.view.window != nil, "the presenter stays during the slide")
            stage.host.advance(by: 0.25)
            XCTAssertEqual(log.entries.suffix(3), ["b.viewDidAppear(true) presented", "a.viewDidDisappear(true)", "completion"])
            XCTAssertNil(a.view.superview, ".fullScreen removes the presenter's view")
            XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 0, width: 200, height: 150))
            XCTAssertFalse(b.isBeingPresented)
            XCTAssertNil(b.transitionCoordinator)
        }
    }

    func testDismissFromThePresentedControllerSlidesDownAndPutsThePresenterBack() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            b.modalPresentationStyle = .fullScreen
            stage.presentB()
            b.dismiss(animated: true) { log.append("completion") }
            XCTAssertEqual(log.entries, ["b.viewWillDisappear(true) dismissed", "a.viewWillAppear(true)"])
            XCTAssertTrue(a.view.window != nil, "the presenter's view is back under the presented one")
            XCTAssertTrue(b.isBeingDismissed)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(shownY(b.view)), 75 + 150 * systemSpringProgress(0.1), accuracy: 0.05)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(log.entries.suffix(3), ["a.viewDidAppear(true)", "b.viewDidDisappear(true) dismissed", "completion"])
            XCTAssertNil(a.presentedViewController)
            XCTAssertNil(b.presentingViewController)
            XCTAssertNil(b.presentationController)
            XCTAssertFalse(b.isBeingDismissed)
            XCTAssertNil(b.view.window)
            XCTAssertEqual(stage.window.subviews.count, 1, "the container view is gone")
            XCTAssertTrue(stage.window.subviews.first === a.view)
            XCTAssertEqual(a.view.frame, CGRect(x: 0, y: 0, width: 200, height: 150))
        }
    }

    func testOverFullScreenKeepsThePresenterWithoutItsCallbacks() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            b.modalPresentationStyle = .overFullScreen
            a.present(b, animated: false)
            XCTAssertEqual(log.entries, ["b.viewWillAppear(false) presented"])
            stage.frame()
            stage.frame()
            XCTAssertEqual(log.entries, ["b.viewWillAppear(false) presented", "b.viewDidAppear(false) presented"])
            XCTAssertTrue(a.view.window === stage.window, "the presenter's view stays")
            a.dismiss(animated: false)
            stage.frame()
            stage.frame()
            XCTAssertEqual(log.entries.suffix(2), ["b.viewWillDisappear(false) dismissed", "b.viewDidDisappear(false) dismissed"])
            XCTAssertNil(a.presentedViewController)
        }
    }

    func testAutomaticIsThePageSheetCardWithThePresenterScaledBackAndDimmed() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            XCTAssertEqual(b.modalPresentationStyle, .pageSheet)
            XCTAssertEqual(b.modalTransitionStyle, .coverVertical)
            b.modalPresentationStyle = .none
            XCTAssertEqual(b.modalPresentationStyle, .pageSheet)
            XCTAssertEqual(stage.diagnostics.count, 1)
            a.present(b, animated: true)
            XCTAssertEqual(log.entries, ["b.viewWillAppear(true) presented"], "the presenter stays: no callbacks for it")
            let card = CGRect(x: 0, y: 150 * 0.04 + 10, width: 200, height: 150 - 16)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let p = systemSpringProgress(0.1)
            XCTAssertEqual(Double(shownY(b.view)), Double(card.midY) + 150 * (1 - p), accuracy: 0.05, "the card slides up")
            XCTAssertEqual(Double(a.view.layer.presentation()?.transform.m11 ?? -1), 1 - 0.08 * p, accuracy: 1e-3,
                           "the presenter scales back on the same spring")
            let dimming = try XCTUnwrap(b.presentationController?.containerView?.subviews.first { $0 !== b.view })
            XCTAssertEqual(shownAlpha(dimming), 0.25 * p, accuracy: 1e-3)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(log.entries, ["b.viewWillAppear(true) presented", "b.viewDidAppear(true) presented"])
            XCTAssertEqual(b.view.frame, card)
            XCTAssertEqual(b.view.layer.cornerRadius, 10)
            XCTAssertEqual(b.view.layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner])
            XCTAssertEqual(a.view.transform, CGAffineTransform(scaleX: 0.92, y: 0.92))
            XCTAssertTrue(a.view.window === stage.window)
            XCTAssertFalse(b.presentationController?.shouldRemovePresentersView ?? true)
            b.dismiss(animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(a.view.layer.presentation()?.transform.m11 ?? -1), 0.92 + 0.08 * p, accuracy: 1e-3)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(a.view.transform, .identity)
            XCTAssertEqual(b.view.layer.cornerRadius, 0, "the card's corners are put back")
            XCTAssertFalse(b.view.layer.masksToBounds)
            XCTAssertEqual(stage.window.subviews.count, 1)
            XCTAssertEqual(log.entries.suffix(2), ["b.viewWillDisappear(true) dismissed", "b.viewDidDisappear(true) dismissed"])
        }
    }

    func testSwipeDownOnTheCardCancelsWhenShortAndDismissesPastHalfway() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            stage.presentB()
            let cardMidY = b.view.frame.midY
            stage.drag(from: CGPoint(x: 100, y: 40), by: 40)
            XCTAssertEqual(Double(shownY(b.view)), Double(cardMidY) + 40, accuracy: 0.05, "the card follows the finger")
            XCTAssertEqual(Double(a.view.layer.presentation()?.transform.m11 ?? -1), 0.92 + 0.08 * 40 / 150, accuracy: 1e-3,
                           "the presenter is scrubbed with it")
            XCTAssertTrue(b.transitionCoordinator?.isInteractive ?? false)
            stage.host.releasePointer(at: CGPoint(x: 100, y: 80))
            stage.host.advance(by: 1)
            XCTAssertTrue(a.presentedViewController === b, "released at 40 of 150 points, slowly: cancelled")
            XCTAssertEqual(b.view.frame.midY, cardMidY)
            XCTAssertEqual(a.view.transform, CGAffineTransform(scaleX: 0.92, y: 0.92))
            XCTAssertEqual(log.entries.suffix(3), ["b.viewWillDisappear(true) dismissed", "b.viewWillAppear(true)", "b.viewDidAppear(true)"])
            log.clear()
            stage.drag(from: CGPoint(x: 100, y: 40), by: 88)
            stage.host.releasePointer(at: CGPoint(x: 100, y: 128))
            stage.host.advance(by: 1)
            XCTAssertNil(a.presentedViewController, "past half way: dismissed")
            XCTAssertEqual(a.view.transform, .identity)
            XCTAssertEqual(log.entries, ["b.viewWillDisappear(true) dismissed", "b.viewDidDisappear(true) dismissed"])
            XCTAssertEqual(stage.window.layer.speed, 1)
        }
    }

    func testCrossDissolveFadesThePresentedViewInAndOut() throws {
        try onMain {
            let stage = try PresentationStage()
            let a = stage.a, b = stage.b
            b.modalTransitionStyle = .crossDissolve
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true)
            commitNow(stage.host)
            for (step, t) in [(0.1, 0.1), (0.15, 0.25), (0.15, 0.4)] {
                stage.host.advance(by: step)
                XCTAssertEqual(shownAlpha(b.view), referenceBezier(easeInOutPoints.0, easeInOutPoints.1, at: t / 0.5), accuracy: 2e-3, "at \(t) s")
                XCTAssertEqual(Double(shownY(b.view)), 75, accuracy: 1e-9, "it does not move")
            }
            stage.host.advance(by: 0.2)
            XCTAssertEqual(b.view.alpha, 1)
            b.dismiss(animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(b.view), 0.5, accuracy: 2e-3, "half way out at half time")
            stage.host.advance(by: 0.35)
            XCTAssertNil(b.presentingViewController)
            XCTAssertEqual(b.view.alpha, 1, "the animator puts alpha back")
        }
    }

    func testFlipHorizontalTurnsTheWindowAndEnds() throws {
        try onMain {
            let stage = try PresentationStage()
            let a = stage.a, b = stage.b, log = stage.log
            b.modalTransitionStyle = .flipHorizontal
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true) { log.append("completion") }
            commitNow(stage.host)
            let flip = stage.window.layer.animation(forKey: "transition") as? CATransition
            XCTAssertEqual(flip?.type.rawValue, "flipFromRight")
            XCTAssertEqual(flip?.duration, 0.5)
            stage.host.advance(by: 0.6)
            XCTAssertEqual(log.entries.last, "completion")
            XCTAssertFalse(b.view.isHidden)
            b.dismiss(animated: true)
            commitNow(stage.host)
            XCTAssertEqual((stage.window.layer.animation(forKey: "transition") as? CATransition)?.type.rawValue, "flipFromLeft")
            stage.host.advance(by: 0.6)
            XCTAssertNil(a.presentedViewController)
            XCTAssertTrue(a.view.window === stage.window)
        }
    }

    func testCustomAnimatorAndPresentationControllerFromTheTransitioningDelegate() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            let transitions = ModalTransitions(log: log)
            b.modalPresentationStyle = .custom
            b.transitioningDelegate = transitions
            a.present(b, animated: true) { log.append("completion") }
            XCTAssertEqual(log.entries, ["presentationController(source a)", "animator(presenting a, source a)",
                                         "b.viewWillAppear(true) presented", "pc.presentationTransitionWillBegin", "animate"])
            let context = try XCTUnwrap(transitions.animator.context)
            let half = CGRect(x: 0, y: 75, width: 200, height: 75)
            XCTAssertEqual(context.finalFrame(for: b), half)
            XCTAssertEqual(context.presentationStyle, .custom)
            XCTAssertNil(context.view(forKey: .from), "the presenter's view is not removed: no from view")
            XCTAssertTrue(context.view(forKey: .to) === b.view)
            XCTAssertTrue(context.containerView === b.presentationController?.containerView)
            XCTAssertTrue(b.presentationController?.presentingViewController === a)
            commitNow(stage.host)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(shownAlpha(b.view), 0.5, accuracy: 1e-6, "the custom 1 s linear fade")
            stage.host.advance(by: 0.6)
            XCTAssertEqual(log.entries.suffix(4), ["pc.presentationTransitionDidEnd(true)", "b.viewDidAppear(true) presented",
                                                   "completion", "animationEnded(true)"])
            XCTAssertEqual(b.view.frame, half)
            XCTAssertTrue(a.view.window === stage.window)
            log.clear()
            b.presentationController?.containerView?.setNeedsLayout()
            stage.frame()
            XCTAssertEqual(log.entries, ["pc.containerViewWillLayoutSubviews", "pc.containerViewDidLayoutSubviews"])
            log.clear()
            a.dismiss(animated: true)
            XCTAssertEqual(log.entries, ["animator(dismissed b)", "b.viewWillDisappear(true) dismissed", "pc.dismissalTransitionWillBegin", "animate"])
            stage.host.advance(by: 1.2)
            XCTAssertTrue(log.entries.contains("pc.dismissalTransitionDidEnd(true)"))
            XCTAssertNil(b.presentationController)
        }
    }

    func testPercentDrivenDismissalCancelledKeepsThePresentation() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            let transitions = ModalTransitions(log: log)
            b.modalPresentationStyle = .fullScreen
            b.transitioningDelegate = transitions
            stage.presentB()
            let interaction = UIPercentDrivenInteractiveTransition()
            transitions.dismissal = interaction
            log.clear()
            b.dismiss(animated: true)
            interaction.update(0.4)
            stage.frame()
            XCTAssertEqual(shownAlpha(b.view), 0.6, accuracy: 1e-6, "scrubbed to 40 % of the fade out")
            XCTAssertTrue(a.view.window != nil)
            interaction.cancel()
            stage.host.advance(by: 1)
            XCTAssertTrue(a.presentedViewController === b, "cancelled: still presented")
            XCTAssertNil(a.view.superview, "the presenter's view leaves again")
            XCTAssertTrue(b.view.window === stage.window)
            XCTAssertEqual(log.entries.suffix(5), ["a.viewWillDisappear(true)", "b.viewWillAppear(true)",
                                                   "a.viewDidDisappear(true)", "b.viewDidAppear(true)", "animationEnded(false)"])
            transitions.dismissal = nil
            b.dismiss(animated: false)
            stage.frame()
            stage.frame()
            XCTAssertNil(a.presentedViewController)
        }
    }

    func testCancelledInteractivePresentationIsUndone() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            let transitions = ModalTransitions(log: log)
            let interaction = UIPercentDrivenInteractiveTransition()
            transitions.presentation = interaction
            b.modalPresentationStyle = .fullScreen
            b.transitioningDelegate = transitions
            a.present(b, animated: true) { log.append("not called") }
            interaction.update(0.3)
            stage.frame()
            XCTAssertEqual(shownAlpha(b.view), 0.3, accuracy: 1e-6)
            XCTAssertTrue(b.transitionCoordinator?.isInteractive ?? false)
            interaction.cancel()
            stage.host.advance(by: 0.5)
            XCTAssertNil(a.presentedViewController)
            XCTAssertNil(b.presentingViewController)
            XCTAssertNil(b.view.window)
            XCTAssertTrue(a.view.window === stage.window)
            XCTAssertEqual(stage.window.subviews.count, 1)
            XCTAssertEqual(log.entries.suffix(5), ["b.viewWillDisappear(true)", "a.viewWillAppear(true)",
                                                   "b.viewDidDisappear(true)", "a.viewDidAppear(true)", "animationEnded(false)"])
            XCTAssertFalse(log.entries.contains("not called"))
        }
    }

    func testPresentedControllerPresentsFullScreenAndGetsItsViewBackThenIsFreed() throws {
        try onMain {
            let stage = try PresentationStage()
            let a = stage.a
            weak var weakC: LoggingController?
            do {
                let b = stage.b
                let c = LoggingController("c", log: stage.log)
                weakC = c
                stage.presentB()
                let container = b.view.superview
                c.modalPresentationStyle = .fullScreen
                b.present(c, animated: true)
                stage.host.advance(by: 0.6)
                XCTAssertNil(b.view.superview, "c covers the screen: b's view leaves its container")
                XCTAssertTrue(c.presentingViewController === b)
                c.dismiss(animated: true)
                stage.host.advance(by: 0.6)
                XCTAssertTrue(b.view.superview === container, "b's view is back in its own container")
                XCTAssertNil(b.presentedViewController)
                a.dismiss(animated: true)
                stage.host.advance(by: 0.6)
            }
            XCTAssertNil(weakC, "the dismissed controller is freed")
            XCTAssertNil(a.presentedViewController)
        }
    }

    func testChildPresentsThroughItsRootAndDismissesFromTheChild() throws {
        try onMain {
            let stage = try PresentationStage(inNavigation: true)
            let a = stage.a, b = stage.b
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: false)
            stage.frame()
            stage.frame()
            let navigation = try XCTUnwrap(a.navigationController)
            XCTAssertTrue(b.presentingViewController === navigation, "the root of the hierarchy presents")
            XCTAssertTrue(a.presentedViewController === b)
            XCTAssertNil(navigation.view.superview)
            a.dismiss(animated: false)
            stage.frame()
            stage.frame()
            XCTAssertNil(navigation.presentedViewController)
            XCTAssertTrue(navigation.view.window === stage.window)
        }
    }

    func testMisuseIsDiagnosedAndLeavesThePresentationConsistent() throws {
        try onMain {
            let stage = try PresentationStage()
            let log = stage.log, a = stage.a, b = stage.b
            let c = LoggingController("c", log: log)
            a.dismiss(animated: true) { log.append("not called") }
            XCTAssertTrue(stage.diagnostics.last?.contains("neither presents nor is presented") ?? false, "\(stage.diagnostics)")
            a.present(b, animated: true)
            a.present(c, animated: true) { log.append("not called") }
            XCTAssertTrue(stage.diagnostics.last?.contains("already presenting") ?? false, "\(stage.diagnostics)")
            b.present(c, animated: true)
            XCTAssertTrue(stage.diagnostics.last?.contains("transition is under way") ?? false, "\(stage.diagnostics)")
            b.dismiss(animated: true)
            XCTAssertTrue(stage.diagnostics.last?.contains("while a presentation transition runs") ?? false, "\(stage.diagnostics)")
            stage.host.advance(by: 0.6)
            c.present(LoggingController("e", log: log), animated: false)
            XCTAssertTrue(stage.diagnostics.last?.contains("not in a window") ?? false, "\(stage.diagnostics)")
            b.present(c, animated: false)
            stage.frame()
            stage.frame()
            let d = LoggingController("d", log: log)
            d.present(c, animated: false)
            XCTAssertTrue(stage.diagnostics.last?.contains("already presented by") ?? false, "\(stage.diagnostics)")
            XCTAssertEqual(stage.diagnostics.count, 6)
            XCTAssertFalse(log.entries.contains("not called"))
            XCTAssertTrue(a.presentedViewController === b && b.presentedViewController === c)
            a.dismiss(animated: true) { log.append("dismissed all") }
            XCTAssertNil(b.presentedViewController, "the one above goes at once")
            XCTAssertNil(c.view.window)
            stage.host.advance(by: 0.6)
            XCTAssertEqual(log.entries.last, "dismissed all")
            XCTAssertNil(a.presentedViewController)
            XCTAssertEqual(stage.window.subviews.count, 1)
        }
    }
}

/// A headless window (200×150 unless told) at 60 frames per second whose root is `a`
/// controller with root `a`), shown and rendered; `b` is the controller to present;
/// diagnostics are collected.
@MainActor
final class PresentationStage {
    let host: HeadlessHost
    let window: UIWindow
    let log = EventLog()
    let a: LoggingController
    let b: LoggingController
    var diagnostics: [String] = []

    init(inNavigation: Bool = false, size: CGSize = CGSize(width: 200, height: 150)) throws {
        a = LoggingController("a", log: log)
        b = LoggingController("b", log: log)
        host = try HeadlessHost(size: size, framesPerSecond: 60)
        window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.rootViewController = inNavigation ? UINavigationController(rootViewController: a) : a
        host.show(window)
        host.runLoop.engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        frame()
        log.clear()
    }

    /// Presents `b` from `a` without animation, lets it end, and clears the log.
    func presentB() {
        a.present(b, animated: false)
        frame()
        frame()
        log.clear()
    }

    /// One frame of virtual time.
    func frame() { host.advance(by: 1.0 / 60) }

    /// Presses at `start` and moves down `distance` points in 8-point steps two frames apart
    /// (240 points per second), without releasing.
    func drag(from start: CGPoint, by distance: CGFloat) {
        host.pressPointer(at: start)
        var moved: CGFloat = 0
        while moved < distance {
            frame()
            frame()
            moved = min(distance, moved + 8)
            host.movePointer(to: CGPoint(x: start.x, y: start.y + moved))
        }
        frame()
    }
}

/// A transitioning delegate giving a 1 s linear fade, a half-height presentation controller
/// for `.custom`, and `dismissal` as the dismissal's interaction controller; it logs.
@MainActor
final class ModalTransitions: UIViewControllerTransitioningDelegate {
    let log: EventLog
    let animator: ModalFadeAnimator
    var dismissal: UIPercentDrivenInteractiveTransition?
    var presentation: UIPercentDrivenInteractiveTransition?

    init(log: EventLog) {
        self.log = log
        animator = ModalFadeAnimator(log: log)
    }

    private func name(_ controller: UIViewController?) -> String { (controller as? LoggingController)?.name ?? "?" }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.append("animator(presenting \(name(presenting)), source \(name(source)))")
        animator.presenting = true
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.append("animator(dismissed \(name(dismissed)))")
        animator.presenting = false
        return animator
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        presentation
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        dismissal
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        log.append("presentationController(source \(name(source)))")
        return HalfHeightPresentationController(presentedViewController: presented, presenting: presenting, log: log)
    }
}

/// Shows the presented view in the bottom half of the container, and logs its calls.
@MainActor
final class HalfHeightPresentationController: UIPresentationController {
    let log: EventLog

    init(presentedViewController: UIViewController, presenting: UIViewController?, log: EventLog) {
        self.log = log
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        let bounds = containerView?.bounds ?? .zero
        return CGRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2)
    }
    override func containerViewWillLayoutSubviews() { log.append("pc.containerViewWillLayoutSubviews") }
    override func containerViewDidLayoutSubviews() { log.append("pc.containerViewDidLayoutSubviews") }
    override func presentationTransitionWillBegin() { log.append("pc.presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) { log.append("pc.presentationTransitionDidEnd(\(completed))") }
    override func dismissalTransitionWillBegin() { log.append("pc.dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) { log.append("pc.dismissalTransitionDidEnd(\(completed))") }
}

/// Fades the presented view in at its final frame (presenting) or out, 1 s linear.
@MainActor
final class ModalFadeAnimator: UIViewControllerAnimatedTransitioning {
    let log: EventLog
    var presenting = true
    var context: UIViewControllerContextTransitioning?

    init(log: EventLog) { self.log = log }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        log.append("animate")
        self.context = context
        let presenting = self.presenting
        let moving = context.view(forKey: presenting ? .to : .from)!
        if presenting {
            moving.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
            moving.alpha = 0
            context.containerView.addSubview(moving)
        }
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            moving.alpha = presenting ? 1 : 0
        }, completion: { _ in
            moving.alpha = 1
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { log.append("animationEnded(\(transitionCompleted))") }
}

/// The centre y shown now.
@MainActor
func shownY(_ view: UIView) -> CGFloat {
    view.layer.presentation()?.position.y ?? .nan
}
