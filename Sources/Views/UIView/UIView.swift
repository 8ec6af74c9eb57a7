import Geometry
import Layers

/// A rectangle on screen that draws, lays out subviews and handles touches: UIKit's `UIView`,
/// backed by a `CALayer` whose delegate it is.
///
/// Geometry lives in the layer: `center` is `layer.position`, `alpha` is `layer.opacity`,
/// `transform` is the affine part of `layer.transform`, `clipsToBounds` is
/// `layer.masksToBounds`. Coordinates are y-down, points are pixels (the screen's scale is 1).
@MainActor
open class UIView: UIResponder {
    /// The class of the backing layer; override to back a view with a layer subclass:
    /// `override class var layerClass: AnyClass { CAShapeLayer.self }`.
    ///
    /// Declared `AnyClass` as in UIKit, so such overrides compile unchanged. The class must be
    /// `CALayer` or a subclass; when it is not, the view is backed by a plain `CALayer` and a
    /// one-line diagnostic naming the view class and the class given goes to the current
    /// animation engine's `diagnosticHandler` (standard error by default). UIKit raises an
    /// exception there instead; a plain layer keeps the app running and every view consistent.
    open class var layerClass: AnyClass { CALayer.self }

    /// The backing layer. Its delegate is the view.
    public let layer: CALayer

    var subviewStorage: [UIView] = []
    weak var superviewStorage: UIView?
    /// The view controller whose root view this is.
    weak var viewController: UIViewController?
    var needsLayout = true
    /// Set by `setNeedsDisplay()`, cleared after `draw(_:)` runs.
    var needsDrawing = false
    var hasDrawnOnce = false
    var gestureRecognizerStorage: [UIGestureRecognizer] = []
    /// Animations from blocks without `.allowUserInteraction` running on this view; while any
    /// run, touches pass it by, as in UIKit.
    var interactionBlockingAnimations = 0
    /// Auto Layout's per-view state; nil until the view meets a constraint or a layout API.
    var layoutStateStorage: ViewLayoutState?
    /// `safeAreaInsets` as of the last layout pass that reached this view.
    var safeAreaInsetsStorage = UIEdgeInsets.zero

    /// A view with `frame` in its superview's coordinates.
    public init(frame: CGRect) {
        layer = Self.makeBackingLayer()
        super.init()
        layer.delegate = self
        layer.isOpaque = true
        self.frame = frame
        if Self.drawsWithDrawRect { setNeedsDisplay() }
    }

    /// A new instance of `layerClass`, or a plain `CALayer` (with a diagnostic) when that is not
    /// a `CALayer` class.
    private static func makeBackingLayer() -> CALayer {
        let given: AnyClass = layerClass
        if let layerType = given as? CALayer.Type { return layerType.init() }
        AnimationEngine.current.diagnosticHandler(
            "\(String(reflecting: self)).layerClass is \(String(reflecting: given)), not a CALayer subclass; using CALayer")
        return CALayer()
    }

    /// Whether instances draw through `draw(_:)` when first shown. UIKit gives a backing store
    /// only to classes that override `draw(_:)`; Swift cannot tell whether a method is
    /// overridden, so Kinescope draws every subclass of `UIView` once (a drawing that stays
    /// transparent costs nothing after that), except UIKit's own classes, which set their
    /// layer's contents directly.
    class var drawsWithDrawRect: Bool { self != UIView.self }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// The superview, or for a view controller's root view the controller.
    open override var next: UIResponder? {
        if let viewController { return viewController }
        return superviewStorage
    }

    /// The view's rectangle in its superview's coordinates: derived from `center`, `bounds`
    /// and `transform` (with a non-identity transform it is the bounding box, and setting it is
    /// undefined in UIKit; here it sets `center` and `bounds.size` as if the transform were the
    /// identity).
    open var frame: CGRect {
        get { layer.frame }
        set {
            noteAnimatableChange("position", layer.position)
            noteAnimatableChange("bounds", layer.bounds)
            let old = bounds.size
            layer.frame = newValue
            if bounds.size != old { boundsSizeDidChange(from: old) }
            if layoutStateStorage != nil { layoutFrameDidChange() }
        }
    }

    /// The view's own coordinate space; changing the size lays the subviews out again.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            noteAnimatableChange("bounds", layer.bounds)
            let old = layer.bounds.size
            layer.bounds = newValue
            if newValue.size != old { boundsSizeDidChange(from: old) }
            if layoutStateStorage != nil { layoutFrameDidChange() }
        }
    }

    /// The centre of the frame, in the superview's coordinates (the layer's position).
    open var center: CGPoint {
        get { layer.position }
        set {
            noteAnimatableChange("position", layer.position)
            layer.position = newValue
            if layoutStateStorage != nil { layoutFrameDidChange() }
        }
    }

    /// An affine transform about the centre. Default identity.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(layer.transform) }
        set {
            noteAnimatableChange("transform", layer.transform)
            layer.transform = CATransform3DMakeAffineTransform(newValue)
        }
    }

    /// The layer's 3D transform (iOS 13's `transform3D`).
    open var transform3D: CATransform3D {
        get { layer.transform }
        set {
            noteAnimatableChange("transform", layer.transform)
            layer.transform = newValue
        }
    }

    /// Opacity, `0...1`. Views with alpha below 0.01 are not hit by touches.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set {
            noteAnimatableChange("opacity", layer.opacity)
            layer.opacity = Float(newValue)
        }
    }

    open var backgroundColor: UIColor? {
        get { layer.backgroundColor.map(UIColor.init(cgColor:)) }
        set {
            noteAnimatableChange("backgroundColor", layer.backgroundColor as Any)
            layer.backgroundColor = newValue?.cgColor
        }
    }

    /// Whether the view (and its subviews) is not drawn and not hit. An arranged view of a
    /// `UIStackView` collapses out of the arrangement while hidden.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            let old = layer.isHidden
            layer.isHidden = newValue
            if old != newValue, let stack = superviewStorage as? UIStackView { stack.arrangedSubviewVisibilityDidChange(self) }
        }
    }

    /// Whether subviews (and content) are clipped to the bounds.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// A hint that the view draws every pixel of its bounds opaquely (the layer's `isOpaque`).
    /// Default true, as in UIKit (`UIImageView` defaults to false); set it to false in a view
    /// whose `draw(_:)` leaves pixels transparent.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// How content is placed when the bounds change; maps to the layer's `contentsGravity`.
    open var contentMode: ContentMode = .scaleToFill {
        didSet { layer.contentsGravity = contentMode.contentsGravity }
    }

    /// A number to find the view by (`viewWithTag(_:)`). Default 0.
    open var tag = 0

    /// Whether touches reach this view and its subviews. Default true.
    open var isUserInteractionEnabled = true

    /// How the view resizes when its superview's bounds change.
    open var autoresizingMask: AutoresizingMask = []

    /// Whether subviews are resized by their `autoresizingMask` when the bounds change. Default true.
    open var autoresizesSubviews = true

    /// The view's tint, as UIKit's: the colour set on the view, else its superview's (so a tint
    /// set on a window or a container colours everything inside that has none of its own), else
    /// `.systemBlue`, iOS's default. Setting nil goes back to inheriting. While the view's
    /// effective `tintAdjustmentMode` is `.dimmed`, reading gives the tint desaturated to gray.
    /// A change reaches every view that inherits it through `tintColorDidChange()`. `.system`
    /// buttons draw their title (and `UIButton`'s info and add glyphs) in it, sliders, progress
    /// views and tab bars their tinted parts, and text views their caret.
    open var tintColor: UIColor! {
        get {
            var current: UIView? = self
            var tint = UIColor.systemBlue
            while let view = current {
                if let own = view.tintColorStorage { tint = own; break }
                current = view.superviewStorage
            }
            return isTintDimmed ? Self.dimmed(tint) : tint
        }
        set {
            guard newValue != tintColorStorage else { return }
            let before = tintColor
            tintColorStorage = newValue
            if tintColor != before { tintDidChange() }
        }
    }

    var tintColorStorage: UIColor?

    /// How the tint shows, as UIKit's `UIView.TintAdjustmentMode`.
    public enum TintAdjustmentMode: Int, Sendable {
        /// As the superview (normal at the top of the hierarchy).
        case automatic = 0
        /// The tint as it is.
        case normal = 1
        /// The tint desaturated, as UIKit dims what is behind an alert.
        case dimmed = 2
    }

    /// Whether the tint shows as it is or dimmed. Default `.automatic`: as the superview; the
    /// topmost view counts as `.normal`. Reading gives the effective mode (never `.automatic`),
    /// as UIKit does.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { isTintDimmed ? .dimmed : .normal }
        set {
            guard newValue != tintAdjustmentModeStorage else { return }
            let before = tintColor
            tintAdjustmentModeStorage = newValue
            if tintColor != before { tintDidChange(dimming: true) }
        }
    }

    var tintAdjustmentModeStorage = TintAdjustmentMode.automatic

    private var isTintDimmed: Bool {
        var current: UIView? = self
        while let view = current {
            if view.tintAdjustmentModeStorage != .automatic { return view.tintAdjustmentModeStorage == .dimmed }
            current = view.superviewStorage
        }
        return false
    }

    /// The dimmed form of a tint: its luminance as gray, at its alpha.
    static func dimmed(_ tint: UIColor) -> UIColor {
        let c = tint.cgColor
        let gray = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        return UIColor(white: min(1, max(0, gray * 0.6 + 0.3)), alpha: c.alpha)
    }

    /// Called when the view's `tintColor` (or its dimming) changed, whether set on the view or
    /// inherited; override to redraw what is tinted, calling super. The default does nothing.
    open func tintColorDidChange() {}

    /// Tells this view and every subview that inherits what changed: the colour (`dimming`
    /// false) or the adjustment mode.
    func tintDidChange(dimming: Bool = false) {
        tintColorDidChange()
        for subview in subviewStorage where dimming ? subview.tintAdjustmentModeStorage == .automatic : subview.tintColorStorage == nil {
            subview.tintDidChange(dimming: dimming)
        }
    }

    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { gestureRecognizerStorage.isEmpty ? nil : gestureRecognizerStorage }
        set {
            for recognizer in gestureRecognizerStorage { recognizer.view = nil }
            gestureRecognizerStorage = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizerStorage.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizerStorage.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.view === self { gestureRecognizer.view = nil }
    }

    /// Lays out the subviews. The default does nothing beyond the autoresizing already applied
    /// and the frames Auto Layout set at the start of the pass; override to position subviews.
    open func layoutSubviews() {}

    /// Override to add or change the view's constraints, calling `super` last. In a hierarchy
    /// that uses constraints, UIKit calls it on every view once, and again after
    /// `setNeedsUpdateConstraints()`, subviews before their superview, at the start of a layout
    /// pass.
    open func updateConstraints() {
        layoutStateStorage?.needsUpdateConstraints = false
    }

    /// The insets inside which the margin attributes and `layoutMarginsGuide` lay content out.
    ///
    /// As in UIKit, reading gives the margins in effect: what was set (8 points on every side
    /// for a plain view; nothing for a view controller's root view), raised to the controller's
    /// `systemMinimumLayoutMargins` for a root view that respects them, then, when
    /// `insetsLayoutMarginsFromSafeArea` is true, measured from the safe area's edges (the safe
    /// area insets added). Setting stores the margins before those adjustments.
    open var layoutMargins: UIEdgeInsets {
        get { effectiveLayoutMargins }
        set {
            guard newValue != layoutStateStorage?.layoutMargins else { return }
            layoutState.layoutMargins = newValue
            layoutMarginsStorageDidChange()
        }
    }

    /// The layout margins with leading and trailing edges (left and right: Kinescope lays out
    /// left to right); the same margins as `layoutMargins`, read and set through the other type.
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get {
            let margins = layoutMargins
            return NSDirectionalEdgeInsets(top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
        }
        set { layoutMargins = newValue.edgeInsets }
    }

    /// Whether margins outside the safe area are moved inside it (measured from the safe area's
    /// edges instead of the bounds'). Default true, as in UIKit.
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet {
            if oldValue != insetsLayoutMarginsFromSafeArea, safeAreaInsetsStorage != .zero { layoutMarginsStorageDidChange() }
        }
    }

    /// Called when `safeAreaInsets` changed, during the layout pass that found the change
    /// (before this view's `layoutSubviews()`); the default does nothing.
    open func safeAreaInsetsDidChange() {}

    /// Called after `layoutMargins` changed; the default does nothing.
    open func layoutMarginsDidChange() {}

    /// The content hugging priority instances start with along both axes.
    class var defaultContentHugging: UILayoutPriority { .defaultLow }

    /// Draws the view's content into the current image context, in the view's bounds
    /// coordinates. Called when the view is first shown and after `setNeedsDisplay()`; the
    /// default draws nothing.
    open func draw(_ rect: CGRect) {}

    /// The size that best fits the view's content within `size`; by default the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the view's content needs, for layout: UIKit's `intrinsicContentSize`. A plain
    /// view has none: both dimensions are `UIView.noIntrinsicMetric`. Labels, image views and
    /// buttons give their content's size.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The value of an `intrinsicContentSize` dimension the view has no preference for: -1, as in UIKit.
    nonisolated public static let noIntrinsicMetric: CGFloat = -1

    /// Resizes the view to `sizeThatFits(bounds.size)`, keeping its origin.
    open func sizeToFit() {
        frame = CGRect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }

    /// Called when the view moves to a new superview (nil: removed).
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}
    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}

    /// The deepest visible, interactive descendant (or this view) containing `point` (in this
    /// view's coordinates), as UIKit: hidden views, views with alpha below 0.01 and views with
    /// user interaction disabled — and, while an animation without `.allowUserInteraction`
    /// runs on it, the animating view — are skipped with their subviews; subviews are tried front to
    /// back. `point(inside:with:)` is asked first, so a point it rejects (by default one outside
    /// the bounds) reaches no subview, even one drawn there because the view does not clip:
    /// UIKit's hit test does not look at `clipsToBounds`. (Alpha is compared in the layer's
    /// `Float`, so a view given alpha 0.01 is still hit.)
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, layer.opacity >= 0.01, isUserInteractionEnabled, interactionBlockingAnimations == 0,
              self.point(inside: point, with: event) else { return nil }
        for subview in subviewStorage.reversed() {
            let local = subview.convert(point, from: self)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) lies inside the view: inside `bounds`.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    private func boundsSizeDidChange(from old: CGSize) {
        if autoresizesSubviews {
            for subview in subviewStorage { subview.autoresize(superviewSizeChangedFrom: old, to: bounds.size) }
        }
        if contentMode == .redraw { setNeedsDisplay() }
        setNeedsLayout()
    }
}

extension UIView {
    /// How a view's content is placed in its bounds (UIKit's raw values).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right,
             topLeft, topRight, bottomLeft, bottomRight

        /// The layer gravity UIKit sets for the mode. Core Animation names its vertical gravities
        /// by the y axis (`top` is the maximum-y edge), and a view's layer space is y down, so
        /// UIKit maps `.top` to `.bottom` and back, as on iOS.
        var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .bottom
            case .bottom: .top
            case .left: .left
            case .right: .right
            case .topLeft: .bottomLeft
            case .topRight: .bottomRight
            case .bottomLeft: .topLeft
            case .bottomRight: .topRight
            }
        }
    }

    /// Which edges and sizes follow the superview when its bounds change (UIKit's raw values).
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}
