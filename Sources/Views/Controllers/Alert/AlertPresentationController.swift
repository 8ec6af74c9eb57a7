import Foundation
import Geometry

/// The presentation controller of a `UIAlertController`: a black dimming view at
/// `dimmingAlpha` over the presenter (which stays, with no appearance callbacks), the alert
/// centred or the action sheet at the bottom (`AlertView.fittingFrame(in:)`), placed again
/// when the container is resized. A tap on the dimming around an action sheet chooses its
/// cancel action (nothing without one, as on the iPhone); around an alert it does nothing.
/// `AlertTransitionAnimator` animates the dimming with the alert.
@MainActor
final class AlertPresentationController: UIPresentationController {
    /// The dimming's alpha while presented (UIKit's 0.4 black, as measured on iOS).
    static let dimmingAlpha: CGFloat = 0.4

    let dimming = UIView(frame: .zero)
    private lazy var dimmingTap = UITapGestureRecognizer(target: self, action: AlertPresentationController.dimmingTapped)

    private var alert: UIAlertController? { presentedViewController as? UIAlertController }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        return alert?.alertView?.fittingFrame(in: bounds) ?? bounds
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        UIView.performWithoutAnimation {
            dimming.frame = container.bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            dimming.backgroundColor = .black
            dimming.alpha = presentedViewController.transitionCoordinator?.isAnimated == true ? 0 : Self.dimmingAlpha
            container.insertSubview(dimming, at: 0)
        }
        dimming.addGestureRecognizer(dimmingTap)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimming.removeFromSuperview() }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimming.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        guard presentedViewController.transitionCoordinator == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }

    private func dimmingTapped() {
        guard let alert, alert.preferredStyle == .actionSheet, let cancel = alert.cancelAction else { return }
        alert.choose(cancel)
    }
}
