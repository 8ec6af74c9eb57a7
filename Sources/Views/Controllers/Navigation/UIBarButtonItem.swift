import Foundation
import Geometry

/// A button for a navigation bar, as UIKit's `UIBarButtonItem`: a title, an image or a system
/// item, and a target-action called when tapped.
///
///     item.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: self,
///                                               action: ListController.addRow)
///
/// Target-action takes a method reference (Kinescope's form of a selector, as `UIControl`);
/// the target is held weakly.
@MainActor
open class UIBarButtonItem {
    /// How the item's title is drawn (Apple's raw values): `.done` is bold.
    public enum Style: Int, Sendable {
        case plain = 0
        case done = 2
    }

    /// UIKit's system items (Apple's raw values). Kinescope has no SF Symbols, so each is drawn
    /// as text: the titled ones (Done, Cancel, Edit, Save, Close, Undo, Redo…) with their
    /// English titles, the symbol ones with a word or character (`add` "+", `play` "▶",
    /// `action` "Share", `trash` "Trash"; see `title`). `flexibleSpace` and `fixedSpace` draw
    /// nothing and take space.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
             bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case close = 24
    }

    /// The title shown (for a system item, its English title).
    open var title: String? { didSet { changed() } }
    /// An image shown instead of the title when set.
    open var image: UIImage? { didSet { changed() } }
    open var style: Style { didSet { changed() } }
    /// Whether the item can be tapped; a disabled item is drawn greyed. Default true.
    open var isEnabled = true { didSet { changed() } }
    /// The width of a `fixedSpace` item, points (0: 8 points, Kinescope's default spacing).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// The item's system kind, when made with `init(barButtonSystemItem:…)`.
    public let systemItem: SystemItem?
    private var action: (() -> Void)?
    /// The bar showing the item, told when it changes.
    weak var bar: UINavigationBar?

    /// A plain item with no content; set `title` or `image`.
    public init() {
        style = .plain
        systemItem = nil
    }

    /// An item showing `title`, calling `action` on `target` when tapped.
    public init<Target: AnyObject>(title: String?, style: Style, target: Target?, action: ((Target) -> @MainActor () -> Void)?) {
        self.title = title
        self.style = style
        systemItem = nil
        setAction(target: target, action: action)
    }

    /// An item showing `image`.
    public init<Target: AnyObject>(image: UIImage?, style: Style, target: Target?, action: ((Target) -> @MainActor () -> Void)?) {
        self.image = image
        self.style = style
        systemItem = nil
        setAction(target: target, action: action)
    }

    /// One of UIKit's system items (`.done` is bold, as in UIKit).
    public init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target?, action: ((Target) -> @MainActor () -> Void)?) {
        self.systemItem = systemItem
        style = systemItem == .done ? .done : .plain
        title = Self.systemTitle(systemItem)
        setAction(target: target, action: action)
    }

    /// An item showing `title` without an action.
    public convenience init(title: String?, style: Style) {
        self.init(title: title, style: style, target: nil as UIBarButtonItem?, action: nil)
    }

    /// An item that calls `handler` when tapped (UIKit's `primaryAction` form).
    public convenience init(title: String?, primaryAction: UIAction) {
        self.init(title: title, style: .plain)
        action = { primaryAction.handler(primaryAction) }
    }

    /// Sets the target-action (replacing any).
    open func setAction<Target: AnyObject>(target: Target?, action: ((Target) -> @MainActor () -> Void)?) {
        guard let target, let action else {
            self.action = nil
            return
        }
        self.action = { [weak target] in
            if let target { action(target)() }
        }
    }

    /// Calls the action, as a tap on the item does.
    func perform() {
        guard isEnabled else { return }
        action?()
    }

    var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    private func changed() {
        bar?.itemsChanged()
    }

    /// The text a system item draws.
    static func systemTitle(_ item: SystemItem) -> String? {
        switch item {
        case .done: "Done"
        case .cancel: "Cancel"
        case .edit: "Edit"
        case .save: "Save"
        case .add: "+"
        case .flexibleSpace, .fixedSpace: nil
        case .compose: "Compose"
        case .reply: "Reply"
        case .action: "Share"
        case .organize: "Organize"
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .refresh: "Refresh"
        case .stop: "Stop"
        case .camera: "Camera"
        case .trash: "Trash"
        case .play: "▶"
        case .pause: "Pause"
        case .rewind: "Rewind"
        case .fastForward: "Forward"
        case .undo: "Undo"
        case .redo: "Redo"
        case .close: "Close"
        }
    }
}
