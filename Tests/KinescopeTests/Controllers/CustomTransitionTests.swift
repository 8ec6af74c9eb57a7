import Kinescope
import XCTest

/// Custom animators and interaction controllers in a navigation controller: the context's
/// members, a percent-driven transition scrubbing layer time, an interruptible animator, the
/// edge pop with a custom animator, and the bad-input rules (percent out of range, a second
/// completeTransition, a transition never completed).
final class CustomTransitionTests: XCTestCase {
    func testContextDescribesThePush() throws {
        try onMain {
            let transitions = TransitionDelegate()
            let stage = try NavigationStage(delegate: transitions)
            let a = stage.a, b = stage.b
            stage.navigation.pushViewController(b, animated: true)
            let context = try XCTUnwrap(transitions.fade.context)
            XCTAssertTrue(context.viewController(forKey: .from) === a)
            XCTAssertTrue(context.viewController(forKey: .to) === b)
            XCTAssertTrue(context.view(forKey: .to) === b.view)
            XCTAssertTrue(context.view(forKey: .from) === a.view)
            XCTAssertTrue(a.view.superview === context.containerView)
            XCTAssertEqual(context.initialFrame(for: a), CGRect(x: 0, y: 0, width: 200, height: 150))
            XCTAssertEqual(context.finalFrame(for: b), CGRect(x: 0, y: 0, width: 200, height: 150))
            XCTAssertEqual(context.initialFrame(for: b), .zero, "b is not on screen at the start")
            XCTAssertTrue(context.isAnimated)
            XCTAssertFalse(context.isInteractive)
            XCTAssertEqual(context.presentationStyle, .none)
            XCTAssertEqual(context.targetTransform, .identity)
            XCTAssertEqual(transitions.operations, [.push])
            stage.host.advance(by: 1.1)
            XCTAssertEqual(transitions.fade.ended, [true])
            XCTAssertTrue(stage.navigation.topViewController === b)
        }
    }

    func testPercentDrivenPushScrubsTheAnimatorAndFinishes() throws {
        try onMain {
            let (transitions, interaction) = TransitionDelegate.percentDriven()
            let stage = try NavigationStage(delegate: transitions)
            let log = stage.log, b = stage.b
            log.clear()
            stage.navigation.pushViewController(b, animated: true)
            XCTAssertEqual(interaction.duration, 1)
            XCTAssertTrue(b.transitionCoordinator?.initiallyInteractive ?? false)
            for percent in [0.25, 0.75, 0.5] as [CGFloat] {
                interaction.update(percent)
                stage.frame()
                XCTAssertEqual(shownAlpha(b.view), Double(percent), accuracy: 1e-6, "scrubbed to \(percent)")
                XCTAssertEqual(b.transitionCoordinator?.percentComplete, percent)
            }
            stage.host.advance(by: 0.5)
            XCTAssertEqual(shownAlpha(b.view), 0.5, accuracy: 1e-6, "time does not move it")
            interaction.update(0.75)
            interaction.finish()
            XCTAssertFalse(b.transitionCoordinator?.isInteractive ?? true)
            stage.host.advance(by: 0.15)
            XCTAssertEqual(shownAlpha(b.view), 0.75 + 0.25 * referenceBezier(easeInOutPoints.0, easeInOutPoints.1, at: 0.6), accuracy: 2e-3,
                           "the rest plays on the completion curve")
            stage.host.advance(by: 0.25)
            XCTAssertTrue(stage.navigation.topViewController === b)
            XCTAssertEqual(log.entries.suffix(3), ["a.viewDidDisappear(true)", "b.viewDidAppear(true)", "b.didMove(nav)"])
            XCTAssertEqual(transitions.fade.ended, [true])
            XCTAssertEqual(transitions.fade.finishedFlags, [true], "the animations ran out")
            XCTAssertEqual(stage.navigation.view.layer.speed, 1)
            XCTAssertEqual(shownAlpha(b.view), 1, accuracy: 1e-6)
        }
    }

    func testPercentDrivenCancelPlaysBackAtTheCompletionSpeed() throws {
        try onMain {
            let (transitions, interaction) = TransitionDelegate.percentDriven()
            interaction.completionSpeed = 2
            interaction.completionCurve = .linear
            let stage = try NavigationStage(delegate: transitions)
            let a = stage.a, b = stage.b
            stage.navigation.pushViewController(b, animated: true)
            interaction.update(0.5)
            stage.frame()
            interaction.cancel()
            stage.host.advance(by: 0.15)
            XCTAssertEqual(shownAlpha(b.view), 0.5 - 0.5 * 0.15 / 0.25, accuracy: 2e-3, "back from half way in a quarter of the duration at speed 2")
            stage.host.advance(by: 0.25)
            XCTAssertTrue(same(stage.navigation.viewControllers, [a]), "cancelled: b never joined")
            XCTAssertNil(b.parent)
            XCTAssertNil(b.view.superview)
            XCTAssertTrue(a.view.superview != nil)
            XCTAssertEqual(transitions.fade.ended, [false])
            XCTAssertEqual(transitions.fade.wasCancelled, [true])
        }
    }

    func testUpdateToOneShowsTheEndButCompletesOnlyOnFinish() throws {
        try onMain {
            let (transitions, interaction) = TransitionDelegate.percentDriven()
            let stage = try NavigationStage(delegate: transitions)
            let b = stage.b
            stage.navigation.pushViewController(b, animated: true)
            interaction.update(1)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(shownAlpha(b.view), 1, accuracy: 1e-6, "the last frame shows")
            XCTAssertEqual(transitions.fade.finishedFlags, [], "the animator's 1 s animation has not ended")
            XCTAssertEqual(transitions.fade.ended, [], "nor has the transition, while the interaction holds it")
            interaction.update(0.5)
            stage.frame()
            XCTAssertEqual(shownAlpha(b.view), 0.5, accuracy: 1e-6, "and it can still go back")
            interaction.update(1)
            interaction.finish()
            stage.host.advance(by: 0.2)
            XCTAssertEqual(transitions.fade.ended, [true])
            XCTAssertEqual(transitions.fade.finishedFlags, [true])
            XCTAssertTrue(stage.navigation.topViewController === b)
        }
    }

    func testPercentOutOfRangeIsClampedAndNaNIgnoredWithDiagnostics() throws {
        try onMain {
            let (transitions, interaction) = TransitionDelegate.percentDriven()
            let stage = try NavigationStage(delegate: transitions)
            let b = stage.b
            stage.navigation.pushViewController(b, animated: true)
            interaction.update(0.4)
            interaction.update(.nan)
            XCTAssertEqual(interaction.percentComplete, 0.4)
            interaction.update(1.5)
            XCTAssertEqual(interaction.percentComplete, 1)
            interaction.update(-2)
            XCTAssertEqual(interaction.percentComplete, 0)
            XCTAssertEqual(stage.diagnostics.count, 3, "\(stage.diagnostics)")
            interaction.finish()
            stage.host.advance(by: 1.2)
            XCTAssertTrue(stage.navigation.topViewController === b)
        }
    }

    func testInterruptibleAnimatorIsScrubbedThroughFractionComplete() throws {
        try onMain {
            let (transitions, interaction) = TransitionDelegate.percentDriven()
            transitions.useInterruptible = true
            let stage = try NavigationStage(delegate: transitions)
            let b = stage.b
            stage.navigation.pushViewController(b, animated: true)
            interaction.update(0.3)
            stage.frame()
            XCTAssertEqual(transitions.interruptible.animator?.fractionComplete ?? -1, 0.3, accuracy: 1e-9)
            XCTAssertEqual(shownAlpha(b.view), 0.3, accuracy: 1e-6)
            XCTAssertTrue(b.transitionCoordinator?.isInterruptible ?? false)
            interaction.finish()
            stage.host.advance(by: 1)
            XCTAssertTrue(stage.navigation.topViewController === b)
            XCTAssertEqual(b.view.alpha, 1)
        }
    }

    func testEdgePopKeepsWorkingWithACustomAnimator() throws {
        try onMain {
            let transitions = TransitionDelegate()
            let stage = try NavigationStage(pushingB: true, delegate: transitions)
            let b = stage.b
            stage.host.pressPointer(at: CGPoint(x: 5, y: 75))
            for step in 1...10 {
                stage.frame()
                stage.frame()
                stage.host.movePointer(to: CGPoint(x: 5 + CGFloat(8 * step), y: 75))
            }
            XCTAssertEqual(transitions.operations, [.pop])
            XCTAssertEqual(shownAlpha(b.view), 1 - 0.4, accuracy: 1e-6, "the fade is scrubbed by the drag: 80 of 200 points")
            stage.host.releasePointer(at: CGPoint(x: 85, y: 75))
            stage.host.advance(by: 1.2)
            XCTAssertTrue(stage.navigation.topViewController === b, "released before half way at 240 points per second: cancelled")
            XCTAssertEqual(transitions.fade.ended, [false])
        }
    }

    func testSecondCompleteTransitionIsIgnoredAndAMissingOneIsCompletedByTheWatchdog() throws {
        try onMain {
            let transitions = TransitionDelegate()
            let stage = try NavigationStage(delegate: transitions)
            let log = stage.log, a = stage.a, b = stage.b, c = LoggingController("c", log: stage.log)
            transitions.misbehaving = .completesTwice
            stage.navigation.pushViewController(b, animated: true)
            stage.host.advance(by: 2.0 / 60)
            XCTAssertEqual(stage.diagnostics.count, 1)
            XCTAssertTrue(stage.diagnostics.first?.contains("completeTransition(true) called again") ?? false, "\(stage.diagnostics)")
            XCTAssertTrue(stage.navigation.topViewController === b)
            XCTAssertNil(a.view.superview)

            transitions.misbehaving = .neverCompletes
            log.clear()
            stage.navigation.pushViewController(c, animated: true)
            stage.host.advance(by: 2.4)
            XCTAssertFalse(log.entries.contains("c.viewDidAppear(true)"), "0.5 s + 2 s have not passed")
            stage.host.advance(by: 0.2)
            XCTAssertTrue(log.entries.contains("c.viewDidAppear(true)"))
            XCTAssertEqual(stage.diagnostics.count, 2)
            XCTAssertTrue(stage.diagnostics.last?.contains("never called completeTransition") ?? false)
            XCTAssertTrue(c.view.superview != nil && b.view.superview == nil)
        }
    }
}

/// Gives a 1 s linear fade for every operation, and `interaction` as its interaction controller.
@MainActor
final class TransitionDelegate: UINavigationControllerDelegate {
    enum Misbehaviour { case none, completesTwice, neverCompletes }
    let fade = FadeAnimator()
    let interruptible = InterruptibleFadeAnimator()
    var useInterruptible = false
    var interaction: UIPercentDrivenInteractiveTransition?
    var misbehaving = Misbehaviour.none
    var operations: [UINavigationController.Operation] = []

    /// A delegate whose transitions are driven by a new percent-driven interaction.
    static func percentDriven() -> (TransitionDelegate, UIPercentDrivenInteractiveTransition) {
        let delegate = TransitionDelegate()
        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        return (delegate, interaction)
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        operations.append(operation)
        fade.isPush = operation == .push
        switch misbehaving {
        case .none: return useInterruptible ? interruptible : fade
        case .completesTwice: return BadAnimator(completions: 2)
        case .neverCompletes: return BadAnimator(completions: 0)
        }
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}

/// Fades the incoming view in over the outgoing one (push) or the outgoing one out (pop), 1 s
/// linear, and records what the context said.
@MainActor
final class FadeAnimator: UIViewControllerAnimatedTransitioning {
    var context: UIViewControllerContextTransitioning?
    var ended: [Bool] = []
    var finishedFlags: [Bool] = []
    var wasCancelled: [Bool] = []
    var isPush = true

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        self.context = context
        let from = context.view(forKey: .from)!, to = context.view(forKey: .to)!
        let push = isPush
        to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
        if push {
            to.alpha = 0
            context.containerView.addSubview(to)
        } else {
            context.containerView.insertSubview(to, belowSubview: from)
        }
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            if push { to.alpha = 1 } else { from.alpha = 0 }
        }, completion: { finished in
            self.finishedFlags.append(finished)
            self.wasCancelled.append(context.transitionWasCancelled)
            from.alpha = 1
            if context.transitionWasCancelled, push { to.alpha = 1 }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

/// The fade made with a property animator, offered as the interruptible animator.
@MainActor
final class InterruptibleFadeAnimator: UIViewControllerAnimatedTransitioning {
    var animator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> (any UIViewAnimating)? {
        if let animator { return animator }
        let to = context.view(forKey: .to)!
        to.frame = context.finalFrame(for: context.viewController(forKey: .to)!)
        to.alpha = 0
        context.containerView.addSubview(to)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { to.alpha = 1 }
        animator.addCompletion { position in context.completeTransition(position == .end) }
        self.animator = animator
        return animator
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: context)?.startAnimation()
    }
}

/// Adds the incoming view and calls completeTransition `completions` times at once.
@MainActor
final class BadAnimator: UIViewControllerAnimatedTransitioning {
    let completions: Int
    init(completions: Int) { self.completions = completions }
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }
    func animateTransition(using context: UIViewControllerContextTransitioning) {
        context.containerView.addSubview(context.view(forKey: .to)!)
        for _ in 0..<completions { context.completeTransition(true) }
    }
}
