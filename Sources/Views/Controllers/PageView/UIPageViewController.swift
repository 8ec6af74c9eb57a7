import Geometry

/// A container that shows one page (two for a `.mid` spine) at a time and turns between them,
/// as UIKit's `UIPageViewController`: with a paging scroll view (`.scroll`) or a page curl that
/// follows the finger (`.pageCurl`). Pages come from `dataSource` on demand; only the pages
/// shown (and, for `.scroll`, their two neighbours) are children.
///
///     let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
///     book.dataSource = chapters
///     book.setViewControllers([chapters.page(0)], direction: .forward, animated: false)
///
/// Misuse UIKit raises an exception for (a page count that does not match the spine, `.mid`
/// without `isDoubleSided`) prints a one-line diagnostic naming the rule and changes nothing.
@MainActor
open class UIPageViewController: UIViewController {
    /// How pages turn (Apple's raw values).
    public enum TransitionStyle: Int, Sendable {
        /// A page curl: a drag from the page edge curls the page under the finger.
        case pageCurl = 0
        /// A paging scroll view: pages slide side by side, `interPageSpacing` apart.
        case scroll = 1
    }

    /// The axis along which pages turn (Apple's raw values).
    public enum NavigationOrientation: Int, Sendable {
        /// Pages turn left and right.
        case horizontal = 0
        /// Pages turn up and down.
        case vertical = 1
    }

    /// The direction of a turn (Apple's raw values).
    public enum NavigationDirection: Int, Sendable {
        /// To the page after (leftward for a horizontal `.min` spine).
        case forward = 0
        /// To the page before.
        case reverse = 1
    }

    /// Where the pages are bound (Apple's raw values); along the navigation axis.
    public enum SpineLocation: Int, Sendable {
        /// No spine: the default of `.scroll`.
        case none = 0
        /// The left (horizontal) or top (vertical) edge: the default of `.pageCurl`.
        case min = 1
        /// The middle: two pages at a time, which needs `isDoubleSided`.
        case mid = 2
        /// The right or bottom edge: pages turn forward from the leading edge.
        case max = 3
    }

    /// Keys of the options dictionary of `init(transitionStyle:navigationOrientation:options:)`.
    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A `SpineLocation` (or its raw value as an `Int`/`NSNumber`); `.pageCurl` only.
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The gap between pages in points (a `CGFloat`, `Double` or `Int`); `.scroll` only,
        /// default 0.
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// The style given at initialisation.
    public let transitionStyle: TransitionStyle
    /// The orientation given at initialisation.
    public let navigationOrientation: NavigationOrientation
    /// The spine location: from the options (default `.min` for `.pageCurl`, always `.none` for
    /// `.scroll`, which ignores the option as UIKit does), changed only by the delegate's
    /// `spineLocationFor`.
    public private(set) var spineLocation: SpineLocation
    /// The gap between `.scroll` pages in points (from the options; 0 for `.pageCurl`).
    let interPageSpacing: CGFloat

    /// Whether pages have content on their backs: with a `.mid` spine the two pages shown are
    /// the two faces of a spread. Default false; with a `.mid` spine setting false is refused
    /// with a diagnostic (UIKit raises), and a `.mid` spine from the options sets it to true.
    open var isDoubleSided: Bool {
        get { doubleSided }
        set {
            if !newValue, spineLocation == .mid, transitionStyle == .pageCurl {
                return viewControllerDiagnostic("UIPageViewController.isDoubleSided: \(describe(self)) has its spine in the middle, where pages must be double-sided; false ignored")
            }
            doubleSided = newValue
        }
    }
    private var doubleSided = false

    /// The pages shown, in order (two for a `.mid` spine, else one); nil until
    /// `setViewControllers`.
    public private(set) var viewControllers: [UIViewController]?

    /// Gives the pages before and after the ones shown.
    open weak var dataSource: UIPageViewControllerDataSource?
    /// Told about gesture-driven turns.
    open weak var delegate: UIPageViewControllerDelegate?

    /// The recognizers that turn pages: for `.pageCurl` the pan and the tap, already attached
    /// to the view (an app may add them elsewhere, or make others wait for them); empty for
    /// `.scroll`, as in UIKit (its scroll view's own pan turns the pages).
    public var gestureRecognizers: [UIGestureRecognizer] {
        transitionStyle == .pageCurl ? [curlPan, curlTap] : []
    }

    lazy var curlPan = UIPanGestureRecognizer(target: self, action: UIPageViewController.curlPanned)
    lazy var curlTap = UITapGestureRecognizer(target: self, action: UIPageViewController.curlTapped)
    let gestureGate = PageGestureGate()
    /// The curl in progress (`.pageCurl`), nil at rest.
    var curl: PageCurlTurn?
    /// The paging machinery (`.scroll`).
    var pager: PageScroller?
    /// Whether the delegate was asked for the spine location yet.
    private var askedSpine = false

    /// A page view controller turning pages in `style` along `navigationOrientation`. Options:
    /// `.spineLocation` (`.pageCurl`), `.interPageSpacing` (`.scroll`); values of another type
    /// are ignored with a diagnostic.
    public init(transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
                options: [OptionsKey: Any]? = nil) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        var spine: SpineLocation = style == .pageCurl ? .min : .none
        var spacing: CGFloat = 0
        if let value = options?[.spineLocation], style == .pageCurl {
            if let location = UIPageViewController.spine(from: value) {
                spine = location
            } else {
                viewControllerDiagnostic("UIPageViewController: spineLocation option \(value) is not a SpineLocation; .min used")
            }
        }
        if let value = options?[.interPageSpacing], style == .scroll {
            if let gap = UIPageViewController.number(from: value), gap.isFinite, gap >= 0 {
                spacing = gap
            } else {
                viewControllerDiagnostic("UIPageViewController: interPageSpacing option \(value) is not a length ≥ 0; 0 used")
            }
        }
        spineLocation = spine
        interPageSpacing = spacing
        super.init()
        doubleSided = spine == .mid
        gestureGate.owner = self
    }

    private static func spine(from value: Any) -> SpineLocation? {
        if let location = value as? SpineLocation { return location }
        if let raw = value as? Int { return SpineLocation(rawValue: raw) }
        return nil
    }

    private static func number(from value: Any) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as Float: CGFloat(v)
        default: nil
        }
    }

    /// The number of pages shown at a time.
    var pagesPerSpread: Int { transitionStyle == .pageCurl && spineLocation == .mid ? 2 : 1 }

    open override func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        root.clipsToBounds = true
        view = root
        switch transitionStyle {
        case .scroll:
            let scroller = PageScroller(owner: self)
            pager = scroller
            root.addSubview(scroller.scrollView)
        case .pageCurl:
            curlPan.delegate = gestureGate
            curlTap.delegate = gestureGate
            curlPan.maximumNumberOfTouches = 1
            root.addGestureRecognizer(curlPan)
            root.addGestureRecognizer(curlTap)
        }
        installPages()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if transitionStyle == .pageCurl, !askedSpine, let delegate {
            askedSpine = true
            let orientation: UIInterfaceOrientation = view.bounds.width > view.bounds.height ? .landscapeRight : .portrait
            let asked = delegate.pageViewController(self, spineLocationFor: orientation)
            if asked != spineLocation {
                if let pages = viewControllers, pages.count != (asked == .mid ? 2 : 1) {
                    viewControllerDiagnostic("UIPageViewController: spine location \(asked) from the delegate needs \(asked == .mid ? 2 : 1) view controllers, \(describe(self)) shows \(pages.count); kept \(spineLocation)")
                } else {
                    spineLocation = asked
                    if asked == .mid { doubleSided = true }
                }
            }
        }
        layoutPages()
    }

    /// Shows `viewControllers` (one, or two for a `.mid` spine), turning to them in `direction`
    /// when `animated` (the scroll view slides over 0.3 s; the page curls over
    /// `PageCurlTurn.programmaticDuration`, 0.5 s, ease in-out); `completion(true)` runs once
    /// they are shown. The delegate is not told (as in UIKit). A count that does not fit the
    /// spine, nil or empty, is refused with a diagnostic naming the rule, and nothing changes
    /// (`completion(false)` runs). A call during a turn ends that turn where it is first.
    open func setViewControllers(_ viewControllers: [UIViewController]?, direction: NavigationDirection, animated: Bool,
                                 completion: ((Bool) -> Void)? = nil) {
        guard let pages = viewControllers, !pages.isEmpty else {
            viewControllerDiagnostic("UIPageViewController.setViewControllers: \(describe(self)) needs at least one view controller; ignored")
            completion?(false)
            return
        }
        let needed = pagesPerSpread
        if pages.count != needed {
            let rule = transitionStyle == .scroll
                ? "a .scroll page view controller shows exactly 1"
                : "spine location \(spineLocation) needs exactly \(needed)\(spineLocation == .mid ? " (double-sided)" : "")"
            viewControllerDiagnostic("UIPageViewController.setViewControllers: \(pages.count) view controllers given to \(describe(self)), \(rule); ignored")
            completion?(false)
            return
        }
        if Set(pages.map(ObjectIdentifier.init)).count != pages.count {
            viewControllerDiagnostic("UIPageViewController.setViewControllers: the same view controller twice given to \(describe(self)); ignored")
            completion?(false)
            return
        }
        curl?.abandon()
        pager?.settleAbandoned()
        let previous = self.viewControllers
        guard animated, let previous, isViewLoaded, view.window != nil, previous.map(ObjectIdentifier.init) != pages.map(ObjectIdentifier.init) else {
            replacePages(with: pages)
            completion?(true)
            return
        }
        switch transitionStyle {
        case .scroll: pager?.slide(to: pages[0], direction: direction, completion: completion)
        case .pageCurl: PageCurlTurn.programmatic(in: self, to: pages, direction: direction, completion: completion)
        }
    }

    /// Makes `pages` the pages shown: children swapped (containment callbacks, appearance
    /// callbacks when on screen), views installed, the page indicator refreshed.
    func replacePages(with pages: [UIViewController]) {
        let old = viewControllers ?? []
        let showing = isViewLoaded && view.window != nil
        let leaving = old.filter { page in !pages.contains { $0 === page } }
        let arriving = pages.filter { page in !old.contains { $0 === page } }
        for page in leaving {
            page.willMove(toParent: nil)
            if showing { page.beginAppearanceTransition(false, animated: false) }
            page.viewIfLoaded?.removeFromSuperview()
            if showing { page.endAppearanceTransition() }
            page.removeFromParent()
        }
        viewControllers = pages
        for page in arriving {
            if page.parent !== self { addChild(page) }
        }
        if showing { arriving.forEach { $0.beginAppearanceTransition(true, animated: false) } }
        installPages()
        if showing { arriving.forEach { $0.endAppearanceTransition() } }
        for page in arriving { page.didMove(toParent: self) }
        pager?.refreshIndicator()
    }

    /// Puts the shown pages' views in place (for `.scroll`, with their neighbours).
    func installPages() {
        guard isViewLoaded else { return }
        if let pager { return pager.reload() }
        for page in viewControllers ?? [] where page.view.superview !== view {
            view.insertSubview(page.view, at: 0)
        }
        layoutPages()
    }

    func layoutPages() {
        guard isViewLoaded else { return }
        if let pager { return pager.layout() }
        let pages = viewControllers ?? []
        for (index, page) in pages.enumerated() { page.viewIfLoaded?.frame = pageFrame(index, of: pages.count) }
    }

    /// The frame of the `index`th of `count` pages shown side by side (the halves of the view
    /// along the navigation axis for a `.mid` spine).
    func pageFrame(_ index: Int, of count: Int) -> CGRect {
        let bounds = view.bounds
        guard count == 2 else { return bounds }
        switch navigationOrientation {
        case .horizontal:
            return CGRect(x: bounds.minX + CGFloat(index) * bounds.width / 2, y: bounds.minY, width: bounds.width / 2, height: bounds.height)
        case .vertical:
            return CGRect(x: bounds.minX, y: bounds.minY + CGFloat(index) * bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }
    }

    /// The pages `count` before or after the shown ones from the data source (the spread
    /// before or after for a `.mid` spine), nil at either end.
    func neighbours(_ direction: NavigationDirection) -> [UIViewController]? {
        guard let dataSource, let shown = viewControllers, !shown.isEmpty else { return nil }
        var pages: [UIViewController] = []
        var anchor = direction == .forward ? shown[shown.count - 1] : shown[0]
        for _ in 0..<shown.count {
            let next = direction == .forward
                ? dataSource.pageViewController(self, viewControllerAfter: anchor)
                : dataSource.pageViewController(self, viewControllerBefore: anchor)
            guard let next else { return nil }
            pages.append(next)
            anchor = next
        }
        return direction == .forward ? pages : pages.reversed()
    }
}

/// Lets the curl's pan and tap begin only where a turn can start (see `PageCurlTurn.canBegin`).
@MainActor
final class PageGestureGate: UIGestureRecognizerDelegate {
    weak var owner: UIPageViewController?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let owner else { return false }
        return PageCurlTurn.canBegin(in: owner, at: gestureRecognizer.location(in: owner.view))
    }
}
