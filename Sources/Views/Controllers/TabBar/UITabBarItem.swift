import Foundation
import Geometry

/// An item of a tab bar, as UIKit's `UITabBarItem`: a title, an image (drawn as a template:
/// only its alpha counts, filled with the bar's tint when selected and its unselected tint
/// otherwise), an optional badge and a tag.
///
///     controller.tabBarItem = UITabBarItem(title: "Photos", image: photoIcon, tag: 1)
///     controller.tabBarItem.badgeValue = "3"
///
/// UIKit's `UIBarItem` base class is not separate here: its members a tab bar uses (`title`,
/// `image`, `tag`, `isEnabled`) are this class's. A change to any member redraws the bar that
/// shows the item.
@MainActor
open class UITabBarItem {
    /// UIKit's system items (Apple's raw values). Each has its English title; Kinescope has no
    /// SF Symbols nor UIKit's artwork, so a system item has no image unless the app sets none
    /// either (its `image` is nil and the title is drawn alone).
    public enum SystemItem: Int, Sendable {
        case more = 0, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads,
             mostRecent, mostViewed

        /// The English title UIKit shows for the item.
        var title: String {
            switch self {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
        }
    }

    /// The text under the image. For a system item it is the system title and setting it is
    /// ignored, as in UIKit ("the title and image of system tab bar items can't be changed").
    open var title: String? {
        get { systemItem?.title ?? titleStorage }
        set {
            guard systemItem == nil else { return }
            titleStorage = newValue
            changed()
        }
    }
    private var titleStorage: String?

    /// The image, drawn as a template: its alpha is the mask of the tint. Drawn at its size in
    /// points, scaled down to fit 30×30 points.
    open var image: UIImage? { didSet { changed() } }
    /// The image shown while the item is selected; nil (the default) shows `image`.
    open var selectedImage: UIImage? {
        get { selectedImageStorage ?? image }
        set { selectedImageStorage = newValue; changed() }
    }
    private var selectedImageStorage: UIImage?

    /// A number to identify the item by (UIKit's `UIBarItem.tag`). Default 0.
    open var tag = 0
    /// Whether the item can be tapped. A disabled item is drawn at half opacity and ignores
    /// touches. Default true.
    open var isEnabled = true { didSet { changed() } }
    /// The text of the badge drawn at the top right of the image (a red capsule with white
    /// text, 18 points high); nil (the default) draws none, an empty string an empty 18-point
    /// red circle.
    open var badgeValue: String? { didSet { changed() } }
    /// The badge's background; nil (the default) is iOS's system red (255, 59, 48).
    open var badgeColor: UIColor? { didSet { changed() } }

    /// The system kind, for items made with `init(tabBarSystemItem:tag:)`.
    let systemItem: SystemItem?
    /// The bar showing this item, told of changes.
    weak var bar: UITabBar?
    /// The controller whose `tabBarItem` this is, made from its title.
    weak var owner: UIViewController?

    /// An item with no title nor image (UIKit's `init()`).
    public init() {
        systemItem = nil
    }

    /// An item with `title`, `image` and `tag`; the selected image is the same image.
    public init(title: String?, image: UIImage?, tag: Int) {
        systemItem = nil
        titleStorage = title
        self.image = image
        self.tag = tag
    }

    /// An item with `title`, `image` and a different image while selected.
    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        systemItem = nil
        titleStorage = title
        self.image = image
        selectedImageStorage = selectedImage
    }

    /// One of UIKit's system items, with its English title (see `SystemItem`).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.systemItem = systemItem
        self.tag = tag
    }

    /// The owning controller's title changed: an item made from it follows (UIKit sets the
    /// tab bar item's title when the controller's title is set).
    func controllerTitleChanged(_ newTitle: String?) {
        title = newTitle
    }

    private func changed() {
        bar?.itemChanged(self)
    }
}

extension UIViewController {
    /// The item that represents this controller in a tab bar controller's bar. Made on first
    /// use with the controller's `title` and no image, as UIKit; setting the controller's
    /// `title` later also sets this item's title. Setting a new item updates the bar of the
    /// tab bar controller the controller is in.
    public var tabBarItem: UITabBarItem! {
        get {
            if let item = tabBarItemStorage { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            item.owner = self
            tabBarItemStorage = item
            return item
        }
        set {
            tabBarItemStorage?.owner = nil
            tabBarItemStorage = newValue
            newValue?.owner = self
            tabBarController?.itemsOfControllersChanged()
        }
    }

    /// The nearest tab bar controller among this controller's ancestors, or nil.
    public var tabBarController: UITabBarController? {
        nearestAncestor(UITabBarController.self)
    }
}
