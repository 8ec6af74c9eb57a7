/// A plane projective transform (a homography): a 3×3 matrix of `Double`s acting on column
/// vectors, `(x', y', w') = M · (x, y, 1)`, which maps the point `(x, y)` to `(x'/w', y'/w')`.
///
/// The image-drawing kernels take the *inverse* map: destination coordinates to source
/// coordinates. Coordinates are continuous, in pixels, with pixel `(i, j)` covering the square
/// `i…i+1 × j…j+1`, so its centre is `(i + 0.5, j + 0.5)` — the convention of Core Graphics and
/// pixman.
///
/// The sign of `w'` carries meaning: a point whose `w'` is not positive lies behind the viewer
/// and is never drawn. The exact inverse of a forward transform whose `w'` is positive in front
/// of the viewer (which `inverted()` returns, and which Core Animation's perspective matrices
/// give) has this property; multiplying every entry by a negative number does not.
///
/// ```swift
/// let forward = ProjectiveTransform.rotation(radians: .pi / 6)
///     .concatenating(.translation(x: 100, y: 40))
/// let inverse = forward.inverted()!   // destination → source, for `drawImage`
/// ```
public struct ProjectiveTransform: Hashable, Sendable, CustomStringConvertible {
    /// Row 0, giving `x' = m00·x + m01·y + m02`.
    public var m00: Double, m01: Double, m02: Double
    /// Row 1, giving `y' = m10·x + m11·y + m12`.
    public var m10: Double, m11: Double, m12: Double
    /// Row 2, giving `w' = m20·x + m21·y + m22` (0, 0, 1 for an affine map).
    public var m20: Double, m21: Double, m22: Double

    /// A matrix from its entries in row-major order: row 0 gives `x'`, row 1 `y'`, row 2 `w'`.
    public init(_ m00: Double, _ m01: Double, _ m02: Double,
                _ m10: Double, _ m11: Double, _ m12: Double,
                _ m20: Double, _ m21: Double, _ m22: Double) {
        self.m00 = m00; self.m01 = m01; self.m02 = m02
        self.m10 = m10; self.m11 = m11; self.m12 = m12
        self.m20 = m20; self.m21 = m21; self.m22 = m22
    }

    /// An affine transform in `CGAffineTransform`'s layout: `x' = a·x + c·y + tx`,
    /// `y' = b·x + d·y + ty`.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.init(a, c, tx, b, d, ty, 0, 0, 1)
    }

    /// The plane `z = 0` of a `CATransform3D`, given as its 16 fields in Apple's order
    /// (`m11, m12, m13, m14, m21, …, m44`). Core Animation multiplies row vectors
    /// (`[x y z 1] · M`), so a point of the plane maps to
    /// `x' = x·m11 + y·m21 + m41`, `y' = x·m12 + y·m22 + m42`, `w' = x·m14 + y·m24 + m44`;
    /// the third row and column (depth) do not affect where the plane lands.
    public init(flatteningTransform3D m: SIMD16<Double>) {
        self.init(m[0], m[4], m[12],
                  m[1], m[5], m[13],
                  m[3], m[7], m[15])
    }

    /// The identity: every point maps to itself.
    public static let identity = ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// Moves points by (`x`, `y`) pixels.
    public static func translation(x: Double, y: Double) -> ProjectiveTransform {
        ProjectiveTransform(1, 0, x, 0, 1, y, 0, 0, 1)
    }

    /// Scales about the origin.
    public static func scale(x: Double, y: Double) -> ProjectiveTransform {
        ProjectiveTransform(x, 0, 0, 0, y, 0, 0, 0, 1)
    }

    /// Rotates about the origin by `radians`. With y pointing down (as in UIKit and in pixel
    /// coordinates) a positive angle turns clockwise on screen, as `CGAffineTransform(rotationAngle:)`
    /// does in UIKit.
    public static func rotation(radians: Double) -> ProjectiveTransform {
        let c = cos(radians), s = sin(radians)
        return ProjectiveTransform(c, -s, 0, s, c, 0, 0, 0, 1)
    }

    /// Whether the bottom row is exactly `(0, 0, 1)`: the map is affine (parallel lines stay
    /// parallel) and `w'` is 1 everywhere. The kernels take a cheaper path for such matrices
    /// (after dividing out a positive `m22`).
    public var isAffine: Bool { m20 == 0 && m21 == 0 && m22 == 1 }

    /// Whether every entry is finite (no NaN, no infinity).
    public var isFinite: Bool {
        m00.isFinite && m01.isFinite && m02.isFinite && m10.isFinite && m11.isFinite
            && m12.isFinite && m20.isFinite && m21.isFinite && m22.isFinite
    }

    /// The determinant; zero for a map that collapses the plane onto a line or a point.
    public var determinant: Double {
        m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20)
    }

    /// The exact inverse (adjugate divided by the determinant, so the sign of `w'` is kept:
    /// a point in front of the viewer under `self` stays in front under the inverse). `nil`
    /// when an entry is not finite or the matrix is singular.
    public func inverted() -> ProjectiveTransform? {
        guard isFinite else { return nil }
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        let inverse = ProjectiveTransform(
            (m11 * m22 - m12 * m21) * r, (m02 * m21 - m01 * m22) * r, (m01 * m12 - m02 * m11) * r,
            (m12 * m20 - m10 * m22) * r, (m00 * m22 - m02 * m20) * r, (m02 * m10 - m00 * m12) * r,
            (m10 * m21 - m11 * m20) * r, (m01 * m20 - m00 * m21) * r, (m00 * m11 - m01 * m10) * r)
        return inverse.isFinite ? inverse : nil
    }

    /// `self` followed by `other` (as `CGAffineTransform.concatenating` orders them): the
    /// matrix product `other · self`.
    public func concatenating(_ other: ProjectiveTransform) -> ProjectiveTransform {
        let a = other, b = self
        return ProjectiveTransform(
            a.m00 * b.m00 + a.m01 * b.m10 + a.m02 * b.m20,
            a.m00 * b.m01 + a.m01 * b.m11 + a.m02 * b.m21,
            a.m00 * b.m02 + a.m01 * b.m12 + a.m02 * b.m22,
            a.m10 * b.m00 + a.m11 * b.m10 + a.m12 * b.m20,
            a.m10 * b.m01 + a.m11 * b.m11 + a.m12 * b.m21,
            a.m10 * b.m02 + a.m11 * b.m12 + a.m12 * b.m22,
            a.m20 * b.m00 + a.m21 * b.m10 + a.m22 * b.m20,
            a.m20 * b.m01 + a.m21 * b.m11 + a.m22 * b.m21,
            a.m20 * b.m02 + a.m21 * b.m12 + a.m22 * b.m22)
    }

    /// Where (`x`, `y`) lands, or `nil` when its `w'` is not positive (behind the viewer) or the
    /// result is not finite.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double)? {
        let w = m20 * x + m21 * y + m22
        guard w > 0 else { return nil }
        let px = (m00 * x + m01 * y + m02) / w, py = (m10 * x + m11 * y + m12) / w
        guard px.isFinite, py.isFinite else { return nil }
        return (px, py)
    }

    public var description: String {
        "[\(m00) \(m01) \(m02); \(m10) \(m11) \(m12); \(m20) \(m21) \(m22)]"
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
