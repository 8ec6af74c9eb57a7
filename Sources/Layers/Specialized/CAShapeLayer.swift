import Foundation
import Geometry
import Graphics
import Raster

/// The fill rule of a shape layer, with Apple's raw strings.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Non-zero winding (`"non-zero"`), the default.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd (`"even-odd"`).
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The ends of a shape layer's open subpaths, with Apple's raw strings.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The corners of a shape layer's stroke, with Apple's raw strings.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a path: filled, then stroked, over its contents and under its
/// sublayers, as Core Animation's `CAShapeLayer`.
///
/// The shape is rasterized by the compositor in device pixels, through the layer's whole
/// transform to the screen, so it stays sharp under scale transforms and at any
/// `contentsScale`; it is drawn again only when its path, style or on-screen map changes.
/// The path is in the layer's coordinates and may lie outside its bounds (it is not clipped
/// unless `masksToBounds` is set).
///
///     let line = CAShapeLayer()
///     line.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
///     line.fillColor = nil
///     line.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
///     line.lineWidth = 4
///     let draw = CABasicAnimation(keyPath: "strokeEnd")
///     draw.fromValue = 0
///     draw.toValue = 1
///     line.add(draw, forKey: "draw")   // the circle draws itself
open class CAShapeLayer: CALayer, LayerDrawingSource, SpecializedKeyValueCoding {
    /// The model values of the shape's properties.
    struct Shape: Equatable {
        var path: CGPath?
        var fillColor: CGColor? = .black
        var fillRule = CAShapeLayerFillRule.nonZero
        var strokeColor: CGColor?
        var strokeStart: CGFloat = 0
        var strokeEnd: CGFloat = 1
        var lineWidth: CGFloat = 1
        var miterLimit: CGFloat = 10
        var lineCap = CAShapeLayerLineCap.butt
        var lineJoin = CAShapeLayerLineJoin.miter
        var lineDashPhase: CGFloat = 0
        var lineDashPattern: [Double]?
    }

    var shape = Shape()
    /// The pixels of the last drawing, shared with the render nodes' drawings.
    let drawingCache = DeviceRasterCache()
    /// The drawing last handed to the render tree, handed again while the shape is unchanged.
    private var lastDrawing: ShapeDrawing?

    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, the shape's included (see `CALayer.init(layer:)`).
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAShapeLayer { shape = other.shape }
    }

    /// The path to draw, in the layer's coordinates; copied when set, as Apple's property is
    /// declared `copy`. Default nil: nothing drawn. Animatable by explicit animations only (no
    /// implicit animation, as Apple documents): paths with the same elements interpolate point
    /// by point, others switch halfway.
    open var path: CGPath? {
        get { shown.path }
        set {
            let copy = newValue?.copy()
            guard copy != shape.path else { return }
            changeSpecialized("path", animatable: nil, shown: { nil }) { shape.path = copy }
        }
    }

    /// The colour filling the path; nil fills nothing. Default opaque black. Animatable.
    open var fillColor: CGColor? {
        get { shown.fillColor }
        set { set(\.fillColor, newValue, key: "fillColor", kind: .single(.color)) { .single(.color($0.map(components))) } }
    }

    /// How the fill decides what is inside the path. Default `.nonZero`. Not animatable.
    open var fillRule: CAShapeLayerFillRule {
        get { shown.fillRule }
        set { set(\.fillRule, newValue, key: "fillRule", kind: nil) { _ in nil } }
    }

    /// The colour stroking the path; nil strokes nothing. Default nil. Animatable.
    open var strokeColor: CGColor? {
        get { shown.strokeColor }
        set { set(\.strokeColor, newValue, key: "strokeColor", kind: .single(.color)) { .single(.color($0.map(components))) } }
    }

    /// Where the stroke starts, as a fraction (`0...1`) of the path's total arc length (all
    /// subpaths in order). Default 0. Animatable. NaN counts as 0, values are clamped to `0...1`
    /// when drawing; a start at or past `strokeEnd` strokes nothing.
    open var strokeStart: CGFloat {
        get { shown.strokeStart }
        set { set(\.strokeStart, newValue, key: "strokeStart", kind: .single(.scalar)) { .single(.scalar(Double($0))) } }
    }

    /// Where the stroke ends, as a fraction (`0...1`) of the path's arc length. Default 1.
    /// Animatable: animating it from 0 to 1 draws the line. NaN counts as 1.
    open var strokeEnd: CGFloat {
        get { shown.strokeEnd }
        set { set(\.strokeEnd, newValue, key: "strokeEnd", kind: .single(.scalar)) { .single(.scalar(Double($0))) } }
    }

    /// The stroke's width in the layer's points. Default 1. Animatable. Zero, negative or
    /// non-finite widths stroke nothing (Core Graphics' zero-width hairline is not drawn).
    open var lineWidth: CGFloat {
        get { shown.lineWidth }
        set { set(\.lineWidth, newValue, key: "lineWidth", kind: .single(.scalar)) { .single(.scalar(Double($0))) } }
    }

    /// The miter limit of `.miter` joins (the ratio of miter length to line width beyond which
    /// a join is bevelled). Default 10. Animatable.
    open var miterLimit: CGFloat {
        get { shown.miterLimit }
        set { set(\.miterLimit, newValue, key: "miterLimit", kind: .single(.scalar)) { .single(.scalar(Double($0))) } }
    }

    /// The ends of open subpaths. Default `.butt`. Not animatable.
    open var lineCap: CAShapeLayerLineCap {
        get { shown.lineCap }
        set { set(\.lineCap, newValue, key: "lineCap", kind: nil) { _ in nil } }
    }

    /// The corners between segments. Default `.miter`. Not animatable.
    open var lineJoin: CAShapeLayerLineJoin {
        get { shown.lineJoin }
        set { set(\.lineJoin, newValue, key: "lineJoin", kind: nil) { _ in nil } }
    }

    /// How far into the dash pattern the stroke starts, in points. Default 0. Animatable:
    /// animating it by the pattern's length makes marching ants. With `strokeStart` above 0 the
    /// dashes stay where they are on the whole path (the phase is carried to the trimmed
    /// start), so a dashed line that draws itself does not slide.
    open var lineDashPhase: CGFloat {
        get { shown.lineDashPhase }
        set { set(\.lineDashPhase, newValue, key: "lineDashPhase", kind: .single(.scalar)) { .single(.scalar(Double($0))) } }
    }

    /// The dash pattern: lengths in points, alternately painted and unpainted (an odd count
    /// repeats twice per period). Default nil: a solid stroke. Not animatable. Apple types it
    /// `[NSNumber]?`; so does Kinescope, and swift-corelibs-foundation bridges Swift number
    /// literals and `[Int]`/`[Double]`/`[CGFloat]` arrays to it with `as [NSNumber]` (literals
    /// such as `[10, 5]` convert directly). A pattern Core Graphics rejects (negative or
    /// non-finite lengths, all zero) draws the stroke solid.
    open var lineDashPattern: [NSNumber]? {
        get { shown.lineDashPattern?.map { NSNumber(value: $0) } }
        set { set(\.lineDashPattern, newValue?.map(\.doubleValue), key: "lineDashPattern", kind: nil) { _ in nil } }
    }

    /// Apple's defaults for the shape's keys (`"fillColor"`: opaque black, `"lineWidth"`: 1,
    /// `"miterLimit"`: 10, `"strokeEnd"`: 1, `"fillRule"`: `.nonZero`, `"lineCap"`: `.butt`,
    /// `"lineJoin"`: `.miter`…), then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        let s = Shape()
        switch key {
        case "fillColor": return s.fillColor
        case "fillRule": return s.fillRule
        case "strokeStart": return s.strokeStart
        case "strokeEnd": return s.strokeEnd
        case "lineWidth": return s.lineWidth
        case "miterLimit": return s.miterLimit
        case "lineCap": return s.lineCap
        case "lineJoin": return s.lineJoin
        case "lineDashPhase": return s.lineDashPhase
        case "path", "strokeColor", "lineDashPattern": return nil
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The implicit animation of the animatable style keys (`fillColor`, `strokeColor`,
    /// `strokeStart`, `strokeEnd`, `lineWidth`, `miterLimit`, `lineDashPhase`), as for
    /// `CALayer`'s own properties; none for `path` (Apple: explicit animations only) and the
    /// other keys.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        if Self.animatedKeys.keys.contains(event) && event != "path" { return specializedImplicitAction(forKey: event) }
        return super.defaultAction(forKey: event)
    }

    static let animatedKeys: [String: SpecializedValue.Kind] = [
        "path": .single(.path), "fillColor": .single(.color), "strokeColor": .single(.color),
        "strokeStart": .single(.scalar), "strokeEnd": .single(.scalar), "lineWidth": .single(.scalar),
        "miterLimit": .single(.scalar), "lineDashPhase": .single(.scalar),
    ]

    /// The values shown: a presentation copy's are its model's at the clock's time.
    private var shown: Shape {
        guard let model = animationState.model as? CAShapeLayer else { return shape }
        return model.presentedShape(at: model.specializedTime(forRender: false))
    }

    /// The shape with its animations applied at media time `time`.
    func presentedShape(at time: CFTimeInterval) -> Shape {
        guard animationState.hasAppliedAnimations else { return shape }
        var s = shape
        func value(_ key: String, _ model: SpecializedValue) -> SpecializedValue {
            specializedValue(model, forKey: key, kind: Self.animatedKeys[key]!, at: time)
        }
        s.path = value("path", .single(.path(s.path))).path ?? s.path
        if case let .single(.color(c)) = value("fillColor", .single(.color(s.fillColor.map(components)))) {
            s.fillColor = c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
        }
        if case let .single(.color(c)) = value("strokeColor", .single(.color(s.strokeColor.map(components)))) {
            s.strokeColor = c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
        }
        s.strokeStart = CGFloat(value("strokeStart", .single(.scalar(Double(s.strokeStart)))).scalar ?? Double(s.strokeStart))
        s.strokeEnd = CGFloat(value("strokeEnd", .single(.scalar(Double(s.strokeEnd)))).scalar ?? Double(s.strokeEnd))
        s.lineWidth = CGFloat(value("lineWidth", .single(.scalar(Double(s.lineWidth)))).scalar ?? Double(s.lineWidth))
        s.miterLimit = CGFloat(value("miterLimit", .single(.scalar(Double(s.miterLimit)))).scalar ?? Double(s.miterLimit))
        s.lineDashPhase = CGFloat(value("lineDashPhase", .single(.scalar(Double(s.lineDashPhase)))).scalar
                                  ?? Double(s.lineDashPhase))
        return s
    }

    private func set<Value: Equatable>(_ field: WritableKeyPath<Shape, Value>, _ value: Value, key: String,
                                       kind: SpecializedValue.Kind?, _ wrap: (Value) -> SpecializedValue?) {
        guard shape[keyPath: field] != value else { return }
        changeSpecialized(key, animatable: kind, shown: {
            let time = specializedTime(forRender: false)
            return wrap(presentedShape(at: time)[keyPath: field])
        }) { shape[keyPath: field] = value }
    }

    func layerDrawing(properties: LayerProperties, model: Bool) -> (any LayerDrawing)? {
        let s = model ? shape : presentedShape(at: specializedTime(forRender: true))
        guard let path = s.path, !path.isEmpty else { return nil }
        if let last = lastDrawing, last.shape == s { return last }
        let drawing = ShapeDrawing(shape: s, path: path, cache: drawingCache)
        lastDrawing = drawing
        return drawing
    }

    /// How many times the shape has been rasterized (tests check that an unchanged shape is not).
    var drawingRasterizationCount: Int { drawingCache.rasterizationCount }

    func specializedKVCValue(forKey key: String) -> Any?? {
        let s = shown
        switch key {
        case "path": return .some(s.path)
        case "fillColor": return .some(s.fillColor)
        case "fillRule": return s.fillRule
        case "strokeColor": return .some(s.strokeColor)
        case "strokeStart": return s.strokeStart
        case "strokeEnd": return s.strokeEnd
        case "lineWidth": return s.lineWidth
        case "miterLimit": return s.miterLimit
        case "lineCap": return s.lineCap
        case "lineJoin": return s.lineJoin
        case "lineDashPhase": return s.lineDashPhase
        case "lineDashPattern": return .some(lineDashPattern)
        default: return nil
        }
    }

    func setSpecializedKVCValue(_ value: Any?, forKey key: String) -> Bool {
        func number() -> CGFloat? { scalarValue(value).map { CGFloat($0) } }
        switch key {
        case "path": guard value == nil || value is CGPath else { return false }; path = value as? CGPath
        case "fillColor": guard value == nil || value is CGColor else { return false }; fillColor = value as? CGColor
        case "strokeColor": guard value == nil || value is CGColor else { return false }; strokeColor = value as? CGColor
        case "fillRule":
            if let v = value as? CAShapeLayerFillRule { fillRule = v } else if let v = value as? String { fillRule = .init(rawValue: v) } else { return false }
        case "lineCap":
            if let v = value as? CAShapeLayerLineCap { lineCap = v } else if let v = value as? String { lineCap = .init(rawValue: v) } else { return false }
        case "lineJoin":
            if let v = value as? CAShapeLayerLineJoin { lineJoin = v } else if let v = value as? String { lineJoin = .init(rawValue: v) } else { return false }
        case "strokeStart": guard let v = number() else { return false }; strokeStart = v
        case "strokeEnd": guard let v = number() else { return false }; strokeEnd = v
        case "lineWidth": guard let v = number() else { return false }; lineWidth = v
        case "miterLimit": guard let v = number() else { return false }; miterLimit = v
        case "lineDashPhase": guard let v = number() else { return false }; lineDashPhase = v
        case "lineDashPattern":
            guard value == nil || value is [Any] else { return false }
            lineDashPattern = (value as? [Any])?.compactMap { scalarValue($0).map { NSNumber(value: $0) } }
        default: return false
        }
        return true
    }
}

/// A colour's components as the animation values hold them.
func components(_ color: CGColor) -> SIMD4<Double> {
    SIMD4(Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
}
