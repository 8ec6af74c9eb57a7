import Foundation
import Geometry
import Layers

/// Names the two controllers of a transition in `viewController(forKey:)`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The controller visible at the start of the transition.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The controller visible at the end of the transition.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// Names the two views of a transition in `view(forKey:)`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The view going away.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view coming in.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// How a controller is presented (Apple's raw values); see `UIViewController.modalPresentationStyle`
/// for what each does in Kinescope. Container transitions report `.none`, as on iOS.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    /// Not a presentation: what navigation and container transitions report.
    case none = -1
    case automatic = -2
}

/// An object that animates one transition between two controllers' views (Apple's protocol).
///
/// In `animateTransition(using:)`, add the incoming view to `containerView`, animate (with
/// `UIView.animate`, a property animator or layer animations) and call
/// `completeTransition(!transitionContext.transitionWasCancelled)` when done.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// How long the transition lasts, seconds; the transition's coordinator and a
    /// percent-driven interaction use it.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// Runs the transition's animations.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// The animator running this transition's animations, when they are made with one: an
    /// interactive transition then scrubs it (`fractionComplete`) and finishes or reverses it,
    /// instead of scrubbing the layers' time. Default nil. Apple's return type is
    /// `UIViewImplicitlyAnimating`; Kinescope's animators adopt `UIViewAnimating`. Return the
    /// same object for every call during one transition.
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> (any UIViewAnimating)?
    /// Called after the transition completed (`true`) or was cancelled. Default: nothing.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> (any UIViewAnimating)? { nil }
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// The facts of a transition under way and the calls that drive it (Apple's protocol), given
/// to animators and interaction controllers. Kinescope's contexts are made by the containers
/// (`UINavigationController`).
@MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// The view in which the transition happens: the outgoing view is in it at the start;
    /// the animator adds the incoming one.
    var containerView: UIView { get }
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives it now (false once finished or cancelled).
    var isInteractive: Bool { get }
    /// Whether it was cancelled (`cancelInteractiveTransition()`).
    var transitionWasCancelled: Bool { get }
    /// The presentation style; `.none` for container transitions.
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation to apply during the transition; identity (Kinescope does not rotate).
    var targetTransform: CGAffineTransform { get }
    /// Records the interactive progress (0…1) for the transition's coordinator.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// Records that the interaction ended and the transition will complete.
    func finishInteractiveTransition()
    /// Records that the interaction ended and the transition will be undone.
    func cancelInteractiveTransition()
    /// Records that an interruptible transition went back under interactive control.
    func pauseInteractiveTransition()
    /// Ends the transition; call once, with `true` when it completed. A second call prints a
    /// diagnostic and is ignored. A transition never completed is completed by a watchdog
    /// (see `UINavigationController`).
    func completeTransition(_ didComplete: Bool)
    /// `.from` or `.to`.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// `.from` or `.to`: the views to animate (nil for a key with no view).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// Where `vc`'s view is at the start, in `containerView`; `.zero` when unknown or when
    /// the controller's view is not on screen at the start.
    func initialFrame(for vc: UIViewController) -> CGRect
    /// Where `vc`'s view must be at the end; `.zero` when it leaves the screen.
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An object that drives a transition from user input (Apple's protocol); see
/// `UIPercentDrivenInteractiveTransition`.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Starts driving the transition: set up its animations and follow the input.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// How fast the transition completes after the interaction ends, relative to its
    /// duration (2 completes the rest in half the time). Default 1.
    var completionSpeed: CGFloat { get }
    /// The curve of the completion after the interaction ends. Default `.easeInOut`.
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts interactive. Default true.
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// What a transition coordinator tells about its transition (Apple's protocol).
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition started interactive.
    var initiallyInteractive: Bool { get }
    /// Whether the transition can be interrupted (it runs on an interruptible animator).
    var isInterruptible: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    /// The transition's duration, seconds.
    var transitionDuration: TimeInterval { get }
    /// The interactive progress, 0…1 (1 for a transition that is not interactive).
    var percentComplete: CGFloat { get }
    /// The completion speed of the interaction controller (1 without one).
    var completionVelocity: CGFloat { get }
    /// The completion curve of the interaction controller (`.easeInOut` without one).
    var completionCurve: UIView.AnimationCurve { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var containerView: UIView { get }
    var targetTransform: CGAffineTransform { get }
}

/// Runs animations alongside a transition and tells when it ends (Apple's protocol); a
/// controller's `transitionCoordinator` during a push or pop.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` in the transition's animation (same start, duration and curve, and
    /// scrubbed with it when interactive), and `completion` after the transition ends. Returns
    /// false, running neither, once the transition's animations have started (Kinescope's
    /// rule: register in `viewWillAppear` / `viewWillDisappear`, as UIKit's docs advise).
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` when the interaction ends (finished or cancelled).
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

/// The animation of a modal presentation made without a custom animator (Apple's raw values).
public enum UIModalTransitionStyle: Int, Sendable {
    /// The presented view slides up from the bottom edge on the system spring for 0.5 s; it
    /// slides back down on dismissal. The default.
    case coverVertical = 0
    /// The whole window turns about its vertical axis from right to left (as
    /// `UIView.AnimationOptions.transitionFlipFromRight`), showing the presented view on the
    /// back; the dismissal turns back from left to right.
    case flipHorizontal = 1
    /// The presented view fades in over the presenter, and out on dismissal.
    case crossDissolve = 2
    /// The presenter's page curls up from the bottom edge part way (to progress
    /// `ModalTransitionAnimator.partialCurlProgress` of the `pageCurl` transition) and stays
    /// curled, uncovering the bottom of the presented view; a tap on the curled page
    /// dismisses, uncurling it (`pageUnCurl` from that progress). As on Apple, only for a
    /// `.fullScreen` presentation from a controller whose view fills its window: otherwise
    /// the presentation is refused with a diagnostic (Apple raises).
    case partialCurl = 3
}

/// Gives the objects that present and dismiss a controller (Apple's protocol), set as the
/// presented controller's `transitioningDelegate`. Every method is optional; nil means the
/// system's choice.
@MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    /// The animator of the presentation of `presented` by `presenting` (the controller that
    /// will be `presentingViewController`), asked by `source` (the controller `present` was
    /// called on); nil for the animation of `modalTransitionStyle`.
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The animator of the dismissal of `dismissed`; nil for the system's.
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// The interaction controller driving the presentation, asked only when
    /// `animationController(forPresented:presenting:source:)` gave an animator.
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// The interaction controller driving the dismissal, asked only when
    /// `animationController(forDismissed:)` gave an animator.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    /// The presentation controller of a `.custom` presentation (asked only for that style);
    /// nil for a plain `UIPresentationController`.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}
