import Foundation

/// One button of an alert or action sheet, as UIKit's `UIAlertAction`: its title, its style
/// and the handler run when it is tapped.
///
///     alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in store.delete() })
///
/// The handler runs once the alert's dismissal has ended (after the presenter's
/// `viewDidAppear` and the alert's `viewDidDisappear`), so it may present another controller.
/// Apple's documentation does not say when; that is the order seen on iOS.
@MainActor
open class UIAlertAction {
    /// How an action is shown and where it goes (Apple's raw values).
    public enum Style: Int, Sendable {
        /// A plain action: blue, regular weight.
        case `default` = 0
        /// Dismisses without changing anything: bold in an alert (on the left when two
        /// actions share a row, at the bottom when stacked), in its own card at the bottom of
        /// an action sheet. An alert controller takes at most one.
        case cancel = 1
        /// Changes or deletes data: red.
        case destructive = 2
    }

    /// The button's text.
    public let title: String?
    /// The button's style, fixed at creation.
    public let style: Style
    let handler: ((UIAlertAction) -> Void)?

    /// Whether the button can be tapped. Default true; a disabled button is drawn grey and
    /// ignores touches. Changing it while the alert is shown updates the button.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { onChange?() } }
    }

    /// Tells the button showing this action that `isEnabled` changed.
    var onChange: (() -> Void)?
    /// The alert controller this action was added to (an action belongs to one).
    weak var owner: UIAlertController?

    /// An action with `title`, `style` and the `handler` run when it is tapped (Apple's
    /// convenience initialiser).
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
