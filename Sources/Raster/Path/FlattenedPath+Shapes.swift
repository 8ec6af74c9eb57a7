import Geometry

/// The radius of each corner of a rounded rectangle, in the rectangle's own units.
///
/// Corners are named in a y-down space, as on an iOS screen: `topLeft` is the corner at the
/// minimum x and minimum y (`CACornerMask.layerMinXMinYCorner`). A layer's `cornerRadius` with
/// `maskedCorners` gives `cornerRadius` for the masked corners and 0 for the others.
public struct CornerRadii: Hashable, Sendable, CustomStringConvertible {
    /// The radius at the minimum-x, minimum-y corner.
    public var topLeft: Double
    /// The radius at the maximum-x, minimum-y corner.
    public var topRight: Double
    /// The radius at the maximum-x, maximum-y corner.
    public var bottomRight: Double
    /// The radius at the minimum-x, maximum-y corner.
    public var bottomLeft: Double
    /// The shape of every corner: quarter circles, or Apple's continuous corners. Default
    /// `.circular`.
    public var curve: CornerCurve

    /// Radii as given; `fitted(width:height:)` makes them drawable.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double,
                curve: CornerCurve = .circular) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
        self.curve = curve
    }

    /// The same radius at all four corners.
    public init(uniform radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii(uniform: 0)

    /// True when every corner is square.
    public var isZero: Bool { topLeft == 0 && topRight == 0 && bottomRight == 0 && bottomLeft == 0 }

    /// The radii that fit a rectangle of `width` × `height`: NaN and negative radii become 0, and
    /// when two corners on one side need more than that side's length, all four radii are scaled
    /// by the same factor until they fit (the CSS `border-radius` rule). A layer's uniform
    /// `cornerRadius` larger than half its shorter side thus becomes half that side, a capsule,
    /// which is what Core Animation draws.
    public func fitted(width: Double, height: Double) -> CornerRadii {
        @inline(__always) func clean(_ r: Double) -> Double { r > 0 ? min(r, .greatestFiniteMagnitude) : 0 }
        var r = CornerRadii(topLeft: clean(topLeft), topRight: clean(topRight),
                            bottomRight: clean(bottomRight), bottomLeft: clean(bottomLeft), curve: curve)
        let w = max(0, width), h = max(0, height)
        var scale = 1.0
        @inline(__always) func limit(_ side: Double, _ a: Double, _ b: Double) {
            let sum = a + b
            if sum > side { scale = min(scale, side / sum) }
        }
        limit(w, r.topLeft, r.topRight)
        limit(w, r.bottomLeft, r.bottomRight)
        limit(h, r.topLeft, r.bottomLeft)
        limit(h, r.topRight, r.bottomRight)
        if scale < 1 {
            r.topLeft *= scale
            r.topRight *= scale
            r.bottomRight *= scale
            r.bottomLeft *= scale
        }
        return r
    }

    public var description: String {
        "CornerRadii(topLeft: \(topLeft), topRight: \(topRight), bottomRight: \(bottomRight), bottomLeft: \(bottomLeft)"
            + (curve == .circular ? ")" : ", curve: .continuous)")
    }
}

/// The shape of a rounded rectangle's corners (Core Animation's `CALayerCornerCurve`).
public enum CornerCurve: Hashable, Sendable {
    /// A quarter circle of the radius, meeting the sides with a jump in curvature.
    case circular
    /// Apple's continuous corner (iOS 7's app-icon and `UIBezierPath(roundedRect:cornerRadius:)`
    /// shape, Core Animation's `.continuous`): the curvature rises smoothly from the side into
    /// a near-circular middle, so the corner starts `expansionFactor` × the radius from the
    /// vertex along each side. Built from three cubic Béziers per corner (see
    /// `FlattenedPath.continuousCorner`).
    case continuous

    /// How far along each side a corner of radius 1 reaches: 1 for circular corners,
    /// 1.52866483 for continuous ones (Core Animation's `cornerCurveExpansionFactor`).
    public var expansionFactor: Double {
        switch self {
        case .circular: 1
        case .continuous: FlattenedPath.continuousExpansion
        }
    }
}

extension FlattenedPath {
    /// Adds `rect` (standardized) as a closed contour of four points mapped by `transform`,
    /// turning from the minimum corner towards +x first: clockwise on a y-down screen, the
    /// direction Core Graphics uses. A rectangle with a non-finite or zero side adds nothing.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        addRoundedRect(rect, radii: .zero, transform: transform)
    }

    /// Adds a rounded rectangle as one closed contour, clockwise on a y-down screen; each corner
    /// is a quarter circle of its radius (after `CornerRadii.fitted`), mapped by `transform`.
    ///
    /// Arcs are split so that their error, measured after `transform`, stays within `tolerance`;
    /// their inner vertices sit slightly outside the circle so that the polygon encloses the same
    /// area as the exact shape, while the points where arcs meet the straight sides lie exactly
    /// on the rectangle's edges.
    public mutating func addRoundedRect(_ rect: CGRect, radii: CornerRadii, transform: CGAffineTransform = .identity) {
        var contour: [CGPoint] = []
        addRoundedRect(rect, radii: radii, transform: transform, workspace: &contour)
    }

    /// `addRoundedRect(_:radii:transform:)` building each contour in `workspace` (emptied
    /// first, capacity kept), so that a caller reusing it allocates nothing once it has grown.
    public mutating func addRoundedRect(_ rect: CGRect, radii: CornerRadii, transform: CGAffineTransform = .identity,
                                        workspace contour: inout [CGPoint]) {
        guard let r = Self.usableRect(rect) else { return }
        contour.removeAll(keepingCapacity: true)
        appendRoundedRectPoints(r, radii: radii.fitted(width: r.width, height: r.height),
                                transform: transform, to: &contour)
        addContour(contour, reversed: false)
    }

    /// Adds the ellipse inscribed in `rect` as one closed contour, clockwise on a y-down screen,
    /// starting at the right end of the horizontal axis, mapped by `transform`. The polygon has
    /// at least 8 vertices and the ellipse's exact area.
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard let r = Self.usableRect(rect) else { return }
        let rx = Double(r.width) / 2, ry = Double(r.height) / 2
        let center = (Double(r.midX), Double(r.midY))
        let n = max(8, arcSegmentCount(radius: max(rx, ry), sweep: 2 * .pi, transform: transform))
        let theta = 2 * Double.pi / Double(n)
        let k = (theta / sin(theta)).squareRoot()
        var contour: [CGPoint] = []
        contour.reserveCapacity(n)
        for i in 0..<n {
            let angle = Double(i) * theta
            contour.append(CGPoint(x: center.0 + k * rx * cos(angle), y: center.1 + k * ry * sin(angle))
                .applying(transform))
        }
        addContour(contour, reversed: false)
    }

    /// Adds the ring a layer border paints: the rounded rectangle `rect` with `radii`, minus the
    /// same rectangle inset by `width` on every side, whose corner radii are the outer ones less
    /// `width` (never below 0). The outer contour runs clockwise and the inner one anticlockwise
    /// (on a y-down screen), so the ring fills the same under `.nonZero` and `.evenOdd`. When the
    /// border is at least half the shorter side, the whole rounded rectangle is filled.
    public mutating func addRoundedRectBorder(_ rect: CGRect, radii: CornerRadii, width: Double,
                                              transform: CGAffineTransform = .identity) {
        var contour: [CGPoint] = []
        addRoundedRectBorder(rect, radii: radii, width: width, transform: transform, workspace: &contour)
    }

    /// `addRoundedRectBorder(_:radii:width:transform:)` building each contour in `workspace`
    /// (emptied first, capacity kept), so that a caller reusing it allocates nothing once it
    /// has grown.
    public mutating func addRoundedRectBorder(_ rect: CGRect, radii: CornerRadii, width: Double,
                                              transform: CGAffineTransform = .identity,
                                              workspace contour: inout [CGPoint]) {
        guard let outer = Self.usableRect(rect), width > 0 else { return }
        let outerRadii = radii.fitted(width: outer.width, height: outer.height)
        contour.removeAll(keepingCapacity: true)
        appendRoundedRectPoints(outer, radii: outerRadii, transform: transform, to: &contour)
        addContour(contour, reversed: false)
        let inner = outer.insetBy(dx: width, dy: width)
        guard width.isFinite, !inner.isNull, inner.width > 0, inner.height > 0 else { return }
        let innerRadii = CornerRadii(topLeft: max(0, outerRadii.topLeft - width),
                                     topRight: max(0, outerRadii.topRight - width),
                                     bottomRight: max(0, outerRadii.bottomRight - width),
                                     bottomLeft: max(0, outerRadii.bottomLeft - width), curve: radii.curve)
        contour.removeAll(keepingCapacity: true)
        appendRoundedRectPoints(inner, radii: innerRadii.fitted(width: inner.width, height: inner.height),
                                transform: transform, to: &contour)
        addContour(contour, reversed: true)
    }

    /// How many segments an arc of `radius` (before `transform`) spanning `sweep` radians needs
    /// so that, after `transform`, it stays within `tolerance` of the true curve.
    func arcSegmentCount(radius: Double, sweep: Double, transform: CGAffineTransform) -> Int {
        let deviceRadius = radius * maximumScale(of: transform)
        guard deviceRadius.isFinite, deviceRadius > 0 else { return 1 }
        let ratio = clampedTolerance / deviceRadius
        let step = ratio >= 1 ? Double.pi / 2 : 2 * acos(1 - ratio)
        let n = (abs(sweep) / step).rounded(.up)
        return n < Double(Self.maximumSegmentsPerCurve) ? max(1, Int(n)) : Self.maximumSegmentsPerCurve
    }

    private func appendRoundedRectPoints(_ r: CGRect, radii: CornerRadii, transform: CGAffineTransform,
                                         to contour: inout [CGPoint]) {
        let minX = Double(r.minX), minY = Double(r.minY), maxX = Double(r.maxX), maxY = Double(r.maxY)
        if radii.curve == .continuous {
            let w = maxX - minX, h = maxY - minY
            // Each corner may reach along a side its share of that side, in proportion to the
            // radii at the side's two ends (at least its radius, since the radii are fitted).
            @inline(__always) func share(_ side: Double, _ r: Double, _ other: Double) -> Double {
                r + other > 0 ? side * r / (r + other) : 0
            }
            let tl = radii.topLeft, tr = radii.topRight, br = radii.bottomRight, bl = radii.bottomLeft
            // Clockwise on a y-down screen: each corner turns from the side it comes along
            // (`along`, pointing from the vertex back up that side) to the next (`onto`).
            appendContinuousCorner(vertex: (minX, minY), along: (0, 1), onto: (1, 0), radius: tl,
                                   room: min(share(h, tl, bl), share(w, tl, tr)), transform: transform, to: &contour)
            appendContinuousCorner(vertex: (maxX, minY), along: (-1, 0), onto: (0, 1), radius: tr,
                                   room: min(share(w, tr, tl), share(h, tr, br)), transform: transform, to: &contour)
            appendContinuousCorner(vertex: (maxX, maxY), along: (0, -1), onto: (-1, 0), radius: br,
                                   room: min(share(h, br, tr), share(w, br, bl)), transform: transform, to: &contour)
            appendContinuousCorner(vertex: (minX, maxY), along: (1, 0), onto: (0, -1), radius: bl,
                                   room: min(share(w, bl, br), share(h, bl, tl)), transform: transform, to: &contour)
            return
        }
        let halfPi = Double.pi / 2
        // Corners clockwise on a y-down screen, each arc going from angle `start` to
        // `start + π/2` (angles turn from +x towards +y).
        appendCorner(cx: minX + radii.topLeft, cy: minY + radii.topLeft, radius: radii.topLeft,
                     start: 2 * halfPi, transform: transform, to: &contour)
        appendCorner(cx: maxX - radii.topRight, cy: minY + radii.topRight, radius: radii.topRight,
                     start: 3 * halfPi, transform: transform, to: &contour)
        appendCorner(cx: maxX - radii.bottomRight, cy: maxY - radii.bottomRight, radius: radii.bottomRight,
                     start: 0, transform: transform, to: &contour)
        appendCorner(cx: minX + radii.bottomLeft, cy: maxY - radii.bottomLeft, radius: radii.bottomLeft,
                     start: halfPi, transform: transform, to: &contour)
    }

    /// A quarter circle whose end points lie exactly on the circle and whose inner vertices lie at
    /// the radius that gives the polygon the sector's exact area.
    private func appendCorner(cx: Double, cy: Double, radius: Double, start: Double,
                              transform: CGAffineTransform, to contour: inout [CGPoint]) {
        @inline(__always) func point(_ angle: Double, _ k: Double) -> CGPoint {
            CGPoint(x: cx + k * radius * cos(angle), y: cy + k * radius * sin(angle)).applying(transform)
        }
        guard radius > 0 else { return contour.append(CGPoint(x: cx, y: cy).applying(transform)) }
        let sweep = Double.pi / 2
        let n = arcSegmentCount(radius: radius, sweep: sweep, transform: transform)
        let theta = sweep / Double(n)
        // Triangles fanned from the centre: two with one vertex at k·r, n − 2 with both at k·r,
        // summing to the sector area r²·nθ/2: (n−2)·sinθ·k² + 2·sinθ·k − nθ = 0.
        var k = 1.0
        if n == 2 {
            k = theta / sin(theta)
        } else if n > 2 {
            let a = Double(n - 2) * sin(theta), b = 2 * sin(theta), c = -Double(n) * theta
            k = (-b + (b * b - 4 * a * c).squareRoot()) / (2 * a)
        }
        contour.append(point(start, 1))
        if n > 1 {
            for i in 1..<n { contour.append(point(start + Double(i) * theta, k)) }
        }
        contour.append(point(start + sweep, 1))
    }

    /// Expansion of Apple's continuous corner: how far from the vertex, in radii, the corner
    /// leaves each side.
    static let continuousExpansion = 1.52866483

    /// One continuous corner of radius 1, as (a, b): a point at distance `a` from the vertex
    /// along the incoming side and `b` along the outgoing one. Three cubics (start, two
    /// controls, end ×3, the end of one being the start of the next after a short line): the
    /// curvature ramps up from the side, runs through a near-circular arc about (1, 1) and back
    /// down, symmetric about the diagonal. These are the published reconstruction of iOS 7's
    /// `UIBezierPath(roundedRect:cornerRadius:)` corner (PaintCode's "iOS 7 rounded corners",
    /// carried on by open-source `UIBezierPath` continuous-corner extensions), which matches
    /// Core Animation's `.continuous` curve and its expansion factor 1.528665.
    static let continuousCorner: [(Double, Double)] = [
        (1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
        (0.63149399, 0.07491100), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399),
        (0.06549600, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483),
    ]

    /// The quarter circle of radius 1 about (1, 1) in the same twelve-point layout (its first
    /// and last cubics shrunk to points; κ = 0.5522847 places the arc's controls), which the
    /// continuous corner blends towards when there is no room for it.
    static let circularCorner: [(Double, Double)] = [
        (1, 0), (1, 0), (1, 0), (1, 0),
        (1, 0), (1 - 0.5522847498, 0), (0, 1 - 0.5522847498), (0, 1),
        (0, 1), (0, 1), (0, 1), (0, 1),
    ]

    /// A continuous corner of `radius` at `vertex`, where the contour comes along the side in
    /// direction `along` (from the vertex) and leaves along `onto`. When the sides leave less
    /// than `expansionFactor` × radius (`room`, the corner's share of its shorter side), the
    /// shape blends linearly towards the circular corner, reached when `room` equals the
    /// radius: a continuous capsule is a circular one, with no kink or overlap on the way (Core
    /// Animation's rule is undocumented; this keeps the shape smooth as the radius grows).
    private func appendContinuousCorner(vertex: (Double, Double), along: (Double, Double), onto: (Double, Double),
                                        radius: Double, room: Double, transform: CGAffineTransform,
                                        to contour: inout [CGPoint]) {
        let v = CGPoint(x: vertex.0, y: vertex.1).applying(transform)
        guard radius > 0 else { return contour.append(v) }
        let e = Self.continuousExpansion
        let blend = max(0, min(1, (room / radius - 1) / (e - 1)))
        @inline(__always) func point(_ k: Int) -> CGPoint {
            let c = Self.continuousCorner[k], q = Self.circularCorner[k]
            let a = radius * (q.0 + blend * (c.0 - q.0)), b = radius * (q.1 + blend * (c.1 - q.1))
            return CGPoint(x: vertex.0 + a * along.0 + b * onto.0, y: vertex.1 + a * along.1 + b * onto.1)
                .applying(transform)
        }
        contour.append(point(0))
        for segment in 0..<3 {
            let p0 = point(segment * 4), p1 = point(segment * 4 + 1), p2 = point(segment * 4 + 2), p3 = point(segment * 4 + 3)
            if segment > 0 { contour.append(p0) }
            // As `addCurve`: the chord polyline of n pieces lies within max|B''|/(8n²) of the curve.
            let d1x = Double(p0.x - 2 * p1.x + p2.x), d1y = Double(p0.y - 2 * p1.y + p2.y)
            let d2x = Double(p1.x - 2 * p2.x + p3.x), d2y = Double(p1.y - 2 * p2.y + p3.y)
            let dd = max(d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y).squareRoot()
            let n = Self.segmentCount(squared: 0.75 * dd / clampedTolerance)
            if n > 1 {
                for i in 1..<n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    contour.append(CGPoint(x: a * Double(p0.x) + b * Double(p1.x) + c * Double(p2.x) + d * Double(p3.x),
                                           y: a * Double(p0.y) + b * Double(p1.y) + c * Double(p2.y) + d * Double(p3.y)))
                }
            }
            contour.append(p3)
        }
    }

    private mutating func addContour(_ contour: [CGPoint], reversed: Bool) {
        guard contour.count > 1 else { return }
        if reversed {
            move(to: contour[contour.count - 1])
            for p in contour.dropLast().reversed() { addLine(to: p) }
        } else {
            move(to: contour[0])
            for p in contour.dropFirst() { addLine(to: p) }
        }
        close()
    }

    /// `rect` standardized, or nil when it has a non-finite or zero side.
    static func usableRect(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width.isFinite, rect.height.isFinite, rect.width != 0, rect.height != 0 else { return nil }
        return rect.standardized
    }
}

/// The largest factor by which `t` stretches a length: the larger singular value of its linear
/// part.
func maximumScale(of t: CGAffineTransform) -> Double {
    let a = Double(t.a), b = Double(t.b), c = Double(t.c), d = Double(t.d)
    let s = a * a + b * b + c * c + d * d
    let e = a * a + b * b - c * c - d * d, f = a * c + b * d
    return ((s + (e * e + 4 * f * f).squareRoot()) / 2).squareRoot()
}

/// A piece of an outline that keeps its curves, for paths that store Béziers (`UIBezierPath`).
package enum OutlineSegment: Hashable, Sendable {
    case line(to: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
}

extension FlattenedPath {
    /// `rect` (standardized) with Apple's continuous corners of `radius` (fitted as
    /// `CornerRadii.fitted` fits it), as Béziers: the start point (where the top-left corner
    /// meets the top side) and the segments clockwise on a y-down screen, back to the start.
    /// The same curve `addRoundedRect` flattens for `.continuous` corners. Nil for a rectangle
    /// with a non-finite or empty side.
    package static func continuousRoundedRectSegments(_ rect: CGRect, radius: Double)
        -> (start: CGPoint, segments: [OutlineSegment])? {
        guard let r = usableRect(rect) else { return nil }
        let minX = Double(r.minX), minY = Double(r.minY), maxX = Double(r.maxX), maxY = Double(r.maxY)
        let w = maxX - minX, h = maxY - minY
        let fitted = CornerRadii(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius,
                                 curve: .continuous).fitted(width: w, height: h).topLeft
        let room = min(w, h) / 2
        let blend = fitted > 0 ? max(0, min(1, (room / fitted - 1) / (continuousExpansion - 1))) : 0
        var segments: [OutlineSegment] = []
        func corner(_ vertex: (Double, Double), along: (Double, Double), onto: (Double, Double)) -> [CGPoint] {
            (0..<12).map { k in
                let c = continuousCorner[k], q = circularCorner[k]
                let a = fitted * (q.0 + blend * (c.0 - q.0)), b = fitted * (q.1 + blend * (c.1 - q.1))
                return CGPoint(x: vertex.0 + a * along.0 + b * onto.0, y: vertex.1 + a * along.1 + b * onto.1)
            }
        }
        let corners = [corner((maxX, minY), along: (-1, 0), onto: (0, 1)),
                       corner((maxX, maxY), along: (0, -1), onto: (-1, 0)),
                       corner((minX, maxY), along: (1, 0), onto: (0, -1)),
                       corner((minX, minY), along: (0, 1), onto: (1, 0))]
        let start = fitted > 0 ? corners[3][11] : CGPoint(x: minX, y: minY)
        var last = start
        for p in corners {
            for piece in 0..<(fitted > 0 ? 3 : 1) {
                let i = piece * 4
                if p[i] != last {
                    segments.append(.line(to: p[i]))
                    last = p[i]
                }
                // The circular blend shrinks the first and last cubics to points.
                guard fitted > 0, p[i + 3] != p[i] || p[i + 1] != p[i] || p[i + 2] != p[i] else { continue }
                segments.append(.curve(to: p[i + 3], control1: p[i + 1], control2: p[i + 2]))
                last = p[i + 3]
            }
        }
        return (start, segments)
    }
}
