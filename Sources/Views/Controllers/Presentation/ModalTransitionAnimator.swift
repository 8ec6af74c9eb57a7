import Foundation
import Geometry
import Layers
import Transitions

/// The animations of `modalTransitionStyle`, for presentations without a custom animator.
///
/// - `.coverVertical`: the presented view starts one container height below its final frame
///   and slides up on the system spring (curve 7: mass 3, stiffness 1000, damping 500,
///   critically damped) for 0.5 s; the dismissal slides it down the same way. It is drawn at
///   whole pixels while it moves (`snapsToPixels`).
/// - `.crossDissolve`: the presented view's alpha goes 0 → 1 (1 → 0 on dismissal) over
///   `crossDissolveDuration` with ease-in-out. Over the opaque presenter this is the
///   cross-fade Apple describes (the presenter is shown at 1 − p, the presented view at p).
/// - `.flipHorizontal`: a flip of the whole window (`UIView.transition(with:…)` with
///   `.transitionFlipFromRight`, `.transitionFlipFromLeft` for the dismissal) over
///   `flipDuration`, ease-in-out: the presenter turns away and the presented view is on the back.
/// - `.partialCurl`: a `pageCurl` `CATransition` from the bottom edge on the window's layer,
///   from progress 0 to `partialCurlProgress` over `partialCurlDuration`, ease-in-out, kept
///   on screen at its end (not removed on completion, filling forwards; Core Animation keeps
///   every transition under the key "transition"): the presenter's last frame stays curled
///   over the presented view. The dismissal replaces it by a `pageUnCurl` from progress
///   1 − `partialCurlProgress` to 1.
///
/// Linear while an interaction drives the transition. Frames and alpha are put back when it
/// ends, on the cancelled side too.
@MainActor
final class ModalTransitionAnimator: UIViewControllerAnimatedTransitioning {
    /// The duration of `.coverVertical`, seconds (UIKit's system transition).
    static let coverVerticalDuration: TimeInterval = 0.5
    /// The duration of `.crossDissolve`, seconds. Apple publishes no figure; Kinescope uses
    /// the same 0.5 s as its other modal transitions.
    static let crossDissolveDuration: TimeInterval = 0.5
    /// The duration of `.flipHorizontal`, seconds (Apple publishes no figure; 0.5 s as above).
    static let flipDuration: TimeInterval = 0.5
    /// The duration of `.partialCurl`'s curl and uncurl, seconds (Apple publishes none).
    static let partialCurlDuration: TimeInterval = 0.5
    /// How far `.partialCurl` curls the page: the `pageCurl` progress it stops at. Apple
    /// publishes none; at 0.4 the fold runs from about the middle of the left edge to the
    /// top right, the page's front still shows above it and a third of the screen is
    /// uncovered at the bottom (further, the page's back hides its front).
    static let partialCurlProgress: Double = 0.4
    /// Whether `layer` shows the curl kept on screen during a `.partialCurl` presentation.
    static func showsPartialCurl(_ layer: CALayer) -> Bool {
        guard let curl = layer.animation(forKey: "transition") as? CATransition else { return false }
        return curl.type.rawValue == "pageCurl" && !curl.isRemovedOnCompletion
    }

    let style: UIModalTransitionStyle
    let presenting: Bool

    init(style: UIModalTransitionStyle, presenting: Bool) {
        self.style = style
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        switch style {
        case .coverVertical: Self.coverVerticalDuration
        case .crossDissolve: Self.crossDissolveDuration
        case .flipHorizontal: Self.flipDuration
        case .partialCurl: Self.partialCurlDuration
        }
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = context.viewController(forKey: key),
              let moving = context.view(forKey: presenting ? .to : .from) else {
            return context.completeTransition(true)
        }
        let container = context.containerView
        let shown = presenting ? context.finalFrame(for: controller) : context.initialFrame(for: controller)
        let duration = transitionDuration(using: context)
        let curve: UIView.AnimationOptions = context.isInteractive ? .curveLinear : .curveEaseInOut
        if presenting {
            UIView.performWithoutAnimation {
                moving.frame = shown
                container.addSubview(moving)
            }
        }
        let complete = { context.completeTransition(!context.transitionWasCancelled) }
        switch style {
        case .coverVertical:
            let below = shown.offsetBy(dx: 0, dy: container.bounds.height)
            if presenting { UIView.performWithoutAnimation { moving.frame = below } }
            moving.layer.snapsToPixels = true
            let spring = context.isInteractive ? curve : UIView.AnimationOptions(rawValue: AnimationBlock.systemSpringCurve << 16)
            UIView.animate(withDuration: duration, delay: 0, options: spring, animations: {
                moving.frame = self.presenting ? shown : below
            }, completion: { _ in
                UIView.performWithoutAnimation { moving.frame = shown }
                moving.layer.snapsToPixels = false
                complete()
            })
        case .crossDissolve:
            let alpha = moving.alpha
            if presenting { UIView.performWithoutAnimation { moving.alpha = 0 } }
            UIView.animate(withDuration: duration, delay: 0, options: curve, animations: {
                moving.alpha = self.presenting ? alpha : 0
            }, completion: { _ in
                UIView.performWithoutAnimation { moving.alpha = alpha }
                complete()
            })
        case .flipHorizontal:
            let turning = container.superview ?? container
            if presenting { UIView.performWithoutAnimation { moving.isHidden = true } }
            UIView.transition(with: turning, duration: duration,
                              options: [curve, presenting ? .transitionFlipFromRight : .transitionFlipFromLeft],
                              animations: { moving.isHidden = self.presenting ? false : true },
                              completion: { _ in
                                  moving.isHidden = false
                                  complete()
                              })
        case .partialCurl:
            curl(moving, in: (container.window ?? container).layer, duration: duration, complete: complete)
        }
    }

    /// Curls the presenter's page part way up over `moving` (presenting), or uncurls it from
    /// there with `moving` hidden (dismissing), on `layer` (the window's).
    private func curl(_ moving: UIView, in layer: CALayer, duration: TimeInterval, complete: @escaping () -> Void) {
        let transition = CATransition()
        transition.duration = duration
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        if presenting {
            transition.type = CATransitionType(rawValue: "pageCurl")
            transition.endProgress = Float(Self.partialCurlProgress)
            transition.isRemovedOnCompletion = false
            transition.fillMode = .forwards
        } else {
            transition.type = CATransitionType(rawValue: "pageUnCurl")
            transition.startProgress = Float(1 - Self.partialCurlProgress)
        }
        let tracker = AnimationCompletionTracker { _ in
            moving.isHidden = false
            complete()
        }
        tracker.track(transition, on: moving, blocksInteraction: true)
        CATransaction.begin()
        layer.add(transition, forKey: "transition")
        if !presenting { UIView.performWithoutAnimation { moving.isHidden = true } }
        CATransaction.commit()
        tracker.sealed()
    }
}
