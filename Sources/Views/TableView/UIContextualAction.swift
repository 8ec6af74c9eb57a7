import Foundation

/// One button a swipe on a table row reveals, as UIKit's `UIContextualAction`.
///
/// ```swift
/// let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, done in
///     model.archive(row)
///     done(true)
/// }
/// archive.backgroundColor = .systemBlue
/// ```
///
/// The handler runs when the button is tapped or, for the first action of a configuration
/// that `performsFirstActionWithFullSwipe`, when the row is swiped fully; it must call its
/// completion (true: the action was performed) and the swipe then closes. A `.destructive`
/// action that removes the row updates the model and calls `deleteRows(at:with:)`.
@MainActor
open class UIContextualAction {
    /// The action's kind, UIKit's raw values: it sets the default background colour.
    public enum Style: Int, Sendable {
        /// Grey (`UIColor.systemGray`).
        case normal = 0
        /// Red (iOS's `systemRed`, sRGB 255, 59, 48): for actions that delete.
        case destructive = 1
    }

    /// What the action does: the action, the button view that was tapped, and the completion
    /// to call with whether the action was performed.
    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping @MainActor (Bool) -> Void) -> Void

    /// The style given at creation.
    public let style: Style
    /// The handler given at creation.
    public let handler: Handler
    /// The button's title (15-point white text). With an image too, it shows under the image
    /// on rows at least 91 points tall and is left out on shorter ones, as on iOS.
    open var title: String?
    /// The button's fill. Default: grey for `.normal`, red for `.destructive`; nil restores it.
    open var backgroundColor: UIColor! {
        get { backgroundColorStorage ?? Self.defaultColor(for: style) }
        set { backgroundColorStorage = newValue }
    }
    /// An image drawn centred on the button (above the title when both show), in white unless
    /// its rendering mode is `.alwaysOriginal`. Default nil.
    open var image: UIImage?

    private var backgroundColorStorage: UIColor?

    /// An action of `style` titled `title` that runs `handler`.
    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
    }

    static let destructiveRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)

    static func defaultColor(for style: Style) -> UIColor {
        style == .destructive ? destructiveRed : .systemGray
    }
}
