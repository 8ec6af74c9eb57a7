import Foundation
import Geometry
import Layers

/// The animations of `modalTransitionStyle`, for presentations without a custom animator.
///
/// - `.coverVertical`: the presented view starts one container height below its final frame
///   and slides up on the system spring (curve 7: mass 3, stiffness 1000, damping 500,
///   critically damped) for 0.5 s; the dismissal slides it down the same way.
/// - `.crossDissolve`: the presented view's alpha goes 0 → 1 (1 → 0 on dismissal) over
///   `crossDissolveDuration` with ease-in-out. Over the opaque presenter this is the
///   cross-fade Apple describes (the presenter is shown at 1 − p, the presented view at p).
/// - `.flipHorizontal`: a flip of the whole window (`UIView.transition(with:…)` with
///   `.transitionFlipFromRight`, `.transitionFlipFromLeft` for the dismissal) over
///   `flipDuration`, ease-in-out: the presenter turns away and the presented view is on the back.
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
            let spring = context.isInteractive ? curve : UIView.AnimationOptions(rawValue: AnimationBlock.systemSpringCurve << 16)
            UIView.animate(withDuration: duration, delay: 0, options: spring, animations: {
                moving.frame = self.presenting ? shown : below
            }, completion: { _ in
                UIView.performWithoutAnimation { moving.frame = shown }
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
        }
    }
}
