import Foundation
import Geometry
import Layers
import Transitions

/// Any registered Kinescope transition (`cube`, `rippleEffect`, `pageCurl`,
/// `CIBarsSwipeTransition`, the xfade wipes…) as a view-controller transition: return one from
/// `navigationController(_:animationControllerFor:from:to:)` or from a transitioning delegate's
/// `animationController(forPresented:presenting:source:)`, or hand it to any container that
/// runs `UIViewControllerAnimatedTransitioning` animators.
///
///     func navigationController(_ nc: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
///                               from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
///         try? KinescopeTransitionAnimator(name: "cube", parameters: ["subtype": "fromRight"])
///     }
///
/// `animateTransition(using:)` takes a picture of the outgoing view at its initial frame and of
/// the incoming view at its final frame (each view's layer tree drawn from its model values,
/// one pixel per point, placed by its `frame` in the container; its own transform is not
/// applied), hides the two real views and shows the transition between the pictures in a layer
/// laid over the container. That layer's progress is a Core Animation animation of the
/// transition's `duration` along `timingFunction` (linear while an interaction drives the
/// transition), so the frames follow the layer clock: a `UIPercentDrivenInteractiveTransition`
/// scrubs them (`update(_:)` shows exactly the frame at that percentage), finishes or cancels
/// them at its `completionSpeed` along its `completionCurve`, and a virtual clock records them
/// exactly. Each frame is drawn by `TransitionRenderer` into one of two bitmaps made when the
/// transition starts, and only when the progress changed. When the transition ends the layer
/// is removed, the real views are shown again (the container keeps the incoming one and
/// removes the outgoing one, or the other way round after a cancellation), and
/// `completeTransition(_:)` is called.
///
/// A side without a view (`view(forKey:)` nil, as in a presentation that keeps the presenter
/// on screen) is pictured from its controller's view where that view is in a window, at the
/// place it is shown; otherwise that side is transparent.
///
/// Direction (see `direction`): a backward transition — a pop, a dismissal, or a move to an
/// earlier child of the same container (a tab to the left) — plays the transition rewound by
/// default: the frame at progress p is the forward transition from the incoming picture to the
/// outgoing one at 1 − p, so a pop undoes its push (a cube pushed from the right turns back to
/// the left, a page curl uncurls), whatever the transition's own parameters.
@MainActor
public final class KinescopeTransitionAnimator: UIViewControllerAnimatedTransitioning {
    /// Which way the transition plays.
    public enum Direction: Sendable {
        /// `.reverse` for a backward transition (a pop: the outgoing controller
        /// `isMovingFromParent`; a dismissal: it `isBeingDismissed`; or a move to a controller
        /// that comes before the outgoing one among their common parent's `children`), else
        /// `.forward`. The default.
        case automatic
        /// The transition as made, from the outgoing picture to the incoming one.
        case forward
        /// The transition rewound: at progress p, the forward frame from the incoming picture
        /// to the outgoing one at 1 − p.
        case reverse
    }

    /// The duration of a transition made without one, seconds: 0.5, that of Kinescope's push
    /// and modal transitions.
    public static let defaultDuration: TimeInterval = 0.5

    /// The transition drawn (with its parameters as made).
    public let transition: any Transition
    /// How long the transition lasts, seconds. Values that are not finite or are negative count
    /// as 0 (the incoming view is installed at once).
    public var duration: TimeInterval
    /// The pacing of the progress when no interaction drives the transition. Default
    /// ease-in-ease-out; while interactive the progress is linear in the percentage.
    public var timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    /// Which way the transition plays. Default `.automatic`.
    public var direction: Direction = .automatic

    /// The transition registered under `name` (case-insensitive, as `kinescope list` shows
    /// them) with `parameters` given as text (`["subtype": "fromRight"]`, `["inputAngle":
    /// "1.57"]`), each validated. Throws the registry's error: an unknown name with the closest
    /// names as suggestions, an unknown key with the known ones, a value out of range with the
    /// valid range.
    public convenience init(name: String, parameters: [String: String] = [:],
                            duration: TimeInterval = KinescopeTransitionAnimator.defaultDuration) throws(TransitionError) {
        self.init(try TransitionRegistry.make(named: name, parameters: parameters), duration: duration)
    }

    /// `transition`, already made (`TransitionRegistry.make`, or a type's `init(parameters:)`).
    public init(_ transition: any Transition, duration: TimeInterval = KinescopeTransitionAnimator.defaultDuration) {
        self.transition = transition
        self.duration = duration
    }

    /// The transition a Core Image transition filter describes with its current values
    /// (`CIFilter(name: "CIBarsSwipeTransition")` with `inputAngle`, `inputWidth`…), as
    /// `CATransition.filter` draws it. Later changes to the filter do not change the animator.
    public convenience init(filter: CIFilter, duration: TimeInterval = KinescopeTransitionAnimator.defaultDuration) {
        self.init(filter.transition, duration: duration)
    }

    /// `duration`, or 0 when it is not finite or negative.
    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration.isFinite ? max(0, duration) : 0
    }

    /// Pictures the two sides, lays the transition's layer over the container and starts its
    /// progress animation (see the type's description). Without animation (`isAnimated` false
    /// or a duration of 0) the incoming view is installed and the transition completed on the
    /// next run-loop turn. One animator may run several transitions at once (each run keeps
    /// its own pictures until it ends).
    public func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let toView = context.view(forKey: .to)
        if let toView, toView.superview == nil, let to = context.viewController(forKey: .to) {
            UIView.performWithoutAnimation {
                toView.frame = context.finalFrame(for: to)
                container.addSubview(toView)
            }
        }
        let seconds = transitionDuration(using: context)
        guard context.isAnimated, seconds > 0 else {
            callOnNextTurn { context.completeTransition(!context.transitionWasCancelled) }
            return
        }
        let reversed = switch direction {
        case .automatic: context.viewController(forKey: .from).flatMap { from in
            context.viewController(forKey: .to).map { Self.isBackwardTransition(from: from, to: $0) }
        } ?? false
        case .forward: false
        case .reverse: true
        }
        // The run lives as long as its animation (which holds it as its delegate).
        TransitionFrameRun(context: context, transition: transition, reversed: reversed)
            .start(duration: seconds, timing: context.isInteractive ? CAMediaTimingFunction(name: .linear) : timingFunction)
    }

    /// Whether a transition from `from` to `to` goes back, the rule of `Direction.automatic`:
    /// `from` is being dismissed or popped (`isBeingDismissed`, `isMovingFromParent`), or both
    /// are children of one parent and `to` comes first among its `children` (in a navigation
    /// stack, a tab bar's tabs).
    public static func isBackwardTransition(from: UIViewController, to: UIViewController) -> Bool {
        if from.isBeingDismissed || from.isMovingFromParent { return true }
        guard let parent = from.parent, parent === to.parent,
              let fromIndex = parent.children.firstIndex(where: { $0 === from }),
              let toIndex = parent.children.firstIndex(where: { $0 === to }) else { return false }
        return toIndex < fromIndex
    }
}
