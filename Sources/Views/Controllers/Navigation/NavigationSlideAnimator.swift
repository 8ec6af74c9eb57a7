import Foundation
import Geometry
import Layers

/// The system push and pop: the top view slides over the one beneath from the trailing edge.
///
/// Push: the incoming view starts one width to the right and slides to its final frame; the
/// outgoing view moves left by `parallaxFraction` of the width under a black dimming view
/// whose alpha goes from 0 to `dimmingAlpha`; the sliding view casts a soft shadow to its
/// left. Pop plays the same backwards. On the system spring for 0.5 s, or linear while an
/// interaction drives it (the view then follows the finger). Everything the animator changes
/// (frames, the shadow, the dimming view) is put back when the transition ends, on the
/// cancelled side too. While they move, both views are drawn at whole pixels (`snapsToPixels`),
/// so each frame shows their pixels translated rather than resampled.
@MainActor
final class NavigationSlideAnimator: UIViewControllerAnimatedTransitioning {
    /// The dimming of the view beneath at the end of a push (UIKit's is light; its figure is
    /// unpublished, 0.1 matches screenshots closely enough).
    static let dimmingAlpha: CGFloat = 0.1
    /// The shadow of the sliding view: opacity, radius (points), offset to the left (points).
    static let shadowOpacity: Float = 0.25
    static let shadowRadius: CGFloat = 6
    static let shadowOffset = CGSize(width: -3, height: 0)

    let operation: UINavigationController.Operation

    init(operation: UINavigationController.Operation) {
        self.operation = operation
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        UINavigationController.transitionDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard let fromController = context.viewController(forKey: .from), let toController = context.viewController(forKey: .to),
              let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            return context.completeTransition(true)
        }
        let container = context.containerView
        let start = context.initialFrame(for: fromController), end = context.finalFrame(for: toController)
        let width = container.bounds.width
        let push = operation != .pop
        let sliding = push ? toView : fromView
        let beneath = push ? fromView : toView
        let aside = end.offsetBy(dx: -width * UINavigationController.parallaxFraction, dy: 0)
        let offscreen = end.offsetBy(dx: width, dy: 0)
        let dimming = UIView(frame: container.bounds)
        dimming.backgroundColor = .black
        dimming.isUserInteractionEnabled = false
        let shadow = (sliding.layer.shadowOpacity, sliding.layer.shadowRadius, sliding.layer.shadowOffset, sliding.layer.shadowColor)
        UIView.performWithoutAnimation {
            if push {
                toView.frame = offscreen
                container.addSubview(toView)
            } else {
                toView.frame = end
                container.insertSubview(toView, belowSubview: fromView)
            }
            container.insertSubview(dimming, aboveSubview: beneath)
            dimming.alpha = push ? 0 : Self.dimmingAlpha
            sliding.layer.shadowColor = UIColor.black.cgColor
            sliding.layer.shadowOpacity = Self.shadowOpacity
            sliding.layer.shadowRadius = Self.shadowRadius
            sliding.layer.shadowOffset = Self.shadowOffset
            sliding.layer.snapsToPixels = true
            beneath.layer.snapsToPixels = true
        }
        let options: UIView.AnimationOptions = context.isInteractive
            ? .curveLinear : UIView.AnimationOptions(rawValue: AnimationBlock.systemSpringCurve << 16)
        if !push {
            // An animation block starts from the value shown before this turn (the view
            // beneath was last shown in place), so its move from aside is added explicitly.
            let move = context.isInteractive ? CABasicAnimation(keyPath: "position") : AnimationBlock.systemSpringAnimation(keyPath: "position")
            if context.isInteractive { move.timingFunction = CAMediaTimingFunction(name: .linear) }
            move.fromValue = CGPoint(x: aside.midX, y: aside.midY)
            move.toValue = CGPoint(x: end.midX, y: end.midY)
            move.duration = transitionDuration(using: context)
            toView.layer.add(move, forKey: "kinescope.navigation.pop")
        }
        UIView.animate(withDuration: transitionDuration(using: context), delay: 0, options: options, animations: {
            if push {
                toView.frame = end
                fromView.frame = aside
                dimming.alpha = Self.dimmingAlpha
            } else {
                fromView.frame = offscreen
                dimming.alpha = 0
            }
        }, completion: { _ in
            UIView.performWithoutAnimation {
                dimming.removeFromSuperview()
                sliding.layer.shadowOpacity = shadow.0
                sliding.layer.shadowRadius = shadow.1
                sliding.layer.shadowOffset = shadow.2
                sliding.layer.shadowColor = shadow.3
                sliding.layer.snapsToPixels = false
                beneath.layer.snapsToPixels = false
                fromView.frame = start
                toView.frame = end
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// A transition without animation: the views swap at once and it completes on the next turn.
@MainActor
final class ImmediateAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        if let toView = context.view(forKey: .to), let to = context.viewController(forKey: .to) {
            toView.frame = context.finalFrame(for: to)
            context.containerView.addSubview(toView)
        }
        callOnNextTurn { context.completeTransition(!context.transitionWasCancelled) }
    }
}
