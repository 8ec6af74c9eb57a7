import Foundation
import Geometry
import Layers

/// The iOS 13 card of `.pageSheet` and `.formSheet` (the same card on a compact-width
/// screen, as on the iPhone): the presented view covers the window below a top inset, with
/// rounded top corners; the presenter's view stays (no appearance callbacks for it), scaled
/// back about its centre with rounded corners, under a black dimming view. The scaling and the
/// dimming run alongside the presentation (the system spring with `.coverVertical`) and back
/// with the dismissal.
///
/// Apple publishes none of the figures: Kinescope's are `presenterScale` 0.92, `cornerRadius`
/// 10 pt (iOS 13's card), `dimmingAlpha` 0.25, and the card's top `cardGap` 10 pt below the
/// scaled presenter's top edge.
///
/// A drag down on the card dismisses it interactively (the card follows the finger, the
/// presenter and dimming are scrubbed with it); on release the dismissal finishes when the
/// card went down more than half the container's height (unless flicked back up faster than
/// `UINavigationController.flickVelocity`) or when flicked down faster than that, otherwise
/// it is cancelled and the card goes back, on an ease-out curve, as the navigation edge pop.
@MainActor
final class SheetPresentationController: UIPresentationController {
    static let presenterScale: CGFloat = 0.92
    static let cornerRadius: CGFloat = 10
    static let dimmingAlpha: CGFloat = 0.25
    static let cardGap: CGFloat = 10

    private let dimming = UIView(frame: .zero)
    private lazy var dismissPan = UIPanGestureRecognizer(target: self, action: SheetPresentationController.panned)
    private var interaction: UIPercentDrivenInteractiveTransition?
    /// The presented and presenting layers' corner settings before the card changed them.
    private var savedCorners: [(CALayer, CGFloat, CACornerMask, Bool)] = []

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        let top = bounds.height * (1 - Self.presenterScale) / 2 + Self.cardGap
        return CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    }

    override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        let presenter = presentingViewController.view!
        UIView.performWithoutAnimation {
            dimming.frame = container.bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            dimming.backgroundColor = .black
            dimming.alpha = 0
            container.insertSubview(dimming, at: 0)
            savedCorners = []
            if let presented = presentedView { round(presented.layer, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            round(presenter.layer, corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        }
        let back = { [dimming] in
            dimming.alpha = Self.dimmingAlpha
            presenter.transform = CGAffineTransform(scaleX: Self.presenterScale, y: Self.presenterScale)
        }
        if presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in back() }, completion: nil) != true {
            UIView.performWithoutAnimation(back)
        }
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if completed { presentedView?.addGestureRecognizer(dismissPan) } else { undo() }
    }

    override func dismissalTransitionWillBegin() {
        let presenter = presentingViewController.view!
        let forward = { [dimming] in
            dimming.alpha = 0
            presenter.transform = .identity
        }
        if presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in forward() }, completion: nil) != true {
            UIView.performWithoutAnimation(forward)
        }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed {
            undo()
        } else {
            UIView.performWithoutAnimation {
                dimming.alpha = Self.dimmingAlpha
                presentingViewController.view.transform = CGAffineTransform(scaleX: Self.presenterScale, y: Self.presenterScale)
            }
        }
    }

    private func panned(_ pan: UIPanGestureRecognizer) {
        guard let container = containerView else { return }
        let fraction = min(1, max(0, pan.translation(in: container).y / max(1, container.bounds.height)))
        switch pan.state {
        case .began:
            guard interaction == nil, presentedViewController.presentedViewController == nil else { return }
            let interaction = UIPercentDrivenInteractiveTransition()
            interaction.completionCurve = .easeOut
            self.interaction = interaction
            presentingViewController.presentationDismiss(animated: true, completion: nil, systemInteraction: interaction)
            interaction.update(fraction)
        case .changed:
            interaction?.update(fraction)
        case .ended, .cancelled, .failed:
            guard let interaction else { return }
            self.interaction = nil
            let velocity = pan.velocity(in: container).y
            let flick = UINavigationController.flickVelocity
            let finishes = pan.state == .ended && (velocity > flick || (fraction > 0.5 && velocity >= -flick))
            if finishes { interaction.finish() } else { interaction.cancel() }
        case .possible:
            break
        }
    }

    private func round(_ layer: CALayer, corners: CACornerMask) {
        savedCorners.append((layer, layer.cornerRadius, layer.maskedCorners, layer.masksToBounds))
        layer.cornerRadius = Self.cornerRadius
        layer.maskedCorners = corners
        layer.masksToBounds = true
    }

    /// Puts the presenter and the presented view as they were, and removes the dimming.
    private func undo() {
        presentedView?.removeGestureRecognizer(dismissPan)
        UIView.performWithoutAnimation {
            dimming.removeFromSuperview()
            presentingViewController.view.transform = .identity
            for (layer, radius, corners, masks) in savedCorners {
                layer.cornerRadius = radius
                layer.maskedCorners = corners
                layer.masksToBounds = masks
            }
            savedCorners = []
        }
    }
}
