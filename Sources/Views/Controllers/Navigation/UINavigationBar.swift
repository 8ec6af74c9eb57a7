import Foundation
import Geometry
import Layers

/// The bar at the top of a navigation controller, as UIKit's `UINavigationBar`: it shows the
/// top item's title in the middle, a back button ("‹ " and the previous item's back title) on
/// the left unless the item hides it or has left items that replace it, and the items' bar
/// button items on either side. Drawn with `UILabel` and `UIButton` subviews on a white bar
/// with a hairline under it: a 44-point row of items, with a 30-point band above it for the
/// top item's `prompt` and, when the bar `prefersLargeTitles` and the item's
/// `largeTitleDisplayMode` agrees, a 52-point band below it with the title in 34-point bold at
/// the leading margin (the small title in the middle then shows only once the band has been
/// scrolled away). In a navigation controller the large title collapses as the top
/// controller's scroll view scrolls up (the view itself when it is a scroll view, else its
/// first subview that is one, as UIKit picks it), and snaps open or shut when the scrolling
/// stops half way.
///
/// In a navigation controller's push or pop, the new item's content fades in while its title
/// slides in by a third of the bar's width from the trailing side (the leading side for a pop),
/// and the old content fades out sliding the other way, alongside the controllers' views (and
/// scrubbed with them in an edge pop). A standalone bar's animated changes cross-dissolve in
/// 0.25 s. Changing the items of a bar owned by a navigation controller directly is refused
/// with a diagnostic (UIKit raises): push and pop the controllers instead.
@MainActor
open class UINavigationBar: UIView {
    /// The height of the row of items, points (UIKit's compact bar).
    public static let height: CGFloat = 44
    /// The height of the band the prompt adds above the row of items, points.
    public static let promptHeight: CGFloat = 30
    /// The height of the band a large title adds below the row of items, points (UIKit's 96-point
    /// bar on an iPhone, less its 44-point row).
    public static let largeTitleHeight: CGFloat = 52

    /// Whether items may show their titles large, below the row of items (each item decides
    /// through `largeTitleDisplayMode`). Default false.
    open var prefersLargeTitles = false { didSet { if prefersLargeTitles != oldValue { itemsChanged() } } }
    /// The title's attributes: `.font` and `.foregroundColor` are used (default 17-point
    /// semibold, black).
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsChanged() } }
    /// The large title's attributes: `.font` and `.foregroundColor` are used (default 34-point
    /// bold, black).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsChanged() } }
    /// How long a standalone bar's animated item change takes, seconds.
    static let crossDissolveDuration: TimeInterval = 0.25

    weak var navigationController: UINavigationController?
    private var itemStack: [UINavigationItem] = []
    /// The content shown for the top item.
    private var shown: NavigationItemView?
    /// The content of the outgoing item while a navigation transition runs.
    private var outgoing: NavigationItemView?
    private let hairline = UIView(frame: .zero)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.98, alpha: 1)
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        addSubview(hairline)
    }

    /// The items, bottom first; setting it is `setItems(_:animated: false)`.
    open var items: [UINavigationItem]? {
        get { itemStack }
        set { setItems(newValue ?? [], animated: false) }
    }
    /// The item on top, whose content is shown.
    open var topItem: UINavigationItem? { itemStack.last }
    /// The item beneath the top one, whose back title the back button shows.
    open var backItem: UINavigationItem? { itemStack.count > 1 ? itemStack[itemStack.count - 2] : nil }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        guard standalone("setItems") else { return }
        change(animated: animated) { replaceItems(items ?? []) }
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        guard standalone("pushItem") else { return }
        change(animated: animated) { replaceItems(itemStack + [item]) }
    }

    /// Pops the top item and returns it (nil when there is none).
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard standalone("popItem"), let top = itemStack.last else { return nil }
        change(animated: animated) { replaceItems(Array(itemStack.dropLast())) }
        return top
    }

    private func standalone(_ method: String) -> Bool {
        guard navigationController == nil else {
            viewControllerDiagnostic("UINavigationBar.\(method): this bar belongs to \(describe(navigationController)); push and pop its controllers instead; ignored")
            return false
        }
        return true
    }

    private func change(animated: Bool, _ body: () -> Void) {
        body()
        guard animated, window != nil else { return refresh() }
        UIView.transition(with: self, duration: Self.crossDissolveDuration, options: .transitionCrossDissolve,
                          animations: { self.refresh() })
    }

    /// Takes the item stack as given, without redrawing (a navigation controller's changes).
    func replaceItems(_ items: [UINavigationItem]) {
        for item in itemStack where item.bar === self { item.bar = nil }
        itemStack = items
        for item in items {
            item.bar = self
            for button in (item.leftBarButtonItems ?? []) + (item.rightBarButtonItems ?? []) { button.bar = self }
        }
    }

    /// Shows the top item's content now.
    func refresh() {
        shown?.removeFromSuperview()
        shown = nil
        if let top = topItem {
            let content = NavigationItemView(item: top, back: backItem, bar: self)
            content.frame = bounds
            content.layoutContent()
            addSubview(content)
            shown = content
        }
        setNeedsLayout()
    }

    /// An item or bar button item changed: redraw, unless a transition is running (its end
    /// redraws).
    func itemsChanged() {
        replaceItems(itemStack)
        if outgoing == nil { refresh() }
        heightMayHaveChanged()
    }

    /// Whether `item` (one of the bar's) shows its title large: the bar prefers large titles and
    /// the item is `.always`, or `.automatic` with every item beneath it back to an `.always` or
    /// the bottom one `.automatic` too.
    func showsLargeTitle(_ item: UINavigationItem) -> Bool {
        guard prefersLargeTitles else { return false }
        guard let index = itemStack.lastIndex(where: { $0 === item }) else { return item.largeTitleDisplayMode != .never }
        for candidate in itemStack[...index].reversed() {
            switch candidate.largeTitleDisplayMode {
            case .always: return true
            case .never: return false
            case .automatic: continue
            }
        }
        return true
    }

    /// The height the bar takes for `item`: the row, the prompt's band, and what shows of the
    /// large title's band.
    func preferredHeight(for item: UINavigationItem?) -> CGFloat {
        guard let item else { return Self.height }
        var height = Self.height
        if item.prompt != nil { height += Self.promptHeight }
        if showsLargeTitle(item) { height += Self.largeTitleHeight - min(max(0, item.largeTitleCollapse), Self.largeTitleHeight) }
        return height
    }

    /// The height the bar takes for its top item.
    var preferredHeight: CGFloat { preferredHeight(for: topItem) }

    /// The width of the bar as given and the height of its top item.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: preferredHeight)
    }

    /// The top item's height may differ now: a navigation controller places its bar again.
    func heightMayHaveChanged() {
        guard let controller = navigationController, let view = controller.viewIfLoaded,
              bounds.height != preferredHeight else { return }
        view.setNeedsLayout()
    }

    /// The top item's large title has been scrolled `collapse` points away: the bar shrinks.
    func setLargeTitleCollapse(_ collapse: CGFloat, of item: UINavigationItem) {
        let c = min(max(0, collapse.isFinite ? collapse : 0), Self.largeTitleHeight)
        guard item.largeTitleCollapse != c else { return }
        item.largeTitleCollapse = c
        heightMayHaveChanged()
        shown?.setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        hairline.frame = CGRect(x: 0, y: bounds.height - 0.5, width: bounds.width, height: 0.5)
        if let shown {
            shown.frame = bounds
            shown.layoutContent()
        }
    }

    /// Sets up the bar's part of a navigation transition: the new content comes in alongside.
    func prepareTransition(_ coordinator: UIViewControllerTransitionCoordinator, operation: UINavigationController.Operation) {
        outgoing?.removeFromSuperview()
        let old = shown
        let new = topItem.map { NavigationItemView(item: $0, back: backItem, bar: self) }
        outgoing = old
        old?.isOutgoing = true
        shown = new
        let shift = bounds.width / 3 * (operation == .pop ? -1 : 1)
        UIView.performWithoutAnimation {
            if let new {
                new.frame = bounds
                new.layoutContent()
                addSubview(new)
                new.alpha = 0
                new.titleContent.center.x += shift
            }
        }
        coordinator.animate(alongsideTransition: { _ in
            new?.alpha = 1
            if let new { new.titleContent.center.x -= shift }
            old?.alpha = 0
            old?.titleContent.center.x -= shift
        }, completion: nil)
    }

    /// Ends the bar's part of a navigation transition: the content of the (possibly restored)
    /// top item is shown.
    func transitionEnded() {
        outgoing?.removeFromSuperview()
        outgoing = nil
        UIView.performWithoutAnimation { refresh() }
    }

    fileprivate func backTapped() {
        if let navigationController {
            navigationController.popViewController(animated: true)
        } else {
            popItem(animated: true)
        }
    }
}

/// The views of one item on the bar: back button, left items, title (or the item's title
/// view), right items.
@MainActor
final class NavigationItemView: UIView {
    let titleLabel = UILabel(frame: .zero)
    /// The item's `titleView`, shown instead of `titleLabel`.
    private let titleView: UIView?
    private let item: UINavigationItem
    /// The view in the title's place, which slides in a push or pop.
    var titleContent: UIView { titleView ?? titleLabel }
    private var backButton: UIButton?
    private var leftButtons: [(UIBarButtonItem, UIButton?)] = []
    private var rightButtons: [(UIBarButtonItem, UIButton?)] = []
    /// Space between the bar's edge and its items, and between items, points.
    static let margin: CGFloat = 8

    /// The prompt above the row of items, when the item has one.
    private var promptLabel: UILabel?
    /// The band below the row of items that shows the large title, clipping it as it collapses.
    private var largeTitleBand: UIView?
    let largeTitleLabel = UILabel(frame: .zero)

    init(item: UINavigationItem, back: UINavigationItem?, bar: UINavigationBar) {
        titleView = item.titleView
        self.item = item
        super.init(frame: .zero)
        backgroundColor = nil
        titleLabel.text = item.shownTitle
        titleLabel.font = bar.titleTextAttributes?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textColor = bar.titleTextAttributes?[.foregroundColor] as? UIColor ?? .black
        titleLabel.textAlignment = .center
        addSubview(titleContent)
        if let prompt = item.prompt {
            let label = UILabel(frame: .zero)
            label.text = prompt
            label.font = .systemFont(ofSize: 13)
            label.textColor = .black
            label.textAlignment = .center
            addSubview(label)
            promptLabel = label
        }
        if bar.showsLargeTitle(item) {
            let band = UIView(frame: .zero)
            band.clipsToBounds = true
            largeTitleLabel.text = item.shownTitle
            largeTitleLabel.font = bar.largeTitleTextAttributes?[.font] as? UIFont ?? UIFont.systemFont(ofSize: 34, weight: .bold)
            largeTitleLabel.textColor = bar.largeTitleTextAttributes?[.foregroundColor] as? UIColor ?? .black
            band.addSubview(largeTitleLabel)
            addSubview(band)
            largeTitleBand = band
        }
        let left = item.leftBarButtonItems ?? []
        if let back, !item.hidesBackButton, left.isEmpty || item.leftItemsSupplementBackButton {
            let button = UIButton(type: .system)
            button.setTitle("‹ " + back.backTitle, for: .normal)
            button.titleLabel?.font = UIFont.systemFont(ofSize: 17)
            button.addTarget(bar, action: UINavigationBar.backTapped, for: .touchUpInside)
            addSubview(button)
            backButton = button
        }
        leftButtons = left.map { ($0, makeButton(for: $0)) }
        rightButtons = (item.rightBarButtonItems ?? []).map { ($0, makeButton(for: $0)) }
    }

    /// A title view's size: each dimension of its frame, or of its intrinsic size where the
    /// frame's is zero (`noIntrinsicMetric` counts as zero).
    private static func preferredSize(of view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        func pick(_ framed: CGFloat, _ natural: CGFloat) -> CGFloat {
            framed > 0 ? framed : (natural.isFinite && natural > 0 ? natural : 0)
        }
        return CGSize(width: pick(view.bounds.width, intrinsic.width), height: pick(view.bounds.height, intrinsic.height))
    }

    private func makeButton(for item: UIBarButtonItem) -> UIButton? {
        guard !item.isSpace else { return nil }
        let button = UIButton(type: .system)
        if let image = item.image { button.setImage(image, for: .normal) } else { button.setTitle(item.title, for: .normal) }
        button.titleLabel?.font = item.style == .done ? UIFont.systemFont(ofSize: 17, weight: .semibold) : UIFont.systemFont(ofSize: 17)
        button.isEnabled = item.isEnabled
        button.addTarget(item, action: UIBarButtonItem.perform, for: .touchUpInside)
        addSubview(button)
        return button
    }

    /// Places the items from the edges inwards and centres the title in the bar, pushed aside
    /// when the items leave it too little room.
    func layoutContent() {
        let height = UINavigationBar.height, margin = Self.margin
        let top = promptLabel == nil ? 0 : UINavigationBar.promptHeight
        if let promptLabel {
            promptLabel.frame = CGRect(x: margin, y: 0, width: max(0, bounds.width - 2 * margin), height: top)
        }
        layoutLargeTitle(below: top + height)
        var leading = margin
        if let backButton {
            backButton.sizeToFit()
            backButton.frame = CGRect(x: leading, y: top + (height - backButton.bounds.height) / 2,
                                      width: backButton.bounds.width, height: backButton.bounds.height)
            leading = backButton.frame.maxX + margin
        }
        for (item, button) in leftButtons {
            guard let button else { leading += item.width > 0 ? item.width : margin; continue }
            button.sizeToFit()
            button.frame = CGRect(x: leading, y: top + (height - button.bounds.height) / 2, width: button.bounds.width, height: button.bounds.height)
            leading = button.frame.maxX + margin
        }
        var trailing = bounds.width - margin
        for (item, button) in rightButtons {
            guard let button else { trailing -= item.width > 0 ? item.width : margin; continue }
            button.sizeToFit()
            button.frame = CGRect(x: trailing - button.bounds.width, y: top + (height - button.bounds.height) / 2,
                                  width: button.bounds.width, height: button.bounds.height)
            trailing = button.frame.minX - margin
        }
        let size: CGSize
        if let titleView {
            let current = titleView.bounds.size
            let wanted = item.titleViewSizes.flatMap { $0.given == current ? $0.wanted : nil } ?? Self.preferredSize(of: titleView)
            size = CGSize(width: wanted.width, height: min(wanted.height, height))
            item.titleViewSizes = (wanted, CGSize(width: min(size.width, max(0, trailing - leading)), height: size.height))
        } else {
            titleLabel.sizeToFit()
            size = titleLabel.bounds.size
        }
        let room = max(0, trailing - leading)
        let width = min(size.width, room)
        let centered = (bounds.width - width) / 2
        let x = min(max(centered, leading), trailing - width)
        titleContent.frame = CGRect(x: x, y: top + (height - size.height) / 2, width: width, height: size.height)
    }

    /// The large title's band fills the bar below `y`; the title sits 8 points above the band's
    /// full bottom and rises under the row of items as the band collapses. The small title shows
    /// only once the band is gone.
    private func layoutLargeTitle(below y: CGFloat) {
        guard let band = largeTitleBand else { return }
        let shown = max(0, bounds.height - y)
        band.frame = CGRect(x: 0, y: y, width: bounds.width, height: shown)
        let inset: CGFloat = 16
        largeTitleLabel.sizeToFit()
        let labelHeight = largeTitleLabel.bounds.height
        largeTitleLabel.frame = CGRect(x: inset, y: shown - 8 - labelHeight, width: max(0, bounds.width - 2 * inset),
                                       height: labelHeight)
        titleContent.alpha = shown > 0.5 ? 0 : 1
    }

    /// Whether this is the old item's content in a transition, whose title slides out: it is
    /// not laid out again (that would put the title back in the middle).
    var isOutgoing = false

    override func layoutSubviews() {
        super.layoutSubviews()
        if !isOutgoing { layoutContent() }
    }
}
