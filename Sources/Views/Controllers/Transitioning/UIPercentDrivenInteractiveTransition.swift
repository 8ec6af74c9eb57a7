import Foundation
import Geometry
import Layers

/// Drives a transition by a percentage, as UIKit's class: call `update(_:)` as the user's
/// finger moves, then `finish()` or `cancel()`.
///
///     // in a pan handler
///     case .changed: interaction.update(translation.x / view.bounds.width)
///     case .ended: velocity.x > 0 ? interaction.finish() : interaction.cancel()
///
/// As Apple builds it, the animator's animations are scrubbed through their layers' time: when
/// the transition starts, the layer of the transition's container (for a navigation
/// controller, its whole view, so that the bar's alongside animations follow) gets `speed` 0,
/// `animateTransition(using:)` runs, and each update sets `timeOffset` to the percentage of
/// the duration — so any animation made there (UIView blocks, Core Animation, transitions) is
/// shown at that moment. `finish()` plays the rest at `completionSpeed` along
/// `completionCurve` (or `timingCurve`'s cubic curve) and then lets the animations end, so
/// their completions run with `finished` true; `cancel()` plays back to the start and then
/// removes the animations (completions get `finished` false; the context says it was
/// cancelled). An animator that returns an `interruptibleAnimator(using:)` is scrubbed through
/// its `fractionComplete` instead, and finished or cancelled by running it forwards or
/// reversed.
///
/// A percentage that is NaN is ignored and one outside 0…1 is clamped, each with a diagnostic
/// (UIKit does neither).
@MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// How fast the rest of the transition plays after `finish()` or `cancel()`, relative to
    /// its duration. Default 1; values that are not positive count as 1.
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest of the transition after `finish()` or `cancel()`. Default
    /// `.easeInOut`.
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// Whether the transition starts interactive. Default true.
    open var wantsInteractiveStart = true
    /// A curve for the completion that takes precedence over `completionCurve` (its cubic
    /// curve; a spring is not used here). Default nil.
    open var timingCurve: UITimingCurveProvider?

    /// The transition's duration, seconds (0 before it starts).
    public var duration: CGFloat { CGFloat(context?.transitionDuration ?? 0) }
    /// The last percentage given to `update(_:)`, 0…1.
    public private(set) var percentComplete: CGFloat = 0

    /// Held weakly: the container holds the context while its transition runs.
    private weak var context: TransitionContext?
    private var interruptible: (any UIViewAnimating)?
    private var completionLink: CADisplayLink?
    private var completionRun: (from: Double, to: Double, start: CFTimeInterval, length: Double)?

    public init() {}

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else {
            viewControllerDiagnostic("UIPercentDrivenInteractiveTransition can drive only Kinescope's own transition contexts; \(type(of: transitionContext)) completed at once")
            transitionContext.completeTransition(true)
            return
        }
        self.context = context
        if let animator = context.animator.interruptibleAnimator(using: context) {
            interruptible = animator
            context.runAnimations(alongsideOptions: .curveLinear)
            animator.pauseAnimation()
            animator.fractionComplete = percentComplete
        } else {
            let layer = context.timingView.layer
            context.scrubsLayerTime = true
            layer.speed = 0
            layer.timeOffset = 0
            layer.beginTime = 0
            context.runAnimations(alongsideOptions: .curveLinear)
            // The animations must take their begin time (0, in the paused layer) now.
            CATransaction.flush()
            layer.timeOffset = Self.scrubTime(Double(percentComplete), of: context.transitionDuration)
        }
        context.updateInteractiveTransition(percentComplete)
    }

    /// Moves the transition to `percentComplete` of the way (0…1).
    open func update(_ percentComplete: CGFloat) {
        guard percentComplete.isFinite else {
            viewControllerDiagnostic("UIPercentDrivenInteractiveTransition.update(\(percentComplete)): not a number; ignored")
            return
        }
        if percentComplete < 0 || percentComplete > 1 {
            viewControllerDiagnostic("UIPercentDrivenInteractiveTransition.update(\(percentComplete)): outside 0…1; clamped")
        }
        let p = min(1, max(0, percentComplete))
        self.percentComplete = p
        guard let context, !context.isCompleted, completionRun == nil else { return }
        show(Double(p))
        context.updateInteractiveTransition(p)
    }

    /// Stops a finishing or cancelling transition where it is and gives it back to the
    /// interaction (then `update`, `finish` or `cancel` again).
    open func pause() {
        guard let context, !context.isCompleted else { return }
        if let run = completionRun {
            let t = position(of: run, at: CACurrentMediaTime())
            percentComplete = CGFloat(t)
            show(t)
            stopCompletion()
        }
        interruptible?.pauseAnimation()
        if let interruptible { percentComplete = interruptible.fractionComplete }
        context.pauseInteractiveTransition()
    }

    /// Plays the rest of the transition and completes it.
    open func finish() {
        end(cancelled: false)
    }

    /// Plays the transition back to its start and cancels it.
    open func cancel() {
        end(cancelled: true)
    }

    private func end(cancelled: Bool) {
        guard let context, !context.isCompleted, context.isInteractive else { return }
        context.updateInteractiveTransition(percentComplete)
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        if let interruptible {
            interruptible.isReversed = cancelled
            interruptible.startAnimation()
            return
        }
        let speed = completionSpeed.isFinite && completionSpeed > 0 ? Double(completionSpeed) : 1
        let from = Double(percentComplete), to: Double = cancelled ? 0 : 1
        completionRun = (from, to, CACurrentMediaTime(), abs(to - from) * context.transitionDuration / speed)
        let link = CADisplayLink { [weak self] _ in
            MainActor.assumeIsolated { self?.stepCompletion() }
        }
        link.add(to: .main, forMode: .common)
        completionLink = link
        stepCompletion()
    }

    /// Where the completion run is at `now`, as a fraction of the transition.
    private func position(of run: (from: Double, to: Double, start: CFTimeInterval, length: Double), at now: CFTimeInterval) -> Double {
        guard run.length > 0 else { return run.to }
        let x = min(1, max(0, (now - run.start) / run.length))
        let function = timingCurve?.cubicTimingParameters?.timingFunction ?? completionCurve.timingFunction
        return run.from + (run.to - run.from) * function.output(at: x)
    }

    private func stepCompletion() {
        guard let run = completionRun, let context else { return stopCompletion() }
        let now = CACurrentMediaTime()
        let t = position(of: run, at: now)
        show(t)
        guard now - run.start >= run.length - 1e-9 else { return }
        stopCompletion()
        percentComplete = CGFloat(run.to)
        let layer = context.timingView.layer
        if run.to >= 1 {
            // Let the animations run out: the layer's time goes on from the end.
            let duration = context.transitionDuration
            layer.beginTime = layer.superlayer?.convertTime(now, from: nil) ?? now
            layer.timeOffset = duration
            layer.speed = 1
        } else {
            Self.removeAnimations(in: layer)
        }
    }

    private func stopCompletion() {
        completionLink?.invalidate()
        completionLink = nil
        completionRun = nil
    }

    /// Shows the transition at `fraction` of its duration.
    private func show(_ fraction: Double) {
        if let interruptible {
            interruptible.fractionComplete = CGFloat(fraction)
        } else if let context {
            context.timingView.layer.timeOffset = Self.scrubTime(fraction, of: context.transitionDuration)
        }
    }

    /// The layer time that shows `fraction` of a transition lasting `duration`: held a hair
    /// short of the end (a billionth of the duration), so that `update(1)` shows the last frame
    /// without ending the animator's animations, whose completions would complete the
    /// transition while the interaction still holds it. UIKit completes only on `finish()`.
    static func scrubTime(_ fraction: Double, of duration: TimeInterval) -> TimeInterval {
        min(fraction * duration, duration * (1 - 1e-9))
    }

    private static func removeAnimations(in layer: CALayer) {
        layer.removeAllAnimations()
        for sublayer in layer.sublayers ?? [] { removeAnimations(in: sublayer) }
    }
}
