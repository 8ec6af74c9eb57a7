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

    /// Radii as given; `fitted(width:height:)` makes them drawable.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
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
                            bottomRight: clean(bottomRight), bottomLeft: clean(bottomLeft))
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
        "CornerRadii(topLeft: \(topLeft), topRight: \(topRight), bottomRight: \(bottomRight), bottomLeft: \(bottomLeft))"
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
                                     bottomLeft: max(0, outerRadii.bottomLeft - width))
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
