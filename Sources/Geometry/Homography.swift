/// A 3×3 projective map of the plane, in `Double`, with the row-vector convention of
/// `CGAffineTransform` and `CATransform3D`:
///
///     [X Y W] = [x y 1] · | m11 m12 m13 |
///                         | m21 m22 m23 |
///                         | m31 m32 m33 |
///
/// and the mapped point is `(X / W, Y / W)`. `W > 0` means in front of the viewer; `W ≤ 0`
/// means at or behind the eye, where the division is meaningless and a renderer must clip (see
/// `HomogeneousQuad.clippedPolygon(minimumW:)`).
///
/// `Homography(t)` maps a layer's own plane (`z = 0`) to the plane its `CATransform3D` projects
/// onto, dropping z exactly as Core Animation flattens a layer into its superlayer. Nested
/// layers compose with `concatenating(_:)`. A compositor samples with the inverse: for each
/// destination pixel `(X, Y)`, `inverse.map(X, Y)` is the source point, and because
/// `inverted()` returns the true inverse (not a rescaled adjugate), the `w` it produces is
/// `1 / W` and so keeps the front/behind sign.
///
///     let h = Homography(layerToScreen)
///     guard let sample = h.inverted() else { return }   // edge-on: nothing to draw
///     let source = sample.map(CGPoint(x: 10.5, y: 20.5))
public struct Homography: Hashable, Sendable, CustomStringConvertible {
    /// Row 1: the image of the x axis (`m11 m12`) and its perspective term `m13`.
    public var m11: Double, m12: Double, m13: Double
    /// Row 2: the image of the y axis and its perspective term `m23`.
    public var m21: Double, m22: Double, m23: Double
    /// Row 3: the translation and the homogeneous scale `m33`.
    public var m31: Double, m32: Double, m33: Double

    /// The entries in row-major order.
    public init(m11: Double, m12: Double, m13: Double,
                m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The map that leaves every point in place.
    public static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The map of the `z = 0` plane through `t` with z dropped: rows `(m11 m12 m14)`,
    /// `(m21 m22 m24)`, `(m41 m42 m44)`.
    public init(_ t: CATransform3D) {
        self.init(m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m14),
                  m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m24),
                  m31: Double(t.m41), m32: Double(t.m42), m33: Double(t.m44))
    }

    /// The affine transform as a homography (third column `0 0 1`).
    public init(_ t: CGAffineTransform) {
        self.init(m11: Double(t.a), m12: Double(t.b), m13: 0,
                  m21: Double(t.c), m22: Double(t.d), m23: 0,
                  m31: Double(t.tx), m32: Double(t.ty), m33: 1)
    }

    /// The homography taking the unit square's corners `(0,0) (1,0) (1,1) (0,1)` to
    /// `quad.p0 … p3` (Heckbert's square-to-quad). `nil` when three corners are collinear or a
    /// coordinate is not finite. For a parallelogram the result is affine (`m13 = m23 = 0`).
    public init?(mappingUnitSquareTo quad: Quad) {
        let x0 = Double(quad.p0.x), y0 = Double(quad.p0.y)
        let x1 = Double(quad.p1.x), y1 = Double(quad.p1.y)
        let x2 = Double(quad.p2.x), y2 = Double(quad.p2.y)
        let x3 = Double(quad.p3.x), y3 = Double(quad.p3.y)
        let sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3
        var g = 0.0, h = 0.0
        if sx != 0 || sy != 0 {
            let dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2
            let den = dx1 * dy2 - dx2 * dy1
            guard den != 0 else { return nil }
            g = (sx * dy2 - dx2 * sy) / den
            h = (dx1 * sy - sx * dy1) / den
        }
        let result = Homography(m11: x1 - x0 + g * x1, m12: y1 - y0 + g * y1, m13: g,
                                m21: x3 - x0 + h * x3, m22: y3 - y0 + h * y3, m23: h,
                                m31: x0, m32: y0, m33: 1)
        guard result.isFinite, result.determinant != 0 else { return nil }
        self = result
    }

    /// The homography taking the corners of `rect` (in `Quad(rect)` order) to the corners of
    /// `quad`. `nil` when `rect` is empty or not finite, `quad` is degenerate, or the map
    /// overflows `Double` (coordinates near its range).
    public init?(mapping rect: CGRect, to quad: Quad) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0,
              r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              let unitToQuad = Homography(mappingUnitSquareTo: quad) else { return nil }
        let w = Double(r.width), h = Double(r.height)
        let rectToUnit = Homography(m11: 1 / w, m12: 0, m13: 0, m21: 0, m22: 1 / h, m23: 0,
                                    m31: -Double(r.minX) / w, m32: -Double(r.minY) / h, m33: 1)
        let result = rectToUnit.concatenating(unitToQuad)
        guard result.isFinite, result.determinant != 0 else { return nil }
        self = result
    }

    /// True when the map has no perspective part (`m13 = m23 = 0`, `m33 ≠ 0`), so the kernel
    /// can step linearly.
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 != 0 }

    /// True when all nine entries are finite.
    public var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m21.isFinite && m22.isFinite
            && m23.isFinite && m31.isFinite && m32.isFinite && m33.isFinite
    }

    /// The determinant; zero when the map collapses the plane onto a line (edge-on layer).
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The product `self · other`: applies `self` first, then `other`.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33
        )
    }

    /// The true inverse, or `nil` when the map is singular (a plane seen edge-on) or the
    /// inverse is not finite.
    public func inverted() -> Homography? {
        let c11 = m22 * m33 - m23 * m32, c12 = m23 * m31 - m21 * m33, c13 = m21 * m32 - m22 * m31
        let det = m11 * c11 + m12 * c12 + m13 * c13
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        let r = Homography(
            m11: c11 * k, m12: (m13 * m32 - m12 * m33) * k, m13: (m12 * m23 - m13 * m22) * k,
            m21: c12 * k, m22: (m11 * m33 - m13 * m31) * k, m23: (m13 * m21 - m11 * m23) * k,
            m31: c13 * k, m32: (m12 * m31 - m11 * m32) * k, m33: (m11 * m22 - m12 * m21) * k
        )
        return r.isFinite ? r : nil
    }

    /// `[x y 1] · self` before the division: `(X, Y, W)`.
    @inlinable
    public func homogeneous(x: Double, y: Double) -> SIMD3<Double> {
        SIMD3(m11 * x + m21 * y + m31, m12 * x + m22 * y + m32, m13 * x + m23 * y + m33)
    }

    /// The mapped point `(X / W, Y / W)`. At `W = 0` the result is infinite or NaN; callers that
    /// can meet points behind the viewer should use `homogeneous(x:y:)` and test `W`.
    @inlinable
    public func map(_ p: CGPoint) -> CGPoint {
        let v = homogeneous(x: Double(p.x), y: Double(p.y))
        return CGPoint(x: v.x / v.z, y: v.y / v.z)
    }

    /// The mapped point, or `nil` when it is at or behind the eye (`W ≤ 0`) or not finite.
    public func mapIfInFront(_ p: CGPoint) -> CGPoint? {
        let v = homogeneous(x: Double(p.x), y: Double(p.y))
        guard v.z > 0 else { return nil }
        let q = CGPoint(x: v.x / v.z, y: v.y / v.z)
        return q.x.isFinite && q.y.isFinite ? q : nil
    }

    /// The corners of `rect` mapped without division, for clipping.
    public func project(_ rect: CGRect) -> HomogeneousQuad {
        let q = Quad(rect)
        func h(_ p: CGPoint) -> HomogeneousPoint {
            let v = homogeneous(x: Double(p.x), y: Double(p.y))
            return HomogeneousPoint(x: v.x, y: v.y, z: 0, w: v.z)
        }
        return HomogeneousQuad(h(q.p0), h(q.p1), h(q.p2), h(q.p3))
    }

    public var description: String {
        "Homography([\(m11) \(m12) \(m13); \(m21) \(m22) \(m23); \(m31) \(m32) \(m33)])"
    }
}
