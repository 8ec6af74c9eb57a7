import Foundation
import Geometry
import Layers

/// The bar of tabs at the bottom of a tab bar controller, as UIKit's `UITabBar` (iPhone
/// layout, light appearance): 49 points high (plus the bottom safe-area inset, zero in
/// Kinescope), a translucent light background with a hairline on top, the items side by side
/// in equal widths, each an image above a 10-point title. The selected item is drawn in the
/// bar's `tintColor` (system blue by default), the others in `unselectedItemTintColor`
/// (system grey by default); images are templates (their alpha masks the colour). Tapping an
/// enabled item selects it and tells the `delegate`.
///
/// The bar of a `UITabBarController` is managed by it: setting its items, selected item or
/// delegate directly is refused with a diagnostic (UIKit raises); set the controllers and
/// their `tabBarItem`s instead.
@MainActor
open class UITabBar: UIView {
    /// The bar's height without the safe-area inset, points (UIKit's iPhone tab bar).
    public static let height: CGFloat = 49
    /// How long an animated `setItems` cross-dissolves, seconds.
    static let crossDissolveDuration: TimeInterval = 0.25
    /// The background while translucent: near-white, slightly see-through. UIKit blurs what
    /// is beneath as well (the system chrome material); Kinescope does not blur.
    static let translucentBackground = UIColor(white: 0.97, alpha: 0.92)
    static let opaqueBackground = UIColor(white: 0.97, alpha: 1)
    /// UIKit's default bar shadow: black at 30 %, one hairline.
    static let hairlineColor = UIColor(white: 0, alpha: 0.3)

    /// The controller managing this bar, if any.
    weak var owningController: UITabBarController?
    private weak var delegateStorage: UITabBarDelegate?
    private var itemList: [UITabBarItem] = []
    private weak var selectedItemStorage: UITabBarItem?
    private var buttons: [TabBarButton] = []
    private let hairline = UIView(frame: .zero)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Self.translucentBackground
        isOpaque = false
        hairline.backgroundColor = Self.hairlineColor
        hairline.isUserInteractionEnabled = false
        addSubview(hairline)
    }

    /// Told when the user selects an item (held weakly). A tab bar controller's bar has the
    /// controller as its delegate, and setting another is refused with a diagnostic.
    open var delegate: UITabBarDelegate? {
        get { owningController ?? delegateStorage }
        set {
            guard standalone("delegate") else { return }
            delegateStorage = newValue
        }
    }

    /// The items, left to right; setting it is `setItems(_:animated: false)`.
    open var items: [UITabBarItem]? {
        get { itemList.isEmpty ? nil : itemList }
        set { setItems(newValue, animated: false) }
    }

    /// Replaces the items. The selected item stays selected if it is among the new ones, else
    /// nothing is selected. `animated`: on screen, the bar cross-dissolves to the new items in
    /// 0.25 s. An array that holds an item twice is refused with a diagnostic.
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        guard standalone("setItems") else { return }
        let items = items ?? []
        guard Set(items.map(ObjectIdentifier.init)).count == items.count else {
            return viewControllerDiagnostic("UITabBar.setItems: an item appears twice; items unchanged")
        }
        guard animated, window != nil else { return replaceItems(items) }
        UIView.transition(with: self, duration: Self.crossDissolveDuration, options: .transitionCrossDissolve,
                          animations: { self.replaceItems(items) })
    }

    /// The item drawn as selected, or nil. Setting an item that is not among `items` is refused
    /// with a diagnostic; setting it does not call the delegate (UIKit calls it only for taps).
    open var selectedItem: UITabBarItem? {
        get { selectedItemStorage }
        set {
            guard standalone("selectedItem") else { return }
            if let newValue, !itemList.contains(where: { $0 === newValue }) {
                return viewControllerDiagnostic("UITabBar.selectedItem: the item '\(newValue.title ?? "untitled")' is not among the bar's items; selection unchanged")
            }
            showSelection(newValue)
        }
    }

    /// The colour of the items not selected; nil (the default) is system grey.
    open var unselectedItemTintColor: UIColor? {
        didSet { refreshColors() }
    }

    /// The tint is the colour of the selected item (system blue unless set or inherited).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshColors()
    }

    /// Whether the background lets what is beneath show through a little (default true).
    /// False draws it opaque.
    open var isTranslucent = true {
        didSet { backgroundColor = isTranslucent ? Self.translucentBackground : Self.opaqueBackground }
    }

    /// The bar's width and its 49-point height.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = bounds.width
        hairline.frame = CGRect(x: 0, y: 0, width: width, height: 0.5)
        guard !buttons.isEmpty else { return }
        let share = width / CGFloat(buttons.count)
        for (index, button) in buttons.enumerated() {
            let x = (share * CGFloat(index)).rounded(), next = (share * CGFloat(index + 1)).rounded()
            button.frame = CGRect(x: x, y: 0, width: next - x, height: Self.height)
        }
    }

    /// Refuses a direct change to a controller-managed bar, with a diagnostic.
    private func standalone(_ member: String) -> Bool {
        guard let owningController else { return true }
        viewControllerDiagnostic("UITabBar.\(member): this bar is managed by \(describe(owningController)); change its view controllers and their tabBarItem instead; ignored")
        return false
    }

    /// Takes the items as given and rebuilds their buttons (also a tab bar controller's way in).
    func replaceItems(_ items: [UITabBarItem]) {
        for item in itemList where item.bar === self { item.bar = nil }
        itemList = items
        for item in items { item.bar = self }
        if let selected = selectedItemStorage, !items.contains(where: { $0 === selected }) { selectedItemStorage = nil }
        for button in buttons { button.removeFromSuperview() }
        buttons = items.map { item in
            let button = TabBarButton(item: item)
            button.addTarget(self, action: UITabBar.buttonTapped, for: .touchUpInside)
            addSubview(button)
            return button
        }
        refreshColors()
        setNeedsLayout()
    }

    /// Draws `item` as selected, without telling anyone (also a tab bar controller's way in).
    func showSelection(_ item: UITabBarItem?) {
        selectedItemStorage = item
        refreshColors()
    }

    /// An item changed one of its members: redraw its button.
    func itemChanged(_ item: UITabBarItem) {
        for button in buttons where button.item === item { button.refresh() }
        refreshColors()
    }

    private func refreshColors() {
        let unselected = unselectedItemTintColor ?? .systemGray
        for button in buttons {
            button.show(selected: button.item === selectedItemStorage, color: button.item === selectedItemStorage ? tintColor : unselected)
        }
    }

    /// A tap on an enabled item: it becomes selected and the delegate is told (again, when it
    /// already was selected, as UIKit). A controller's bar leaves the decision to the controller.
    private func buttonTapped(_ sender: Any) {
        guard let button = sender as? TabBarButton, button.item.isEnabled else { return }
        if let owningController {
            owningController.tabBarItemTapped(button.item)
        } else {
            showSelection(button.item)
            delegateStorage?.tabBar(self, didSelect: button.item)
        }
    }
}

/// Told of a tab bar's selections (Apple's protocol; the customizing methods are not here, as
/// Kinescope has no customizing sheet).
@MainActor
public protocol UITabBarDelegate: AnyObject {
    /// The user tapped `item` (selected now, or already selected before).
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}
