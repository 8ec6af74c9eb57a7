import Foundation
import Geometry

/// The animations of a `UIAlertController`, with its dimming view (0 ↔ 0.4 alpha) in the
/// same animation block.
///
/// - Alert, presented: the card appears at its final frame scaled by `alertInitialScale`
///   (1.2) and transparent, and scales to 1 while its alpha goes to 1, over
///   `alertPresentDuration` (0.4 s) on UIKit's system spring (curve 7: mass 3, stiffness
///   1000, damping 500, critically damped; cut at 0.4 s, by then within 0.6 % of the end).
///   Apple publishes neither the curve nor the duration; iOS's alert is a spring of about
///   that length, and Kinescope's system spring is the measured one it has.
/// - Alert, dismissed: the card fades out over `alertDismissDuration` (0.2 s) with
///   ease-in-out, at its size.
/// - Action sheet: slides up from below the container's bottom edge on the system spring
///   over `sheetDuration` (0.5 s), as `.coverVertical`, and back down on dismissal.
///
/// The alert's transform and alpha are put back to identity and 1 when a transition ends.
@MainActor
final class AlertTransitionAnimator: UIViewControllerAnimatedTransitioning {
    static let alertInitialScale: CGFloat = 1.2
    static let alertPresentDuration: TimeInterval = 0.4
    static let alertDismissDuration: TimeInterval = 0.2
    static let sheetDuration: TimeInterval = 0.5

    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    private func isSheet(_ context: UIViewControllerContextTransitioning?) -> Bool {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        return (context?.viewController(forKey: key) as? UIAlertController)?.preferredStyle == .actionSheet
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        if isSheet(transitionContext) { return Self.sheetDuration }
        return presenting ? Self.alertPresentDuration : Self.alertDismissDuration
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = context.viewController(forKey: key),
              let moving = context.view(forKey: presenting ? .to : .from) else {
            return context.completeTransition(true)
        }
        let dimming = (controller.presentationController as? AlertPresentationController)?.dimming
        let container = context.containerView
        let shown = presenting ? context.finalFrame(for: controller) : moving.frame
        let below = shown.offsetBy(dx: 0, dy: container.bounds.maxY - shown.minY)
        let sheet = isSheet(context)
        let spring = UIView.AnimationOptions(rawValue: AnimationBlock.systemSpringCurve << 16)
        let presenting = self.presenting
        UIView.performWithoutAnimation {
            if presenting {
                moving.frame = sheet ? below : shown
                if !sheet {
                    moving.transform = CGAffineTransform(scaleX: Self.alertInitialScale, y: Self.alertInitialScale)
                    moving.alpha = 0
                }
                container.addSubview(moving)
            }
        }
        let options: UIView.AnimationOptions = sheet || presenting ? spring : .curveEaseInOut
        UIView.animate(withDuration: transitionDuration(using: context), delay: 0, options: options, animations: {
            dimming?.alpha = presenting ? AlertPresentationController.dimmingAlpha : 0
            if sheet {
                moving.frame = presenting ? shown : below
            } else if presenting {
                moving.transform = .identity
                moving.alpha = 1
            } else {
                moving.alpha = 0
            }
        }, completion: { _ in
            UIView.performWithoutAnimation {
                moving.transform = .identity
                moving.alpha = 1
                moving.frame = shown
            }
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
