/// A point in homogeneous coordinates: the result of `[x y z 1] · CATransform3D` before the
/// perspective division. `w > 0` is in front of the viewer.
public struct HomogeneousPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    /// Depth after the transform; not used by the division, kept for depth sorting.
    public var z: Double
    /// The homogeneous weight: positive in front of the eye.
    public var w: Double

    /// Stores the four components as given.
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// `(x / w, y / w)`: infinite or NaN when `w` is 0.
    public var projected: CGPoint { CGPoint(x: x / w, y: y / w) }

    public var description: String { "(\(x), \(y), \(z), \(w))" }
}

/// The four corners of a rectangle after a 3D transform, before the perspective division, in
/// `Quad` order. Corners with `w ≤ 0` lie at or behind the eye: dividing them would fold the
/// image through infinity, so a renderer clips the quad to `w ≥ minimumW` first.
public struct HomogeneousQuad: Hashable, Sendable {
    /// The image of the rectangle's `(minX, minY)` corner; the others follow in `Quad` order.
    public var p0: HomogeneousPoint
    public var p1: HomogeneousPoint
    public var p2: HomogeneousPoint
    public var p3: HomogeneousPoint

    /// The default near limit for `w`: points closer to the eye plane than this are clipped.
    /// Small enough never to cut a layer a viewer can see (it would be magnified 10⁶ times).
    public static let defaultMinimumW = 1e-6

    /// The four corners in `Quad` order.
    public init(_ p0: HomogeneousPoint, _ p1: HomogeneousPoint, _ p2: HomogeneousPoint, _ p3: HomogeneousPoint) {
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.p3 = p3
    }

    /// `[p0, p1, p2, p3]`.
    public var points: [HomogeneousPoint] { [p0, p1, p2, p3] }

    /// True when every corner has `w ≥ minimumW` (and finite coordinates), so `quad` exists.
    public func isInFront(minimumW: Double = HomogeneousQuad.defaultMinimumW) -> Bool {
        points.allSatisfy { $0.w >= minimumW && $0.x.isFinite && $0.y.isFinite && $0.w.isFinite }
    }

    /// The bounding box of the divided corners when every corner is in front (`w ≥ minimumW`)
    /// and finite, else nil. Allocates nothing (the compositor asks it of every node it culls).
    public func boundingBoxIfInFront(minimumW: Double = HomogeneousQuad.defaultMinimumW) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: HomogeneousPoint) -> Bool {
            guard p.w >= minimumW, p.w.isFinite else { return false }
            let x = p.x / p.w, y = p.y / p.w
            guard x.isFinite, y.isFinite else { return false }
            minX = Swift.min(minX, x)
            maxX = Swift.max(maxX, x)
            minY = Swift.min(minY, y)
            maxY = Swift.max(maxY, y)
            return true
        }
        guard add(p0), add(p1), add(p2), add(p3) else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The divided corners, or `nil` unless `isInFront(minimumW:)`.
    public func quad(minimumW: Double = HomogeneousQuad.defaultMinimumW) -> Quad? {
        guard isInFront(minimumW: minimumW) else { return nil }
        return Quad(p0.projected, p1.projected, p2.projected, p3.projected)
    }

    /// The visible part of the quad, clipped to `w ≥ minimumW` (Sutherland–Hodgman against one
    /// plane) and divided: 0 points when all of it is behind the eye (or a coordinate is not
    /// finite), else 3 to 5 points in the quad's order.
    public func clippedPolygon(minimumW: Double = HomogeneousQuad.defaultMinimumW) -> [CGPoint] {
        let input = points
        guard input.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.w.isFinite }) else { return [] }
        var output: [CGPoint] = []
        output.reserveCapacity(5)
        for i in 0..<4 {
            let a = input[i], b = input[(i + 1) & 3]
            let aIn = a.w >= minimumW, bIn = b.w >= minimumW
            if aIn { output.append(a.projected) }
            if aIn != bIn {
                let t = (minimumW - a.w) / (b.w - a.w)
                let x = a.x + (b.x - a.x) * t, y = a.y + (b.y - a.y) * t
                output.append(CGPoint(x: x / minimumW, y: y / minimumW))
            }
        }
        return output.count >= 3 ? output : []
    }

    /// The bounding box of `clippedPolygon(minimumW:)`; `CGRect.null` when nothing is visible.
    public func visibleBoundingBox(minimumW: Double = HomogeneousQuad.defaultMinimumW) -> CGRect {
        CGRect(boundingBoxOf: clippedPolygon(minimumW: minimumW))
    }
}

extension CATransform3D {
    /// `[x y z 1] · self`, before the perspective division. With `z == 0` the third row is not
    /// read at all (as in `Homography(self)`), so a NaN there cannot leak into a point of the
    /// layer's own plane.
    public func project(x: CGFloat, y: CGFloat, z: CGFloat = 0) -> HomogeneousPoint {
        let x = Double(x), y = Double(y), z = Double(z)
        if z == 0 {
            return HomogeneousPoint(
                x: Double(m11) * x + Double(m21) * y + Double(m41),
                y: Double(m12) * x + Double(m22) * y + Double(m42),
                z: Double(m13) * x + Double(m23) * y + Double(m43),
                w: Double(m14) * x + Double(m24) * y + Double(m44)
            )
        }
        return HomogeneousPoint(
            x: Double(m11) * x + Double(m21) * y + Double(m31) * z + Double(m41),
            y: Double(m12) * x + Double(m22) * y + Double(m32) * z + Double(m42),
            z: Double(m13) * x + Double(m23) * y + Double(m33) * z + Double(m43),
            w: Double(m14) * x + Double(m24) * y + Double(m34) * z + Double(m44)
        )
    }

    /// The corners of `rect` (on the `z = 0` plane) through `self`, before the division.
    public func project(_ rect: CGRect) -> HomogeneousQuad {
        let q = Quad(rect)
        return HomogeneousQuad(project(x: q.p0.x, y: q.p0.y), project(x: q.p1.x, y: q.p1.y),
                               project(x: q.p2.x, y: q.p2.y), project(x: q.p3.x, y: q.p3.y))
    }

    /// The point on this layer's `z = 0` plane that `self` projects onto `point` (Kinescope
    /// addition; what `CALayer.convert(_:from:)` needs through a 3D transform). `nil` when the
    /// plane is seen edge-on (no inverse), or when the plane point along that line of sight is
    /// at or behind the eye.
    public func unproject(_ point: CGPoint) -> CGPoint? {
        guard let inverse = Homography(self).inverted() else { return nil }
        return inverse.mapIfInFront(point)
    }

    /// The bounding box, on this layer's `z = 0` plane, of the part of `rect` (in the projected
    /// space) that lies in front of the eye; `CGRect.null` when none does or the plane is seen
    /// edge-on. The inverse of `CGRect.applying(_: CATransform3D)` for `convert(_:from:)`.
    public func unprojectedBoundingBox(of rect: CGRect) -> CGRect {
        guard let inverse = Homography(self).inverted() else { return .null }
        return inverse.project(rect).visibleBoundingBox()
    }
}

extension CGPoint {
    /// The point (on the `z = 0` plane) through `t`, divided by `w` (Kinescope addition, as
    /// `CALayer.convert(_:to:)` maps points). A point at the eye plane (`w = 0`) gives infinite
    /// or NaN coordinates; one behind it (`w < 0`) gives the mirrored division, as the matrix
    /// arithmetic does. Use `CATransform3D.project(x:y:z:)` to test `w` first.
    public func applying(_ t: CATransform3D) -> CGPoint {
        let p = t.project(x: x, y: y)
        return CGPoint(x: p.x / p.w, y: p.y / p.w)
    }
}

extension CGRect {
    /// The bounding box of the rectangle (on the `z = 0` plane) through `t`, counting only the
    /// part in front of the eye (clipped at `w ≥ HomogeneousQuad.defaultMinimumW`)
    /// (Kinescope addition). Null stays null; a rectangle wholly behind the eye, or with
    /// non-finite corners, gives `CGRect.null`. For an affine `t` this equals
    /// `applying(CATransform3DGetAffineTransform(t))`.
    public func applying(_ t: CATransform3D) -> CGRect {
        if isNull { return self }
        if CATransform3DIsAffine(t) { return applying(CATransform3DGetAffineTransform(t)) }
        if isInfinite { return self }
        return t.project(self).visibleBoundingBox()
    }
}
