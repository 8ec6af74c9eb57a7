import Foundation
import Geometry
import Layers

/// Kinescope's transition context and coordinator: one per container transition.
///
/// The container fills it in, then `start()` runs the animator (or hands the transition to the
/// interaction controller), with the alongside animations in a block of the same duration and
/// curve. `completeTransition(_:)` must be called once; if the animator never calls it, a
/// watchdog completes the transition `watchdogGrace` seconds after it should have ended (its
/// duration, or the interaction's end plus the rest of its duration at the completion speed)
/// with a diagnostic, so a faulty animator cannot leave a container stuck.
@MainActor
final class TransitionContext: UIViewControllerContextTransitioning, UIViewControllerTransitionCoordinator {
    /// How long after the expected end a transition that was never completed is completed.
    static let watchdogGrace: TimeInterval = 2

    let containerView: UIView
    /// The view whose layer an interaction pauses and scrubs (the container, or a view that
    /// also holds other views animated alongside, such as a navigation bar).
    let timingView: UIView
    let isAnimated: Bool
    /// `.none` for container transitions; a presentation sets its resolved style.
    var presentationStyle: UIModalPresentationStyle = .none
    let targetTransform: CGAffineTransform = .identity
    private(set) var isInteractive = false
    private(set) var initiallyInteractive = false
    private(set) var transitionWasCancelled = false
    private(set) var percentComplete: CGFloat = 0
    private(set) var isCompleted = false
    let animator: UIViewControllerAnimatedTransitioning
    let interaction: UIViewControllerInteractiveTransitioning?
    /// Whether an interaction took over `timingView`'s layer time; it is given back (speed 1,
    /// no offset) when the transition completes.
    var scrubsLayerTime = false
    /// The curve of the alongside animations of a transition that is not interactive.
    var alongsideOptions: UIView.AnimationOptions = []

    private let controllers: [UITransitionContextViewControllerKey: UIViewController]
    private let views: [UITransitionContextViewKey: UIView]
    private let initialFrames: [ObjectIdentifier: CGRect]
    private let finalFrames: [ObjectIdentifier: CGRect]
    private let onComplete: (Bool) -> Void
    private var alongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var alongsideCompletions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var started = false
    private var deadline: CFTimeInterval?
    private var watchdog: CADisplayLink?

    init(container: UIView, timingView: UIView, from: UIViewController, to: UIViewController,
         fromView: UIView?, toView: UIView?, initialFrames: [(UIViewController, CGRect)], finalFrames: [(UIViewController, CGRect)],
         animated: Bool, animator: UIViewControllerAnimatedTransitioning, interaction: UIViewControllerInteractiveTransitioning?,
         completion: @escaping (Bool) -> Void) {
        containerView = container
        self.timingView = timingView
        controllers = [.from: from, .to: to]
        var views: [UITransitionContextViewKey: UIView] = [:]
        views[.from] = fromView
        views[.to] = toView
        self.views = views
        self.initialFrames = Dictionary(initialFrames.map { (ObjectIdentifier($0.0), $0.1) }, uniquingKeysWith: { a, _ in a })
        self.finalFrames = Dictionary(finalFrames.map { (ObjectIdentifier($0.0), $0.1) }, uniquingKeysWith: { a, _ in a })
        isAnimated = animated
        self.animator = animator
        self.interaction = interaction
        onComplete = completion
    }

    var transitionDuration: TimeInterval {
        let d = animator.transitionDuration(using: self)
        return d.isFinite ? max(0, d) : 0
    }
    var isInterruptible: Bool { animator.interruptibleAnimator(using: self) != nil }
    var isCancelled: Bool { transitionWasCancelled }
    var completionVelocity: CGFloat { interaction?.completionSpeed ?? 1 }
    var completionCurve: UIView.AnimationCurve { interaction?.completionCurve ?? .easeInOut }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { controllers[key] }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { views[key] }
    func initialFrame(for vc: UIViewController) -> CGRect { initialFrames[ObjectIdentifier(vc)] ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { finalFrames[ObjectIdentifier(vc)] ?? .zero }

    /// Runs the transition: interactive when an interaction controller wants an interactive
    /// start, otherwise the animator's animations with the alongside ones, and the watchdog.
    func start() {
        if let interaction, interaction.wantsInteractiveStart {
            isInteractive = true
            initiallyInteractive = true
            interaction.startInteractiveTransition(self)
        } else {
            percentComplete = 1
            runAnimations(alongsideOptions: alongsideOptions)
            armWatchdog(after: transitionDuration)
        }
    }

    /// Calls the animator and then the alongside animations in a block of the transition's
    /// duration, all in one transaction so they start together. Used by `start()` and by the
    /// percent-driven interaction (inside its paused layer).
    func runAnimations(alongsideOptions options: UIView.AnimationOptions) {
        started = true
        CATransaction.begin()
        animator.animateTransition(using: self)
        let blocks = alongside
        alongside = []
        if !blocks.isEmpty {
            let duration = transitionDuration
            let run = { for block in blocks { block(self) } }
            if isAnimated, duration > 0 {
                UIView.animate(withDuration: duration, delay: 0, options: options, animations: run)
            } else {
                UIView.performWithoutAnimation(run)
            }
        }
        CATransaction.commit()
    }

    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !started, !isCompleted else { return false }
        if let animation { alongside.append(animation) }
        if let completion { alongsideCompletions.append(completion) }
        return true
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        interactionHandlers.append(handler)
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard !isCompleted else { return }
        self.percentComplete = percentComplete
    }

    func finishInteractiveTransition() {
        endInteraction(cancelled: false)
    }

    func cancelInteractiveTransition() {
        endInteraction(cancelled: true)
    }

    func pauseInteractiveTransition() {
        guard !isCompleted, !isInteractive else { return }
        isInteractive = true
        disarmWatchdog()
    }

    private func endInteraction(cancelled: Bool) {
        guard !isCompleted, isInteractive else { return }
        isInteractive = false
        transitionWasCancelled = cancelled
        let remaining = cancelled ? percentComplete : 1 - percentComplete
        let speed = max(0.01, completionVelocity.isFinite ? completionVelocity : 1)
        armWatchdog(after: transitionDuration * Double(remaining) / Double(speed))
        let handlers = interactionHandlers
        interactionHandlers = []
        for handler in handlers { handler(self) }
    }

    func completeTransition(_ didComplete: Bool) {
        guard !isCompleted else {
            viewControllerDiagnostic("completeTransition(\(didComplete)) called again for the transition from \(describe(controllers[.from])) to \(describe(controllers[.to])); ignored")
            return
        }
        isCompleted = true
        isInteractive = false
        disarmWatchdog()
        if !didComplete { transitionWasCancelled = true }
        if scrubsLayerTime {
            let layer = timingView.layer
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
        }
        let completions = alongsideCompletions
        alongsideCompletions = []
        for completion in completions { completion(self) }
        onComplete(didComplete)
        animator.animationEnded(didComplete)
    }

    private func armWatchdog(after seconds: TimeInterval) {
        deadline = CACurrentMediaTime() + seconds + Self.watchdogGrace
        guard watchdog == nil else { return }
        let link = CADisplayLink { [weak self] _ in
            MainActor.assumeIsolated { self?.checkWatchdog() }
        }
        link.add(to: .main, forMode: .common)
        watchdog = link
    }

    private func disarmWatchdog() {
        deadline = nil
        watchdog?.invalidate()
        watchdog = nil
    }

    private func checkWatchdog() {
        guard let deadline, !isCompleted, CACurrentMediaTime() >= deadline - 1e-9 else { return }
        viewControllerDiagnostic("the transition from \(describe(controllers[.from])) to \(describe(controllers[.to])) was not completed \(Self.watchdogGrace) s after its end (the animator never called completeTransition); completing it")
        completeTransition(!transitionWasCancelled)
    }
}
