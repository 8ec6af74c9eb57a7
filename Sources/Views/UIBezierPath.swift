import Geometry
import Graphics
import Layers
import Raster

/// The corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`
/// (Apple's raw values).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at the minimum x and y (top left in UIKit's y-down space).
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    /// The corner at the maximum x and minimum y.
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    /// The corner at the minimum x and maximum y.
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    /// The corner at the maximum x and y.
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// A path of lines and curves with the attributes to draw it, UIKit's `UIBezierPath`: a
/// `CGMutablePath` plus a line width (default 1), cap (`.butt`), join (`.miter`), miter limit
/// (10) and fill rule (non-zero unless `usesEvenOddFillRule`). Coordinates are UIKit's, y down.
///
/// `fill()` and `stroke()` draw into the current UIKit graphics context
/// (`UIGraphicsGetCurrentContext()`: inside a view's `draw(_:)` or an image renderer) with the
/// colour set by `UIColor.setFill()` / `setStroke()`, saving and restoring the context's state
/// around the drawing, so the path's attributes do not stay on the context. Kinescope has no
/// blend modes yet, so `fill(with:alpha:)` and `stroke(with:alpha:)` are not provided.
///
///     override func draw(_ rect: CGRect) {
///         let path = UIBezierPath()
///         path.move(to: CGPoint(x: 10, y: 10))
///         path.addLine(to: CGPoint(x: 90, y: 60))
///         path.lineWidth = 4
///         path.lineCapStyle = .round
///         UIColor.blue.setStroke()
///         path.stroke()
///     }
open class UIBezierPath: CustomStringConvertible {
    private var path: CGMutablePath

    /// The stroke width in points (default 1); 0 strokes one device pixel wide.
    open var lineWidth: CGFloat = 1
    /// How open subpaths' ends are stroked (default `.butt`).
    open var lineCapStyle: CGLineCap = .butt
    /// How corners are stroked (default `.miter`).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The longest miter, in line widths, before a corner is beveled (default 10).
    open var miterLimit: CGFloat = 10
    /// How finely curves are drawn, in pixels (default 0.6, UIKit's). Kinescope always flattens
    /// to within 0.1 pixel; the value is kept for code that reads it back.
    open var flatness: CGFloat = 0.6
    /// Whether `fill()` and `contains(_:)` use the even-odd rule rather than non-zero (default
    /// false).
    open var usesEvenOddFillRule = false
    /// The dash lengths and phase `stroke()` uses (none: solid), as given to `setLineDash`.
    private var dashLengths: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path.
    public init() {
        path = CGMutablePath()
    }

    /// A closed path of `rect`: from its minimum corner along the top side first, clockwise on
    /// screen.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed path of the ellipse inscribed in `rect`, clockwise on screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A closed rounded rectangle with Apple's continuous corners of `cornerRadius` (the
    /// smooth-curvature corner UIKit has drawn since iOS 7, Core Animation's `.continuous`
    /// `cornerCurve`), starting where the top-left corner meets the top side, clockwise on
    /// screen. A radius larger than half the shorter side is reduced to it; as it nears that,
    /// the corners blend into half circles (a capsule).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        guard let outline = FlattenedPath.continuousRoundedRectSegments(rect, radius: Double(cornerRadius)) else {
            return
        }
        path.move(to: outline.start)
        for segment in outline.segments {
            switch segment {
            case let .line(p): path.addLine(to: p)
            case let .curve(p, c1, c2): path.addCurve(to: p, control1: c1, control2: c2)
            }
        }
        path.closeSubpath()
    }

    /// A closed rectangle whose `corners` are quarter circles of radius `cornerRadii.width`
    /// (UIKit ignores the height too), reduced to half the shorter side when larger; the other
    /// corners stay square. Starts on the top side, clockwise on screen.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        guard !rect.isNull else { return }
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        let radius = cornerRadii.width > 0 ? min(cornerRadii.width, limit) : 0
        func corner(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let tl = corner(.topLeft), tr = corner(.topRight), br = corner(.bottomRight), bl = corner(.bottomLeft)
        // Angles grow from +x towards +y: clockwise on a y-down screen, CG's `clockwise: false`.
        func arc(_ cx: CGFloat, _ cy: CGFloat, _ radius: CGFloat, from start: CGFloat, corner: CGPoint) {
            if radius > 0 {
                path.addArc(center: CGPoint(x: cx, y: cy), radius: radius, startAngle: start,
                            endAngle: start + .pi / 2, clockwise: false)
            } else {
                path.addLine(to: corner)
            }
        }
        path.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        arc(r.maxX - tr, r.minY + tr, tr, from: -.pi / 2, corner: CGPoint(x: r.maxX, y: r.minY))
        arc(r.maxX - br, r.maxY - br, br, from: 0, corner: CGPoint(x: r.maxX, y: r.maxY))
        arc(r.minX + bl, r.maxY - bl, bl, from: .pi / 2, corner: CGPoint(x: r.minX, y: r.maxY))
        arc(r.minX + tl, r.minY + tl, tl, from: .pi, corner: CGPoint(x: r.minX, y: r.minY))
        path.closeSubpath()
    }

    /// An open arc of the circle around `center` from `startAngle` to `endAngle` (radians from
    /// +x towards +y). `clockwise` is meant on screen (y down): true makes the angle grow, the
    /// opposite of `CGContext`'s and `CGMutablePath`'s flag.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with the elements of `cgPath` (copied).
    public convenience init(cgPath: CGPath) {
        self.init()
        path.addPath(cgPath)
    }

    /// The path's elements as an immutable `CGPath`; setting it replaces them.
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set {
            path = CGMutablePath()
            path.addPath(newValue)
        }
    }

    /// The end of the last element (after `close()`, the closed subpath's first point);
    /// `CGPoint.zero` for an empty path.
    open var currentPoint: CGPoint { path.currentPoint }

    /// True when the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, Bézier control points included,
    /// as Apple documents; `CGRect.null` for an empty path.
    open var bounds: CGRect { path.boundingBox }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// Adds a line from the current point; ignored without one (UIKit logs).
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// Adds a cubic Bézier curve from the current point.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// Adds a quadratic Bézier curve from the current point.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// Adds an arc, with a line from the current point to its start when there is one.
    /// `clockwise` is meant on screen (y down): true makes the angle grow.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its first point.
    open func close() { path.closeSubpath() }

    /// Removes every element; the drawing attributes stay.
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends the elements of `bezierPath` (its attributes are not taken).
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Maps every point of the path by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        path = path.mutableCopy(using: [transform]) ?? CGMutablePath()
    }

    /// Whether `point` lies in the region `fill()` paints (open subpaths closed), under the
    /// path's fill rule.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Sets the dash pattern `stroke()` uses: `count` lengths read from `pattern` (in points,
    /// alternately painted and unpainted, starting with a painted one) and `phase`, how far into
    /// the pattern the stroke starts (a phase of 6 in the pattern 5-2-3-2 starts in the middle
    /// of the first gap). A nil pattern or a count of 0 or less strokes solid. The values are
    /// kept as given; `stroke()` hands them to the context, which strokes patterns Core Graphics
    /// rejects (negative or all-zero lengths) solid (see `CGContext.setLineDash(phase:lengths:)`).
    ///
    ///     var dashes: [CGFloat] = [12, 2, 2, 2]
    ///     path.setLineDash(&dashes, count: dashes.count, phase: 0)
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        if let pattern, count > 0 {
            dashLengths = Array(UnsafeBufferPointer(start: pattern, count: count))
        } else {
            dashLengths = []
        }
        dashPhase = phase
    }

    /// Reads back the dash pattern: the lengths into `pattern` (which must have room for all of
    /// them: call first with a nil pattern to learn the count), their number into `count`, the
    /// phase into `phase`; each pointer may be nil. A solid path reports a count of 0.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, length) in dashLengths.enumerated() { pattern[i] = length }
        }
        count?.pointee = dashLengths.count
        phase?.pointee = dashPhase
    }

    /// Fills the path with the current context's fill colour and the path's fill rule.
    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Strokes the path with the current context's stroke colour and the path's line width,
    /// cap, join, miter limit and dash pattern (solid unless `setLineDash` set one).
    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashLengths)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
    }

    /// The path's elements, for debugging.
    open var description: String { "UIBezierPath(\(path))" }
}
