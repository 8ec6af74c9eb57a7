import Foundation
import Geometry

/// An alert or an action sheet, as UIKit's `UIAlertController`: a title, a message, buttons
/// (`UIAlertAction`) and, in alerts, text inputs; presented modally.
///
///     let alert = UIAlertController(title: "Delete photo?", message: "This cannot be undone.",
///                                   preferredStyle: .alert)
///     alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
///     alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in delete() })
///     present(alert, animated: true)
///
/// As on iOS, the controller presents itself with a `.custom` presentation
/// (`modalPresentationStyle` reads `.custom`, and its own transitioning delegate is set): the
/// presenter stays on screen under a black dimming view at 0.4 alpha. An alert is a 270-point
/// card centred in the window that appears scaling from 1.2 to 1 while fading in, and fades
/// out when dismissed; an action sheet sits at the bottom, 8 points from the edges, and
/// slides up, then down on dismissal (see `AlertTransitionAnimator` for the curves). A tap
/// outside an action sheet runs its cancel action, if it has one.
///
/// Tapping an enabled button dismisses the controller; the action's handler runs once the
/// dismissal has ended, so that it can present something else. A button is highlighted
/// while the touch is down on it. Apple raises for a second cancel action, for a text field
/// in an action sheet and for a `preferredAction` that is not one of `actions`: each is a
/// diagnostic here and is ignored.
@MainActor
open class UIAlertController: UIViewController {
    /// The two looks of an alert controller (Apple's raw values).
    public enum Style: Int, Sendable {
        /// Buttons in a card at the bottom of the screen, with the cancel button apart.
        case actionSheet = 0
        /// A card in the centre of the screen.
        case alert = 1
    }

    /// The look chosen at creation.
    public private(set) var preferredStyle = Style.alert
    /// The actions, in the order they were added (the order on screen, except that the
    /// cancel action goes left in a row of two, last when stacked, and in its own card in an
    /// action sheet).
    public private(set) var actions: [UIAlertAction] = []

    /// The text under the title, 13 points; nil shows none.
    open var message: String? {
        didSet { alertView?.contentChanged() }
    }

    /// The alert's title, semibold 17 points in an alert (13 in an action sheet); nil shows none.
    open override var title: String? {
        didSet { alertView?.contentChanged() }
    }

    /// The action drawn bold as the one to take (iOS 9). When set, the cancel action is no
    /// longer bold; it stays where the cancel action goes. It must be one of `actions`: any
    /// other action is refused with a diagnostic (Apple raises) and the property is unchanged.
    open var preferredAction: UIAlertAction? {
        get { preferredActionStorage }
        set {
            if let newValue, !actions.contains(where: { $0 === newValue }) {
                return viewControllerDiagnostic("UIAlertController.preferredAction: \"\(newValue.title ?? "")\" is not one of the alert's actions; unchanged")
            }
            preferredActionStorage = newValue
            alertView?.contentChanged()
        }
    }
    private var preferredActionStorage: UIAlertAction?

    /// The text inputs added with `addTextInput`, in order.
    private(set) var textInputViews: [UIView] = []
    private let transitions = AlertTransitions()
    /// The action whose tap started the dismissal under way.
    private var chosen: UIAlertAction?

    /// An alert controller of `preferredStyle` showing `title` and `message` (Apple's
    /// convenience initialiser); add actions with `addAction(_:)` before presenting it.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// An empty alert (style `.alert`), as UIKit's inherited initialiser.
    public override init() {
        super.init()
        adoptAlertPresentation()
    }

    /// An empty alert (style `.alert`); nib names are ignored.
    public override init(nibName: String?, bundle: Any?) {
        super.init(nibName: nibName, bundle: bundle)
        adoptAlertPresentation()
    }

    private func adoptAlertPresentation() {
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }

    /// Adds a button for `action`. A second `.cancel` action is refused with a diagnostic
    /// (Apple raises: an alert controller has at most one), as is an action already added to
    /// an alert controller.
    open func addAction(_ action: UIAlertAction) {
        if action.owner != nil {
            return viewControllerDiagnostic("UIAlertController.addAction: \"\(action.title ?? "")\" already belongs to an alert controller; ignored")
        }
        if action.style == .cancel, let cancel = cancelAction {
            return viewControllerDiagnostic("UIAlertController.addAction: \"\(action.title ?? "")\" would be a second cancel action after \"\(cancel.title ?? "")\"; an alert controller can have only one; ignored")
        }
        action.owner = self
        actions.append(action)
        alertView?.contentChanged()
    }

    /// The action of style `.cancel`, if any.
    var cancelAction: UIAlertAction? { actions.first { $0.style == .cancel } }

    /// Adds a text input under the message, for `addTextField(configurationHandler:)`: `field`
    /// is configured by `configurationHandler`, then shown in a bordered box 270 − 2 × 16
    /// points wide, one per row in the order added. Alerts only: an action sheet refuses it
    /// with a diagnostic (Apple raises). `addTextField(configurationHandler:)` makes the field.
    func addTextInput<Field: UIView>(_ field: Field, configurationHandler: ((Field) -> Void)?) {
        guard preferredStyle == .alert else {
            return viewControllerDiagnostic("UIAlertController.addTextField: text fields can only be added to an alert, not to an action sheet; ignored")
        }
        configurationHandler?(field)
        textInputViews.append(field)
        alertView?.contentChanged()
    }

    /// The text inputs of type `Field`, for `textFields`; nil when none were added.
    func textInputs<Field: UIView>(as type: Field.Type) -> [Field]? {
        textInputViews.isEmpty ? nil : textInputViews.compactMap { $0 as? Field }
    }

    /// The root view: the card (alert) or the cards (action sheet), laid out by `AlertView`.
    /// Focuses the first text field, as iOS does once an alert is on screen.
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        (textInputViews.first as? UITextField)?.becomeFirstResponder()
    }

    open override func loadView() {
        view = AlertView(controller: self)
    }

    var alertView: AlertView? { viewIfLoaded as? AlertView }

    /// Dismisses the alert for a tap on `action`'s button (or, for the cancel action, on the
    /// dimming around an action sheet) and runs its handler once the dismissal has ended.
    /// Ignored while a transition runs or after another action was chosen.
    func choose(_ action: UIAlertAction) {
        guard action.isEnabled, chosen == nil, presentingViewController != nil, transitionCoordinator == nil else { return }
        chosen = action
        dismiss(animated: true) { [weak self] in
            self?.chosen = nil
            action.handler?(action)
        }
    }
}

/// The alert controller's own transitioning delegate: `AlertPresentationController` and
/// `AlertTransitionAnimator`.
@MainActor
final class AlertTransitions: UIViewControllerTransitioningDelegate {
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        AlertPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertTransitionAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertTransitionAnimator(presenting: false)
    }
}
