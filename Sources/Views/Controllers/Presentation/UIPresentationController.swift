import Foundation
import Geometry
import Layers
import Transitions

/// Manages the views of one modal presentation, as UIKit's `UIPresentationController`: where
/// the presented view goes, what surrounds it (dimming, chrome: add them in
/// `presentationTransitionWillBegin`, animated alongside with the presented controller's
/// `transitionCoordinator`), and whether the presenter's view stays on screen.
///
///     final class HalfSheet: UIPresentationController {
///         override var frameOfPresentedViewInContainerView: CGRect {
///             let bounds = containerView?.bounds ?? .zero
///             return CGRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2)
///         }
///     }
///
/// A `.custom` presentation asks the presented controller's `transitioningDelegate` for one
/// (`presentationController(forPresented:presenting:source:)`); without one, a plain
/// `UIPresentationController` is used. The other styles use Kinescope's own. The presentation
/// controller lives as long as the presentation (the presented controller's
/// `presentationController` is nil again after the dismissal).
@MainActor
open class UIPresentationController {
    /// The controller being presented.
    public let presentedViewController: UIViewController
    /// The controller presenting it (the root of the controller hierarchy `present` was
    /// called in).
    public internal(set) var presentingViewController: UIViewController
    /// The view the presentation happens in: made when the presentation begins, filling the
    /// presenter's window and above its other views; nil before that and after the dismissal.
    public internal(set) var containerView: UIView?

    /// Where the presenter's view was when the presentation began (its superview, its index
    /// there and its frame), to put it back for the dismissal and after a cancelled one.
    /// The transition style the presentation and its dismissal animate with: the presented
    /// controller's `modalTransitionStyle`, or the context's when it provides it
    /// (`providesPresentationContextTransitionStyle`).
    var transitionStyle = UIModalTransitionStyle.coverVertical
    weak var presentersSuperview: UIView?
    var presentersIndex = 0
    var presentersFrame = CGRect.zero

    /// Apple's designated initialiser. With `presentingViewController` nil, UIKit chooses: the
    /// presentation sets the presenter when it begins (until then the property returns the
    /// presented controller).
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    /// The view the animators move in: the presented controller's view by default. Override
    /// to wrap it (a shadow, rounded corners); the wrapper must contain that view.
    open var presentedView: UIView? { presentedViewController.view }

    /// Where the presented view goes in `containerView` when the presentation ends: the
    /// container's bounds by default. The transition context's `finalFrame(for:)` of the
    /// presented controller.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// Whether the presenter's view leaves the window once the presentation ended (and comes
    /// back for the dismissal). Default false, as Apple's; the `.fullScreen` style's
    /// controller returns true. The presenter gets appearance callbacks only when true.
    open var shouldRemovePresentersView: Bool { false }

    /// Whether the presentation covers the whole window. Default true. Kinescope's container
    /// always fills the presenter's window, whatever this says.
    open var shouldPresentInFullscreen: Bool { true }

    /// Before the container view lays out its subviews (its bounds changed, or
    /// `setNeedsLayout`): update the frames of the views you added.
    open func containerViewWillLayoutSubviews() {}
    /// After the container view laid out its subviews.
    open func containerViewDidLayoutSubviews() {}

    /// The presentation is about to animate: `containerView` exists, the presented view is
    /// not in it yet (the animator adds it). Add dimming or chrome here.
    open func presentationTransitionWillBegin() {}
    /// The presentation ended: `completed` false when an interactive presentation was
    /// cancelled (remove what `presentationTransitionWillBegin` added then).
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    /// The dismissal is about to animate.
    open func dismissalTransitionWillBegin() {}
    /// The dismissal ended: `completed` false when an interactive dismissal was cancelled
    /// (the presentation stays).
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
}

/// The presentation controller of the full-screen styles: `.fullScreen` (and
/// `.currentContext` and `.popover`, which Kinescope shows as it) removes the presenter's
/// view; `.overFullScreen` (and `.overCurrentContext`) keeps it.
@MainActor
final class SystemPresentationController: UIPresentationController {
    let removesPresentersView: Bool

    init(presentedViewController: UIViewController, presenting: UIViewController, removesPresentersView: Bool) {
        self.removesPresentersView = removesPresentersView
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }

    override var shouldRemovePresentersView: Bool { removesPresentersView }

    /// The view catching taps on the curled page of a `.partialCurl` presentation.
    private var curlCatcher: CurledPageView?

    override func presentationTransitionDidEnd(_ completed: Bool) {
        guard completed, transitionStyle == .partialCurl, let container = containerView,
              let window = container.window, ModalTransitionAnimator.showsPartialCurl(window.layer) else { return }
        let catcher = CurledPageView(frame: container.bounds)
        catcher.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        catcher.onTap = { [weak self] in self?.presentedViewController.dismiss(animated: true) }
        container.addSubview(catcher)
        curlCatcher = catcher
    }

    /// Takes the curled page away (the dismissal's animator uncurls it from the same progress).
    override func dismissalTransitionWillBegin() {
        curlCatcher?.removeFromSuperview()
        curlCatcher = nil
        if let layer = containerView?.window?.layer, ModalTransitionAnimator.showsPartialCurl(layer) {
            layer.removeAnimation(forKey: "transition")
        }
    }
}

/// Covers the part of a `.partialCurl` container still under the curled page (as
/// `SystemPageCurl` draws it at `ModalTransitionAnimator.partialCurlProgress`): touches there
/// land on this view, and a tap calls `onTap`; touches on the uncovered part go through to
/// the presented view.
@MainActor
final class CurledPageView: UIView {
    var onTap: (() -> Void)?
    private lazy var tap = UITapGestureRecognizer(target: self, action: CurledPageView.tapped)

    override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(tap)
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point) && SystemPageCurl.bottomCurlCovers(
            x: Double(point.x - bounds.minX), y: Double(point.y - bounds.minY),
            width: Double(bounds.width), height: Double(bounds.height),
            progress: ModalTransitionAnimator.partialCurlProgress)
    }

    private func tapped() { onTap?() }
}

/// The view a presentation happens in: it tells its presentation controller around its
/// layout.
@MainActor
final class PresentationContainerView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
