import Geometry
import Raster

/// The rule that decides which points a path's fill covers, with Core Graphics' raw values.
public enum CGPathFillRule: Int, Hashable, Sendable {
    /// Non-zero winding number: Core Graphics' default fill.
    case winding = 0
    /// Odd winding number.
    case evenOdd = 1

    /// The rasterizer's name for the same rule.
    public var rasterRule: FillRule {
        switch self {
        case .winding: .nonZero
        case .evenOdd: .evenOdd
        }
    }
}

/// The kind of a path element, with Core Graphics' raw values.
public enum CGPathElementType: Int32, Hashable, Sendable {
    /// One point: the start of a new subpath.
    case moveToPoint = 0
    /// One point: the end of a straight segment.
    case addLineToPoint = 1
    /// Two points: the control point, then the end.
    case addQuadCurveToPoint = 2
    /// Three points: the two control points, then the end.
    case addCurveToPoint = 3
    /// No point: a straight segment back to the subpath's first point.
    case closeSubpath = 4
}

/// One element as `CGPath.applyWithBlock` hands it out: a type and a pointer to its points
/// (valid only during the call), as in Core Graphics.
public struct CGPathElement {
    public var type: CGPathElementType
    /// One point for a move or line, two (control, end) for a quadratic curve, three (control 1,
    /// control 2, end) for a cubic, none for a close.
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves, in user
/// space (points; y down in iOS's UIKit space, which is Kinescope's).
///
/// As in Core Graphics, `CGPath` is a reference type with value equality (`==` compares the
/// elements, as `CGPathEqualToPath` does), and `CGMutablePath` is its mutable subclass. A path
/// is safe to share across threads as long as nobody mutates it: take `copy()` of a
/// `CGMutablePath` before handing it to another thread.
///
///     let card = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 200, height: 120),
///                       cornerWidth: 16, cornerHeight: 16, transform: nil)
///     card.contains(CGPoint(x: 100, y: 60))   // true
public class CGPath: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// A path element as a Swift value; `forEach` lists them.
    public enum Element: Hashable, Sendable {
        case move(to: CGPoint)
        case line(to: CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case closeSubpath
    }

    package var elements: [Element]
    /// The end of the last element, or the subpath's first point after a close; nil when empty.
    package var current: CGPoint?
    /// The first point of the subpath in progress (or of the one just closed).
    package var subpathStart: CGPoint?

    package init(elements: [Element]) {
        self.elements = elements
        for element in elements { track(element) }
    }

    /// A path of `rect` (standardized): a move to its minimum corner, lines along the minimum-y
    /// edge first, and a close, the direction Core Graphics calls clockwise (it is clockwise on
    /// a y-down screen). `transform`, when not nil, maps every point.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path of the ellipse inscribed in `rect`: four cubic Béziers starting at the right end of
    /// the horizontal axis and running through the maximum-y point first (clockwise on a y-down
    /// screen), then a close. `transform`, when not nil, maps every point.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path of `rect` with each corner a quarter ellipse of `cornerWidth` × `cornerHeight`.
    ///
    /// Core Graphics stops the program when a corner size is negative or more than half the
    /// rectangle's side; Kinescope clamps it into `0...side / 2` (NaN counts as 0) instead. A zero
    /// corner size gives the plain rectangle path.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An immutable copy (a `CGPath`, never a `CGMutablePath`).
    public func copy() -> CGPath? {
        CGPath(elements: elements)
    }

    /// An immutable copy with every point mapped by `transform` (when not nil).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let path = CGMutablePath()
        path.replaceElements(elements)
        return path
    }

    /// A mutable copy with every point mapped by `transform` (when not nil).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let path = CGMutablePath()
        path.replaceElements(transform.map { t in elements.map { $0.applying(t.pointee) } } ?? elements)
        return path
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element; after `closeSubpath()`, the first point of the subpath
    /// just closed. `CGPoint.zero` for an empty path.
    public var currentPoint: CGPoint { current ?? .zero }

    /// The smallest rectangle holding every point of every element, control points included;
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        var box = BoundsAccumulator()
        for element in elements {
            switch element {
            case let .move(p), let .line(p): box.add(p)
            case let .quadCurve(p, c): box.add(p); box.add(c)
            case let .curve(p, c1, c2): box.add(p); box.add(c1); box.add(c2)
            case .closeSubpath: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle holding the path itself: end points and the extreme points of each
    /// curve, but not control points that the curve does not reach. `CGRect.null` when empty.
    public var boundingBoxOfPath: CGRect {
        var box = BoundsAccumulator()
        var last = CGPoint.zero, start = CGPoint.zero
        for element in elements {
            switch element {
            case let .move(p):
                box.add(p)
                last = p
                start = p
            case let .line(p):
                box.add(p)
                last = p
            case let .quadCurve(p, c):
                box.addQuadExtrema(last, c, p)
                box.add(p)
                last = p
            case let .curve(p, c1, c2):
                box.addCubicExtrema(last, c1, c2, p)
                box.add(p)
                last = p
            case .closeSubpath:
                last = start
            }
        }
        return box.rect
    }

    /// Whether the path is exactly one axis-aligned rectangle: a move, three or four lines along
    /// alternating axes back to the start, and an optional close. When it is and `rect` is not
    /// nil, `rect` receives it, standardized.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        var points: [CGPoint] = []
        for (index, element) in elements.enumerated() {
            switch element {
            case let .move(p) where index == 0: points.append(p)
            case let .line(p) where index > 0: points.append(p)
            case .closeSubpath where index == elements.count - 1: break
            default: return false
            }
        }
        if points.count == 5 && points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return false }
        let horizontalFirst = points[0].y == points[1].y
        for i in 0..<4 {
            let a = points[i], b = points[(i + 1) % 4]
            let horizontal = (i % 2 == 0) == horizontalFirst
            guard horizontal ? a.y == b.y && a.x != b.x : a.x == b.x && a.y != b.y else { return false }
        }
        let box = CGRect(x: points[0].x, y: points[0].y, width: points[2].x - points[0].x,
                         height: points[2].y - points[0].y).standardized
        rect?.pointee = box
        return true
    }

    /// Whether `point`, mapped by `transform` first, lies inside the region the path fills under
    /// `rule` (open subpaths count as closed, as when filling).
    ///
    /// Apple does not say how boundary points count; here, as for `CGRect.contains`, points on
    /// a minimum edge are inside and points on a maximum edge are outside, so two paths that
    /// share an edge never both contain a point of it. Curves are followed to within 1/10000 of
    /// the path's size.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        let box = boundingBox
        guard !box.isNull, p.x.isFinite, p.y.isFinite, box.contains(p) else { return false }
        let tolerance = max(Double(max(box.width, box.height)) * 1e-4, 1e-9)
        let flat = flattened(tolerance: tolerance)
        var winding = 0
        let px = Double(p.x), py = Double(p.y)
        for index in 0..<flat.contourCount {
            let contour = flat.contour(index)
            guard var a = contour.last else { continue }
            for b in contour {
                let ay = Double(a.y), by = Double(b.y)
                if ay <= py && py < by || by <= py && py < ay {
                    let x = Double(a.x) + (py - ay) / (by - ay) * Double(b.x - a.x)
                    if x > px { winding += ay < by ? 1 : -1 }
                }
                a = b
            }
        }
        return rule == .winding ? winding != 0 : winding & 1 != 0
    }

    /// Calls `block` with each element in order, as Core Graphics does; the element's points are
    /// valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { buffer in
            let points = buffer.baseAddress!
            for element in elements {
                var raw = CGPathElement(type: element.type, points: points)
                switch element {
                case let .move(p), let .line(p):
                    points[0] = p
                case let .quadCurve(p, c):
                    points[0] = c
                    points[1] = p
                case let .curve(p, c1, c2):
                    points[0] = c1
                    points[1] = c2
                    points[2] = p
                case .closeSubpath:
                    break
                }
                withUnsafePointer(to: &raw) { block($0) }
            }
        }
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) throws -> Void) rethrows {
        for element in elements { try body(element) }
    }

    /// The path mapped by `transform` and flattened into polygons for `CoverageRasterizer`,
    /// curves to within `tolerance` (in the transformed space: pixels when `transform` maps to
    /// the device). Béziers are mapped before flattening, so the tolerance holds after any
    /// affine transform.
    public func flattened(transform: CGAffineTransform = .identity, tolerance: Double = 0.1) -> FlattenedPath {
        var result = FlattenedPath(tolerance: tolerance)
        result.addPath(self, transform: transform)
        return result
    }

    /// True when both paths have the same elements with the same points, as `CGPathEqualToPath`
    /// decides; a `CGMutablePath` can equal a `CGPath`.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.elements == rhs.elements
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }

    public var description: String {
        let parts = elements.map { element -> String in
            switch element {
            case let .move(p): "move \(describe(p))"
            case let .line(p): "line \(describe(p))"
            case let .quadCurve(p, c): "quad \(describe(c)) \(describe(p))"
            case let .curve(p, c1, c2): "curve \(describe(c1)) \(describe(c2)) \(describe(p))"
            case .closeSubpath: "close"
            }
        }
        return "CGPath(\(parts.joined(separator: ", ")))"
    }

    package final func track(_ element: Element) {
        switch element {
        case let .move(p):
            current = p
            subpathStart = p
        case let .line(p), let .quadCurve(p, _), let .curve(p, _, _):
            current = p
        case .closeSubpath:
            current = subpathStart
        }
    }
}

/// A path that can be extended, Core Graphics' `CGMutablePath`.
///
/// Each method takes a `transform` (identity by default) that maps the points it adds. Segments
/// need a current point: as in Core Graphics, a line or curve added to an empty path is ignored,
/// and after `closeSubpath()` the next segment starts at the closed subpath's first point.
///
///     let path = CGMutablePath()
///     path.move(to: CGPoint(x: 0, y: 0))
///     path.addLine(to: CGPoint(x: 100, y: 0))
///     path.addArc(center: CGPoint(x: 100, y: 50), radius: 50, startAngle: -.pi / 2,
///                 endAngle: .pi / 2, clockwise: false)   // right half, through (150, 50)
///     path.closeSubpath()
public final class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty path.
    public init() {
        super.init(elements: [])
    }

    package func replaceElements(_ newElements: [Element]) {
        elements = []
        current = nil
        subpathStart = nil
        for element in newElements { append(element) }
    }

    private func append(_ element: Element) {
        elements.append(element)
        track(element)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.move(to: point.applying(transform)))
    }

    /// Adds a straight segment from the current point to `point`; ignored on an empty path.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        append(.line(to: point.applying(transform)))
    }

    /// A move to the first point, then a line to each of the others; nothing for no points.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    /// Adds a quadratic Bézier curve from the current point; ignored on an empty path.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        append(.quadCurve(to: end.applying(transform), control: control.applying(transform)))
    }

    /// Adds a cubic Bézier curve from the current point; ignored on an empty path.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        append(.curve(to: end.applying(transform), control1: control1.applying(transform),
                      control2: control2.applying(transform)))
    }

    /// Closes the current subpath with a straight segment to its first point; ignored when no
    /// subpath is open.
    public func closeSubpath() {
        guard current != nil, elements.last != .closeSubpath else { return }
        append(.closeSubpath)
    }

    /// Adds `rect` (standardized) as a closed subpath: a move to its minimum corner, then lines
    /// along the minimum-y edge first (clockwise on a y-down screen).
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }

    /// Adds each rectangle as `addRect` does.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic Béziers, starting
    /// at (maxX, midY) and passing (midX, maxY) first: clockwise on a y-down screen.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let rx = r.width / 2, ry = r.height / 2, cx = r.midX, cy = r.midY
        let kx = rx * bezierCircleConstant, ky = ry * bezierCircleConstant
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky),
                 control2: CGPoint(x: cx + kx, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry),
                 control2: CGPoint(x: cx - rx, y: cy + ky), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky),
                 control2: CGPoint(x: cx - kx, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry),
                 control2: CGPoint(x: cx + rx, y: cy - ky), transform: transform)
        closeSubpath()
    }

    /// Adds `rect` with each corner a quarter ellipse of `cornerWidth` × `cornerHeight`, as a
    /// closed subpath starting at (minX + cornerWidth, minY) and running along the minimum-y edge
    /// first (clockwise on a y-down screen).
    ///
    /// Core Graphics stops the program when a corner size is negative or more than half the
    /// rectangle's side; Kinescope clamps it into `0...side / 2` (NaN counts as 0). With a zero
    /// corner size this adds the plain rectangle.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let cw = cornerWidth > 0 ? min(cornerWidth, r.width / 2) : 0
        let ch = cornerHeight > 0 ? min(cornerHeight, r.height / 2) : 0
        guard cw > 0, ch > 0 else { return addRect(r, transform: transform) }
        let kx = cw * (1 - bezierCircleConstant), ky = ch * (1 - bezierCircleConstant)
        let (minX, minY, maxX, maxY) = (r.minX, r.minY, r.maxX, r.maxY)
        move(to: CGPoint(x: minX + cw, y: minY), transform: transform)
        addLine(to: CGPoint(x: maxX - cw, y: minY), transform: transform)
        addCurve(to: CGPoint(x: maxX, y: minY + ch), control1: CGPoint(x: maxX - kx, y: minY),
                 control2: CGPoint(x: maxX, y: minY + ky), transform: transform)
        addLine(to: CGPoint(x: maxX, y: maxY - ch), transform: transform)
        addCurve(to: CGPoint(x: maxX - cw, y: maxY), control1: CGPoint(x: maxX, y: maxY - ky),
                 control2: CGPoint(x: maxX - kx, y: maxY), transform: transform)
        addLine(to: CGPoint(x: minX + cw, y: maxY), transform: transform)
        addCurve(to: CGPoint(x: minX, y: maxY - ch), control1: CGPoint(x: minX + kx, y: maxY),
                 control2: CGPoint(x: minX, y: maxY - ky), transform: transform)
        addLine(to: CGPoint(x: minX, y: minY + ch), transform: transform)
        addCurve(to: CGPoint(x: minX + cw, y: minY), control1: CGPoint(x: minX, y: minY + ky),
                 control2: CGPoint(x: minX + kx, y: minY), transform: transform)
        closeSubpath()
    }

    /// Adds an arc of the circle around `center`, from `startAngle` to `endAngle` (radians from
    /// the +x axis towards +y), as cubic Béziers of at most a quarter turn each. A line joins
    /// the current point to the arc's start, unless the path is empty (then a move starts it) or
    /// the current point already is the start.
    ///
    /// `clockwise` is meant in Core Graphics' y-up space: `true` makes the angle decrease. In
    /// iOS's flipped, y-down space, which is Kinescope's, a `clockwise: true` arc therefore
    /// appears anticlockwise on screen, exactly as Apple documents for UIKit drawing (and the
    /// opposite of `UIBezierPath`'s `clockwise`). The sweep is `endAngle − startAngle` brought
    /// into the requested direction modulo 2π, and a full circle when the angles differ by 2π or
    /// more in that direction; so `startAngle: 0, endAngle: 2π, clockwise: true` draws nothing,
    /// as Apple's header warns, while `startAngle: 2π, endAngle: 0, clockwise: true` is a circle.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        let twoPi = 2 * CGFloat.pi
        var delta: CGFloat
        if clockwise {
            let turn = startAngle - endAngle
            if turn >= twoPi {
                delta = -twoPi
            } else {
                var d = turn.truncatingRemainder(dividingBy: twoPi)
                if d < 0 { d += twoPi }
                delta = -d
            }
        } else {
            let turn = endAngle - startAngle
            if turn >= twoPi {
                delta = twoPi
            } else {
                var d = turn.truncatingRemainder(dividingBy: twoPi)
                if d < 0 { d += twoPi }
                delta = d
            }
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// Adds an arc of the circle around `center` from `startAngle` turning by `delta` radians:
    /// towards +y (clockwise on a y-down screen) when positive. Joined to the current point as in
    /// `addArc(center:radius:startAngle:endAngle:clockwise:transform:)`.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, delta.isFinite else { return }
        @inline(__always) func point(_ angle: CGFloat, _ scale: CGFloat = 1) -> CGPoint {
            CGPoint(x: center.x + radius * scale * cos(angle), y: center.y + radius * scale * sin(angle))
        }
        let start = point(startAngle).applying(transform)
        if current == nil || (current == start && elements.last == .closeSubpath) {
            append(.move(to: start))
        } else if current != start {
            append(.line(to: start))
        }
        guard delta != 0 else { return }
        let pieces = max(1, Int((abs(delta) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4)
        for i in 0..<pieces {
            let a = startAngle + step * CGFloat(i)
            let b = i == pieces - 1 ? startAngle + delta : a + step
            let p0 = point(a), p3 = point(b)
            let c1 = CGPoint(x: p0.x - k * radius * sin(a), y: p0.y + k * radius * cos(a))
            let c2 = CGPoint(x: p3.x + k * radius * sin(b), y: p3.y - k * radius * cos(b))
            append(.curve(to: p3.applying(transform), control1: c1.applying(transform),
                          control2: c2.applying(transform)))
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to
    /// the line from `tangent1End` to `tangent2End`, preceded by a line from the current point to
    /// the first tangent point (Core Graphics' `CGPathAddArcToPoint`). When the three points are
    /// collinear or `radius` is 0, this adds a line to `tangent1End`. Ignored on an empty path.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard let currentInPath = current else { return }
        // The current point is in the path's space; the tangents are in the user space that
        // `transform` maps from.
        let p0 = transform.isIdentity ? currentInPath : currentInPath.applying(transform.inverted())
        let p1 = tangent1End, p2 = tangent2End
        let v1 = CGPoint(x: p0.x - p1.x, y: p0.y - p1.y), v2 = CGPoint(x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            return addLine(to: p1, transform: transform)
        }
        let cosine = max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2)))
        let half = acos(cosine) / 2
        let along = radius / tan(half)
        let u1 = CGPoint(x: v1.x / l1, y: v1.y / l1), u2 = CGPoint(x: v2.x / l2, y: v2.y / l2)
        let t1 = CGPoint(x: p1.x + u1.x * along, y: p1.y + u1.y * along)
        let t2 = CGPoint(x: p1.x + u2.x * along, y: p1.y + u2.y * along)
        let bisector = CGPoint(x: u1.x + u2.x, y: u1.y + u2.y)
        let bl = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
        let distance = radius / sin(half)
        let center = CGPoint(x: p1.x + bisector.x / bl * distance, y: p1.y + bisector.y / bl * distance)
        let a1 = atan2(t1.y - center.y, t1.x - center.x), a2 = atan2(t2.y - center.y, t2.x - center.x)
        var delta = a2 - a1
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        addLine(to: t1, transform: transform)
        addRelativeArc(center: center, radius: radius, startAngle: a1, delta: delta, transform: transform)
    }

    /// Appends every element of `path`, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let added = transform.isIdentity ? path.elements : path.elements.map { $0.applying(transform) }
        for element in added { append(element) }
    }
}

extension FlattenedPath {
    /// Appends `path` mapped by `transform` (path space to pixels, typically), flattening curves
    /// to within `tolerance`. An open subpath is closed when filled, as Core Graphics fills it.
    public mutating func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let identity = transform.isIdentity
        @inline(__always) func map(_ p: CGPoint) -> CGPoint { identity ? p : p.applying(transform) }
        for element in path.elements {
            switch element {
            case let .move(p): move(to: map(p))
            case let .line(p): addLine(to: map(p))
            case let .quadCurve(p, c): addQuadCurve(to: map(p), control: map(c))
            case let .curve(p, c1, c2): addCurve(to: map(p), control1: map(c1), control2: map(c2))
            case .closeSubpath: close()
            }
        }
    }
}

/// `4/3·(√2 − 1)`: the control-point distance, as a fraction of the radius, of the cubic Bézier
/// quarter circle that Core Graphics and every other 2D library use.
package let bezierCircleConstant: CGFloat = 0.552_284_749_830_793_4

extension CGPath.Element {
    package var type: CGPathElementType {
        switch self {
        case .move: .moveToPoint
        case .line: .addLineToPoint
        case .quadCurve: .addQuadCurveToPoint
        case .curve: .addCurveToPoint
        case .closeSubpath: .closeSubpath
        }
    }

    package func applying(_ t: CGAffineTransform) -> CGPath.Element {
        switch self {
        case let .move(p): .move(to: p.applying(t))
        case let .line(p): .line(to: p.applying(t))
        case let .quadCurve(p, c): .quadCurve(to: p.applying(t), control: c.applying(t))
        case let .curve(p, c1, c2): .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .closeSubpath: .closeSubpath
        }
    }
}

private func describe(_ p: CGPoint) -> String { "(\(p.x), \(p.y))" }

/// The bounding box of points added one by one, with curve extrema.
private struct BoundsAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Adds the points where a quadratic's derivative vanishes inside (0, 1).
    mutating func addQuadExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint) {
        for t in [quadRoot(p0.x, p1.x, p2.x), quadRoot(p0.y, p1.y, p2.y)] {
            guard let t else { continue }
            let u = 1 - t
            add(CGPoint(x: u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                        y: u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y))
        }
    }

    /// Adds the points where a cubic's derivative vanishes inside (0, 1).
    mutating func addCubicExtrema(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        var roots: [CGFloat] = []
        cubicRoots(p0.x, p1.x, p2.x, p3.x, into: &roots)
        cubicRoots(p0.y, p1.y, p2.y, p3.y, into: &roots)
        for t in roots {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            add(CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                        y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
        }
    }

    private func quadRoot(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> CGFloat? {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return nil }
        let t = (a - b) / denominator
        return t > 0 && t < 1 ? t : nil
    }

    /// Roots in (0, 1) of the derivative of a cubic with coefficients a…d, divided by 3:
    /// `A t² + B t + C` with A = −a + 3b − 3c + d, B = 2(a − 2b + c), C = b − a.
    private func cubicRoots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, into roots: inout [CGFloat]) {
        let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
        @inline(__always) func keep(_ t: CGFloat) { if t > 0 && t < 1 { roots.append(t) } }
        if abs(qa) < 1e-12 * max(abs(qb), abs(qc), 1) {
            if qb != 0 { keep(-qc / qb) }
            return
        }
        let discriminant = qb * qb - 4 * qa * qc
        guard discriminant >= 0 else { return }
        let s = discriminant.squareRoot()
        keep((-qb + s) / (2 * qa))
        keep((-qb - s) / (2 * qa))
    }
}
