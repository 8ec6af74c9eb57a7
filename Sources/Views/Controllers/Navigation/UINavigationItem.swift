import Foundation
import Geometry

/// What a navigation bar shows for one controller, as UIKit's `UINavigationItem`: a title, a
/// back button for the controller pushed after it, and bar button items on either side.
/// Every change updates the bar showing the item.
@MainActor
open class UINavigationItem {
    /// When the item's title is shown large, below the bar's row of items, UIKit's raw values.
    /// Large titles show only on a bar whose `prefersLargeTitles` is true.
    public enum LargeTitleDisplayMode: Int, Sendable {
        /// As the item beneath it on the stack; large for the bottom item.
        case automatic = 0
        /// Always large.
        case always = 1
        /// Never large: the title stays in the middle of the bar.
        case never = 2
    }

    /// The title in the middle of the bar; nil shows the controller's `title`.
    open var title: String? { didSet { changed() } }
    /// A single line of text above the bar's row of items (13-point, centred), which makes
    /// the bar 30 points taller, as UIKit's prompt. Default nil.
    open var prompt: String? { didSet { changed() } }
    /// Whether the title shows large (34-point bold at the leading edge, in a 52-point band
    /// below the row of items) when the bar `prefersLargeTitles`. Default `.automatic`.
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic { didSet { changed() } }
    /// How much of the large title's band has been scrolled away by the controller's scroll
    /// view, points (0: all of it shows; `UINavigationBar.largeTitleHeight`: collapsed).
    var largeTitleCollapse: CGFloat = 0
    /// The item shown as the back button of the next controller's bar (its title replaces the
    /// default back title; its action is not called: the back button always pops, as UIKit).
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// The back button title shown on the next controller's bar when `backBarButtonItem` is
    /// nil (iOS 11). Nil: this item's title, or "Back" without one.
    open var backButtonTitle: String? { didSet { changed() } }
    /// Whether this item's bar hides the back button. Default false.
    open var hidesBackButton = false { didSet { changed() } }
    /// Whether left items are shown after the back button instead of replacing it. Default
    /// false, as UIKit.
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    /// A custom view shown in the middle of the bar instead of the title label (UIKit's
    /// `titleView`; default nil). It is centred in the bar at the size of its frame, or of its
    /// `intrinsicContentSize` where the frame is empty, no taller than the bar, and narrowed to
    /// the room left between the bar button items. It fades and slides with the title in a
    /// push or pop. The bar adds it as a subview: do not show one view in two items.
    open var titleView: UIView? { didSet { titleViewSizes = nil; changed() } }
    /// The size the bar wants for `titleView` and the size it last gave it: while the view
    /// keeps the given size, the wanted one stands (a title narrowed to fit widens again).
    var titleViewSizes: (wanted: CGSize, given: CGSize)?
    /// The items on the left, leading first (after the back button, or instead of it).
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    /// The items on the right, trailing (rightmost) first, as UIKit lays them out.
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }

    /// The first left item; setting it replaces all left items.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first (rightmost) right item; setting it replaces all right items.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// The controller this is the item of, whose title shows when `title` is nil.
    weak var owner: UIViewController?
    /// The bar showing the item.
    weak var bar: UINavigationBar?

    public init(title: String?) {
        self.title = title
    }

    /// The title drawn: `title`, else the controller's.
    var shownTitle: String? { title ?? owner?.title }

    /// The title this item's back button shows on the next controller's bar.
    var backTitle: String {
        backBarButtonItem?.title ?? backButtonTitle ?? shownTitle ?? "Back"
    }

    func controllerTitleChanged() {
        if title == nil { changed() }
    }

    private func changed() {
        bar?.itemsChanged()
    }
}
