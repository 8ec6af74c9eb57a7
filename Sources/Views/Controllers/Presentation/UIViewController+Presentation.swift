import Foundation
import Geometry
import Layers

extension UIViewController {
    /// The controller that presented this one, or this one's nearest presented ancestor
    /// (as UIKit); nil when not presented.
    public var presentingViewController: UIViewController? { presentationRoot.presentingStorage }

    /// The controller presented by this one or by its nearest container that presents (the
    /// root of the hierarchy for the full-screen styles, the controller defining the context
    /// for `.currentContext` and `.overCurrentContext`); nil when nothing is presented.
    public var presentedViewController: UIViewController? { presentingAncestor?.presentedStorage }

    /// The presentation controller of this controller's (or its nearest presented
    /// ancestor's) presentation; nil when not presented.
    public var presentationController: UIPresentationController? { presentationRoot.presentationControllerStorage }

    /// True from `present` until the presented controller's `viewDidAppear` ran (so its
    /// `viewWillAppear` and `viewDidAppear` see true), as UIKit.
    public var isBeingPresented: Bool { beingPresented }

    /// True from `dismiss` until the dismissed controller's `viewDidDisappear` ran.
    public var isBeingDismissed: Bool { beingDismissed }

    /// The top of this controller's container hierarchy: the controller that presents for it.
    var presentationRoot: UIViewController {
        var controller = self
        while let parent = controller.parentStorage { controller = parent }
        return controller
    }

    /// This controller or its nearest parent that presents a controller.
    private var presentingAncestor: UIViewController? {
        var controller: UIViewController? = self
        while let current = controller {
            if current.presentedStorage != nil { return current }
            controller = current.parentStorage
        }
        return nil
    }

    /// The controller presenting a `.currentContext` or `.overCurrentContext` presentation
    /// asked of this one, by Apple's rule: this controller or its nearest parent whose
    /// `definesPresentationContext` is true, else the root of the hierarchy (the window's root
    /// view controller, or the presented controller this one is in).
    var presentationContext: UIViewController {
        var controller: UIViewController? = self
        while let current = controller {
            if current.definesPresentationContext { return current }
            controller = current.parentStorage
        }
        return presentationRoot
    }

    /// The work of `present(_:animated:completion:)` (kept here: members of an extension cannot be overridden).
    func presentationPresent(_ presented: UIViewController, animated: Bool, completion: (() -> Void)?) {
        let style = presented.modalPresentationStyle
        let inContext = style == .currentContext || style == .overCurrentContext
        let presenter = inContext ? presentationContext : presentationRoot
        let refuse = { (rule: String) in
            viewControllerDiagnostic("present: cannot present \(describe(presented)) from \(describe(self)): \(rule); ignored")
        }
        if let current = presenter.presentedStorage {
            return refuse("\(describe(presenter)) is already presenting \(describe(current))")
        }
        if let other = presented.presentingStorage {
            return refuse("it is already presented by \(describe(other))")
        }
        if presented.parentStorage != nil || presented === presenter {
            return refuse("it is in a container or is the presenter")
        }
        if presenter.presentationTransition != nil || presenter.presentingStorage?.presentationTransition != nil
            || transitionCoordinator != nil {
            return refuse("a transition is under way")
        }
        guard let window = presenter.viewIfLoaded?.window else {
            return refuse("the view of \(describe(presenter)) is not in a window")
        }
        if presented.modalTransitionStyle == .partialCurl,
           style != .fullScreen || presenter.view.convert(presenter.view.bounds, to: window) != window.bounds {
            return refuse(".partialCurl needs the .fullScreen presentation style (it has .\(style)) and a presenter whose view fills its window")
        }
        let controller: UIPresentationController
        if style == .custom {
            controller = presented.transitioningDelegate?.presentationController(forPresented: presented, presenting: presenter, source: self)
                ?? UIPresentationController(presentedViewController: presented, presenting: presenter)
        } else if style == .pageSheet || style == .formSheet {
            controller = SheetPresentationController(presentedViewController: presented, presenting: presenter)
        } else {
            let keeps = style == .overFullScreen || style == .overCurrentContext
            controller = SystemPresentationController(presentedViewController: presented, presenting: presenter, removesPresentersView: !keeps)
        }
        controller.presentingViewController = presenter
        controller.transitionStyle = inContext && presenter.providesPresentationContextTransitionStyle
            ? presenter.modalTransitionStyle : presented.modalTransitionStyle
        let contextView = presenter.view!
        let host = inContext ? contextView.superview ?? window : window
        let container = PresentationContainerView(frame: inContext ? contextView.frame : window.bounds)
        container.autoresizingMask = inContext ? contextView.autoresizingMask : [.flexibleWidth, .flexibleHeight]
        container.clipsToBounds = inContext
        container.presentationController = controller
        host.addSubview(container)
        controller.containerView = container
        presenter.presentedStorage = presented
        presented.presentingStorage = presenter
        presented.presentationControllerStorage = controller
        presented.beingPresented = true
        presented.loadViewIfNeeded()

        let custom = animated ? presented.transitioningDelegate?.animationController(forPresented: presented, presenting: presenter, source: self) : nil
        let animator = custom ?? (animated ? ModalTransitionAnimator(style: controller.transitionStyle, presenting: true) : ImmediateAnimator())
        let interaction = custom.flatMap { presented.transitioningDelegate?.interactionControllerForPresentation(using: $0) }
        let removes = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        controller.presentersSuperview = presenterView.superview
        controller.presentersIndex = presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0
        controller.presentersFrame = presenterView.frame
        let context = TransitionContext(
            container: container, timingView: window, from: presenter, to: presented,
            fromView: removes ? presenterView : nil, toView: controller.presentedView,
            initialFrames: [(presenter, presenterView.convert(presenterView.bounds, to: container))],
            finalFrames: [(presented, controller.frameOfPresentedViewInContainerView)], animated: animated,
            animator: animator, interaction: interaction) { completed in
                presenter.presentationEnded(presented, controller: controller, removes: removes, animated: animated,
                                            completed: completed, completion: completion)
            }
        presenter.adopt(context, style: style, presented: presented)
        if removes { presenter.beginDisappearance(animated: animated) }
        presented.beginAppearance(animated: animated)
        controller.presentationTransitionWillBegin()
        context.start()
    }

    /// Makes `context` this presenter's transition and the coordinator of both controllers.
    private func adopt(_ context: TransitionContext, style: UIModalPresentationStyle, presented: UIViewController) {
        context.presentationStyle = style
        context.alongsideOptions = UIView.AnimationOptions(rawValue: AnimationBlock.systemSpringCurve << 16)
        presentationTransition = context
        presented.coordinatorStorage = context
        coordinatorStorage = context
    }

    private func forgetTransition(presented: UIViewController) {
        presentationTransition = nil
        coordinatorStorage = nil
        presented.coordinatorStorage = nil
    }

    private func presentationEnded(_ presented: UIViewController, controller: UIPresentationController, removes: Bool,
                                   animated: Bool, completed: Bool, completion: (() -> Void)?) {
        forgetTransition(presented: presented)
        let presenterView = view!
        controller.presentationTransitionDidEnd(completed)
        if completed {
            if removes { presenterView.removeFromSuperview() } else { restore(presenterView, from: controller) }
            presented.endAppearance()
            presented.beingPresented = false
            if removes { endDisappearance() }
            completion?()
        } else {
            restore(presenterView, from: controller)
            presented.beingPresented = false
            presented.beginDisappearance(animated: animated)
            if removes { beginAppearance(animated: animated) }
            tearDown(presented, controller: controller)
            presented.endDisappearance()
            if removes { endAppearance() }
        }
    }

    /// Puts the presenter's view back where it was before the presentation (an animator may
    /// have moved it into the container): below the container when they share a superview.
    private func restore(_ presenterView: UIView, from controller: UIPresentationController) {
        guard let superview = controller.presentersSuperview else { return }
        guard presenterView.superview !== superview else { return }
        UIView.performWithoutAnimation {
            presenterView.frame = controller.presentersFrame
            if let container = controller.containerView, container.superview === superview {
                superview.insertSubview(presenterView, belowSubview: container)
            } else {
                superview.insertSubview(presenterView, at: min(controller.presentersIndex, superview.subviews.count))
            }
        }
    }

    /// Forgets the presentation of `presented` and removes its views.
    private func tearDown(_ presented: UIViewController, controller: UIPresentationController) {
        controller.presentedView?.removeFromSuperview()
        presented.viewIfLoaded?.removeFromSuperview()
        controller.containerView?.removeFromSuperview()
        controller.containerView = nil
        presentedStorage = nil
        presented.presentingStorage = nil
        presented.presentationControllerStorage = nil
    }

    /// The work of `dismiss(animated:completion:)` (kept here: members of an extension cannot be overridden).
    func presentationDismiss(animated: Bool, completion: (() -> Void)?,
                             systemInteraction: UIViewControllerInteractiveTransitioning? = nil) {
        let presenter: UIViewController
        if let holder = presentingAncestor {
            presenter = holder
        } else if let other = presentationRoot.presentingStorage {
            presenter = other
        } else {
            return viewControllerDiagnostic("dismiss: \(describe(self)) neither presents nor is presented; nothing dismissed")
        }
        guard let presented = presenter.presentedStorage, let controller = presented.presentationControllerStorage else { return }
        if presenter.presentationTransition != nil || presented.presentationTransition != nil {
            return viewControllerDiagnostic("dismiss: \(describe(presented)) presented by \(describe(presenter)) cannot be dismissed while a presentation transition runs; ignored")
        }
        presented.dismissPresentedAtOnce()

        let removes = controller.shouldRemovePresentersView
        let presenterView = presenter.view!
        if removes { presenter.restore(presenterView, from: controller) }
        let container = controller.containerView ?? presenterView
        presented.beingDismissed = true
        let custom = animated ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
        let animator = custom ?? (animated ? ModalTransitionAnimator(style: controller.transitionStyle, presenting: false) : ImmediateAnimator())
        let interaction = custom.map { presented.transitioningDelegate?.interactionControllerForDismissal(using: $0) } ?? systemInteraction
        let presentedView = controller.presentedView
        let context = TransitionContext(
            container: container, timingView: container.window ?? container, from: presented, to: presenter,
            fromView: presentedView, toView: removes ? presenterView : nil,
            initialFrames: [(presented, presentedView?.frame ?? .zero)],
            finalFrames: [(presenter, presenterView.convert(presenterView.bounds, to: container))], animated: animated,
            animator: animator, interaction: interaction) { completed in
                presenter.dismissalEnded(presented, controller: controller, removes: removes,
                                         animated: animated, completed: completed, completion: completion)
            }
        presenter.adopt(context, style: presented.modalPresentationStyle, presented: presented)
        presented.beginDisappearance(animated: animated)
        if removes { presenter.beginAppearance(animated: animated) }
        controller.dismissalTransitionWillBegin()
        context.start()
    }

    private func dismissalEnded(_ presented: UIViewController, controller: UIPresentationController, removes: Bool,
                                animated: Bool, completed: Bool, completion: (() -> Void)?) {
        forgetTransition(presented: presented)
        let presenterView = view!
        restore(presenterView, from: controller)
        controller.dismissalTransitionDidEnd(completed)
        if completed {
            tearDown(presented, controller: controller)
            if removes { endAppearance() }
            presented.endDisappearance()
            presented.beingDismissed = false
            completion?()
        } else {
            if let presentedView = controller.presentedView, let container = controller.containerView,
               presentedView.superview == nil {
                container.addSubview(presentedView)
            }
            presented.beingDismissed = false
            if removes {
                beginDisappearance(animated: animated)
                presenterView.removeFromSuperview()
            }
            presented.beginAppearance(animated: animated)
            if removes { endDisappearance() }
            presented.endAppearance()
        }
    }

    /// Dismisses what this controller presents, and what that presents, at once without
    /// animation (the top first), for a dismissal lower in the chain.
    private func dismissPresentedAtOnce() {
        guard let presented = presentedStorage, let controller = presented.presentationControllerStorage else { return }
        presented.dismissPresentedAtOnce()
        let removes = controller.shouldRemovePresentersView
        let presenterView = view!
        if removes { restore(presenterView, from: controller) }
        presented.beingDismissed = true
        presented.beginDisappearance(animated: false)
        if removes { beginAppearance(animated: false) }
        controller.dismissalTransitionWillBegin()
        controller.dismissalTransitionDidEnd(true)
        tearDown(presented, controller: controller)
        if removes { endAppearance() }
        presented.endDisappearance()
        presented.beingDismissed = false
    }
}
