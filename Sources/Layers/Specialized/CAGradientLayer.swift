import Foundation
import Geometry
import Graphics
import Raster

/// The kind of gradient a `CAGradientLayer` draws, with Apple's raw strings.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the value (what Core Animation archives and compares).
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Along the line from `startPoint` to `endPoint` (`"axial"`), the default.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred at `startPoint` whose radii reach `endPoint` (`"radial"`).
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, starting in the direction of `endPoint` (`"conic"`).
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient, over its background and contents and
/// under its sublayers, clipped to its rounded corners, as Core Animation's
/// `CAGradientLayer`.
///
/// Points are in the layer's unit coordinate space: (0, 0) is the bounds' minimum corner (the
/// top left on iOS), (1, 1) the maximum. Colours are interpolated unpremultiplied, as on
/// Apple's platforms, so a gradient to a clear colour fades without darkening. The gradient
/// is drawn by the compositor in device pixels and kept until its colours, geometry or
/// on-screen map change.
///
///     let shimmer = CAGradientLayer()
///     shimmer.colors = [CGColor(gray: 0.3, alpha: 1), CGColor(gray: 0.9, alpha: 1), CGColor(gray: 0.3, alpha: 1)]
///     shimmer.startPoint = CGPoint(x: 0, y: 0.5)
///     shimmer.endPoint = CGPoint(x: 1, y: 0.5)
///     let move = CABasicAnimation(keyPath: "locations")
///     move.fromValue = [-1.0, -0.5, 0.0]
///     move.toValue = [1.0, 1.5, 2.0]
///     shimmer.add(move, forKey: "shimmer")
open class CAGradientLayer: CALayer, LayerDrawingSource, SpecializedKeyValueCoding {
    struct Gradient: Equatable {
        var colors: [CGColor]?
        var locations: [Double]?
        var startPoint = CGPoint(x: 0.5, y: 0)
        var endPoint = CGPoint(x: 0.5, y: 1)
        var type = CAGradientLayerType.axial
    }

    var gradient = Gradient()
    let drawingCache = DeviceRasterCache()
    private var lastDrawing: GradientDrawing?

    /// A layer with Apple's defaults: no colours, an axial gradient from (0.5, 0) to (0.5, 1).
    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, the gradient's included (see `CALayer.init(layer:)`).
    /// A copy of `layer`'s properties, as Core Animation makes presentation layers.
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAGradientLayer { gradient = other.gradient }
    }

    /// The colours of the gradient stops, as `CGColor` objects (Apple types the property
    /// `[Any]?`; elements that are not `CGColor`s are left out). Default nil: nothing drawn; one
    /// colour fills the layer. Animatable: arrays of the same length interpolate element by
    /// element, others switch halfway.
    open var colors: [Any]? {
        get { shown.colors }
        set {
            let colors = newValue?.compactMap { unwrapped($0) as? CGColor }
            set(\.colors, colors, key: "colors", kind: .list(.color)) {
                .list($0?.map { .color(components($0)) })
            }
        }
    }

    /// Where each colour sits, as fractions (`0...1`) of the way from start to end, increasing.
    /// Default nil: the colours spread evenly. Animatable, element by element. Locations outside
    /// `0...1` are clamped, out-of-order ones sorted (stable), NaN counts as 0; an array whose
    /// length differs from `colors`' is ignored (the colours spread evenly, as when nil) — Apple
    /// documents no behaviour for that case.
    open var locations: [NSNumber]? {
        get { shown.locations?.map { NSNumber(value: $0) } }
        set {
            set(\.locations, newValue?.map(\.doubleValue), key: "locations", kind: .list(.scalar)) {
                .list($0?.map { .scalar($0) })
            }
        }
    }

    /// Where the gradient starts, in unit coordinates. Default (0.5, 0): the top edge's middle.
    /// Animatable.
    open var startPoint: CGPoint {
        get { shown.startPoint }
        set { set(\.startPoint, newValue, key: "startPoint", kind: .single(.point)) { .single(.point($0)) } }
    }

    /// Where the gradient ends, in unit coordinates. Default (0.5, 1): the bottom edge's
    /// middle. Animatable.
    open var endPoint: CGPoint {
        get { shown.endPoint }
        set { set(\.endPoint, newValue, key: "endPoint", kind: .single(.point)) { .single(.point($0)) } }
    }

    /// The kind of gradient. Default `.axial`. Not animatable. An unknown raw value draws
    /// axially, as Core Animation does.
    ///
    /// - `.axial`: constant along lines perpendicular (in unit space) to start → end; the first
    ///   colour before the start, the last after the end.
    /// - `.radial`: an ellipse centred at `startPoint` with radii `|end.x − start.x|` and
    ///   `|end.y − start.y|` (of the bounds' width and height); where one radius is 0 the other
    ///   serves for both; the last colour outside.
    /// - `.conic`: the angle about `startPoint`, in the layer's points, from the direction of
    ///   `endPoint`, increasing clockwise on screen (towards +y), a full turn going through
    ///   all the stops.
    open var type: CAGradientLayerType {
        get { shown.type }
        set { set(\.type, newValue, key: "type", kind: nil) { _ in nil } }
    }

    /// Apple's defaults for the gradient's keys (`"startPoint"`: (0.5, 0), `"endPoint"`:
    /// (0.5, 1), `"type"`: `.axial`), then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        let g = Gradient()
        switch key {
        case "startPoint": return g.startPoint
        case "endPoint": return g.endPoint
        case "type": return g.type
        case "colors", "locations": return nil
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The implicit animation of `colors`, `locations`, `startPoint` and `endPoint`, as for
    /// `CALayer`'s own properties; none for `type`.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        if Self.animatedKeys[event] != nil { return specializedImplicitAction(forKey: event) }
        return super.defaultAction(forKey: event)
    }

    static let animatedKeys: [String: SpecializedValue.Kind] = [
        "colors": .list(.color), "locations": .list(.scalar), "startPoint": .single(.point), "endPoint": .single(.point),
    ]

    private var shown: Gradient {
        guard let model = animationState.model as? CAGradientLayer else { return gradient }
        return model.presentedGradient(at: model.specializedTime(forRender: false))
    }

    /// The gradient with its animations applied at media time `time`.
    func presentedGradient(at time: CFTimeInterval) -> Gradient {
        guard animationState.hasAppliedAnimations else { return gradient }
        var g = gradient
        func value(_ key: String, _ model: SpecializedValue) -> SpecializedValue {
            specializedValue(model, forKey: key, kind: Self.animatedKeys[key]!, at: time)
        }
        switch value("colors", .list(g.colors?.map { .color(components($0)) })) {
        case let .list(items): g.colors = items == nil ? nil : SpecializedValue.list(items).colors
        default: break
        }
        switch value("locations", .list(g.locations?.map { .scalar($0) })) {
        case let .list(items): g.locations = items == nil ? nil : SpecializedValue.list(items).numbers
        default: break
        }
        g.startPoint = value("startPoint", .single(.point(g.startPoint))).point ?? g.startPoint
        g.endPoint = value("endPoint", .single(.point(g.endPoint))).point ?? g.endPoint
        return g
    }

    private func set<Value: Equatable>(_ field: WritableKeyPath<Gradient, Value>, _ value: Value, key: String,
                                       kind: SpecializedValue.Kind?, _ wrap: (Value) -> SpecializedValue?) {
        guard gradient[keyPath: field] != value else { return }
        changeSpecialized(key, animatable: kind, shown: {
            wrap(presentedGradient(at: specializedTime(forRender: false))[keyPath: field])
        }) { gradient[keyPath: field] = value }
    }

    func layerDrawing(properties p: LayerProperties, model: Bool) -> (any LayerDrawing)? {
        let g = model ? gradient : presentedGradient(at: specializedTime(forRender: true))
        guard let colors = g.colors, !colors.isEmpty, p.bounds.width > 0, p.bounds.height > 0,
              p.bounds.width.isFinite, p.bounds.height.isFinite else { return nil }
        let corners = cornerRadii(p)
        if let last = lastDrawing, last.gradient == g, last.bounds == p.bounds, last.corners == corners { return last }
        let shape = lastDrawing.flatMap { $0.shape.bounds == p.bounds && $0.shape.corners == corners ? $0.shape : nil }
            ?? GradientDrawing.Shape(bounds: p.bounds, corners: corners)
        let drawing = GradientDrawing(gradient: g, colors: colors, shape: shape, cache: drawingCache)
        lastDrawing = drawing
        return drawing
    }

    /// How many times the gradient has been rasterized (tests check that a static one is not).
    var drawingRasterizationCount: Int { drawingCache.rasterizationCount }

    func specializedKVCValue(forKey key: String) -> Any?? {
        switch key {
        case "colors": return .some(colors)
        case "locations": return .some(locations)
        case "startPoint": return startPoint
        case "endPoint": return endPoint
        case "type": return type
        default: return nil
        }
    }

    func setSpecializedKVCValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "colors": guard value == nil || value is [Any] else { return false }; colors = value as? [Any]
        case "locations":
            guard value == nil || value is [Any] else { return false }
            locations = (value as? [Any])?.compactMap { scalarValue($0).map { NSNumber(value: $0) } }
        case "startPoint", "endPoint":
            guard case let .single(.point(p))? = SpecializedValue(value, kind: .single(.point)) else { return false }
            if key == "startPoint" { startPoint = p } else { endPoint = p }
        case "type":
            if let v = value as? CAGradientLayerType { type = v } else if let v = value as? String { type = .init(rawValue: v) } else { return false }
        default: return false
        }
        return true
    }
}
