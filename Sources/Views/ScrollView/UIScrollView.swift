import Foundation
import Geometry
import Layers

/// A view that scrolls and zooms content larger than itself, as UIKit's `UIScrollView`.
///
/// ```swift
/// let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
/// let photo = UIImageView(image: UIImage(named: "Anchor"))
/// scrollView.addSubview(photo)
/// scrollView.contentSize = photo.bounds.size
/// scrollView.delegate = self                  // viewForZooming(in:) returns photo
/// scrollView.minimumZoomScale = 0.25
/// scrollView.maximumZoomScale = 4
/// scrollView.setContentOffset(CGPoint(x: 0, y: 200), animated: true)
/// ```
///
/// As in UIKit, `contentOffset` is `bounds.origin`: scrolling moves the bounds over the
/// subviews, which keep their frames (and their cached drawings: the compositor redraws the
/// scroll view's area from the subviews' unchanged render nodes, never calling `draw(_:)` again).
/// Subviews are the content; `contentSize` says how far it reaches. The scrollable range of
/// `contentOffset` runs from `(-adjustedContentInset.left, -adjustedContentInset.top)` to
/// `contentSize + (right, bottom insets) - bounds.size` (never below the start).
///
/// **Input.** A drag (`panGestureRecognizer`) scrolls with the pointer, rubber-banding past the
/// edges when `bounces`; on release the content decelerates with UIKit's exponential decay (or
/// snaps to a page with `isPagingEnabled`) and springs back inside the edges; see
/// `ScrollPhysics` for the formulas. The mouse wheel scrolls the innermost scroll view under
/// the pointer that can scroll that way by `UIScrollView.wheelStep` (40 points) a notch, with no
/// rubber band and no inertia; Shift turns the wheel horizontal; Control+wheel pinches (zoom).
/// Keys scroll the scroll view that holds the first responder, or the one under the pointer
/// when nothing is first responder: arrows by `lineStep` (40 points), Page Up/Down and
/// space/Shift+space by the visible extent minus `lineStep`, Home/End to the top/bottom. Wheel
/// and key steps are immediate, as a desktop's clicks.
///
/// **Time.** Deceleration, bounce, paging, animated offsets and zooms and the indicators' fade
/// run on a `CADisplayLink`: they follow the display's frame clock (a headless host's virtual
/// clock), one step per frame at the frame's timestamp.
///
/// Not here (yet): `refreshControl`, `keyboardDismissMode`,
/// `bouncesZoom` (zooming is clamped to its limits, never bounced), `touchesShouldBegin`.
@MainActor
open class UIScrollView: UIView, UIGestureRecognizerDelegate {
    /// UIKit's own scroll view draws nothing; subclasses draw through `draw(_:)` as other
    /// views do.
    override class var drawsWithDrawRect: Bool { self != UIScrollView.self }

    /// The size of the content, points. Default zero. Negative, NaN or infinite components
    /// count as 0.
    open var contentSize: CGSize = .zero {
        didSet {
            contentSize = CGSize(width: Self.validLength(contentSize.width), height: Self.validLength(contentSize.height))
            guard contentSize != oldValue else { return }
            updateIndicators()
            if contentInsetAdjustmentBehavior != .never, safeAreaInsetsStorage != .zero { adjustedContentInsetMayHaveChanged() }
        }
    }

    /// Where the content's origin is in the scroll view: `bounds.origin`. Setting it moves the
    /// content at once without stopping a deceleration (as in UIKit;
    /// `setContentOffset(_:animated: false)` stops it); it is not clamped, but non-finite
    /// components are ignored. Every change calls `scrollViewDidScroll`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            moveContent(to: newValue)
        }
    }

    /// Extra room around the content, points (scrollable beyond each edge by that much).
    /// Default zero. Non-finite insets count as 0; insets larger than the bounds are allowed.
    open var contentInset: UIEdgeInsets = .zero {
        didSet {
            guard contentInset != oldValue else { return }
            adjustedContentInsetMayHaveChanged()
        }
    }

    /// How `adjustedContentInset` adds the safe area (`safeAreaInsets`: the part of the scroll
    /// view under a navigation bar, a tab bar or a controller's `additionalSafeAreaInsets`) to
    /// `contentInset`. Default `.automatic`, as in UIKit.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { adjustedContentInsetMayHaveChanged() } }
    }

    /// The insets the scroll view uses: `contentInset` (non-finite insets read as 0) plus the
    /// safe area insets on the edges `contentInsetAdjustmentBehavior` adjusts:
    /// - `.always`: every edge; `.never`: none;
    /// - `.scrollableAxes`: top and bottom when the content scrolls vertically (or
    ///   `alwaysBounceVertical`), left and right likewise horizontally;
    /// - `.automatic`: top and bottom always (UIKit adjusts vertically whenever the scroll view
    ///   is a navigation or tab bar controller's content, which is where a Kinescope safe area
    ///   comes from), left and right as `.scrollableAxes`.
    open var adjustedContentInset: UIEdgeInsets {
        var inset = UIEdgeInsets(top: Self.finite(contentInset.top), left: Self.finite(contentInset.left),
                                 bottom: Self.finite(contentInset.bottom), right: Self.finite(contentInset.right))
        let safe = safeAreaInsetsStorage
        guard safe != .zero else { return inset }
        let vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: return inset
        case .always: vertical = true; horizontal = true
        case .scrollableAxes:
            vertical = alwaysBounceVertical || contentSize.height + inset.top + inset.bottom > bounds.height
            horizontal = alwaysBounceHorizontal || contentSize.width + inset.left + inset.right > bounds.width
        case .automatic:
            vertical = true
            horizontal = alwaysBounceHorizontal || contentSize.width + inset.left + inset.right > bounds.width
        }
        if vertical { inset.top += safe.top; inset.bottom += safe.bottom }
        if horizontal { inset.left += safe.left; inset.right += safe.right }
        return inset
    }

    /// Called when `adjustedContentInset` changed (the content inset, the safe area or the
    /// behaviour); the default tells the delegate (`scrollViewDidChangeAdjustedContentInset`).
    /// Overrides call `super`.
    open func adjustedContentInsetDidChange() {
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
    }

    /// `adjustedContentInset` when it was last seen, to notice changes.
    private var lastAdjustedContentInset = UIEdgeInsets.zero

    /// Notices a change of `adjustedContentInset`. As UIKit does, content resting at the start
    /// of an axis (the offset at minus the old inset) stays at the start: a table shown under a
    /// navigation bar begins with its first row below the bar. A drag or deceleration under
    /// way keeps its offset.
    func adjustedContentInsetMayHaveChanged() {
        let old = lastAdjustedContentInset, new = adjustedContentInset
        guard new != old else { return }
        lastAdjustedContentInset = new
        if !isTracking, !isDecelerating {
            var offset = contentOffset
            if offset.y == -old.top { offset.y = -new.top }
            if offset.x == -old.left { offset.x = -new.left }
            if offset != contentOffset { moveContent(to: offset) }
        }
        updateIndicators()
        adjustedContentInsetDidChange()
    }

    /// The delegate, held weakly as in UIKit.
    open weak var delegate: UIScrollViewDelegate?

    /// Whether a drag may pull the content past its edges (with the rubber band's resistance)
    /// and a deceleration bounces there before springing back. Default true.
    open var bounces = true
    /// Whether a vertical drag bounces even when the content is not taller than the view.
    /// Default false.
    open var alwaysBounceVertical = false
    /// Whether a horizontal drag bounces even when the content is not wider. Default false.
    open var alwaysBounceHorizontal = false
    /// Whether a released drag comes to rest on a multiple of the bounds size (a page): the
    /// nearest one, or the next one in the direction of a flick. Default false.
    open var isPagingEnabled = false
    /// How quickly a released drag slows down. Default `.normal`.
    open var decelerationRate: DecelerationRate = .normal
    /// Whether drags scroll (the wheel and keys too). Turning it off disables
    /// `panGestureRecognizer`, as in UIKit. Default true.
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    /// Whether a drag that starts mostly horizontal or mostly vertical (one component of its
    /// first movement more than twice the other) scrolls along that axis only. UIKit documents
    /// no threshold. Default false.
    open var isDirectionalLockEnabled = false
    /// Whether the drag delays the content's `touchesBegan` by 0.15 s, to see whether the touch
    /// is a scroll (then the content never sees it). Default true.
    open var delaysContentTouches = true
    /// Whether a drag that begins after the content has seen the touch cancels the content's
    /// touch (asking `touchesShouldCancel(in:)`); when false the scroll view does not scroll
    /// once the content is tracking the touch. Default true.
    open var canCancelContentTouches = true
    /// Whether the Home key's scroll to top applies to this scroll view (UIKit: the status bar
    /// tap). Default true.
    open var scrollsToTop = true

    /// Whether the vertical indicator shows while scrolling. Default true.
    open var showsVerticalScrollIndicator = true { didSet { updateIndicators() } }
    /// Whether the horizontal indicator shows while scrolling. Default true.
    open var showsHorizontalScrollIndicator = true { didSet { updateIndicators() } }
    /// The indicators' colours. Default `.default`.
    open var indicatorStyle: IndicatorStyle = .default { didSet { updateIndicators() } }

    /// The smallest `zoomScale`. Default 1. Non-finite or non-positive values are ignored.
    open var minimumZoomScale: CGFloat = 1 {
        didSet { if !minimumZoomScale.isFinite || minimumZoomScale <= 0 { minimumZoomScale = oldValue }; updateZooming() }
    }
    /// The largest `zoomScale`. Default 1; zooming is possible when it exceeds
    /// `minimumZoomScale`. Non-finite or non-positive values are ignored.
    open var maximumZoomScale: CGFloat = 1 {
        didSet { if !maximumZoomScale.isFinite || maximumZoomScale <= 0 { maximumZoomScale = oldValue }; updateZooming() }
    }

    /// The drag that scrolls the content. Its delegate is the scroll view and must stay so
    /// (UIKit raises when it is changed).
    public let panGestureRecognizer: UIPanGestureRecognizer
    /// The pinch that zooms (Control+wheel on a desktop), or nil while zooming is off
    /// (`maximumZoomScale` not above `minimumZoomScale`), as in UIKit.
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { isZoomable ? pinch : nil }

    /// Whether a touch is down on the scroll view (it may not have started dragging yet).
    public internal(set) var isTracking = false
    /// Whether a drag is scrolling the content.
    public internal(set) var isDragging = false
    /// Whether the content is moving on its own after a drag (decelerating, bouncing, paging).
    public internal(set) var isDecelerating = false
    /// Whether a pinch is zooming the content.
    public internal(set) var isZooming = false

    /// The distance (points) one wheel notch scrolls: 40, four of NSScrollView's 10-point lines
    /// (X11 reports a notch as one button click; desktop toolkits scroll about 3 lines of text,
    /// 40–60 points, per notch).
    public static let wheelStep: CGFloat = 40
    /// The distance (points) an arrow key scrolls, and the overlap kept by a page step: 40.
    public static let lineStep: CGFloat = 40

    let pinch = UIPinchGestureRecognizer()
    let delayRecognizer = ScrollViewDelayRecognizer()
    var zoomScaleStorage: CGFloat = 1
    var zoomPinchStartScale: CGFloat = 1

    /// What follows the offset besides the delegate: the navigation controller whose large
    /// title this scroll view collapses.
    weak var scrollTracker: (any ScrollTracking)?

    // Dragging.
    /// The un-rubber-banded offset the drag started from.
    var dragOrigin: CGPoint = .zero
    var lockedAxis: Axis?
    /// The content has received the current touch's `touchesBegan` (the delay is over).
    var contentIsTracking = false

    // Motion and indicators, stepped by `link`.
    var motion: Motion?
    /// Bumped whenever a motion starts or stops, so a step can tell that a delegate call
    /// replaced its motion.
    var motionGeneration = 0
    var link: CADisplayLink?
    let verticalIndicator = CALayer()
    let horizontalIndicator = CALayer()
    /// Until when the indicators stay fully visible (nil: hidden, or kept visible by a drag
    /// or motion); they fade out over `ScrollIndicatorTiming.fade` after.
    var indicatorsShownUntil: TimeInterval?
    var indicatorOpacity: Float = 0

    public override init(frame: CGRect) {
        panGestureRecognizer = ScrollViewPanGestureRecognizer()
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.addTarget(self, action: UIScrollView.handlePan)
        panGestureRecognizer.delegate = self
        (panGestureRecognizer as? ScrollViewPanGestureRecognizer)?.scrollView = self
        delayRecognizer.scrollView = self
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(panGestureRecognizer)
        pinch.addTarget(self, action: UIScrollView.handlePinch)
        for indicator in [verticalIndicator, horizontalIndicator] {
            indicator.opacity = 0
            indicator.isHidden = true
            layer.addSublayer(indicator)
        }
    }

    /// The scrollable range of `contentOffset` (see the class discussion).
    var minimumOffset: CGPoint {
        let inset = adjustedContentInset
        return CGPoint(x: -inset.left, y: -inset.top)
    }

    var maximumOffset: CGPoint {
        let inset = adjustedContentInset, low = minimumOffset
        return CGPoint(x: max(low.x, contentSize.width + inset.right - bounds.width),
                       y: max(low.y, contentSize.height + inset.bottom - bounds.height))
    }

    /// `point` brought inside the scrollable range.
    func clamped(_ point: CGPoint) -> CGPoint {
        let low = minimumOffset, high = maximumOffset
        return CGPoint(x: min(high.x, max(low.x, point.x)), y: min(high.y, max(low.y, point.y)))
    }

    /// Whether the content reaches past the view on `axis` (so it scrolls there).
    func hasScrollableRange(_ axis: Axis) -> Bool {
        axis == .horizontal ? maximumOffset.x > minimumOffset.x : maximumOffset.y > minimumOffset.y
    }

    /// Whether a drag moves the content on `axis`: it scrolls there, or always bounces there.
    func dragScrolls(_ axis: Axis) -> Bool {
        hasScrollableRange(axis) || (axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical)
    }

    /// Sets `bounds.origin`, lays the content out again (UIKit calls `layoutSubviews` on every
    /// scroll, which table views rely on) and tells the delegate.
    func moveContent(to offset: CGPoint) {
        guard offset != bounds.origin else { return }
        var b = bounds
        b.origin = offset
        bounds = b
        setNeedsLayout()
        if layoutStateStorage?.scrollFrameGuidePlacesViews == true { markLayoutEngineNeedsSync() }
        updateIndicators()
        delegate?.scrollViewDidScroll(self)
        scrollTracker?.scrollViewDidMove(self)
    }

    /// Scrolls to `contentOffset` (not clamped, as in UIKit), at once or in a 0.3 s ease-in-out
    /// animation on the frame clock (UIKit documents no duration; 0.3 s is what it is measured
    /// to take), calling `scrollViewDidScroll` each frame and `scrollViewDidEndScrollingAnimation`
    /// at the end. Non-finite offsets are ignored.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else { return }
        stopMotion()
        guard animated, contentOffset != self.contentOffset else { return moveContent(to: contentOffset) }
        startMotion(.animation(ScrollAnimation(fromOffset: self.contentOffset, toOffset: contentOffset,
                                               fromScale: zoomScale, toScale: zoomScale,
                                               start: CACurrentMediaTime())))
    }

    /// Scrolls as little as needed to show `rect` (in the scroll view's bounds coordinates,
    /// i.e. the content's), clamped to the scrollable range; a rect larger than the view shows
    /// its top-left part. Does nothing for a null or non-finite rect.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let r = rect.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        var offset = contentOffset
        let size = bounds.size
        if r.maxX > offset.x + size.width { offset.x = r.maxX - size.width }
        if r.minX < offset.x || r.width > size.width { offset.x = r.minX }
        if r.maxY > offset.y + size.height { offset.y = r.maxY - size.height }
        if r.minY < offset.y || r.height > size.height { offset.y = r.minY }
        offset = clamped(offset)
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    /// Whether a drag that begins in `view` (content that has already seen the touch begin) may
    /// cancel that touch and scroll. Default: true unless `view` is a `UIControl`, as in UIKit.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        keepIndicatorsOnTop()
    }

    /// Scroll keys (see the class discussion) scroll this view when it can move that way;
    /// others, and those it cannot take, travel on up the responder chain.
    open override func keyDown(_ key: UIKey) {
        if !handleScrollKey(key) { super.keyDown(key) }
    }

    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        keepIndicatorsOnTop()
    }

    // MARK: UIGestureRecognizerDelegate

    /// The scroll view's pan begins only when the content can move (`dragScrolls` on some
    /// axis), and, once the content is tracking the touch, only if `canCancelContentTouches`
    /// and `touchesShouldCancel(in:)` allow it. Subclasses that override it call `super`.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return true }
        guard isScrollEnabled, dragScrolls(.horizontal) || dragScrolls(.vertical) else { return false }
        if contentIsTracking, let view = panGestureRecognizer.trackedTouches.first?.view, view !== self {
            return canCancelContentTouches && touchesShouldCancel(in: view)
        }
        return true
    }

    static func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
    static func validLength(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }
}

extension UIScrollView {
    /// How fast a released drag slows down: the share of its velocity kept each millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998, UIKit's default.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99, UIKit's quick stop (paging-like lists).
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The indicators' colours, UIKit's raw values.
    public enum IndicatorStyle: Int, Sendable {
        /// Dark (black at 35 %), visible on light content.
        case `default` = 0
        /// Black at 50 %.
        case black = 1
        /// White at 50 %, for dark content.
        case white = 2
    }

    /// How the safe area adds to the content inset, UIKit's raw values (here the safe area is
    /// always empty: see `contentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0
        case scrollableAxes = 1
        case never = 2
        case always = 3
    }

    enum Axis { case horizontal, vertical }
}

/// Follows a scroll view's offset besides its delegate (a navigation bar's large title).
@MainActor
protocol ScrollTracking: AnyObject {
    /// The offset changed.
    func scrollViewDidMove(_ scrollView: UIScrollView)
    /// A drag ended without decelerating, or a deceleration came to rest.
    func scrollViewDidSettle(_ scrollView: UIScrollView)
}
