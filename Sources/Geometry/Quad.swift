/// Four points, usually the corners of a rectangle after a transform, in the order
/// `(minX, minY)`, `(maxX, minY)`, `(maxX, maxY)`, `(minX, maxY)` of the original rectangle.
///
///     let quad = Quad(CGRect(x: 0, y: 0, width: 100, height: 50)).applying(t)
///     quad.boundingBox   // the area a compositor must touch
public struct Quad: Hashable, Sendable, CustomStringConvertible {
    /// The image of `(minX, minY)`.
    public var p0: CGPoint
    /// The image of `(maxX, minY)`.
    public var p1: CGPoint
    /// The image of `(maxX, maxY)`.
    public var p2: CGPoint
    /// The image of `(minX, maxY)`.
    public var p3: CGPoint

    /// The four corners in order round the quad.
    public init(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// The corners of `rect` (standardized), starting at its minimum corner and going towards
    /// `maxX` first.
    public init(_ rect: CGRect) {
        let r = rect.standardized
        self.init(CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                  CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY))
    }

    /// `[p0, p1, p2, p3]`.
    public var points: [CGPoint] { [p0, p1, p2, p3] }

    /// The smallest rectangle holding the four points; `CGRect.null` if a coordinate is not
    /// finite.
    public var boundingBox: CGRect { CGRect(boundingPoints: (p0, p1, p2, p3)) }

    /// The quad with each corner mapped through `t`.
    public func applying(_ t: CGAffineTransform) -> Quad {
        Quad(p0.applying(t), p1.applying(t), p2.applying(t), p3.applying(t))
    }

    /// The signed area by the shoelace formula; positive when the corners turn from
    /// +x towards +y (the orientation of an untransformed rectangle), negative when mirrored.
    public var signedArea: CGFloat {
        let a = p0.x * p1.y - p1.x * p0.y
        let b = p1.x * p2.y - p2.x * p1.y
        let c = p2.x * p3.y - p3.x * p2.y
        let d = p3.x * p0.y - p0.x * p3.y
        return (a + b + c + d) / 2
    }

    /// True when the quad is convex and not degenerate (all turns the same way, none zero), as
    /// the image of a rectangle under any transform that keeps it in front of the viewer is.
    public var isConvex: Bool {
        var sign: CGFloat = 0
        for i in 0..<4 {
            let a = corner(i), b = corner(i + 1), c = corner(i + 2)
            let turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            guard turn != 0, turn.isFinite else { return false }
            if sign == 0 { sign = turn } else if (turn > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Corner `i` modulo 4.
    @inline(__always)
    private func corner(_ i: Int) -> CGPoint {
        switch i & 3 {
        case 0: p0
        case 1: p1
        case 2: p2
        default: p3
        }
    }

    /// True when `point` lies inside the quad or on its edge. Works for convex quads of either
    /// orientation; for a self-intersecting quad it answers for the even-odd interior.
    public func contains(_ point: CGPoint) -> Bool {
        var inside = false
        var onEdge = false
        for i in 0..<4 {
            let a = corner(i), b = corner(i + 1)
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross == 0 && point.x >= Swift.min(a.x, b.x) && point.x <= Swift.max(a.x, b.x)
                && point.y >= Swift.min(a.y, b.y) && point.y <= Swift.max(a.y, b.y) {
                onEdge = true
            }
            if (a.y > point.y) != (b.y > point.y) {
                let x = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if point.x < x { inside.toggle() }
            }
        }
        return inside || onEdge
    }

    public var description: String { "Quad(\(p0), \(p1), \(p2), \(p3))" }
}

extension CGRect {
    /// The smallest rectangle holding `points`; `CGRect.null` when there are none or any
    /// coordinate is not finite.
    public init<S: Sequence>(boundingBoxOf points: S) where S.Element == CGPoint {
        var x0 = CGFloat.infinity, y0 = CGFloat.infinity
        var x1 = -CGFloat.infinity, y1 = -CGFloat.infinity
        var any = false
        for p in points {
            guard p.x.isFinite, p.y.isFinite else {
                self = .null
                return
            }
            any = true
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y)
            x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        guard any else {
            self = .null
            return
        }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle grown to whole numbers outward, like `integral`, but tolerant of rounding
    /// noise: an edge within `tolerance` of an integer snaps to it instead of taking in a whole
    /// extra row or column of pixels (`99.9999999999` stays `100`). Null and infinite
    /// rectangles are returned unchanged; one with a non-finite coordinate gives `CGRect.null`.
    public func integral(tolerance: CGFloat) -> CGRect {
        if isNull || isInfinite { return self }
        let r = standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return .null }
        func down(_ v: CGFloat) -> CGFloat {
            let n = v.rounded()
            return abs(v - n) <= tolerance ? n : v.rounded(.down)
        }
        func up(_ v: CGFloat) -> CGFloat {
            let n = v.rounded()
            return abs(v - n) <= tolerance ? n : v.rounded(.up)
        }
        let x0 = down(r.minX), y0 = down(r.minY)
        return CGRect(x: x0, y: y0, width: Swift.max(0, up(r.maxX) - x0), height: Swift.max(0, up(r.maxY) - y0))
    }
}
