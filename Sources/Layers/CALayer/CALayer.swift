import Geometry
import Graphics
import Raster

/// A rectangle of content in a tree of layers: Kinescope's `CALayer`, with Apple's properties,
/// defaults and geometry.
///
/// Coordinates follow iOS: the origin is at the top left and y grows downwards, so a layer's
/// coordinate space maps to window pixels without a flip. Like QuartzCore's, the class is not
/// actor-isolated and not `Sendable`: use a layer tree from one thread at a time (the main
/// thread, in an app).
///
/// Every property change marks the layer (and the path to its root) as needing a new render, so
/// a host renders only when something changed.
open class CALayer: CustomStringConvertible {
    /// Creates a layer with Apple's defaults: zero bounds and position, anchor point (0.5, 0.5),
    /// opacity 1, no contents, `contentsGravity` `.resize`, double-sided. A subclass that
    /// overrides `defaultValue(forKey:)` starts with its own defaults instead.
    public required init() {
        if type(of: self) != CALayer.self { applyClassDefaults() }
    }

    /// The value a new layer of this class has for `key` (a property's key-value coding name:
    /// `"opacity"`, `"anchorPoint"`, `"hidden"`…; timing keys such as `"duration"` included),
    /// with the property's Swift type: `Float` for `opacity`, `CGPoint` for `anchorPoint`,
    /// `CATransform3D` for `transform`, `CGColor` for colours, the raw-value types for
    /// `contentsGravity` and the filters. Nil for keys without a default (nil-valued properties
    /// and keys that are not properties).
    ///
    /// Override it to give a subclass other defaults: a new instance starts with them (keys of
    /// layer properties), and `value(forKey:)` returns them for keys never set (any key).
    open class func defaultValue(forKey key: String) -> Any? {
        builtInDefault(forKey: key)
    }

    /// Whether a change of `key` redraws the layer (`setNeedsDisplay()`), by its setter or by
    /// `setValue(_:forKey:)`. False for every key of `CALayer`; a subclass returns true for the
    /// keys its `draw(in:)` depends on (calling `super` for the others).
    open class func needsDisplay(forKey key: String) -> Bool {
        false
    }

    /// Whether this layer's value for `key` would be archived; true for every key, as Apple's
    /// default. An instance method, as Apple declares it (unlike `needsDisplay(forKey:)`); kept
    /// for ported code that overrides it: Kinescope does not archive layers.
    open func shouldArchiveValue(forKey key: String) -> Bool {
        true
    }

    /// The layer's preferred size in its superlayer's space: by default the size of its bounds
    /// mapped through its transform (the size of `frame`), as Apple's default without a layout
    /// manager.
    open func preferredFrameSize() -> CGSize {
        frame.size
    }

    /// Creates a copy of `layer`'s model properties (not its sublayers or animations). Core
    /// Animation uses this initialiser for presentation layers; subclasses that add properties
    /// override it to copy them, calling `super.init(layer:)`. It is `required` here (Apple's is
    /// not) because `presentation()` makes the copy through the layer's dynamic type; a subclass
    /// that declares its own designated initialisers writes `required override init(layer:)`.
    public required init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        properties = other.properties
        name = other.name
        contents = other.contents
        delegate = other.delegate
        needsDisplayOnBoundsChange = other.needsDisplayOnBoundsChange
    }

    /// Every stored model property that the compositor reads, kept together so that copying a
    /// layer (for `presentation()` and the render tree) copies one value.
    var properties = LayerProperties()

    /// Animations, actions, style and timing (see `LayerAnimationState`).
    let animationState = LayerAnimationState()

    /// The layer's name, for debugging and `name`-based lookups. Not animatable.
    open var name: String?

    /// The object that draws the layer's content (`draw(_:in:)`), supplies actions and is told
    /// of layout. Weak, as on Apple's platforms.
    open weak var delegate: (any CALayerDelegate)?

    /// The layer's content: a `CGImage`, or nil. Apple types this `Any?`; values of other types
    /// are ignored when drawing, as Core Animation ignores them.
    open var contents: Any? {
        willSet { prepareForChange() }
        didSet { contentsDidChange(from: oldValue) }
    }

    /// Whether the layer redraws its content (`setNeedsDisplay()`) when its bounds change.
    /// Default `false`.
    open var needsDisplayOnBoundsChange = false

    /// The pixel format of the backing image `display()` draws (`draw(in:)` through
    /// `drawContentsThroughContext()`): `.RGBA8Uint` (the default) or `.gray8Uint`, drawn in an
    /// 8-bit grey context, so colours come out grey as on Apple's platforms. `.RGBA16Float` is
    /// accepted and drawn in 8 bits per channel (Kinescope's compositor is 8-bit). A format
    /// Core Animation does not know sets `.RGBA8Uint`, as Apple's. Not animatable.
    open var contentsFormat: CALayerContentsFormat = .RGBA8Uint {
        didSet {
            if ![.RGBA8Uint, .RGBA16Float, .gray8Uint].contains(contentsFormat) { contentsFormat = .RGBA8Uint }
            if contentsFormat != oldValue { setNeedsDisplay() }
        }
    }

    /// A hint that drawing may be deferred to a background thread. Accepted and ignored:
    /// Kinescope always draws before the frame that shows the layer, so drawing stays
    /// deterministic. Default false.
    open var drawsAsynchronously = false

    /// `preferredDynamicRange`, `toneMapMode`, `contentsHeadroom` and the two `wants…` flags.
    var dynamicRange = DynamicRangeSettings()


    /// Core Image filters applied to the layer and its sublayers, as Apple types them (`[Any]?`:
    /// `CIFilter` objects). Stored for ported code; not drawn yet (Kinescope's `CIFilter` has
    /// transition filters only). Animatable on Apple's platforms by key path; here stored only.
    /// Default nil.
    open var filters: [Any]?

    /// Core Image filters applied to the content behind the layer. Stored for ported code; not
    /// drawn yet. Default nil.
    open var backgroundFilters: [Any]?

    /// The filter that composites the layer over what is behind it (a `CIFilter` or a filter
    /// name). Stored for ported code; not drawn yet: the compositor has source-over only until
    /// Core Graphics' blend modes land. Default nil (source-over).
    open var compositingFilter: Any?

    // MARK: Tree

    /// The parent layer, or nil for a root. A mask's superlayer is the layer it masks, as on
    /// Apple's platforms, though it is not one of that layer's `sublayers`.
    public var superlayer: CALayer? { parentLayer ?? maskOwner }

    /// The layer whose `sublayers` hold this one (nil for roots and masks).
    weak var parentLayer: CALayer?

    var children: [CALayer] = []

    /// A new render is needed for this layer or something below it.
    var needsRender = true

    /// Whether the layer's plane is moved to whole units of its superlayer's space (whole device
    /// pixels under a superlayer drawn at whole pixels and one pixel per point) when the render
    /// tree is made: its bounds' origin is rounded, to the nearest, after its position, transform
    /// and anchor point place it. Only for layers that are not rotated, sheared or turned in 3D
    /// (others are left where they are). Kinescope's, not Apple's: the push and pop and the
    /// `.coverVertical` presentation set it on the views they slide, so that every frame draws
    /// the same pixels translated (which the compositor then copies instead of resampling,
    /// `TranslatedContentsCache`) rather than a resample at another sub-pixel offset. Default
    /// false.
    package var snapsToPixels = false {
        didSet { if snapsToPixels != oldValue { markNeedsRender() } }
    }

    /// The layer's contents need `display()` before the next render.
    var needsDisplayFlag = false
    /// The part of the layer marked by `setNeedsDisplay(_:)` alone; nil when the whole is.
    var needsDisplayRegion: CGRect?

    /// The render node made last time, reused while nothing in the subtree changes
    /// (`.some(nil)`: the layer was hidden).
    var renderCache: RenderNode??
    /// `contentsAreFlipped()` when `renderCache` was made (an ancestor's `isGeometryFlipped`
    /// changes it without changing this layer).
    var renderedContentsFlipped = false
    /// The bitmap of a `shouldRasterize` layer's subtree and what it was drawn from.
    var rasterCache: RasterCache?

    /// Set by `setNeedsLayout()`, cleared when `layoutSublayers()` runs.
    var layoutPending = false

    var maskStorage: CALayer?
    /// The layer this one masks, if it is a mask.
    weak var maskOwner: CALayer?

    /// Redraws the contents now: asks the delegate's `display(_:)`, whose default draws through
    /// `draw(in:)` into a new image of the bounds' size times `contentsScale` and sets it as
    /// `contents`. Called for layers marked with `setNeedsDisplay()` before the next render.
    open func display() {
        needsDisplayFlag = false
        if let delegate { delegate.display(self) } else { drawContentsThroughContext() }
    }

    /// Draws the layer's content. The context's user space is the layer's bounds, y down (as on
    /// iOS). The default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) {
        delegate?.draw(self, in: ctx)
    }

    /// Lays out the sublayers; the default asks the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// The action for `event` (a property's key when it changes): by default Core Animation's
    /// search — the delegate's `action(for:forKey:)`, then `actions`, then `style`, then
    /// `defaultAction(forKey:)`, then the property's implicit animation; an `NSNull` on the way
    /// means no action. Override to change the
    /// search (returning nil turns the event's action off).
    open func action(forKey event: String) -> (any CAAction)? {
        searchAction(forKey: event)
    }

    /// The class's action for `event`, asked after the delegate, `actions` and `style`: nil for
    /// every key of `CALayer`, as Apple's. A nil answer leaves the event to the property's
    /// implicit animation (see `implicitAction(forKey:)`), which the search supplies last;
    /// subclasses override this to animate their own properties or change the defaults (an
    /// `NSNull` turns the implicit animation off).
    open class func defaultAction(forKey event: String) -> (any CAAction)? {
        nil
    }

    /// Whether `p`, in this layer's coordinates, lies inside it: inside `bounds` by default.
    open func contains(_ p: CGPoint) -> Bool {
        properties.bounds.contains(p)
    }

    /// The farthest descendant (or this layer) that contains `p`, given in the superlayer's
    /// coordinates; nil when none does. Hidden layers and masks are not hit, sublayers are tried
    /// front to back (by `zPosition`, then order), and with `masksToBounds` a point outside the
    /// bounds hits nothing below.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        hitTestFromSuperlayer(p)
    }

    open var description: String {
        let label = name.map { " '\($0)'" } ?? ""
        return "<\(type(of: self))\(label) frame: \(frame)>"
    }
}

/// The compositor-relevant state of a layer, as one value: copying it is how model, presentation
/// and render-tree snapshots are taken.
struct LayerProperties: Equatable {
    var bounds: CGRect = .zero
    var position: CGPoint = .zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform: CATransform3D = CATransform3DIdentity
    var sublayerTransform: CATransform3D = CATransform3DIdentity
    var opacity: Float = 1
    var isHidden = false
    var masksToBounds = false
    var isDoubleSided = true
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = .black
    var backgroundColor: CGColor?
    var shadowColor: CGColor? = .black
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity: CALayerContentsGravity = .resize
    var contentsScale: CGFloat = 1
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var allowsGroupOpacity = true
    var allowsEdgeAntialiasing = true
    var isOpaque = false
    var minificationFilterBias: Float = 0
    var cornerCurve: CALayerCornerCurve = .circular
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
    var isGeometryFlipped = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
}
