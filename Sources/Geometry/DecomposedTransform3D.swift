/// A unit quaternion `(x, y, z, w)` describing a rotation by `2·acos(w)` about `(x, y, z)`,
/// right-handed, with the same sense as `CATransform3DMakeRotation`.
public struct Quaternion: Hashable, Sendable, CustomStringConvertible {
    /// The rotation axis times `sin(angle / 2)`.
    public var x: Double
    public var y: Double
    public var z: Double
    /// `cos(angle / 2)`.
    public var w: Double

    /// Stores the four components as given (no normalisation).
    public init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x
        self.y = y
        self.z = z
        self.w = w
    }

    /// No rotation: `(0, 0, 0, 1)`.
    public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// The rotation of `angle` radians about `(x, y, z)`; the identity for a zero-length or
    /// non-finite axis, as `CATransform3DMakeRotation` does.
    public init(angle: Double, axisX x: Double, y: Double, z: Double) {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else {
            self = .identity
            return
        }
        let s = sin(angle / 2) / length
        self.init(x: x * s, y: y * s, z: z * s, w: cos(angle / 2))
    }

    /// The rotation angle in radians, in `0...2π` (`0...π` for a quaternion with `w ≥ 0`).
    public var angle: Double { 2 * acos(Swift.min(1, Swift.max(-1, w))) }

    public var description: String { "Quaternion(x: \(x), y: \(y), z: \(z), w: \(w))" }

    var vector: SIMD4<Double> { SIMD4(x, y, z, w) }
    init(_ v: SIMD4<Double>) { self.init(x: v.x, y: v.y, z: v.z, w: v.w) }

    /// Spherical interpolation along the shorter arc (the sign of `other` is flipped when the
    /// two point into opposite hemispheres, as WebKit and Core Animation do, so a rotation never
    /// goes the long way round). Nearly equal rotations fall back to a normalised linear blend.
    /// `fraction` outside `0...1` extrapolates along the same great circle.
    public func slerp(to other: Quaternion, fraction t: Double) -> Quaternion {
        let a = vector
        var b = other.vector
        var dot = (a * b).sum()
        if dot < 0 {
            b = -b
            dot = -dot
        }
        dot = Swift.min(dot, 1)
        if dot > 0.9995 {
            let v = a + (b - a) * t
            let length = (v * v).sum().squareRoot()
            return length > 0 ? Quaternion(v / length) : self
        }
        let theta = acos(dot)
        let s = sin(theta)
        return Quaternion(a * (sin((1 - t) * theta) / s) + b * (sin(t * theta) / s))
    }

    /// The rotation as a row-vector matrix (rows are the images of the x, y, z axes).
    var rotationRows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let xx = x * x, yy = y * y, zz = z * z
        let xy = x * y, xz = x * z, yz = y * z, xw = x * w, yw = y * w, zw = z * w
        return (
            SIMD3(1 - 2 * (yy + zz), 2 * (xy + zw), 2 * (xz - yw)),
            SIMD3(2 * (xy - zw), 1 - 2 * (xx + zz), 2 * (yz + xw)),
            SIMD3(2 * (xz + yw), 2 * (yz - xw), 1 - 2 * (xx + yy))
        )
    }

    /// The quaternion of an orthonormal, right-handed row-vector rotation matrix (Shepperd's
    /// method: robust at half turns, where the W3C pseudo-code picks wrong signs), with `w ≥ 0`.
    init(rotationRows r: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) {
        // With row vectors, column-convention entry R[i][j] is r.j[i].
        let r00 = r.0.x, r11 = r.1.y, r22 = r.2.z
        let r01 = r.1.x, r10 = r.0.y, r02 = r.2.x, r20 = r.0.z, r12 = r.2.y, r21 = r.1.z
        let trace = r00 + r11 + r22
        var q: SIMD4<Double>
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            q = SIMD4((r21 - r12) * s, (r02 - r20) * s, (r10 - r01) * s, 0.25 / s)
        } else if r00 > r11 && r00 > r22 {
            let s = 2 * (1 + r00 - r11 - r22).squareRoot()
            q = SIMD4(0.25 * s, (r01 + r10) / s, (r02 + r20) / s, (r21 - r12) / s)
        } else if r11 > r22 {
            let s = 2 * (1 + r11 - r00 - r22).squareRoot()
            q = SIMD4((r01 + r10) / s, 0.25 * s, (r12 + r21) / s, (r02 - r20) / s)
        } else {
            let s = 2 * (1 + r22 - r00 - r11).squareRoot()
            q = SIMD4((r02 + r20) / s, (r12 + r21) / s, 0.25 * s, (r10 - r01) / s)
        }
        if q.w < 0 { q = -q }
        let length = (q * q).sum().squareRoot()
        self.init(length > 0 && length.isFinite ? q / length : SIMD4(0, 0, 0, 1))
    }
}

/// A `CATransform3D` split into the steps of the W3C CSS Transforms "unmatrix" algorithm (from
/// Graphics Gems II, also used by WebKit and Core Animation to animate `transform`), applied in
/// this order: scale, skew, rotation, translation, perspective:
///
///     M = Scale · Skew · Rotation · Translation · Perspective     (row vectors, left first)
///
/// Skew is the lower-triangular matrix `[1 0 0; xy 1 0; xz yz 1]`, so `skew.x` (xy) shears x by
/// y, `skew.y` (xz) shears x by z and `skew.z` (yz) shears y by z. Perspective is the fourth
/// column `(m14, m24, m34, m44)` of the matrix that remains after the affine part is divided
/// out.
///
/// The decomposition works on `M / m44`, so a matrix is recovered up to that factor (the same
/// projective transform when `m44 > 0`, which every Core Animation transform built from the
/// `CATransform3D…` functions has).
///
/// Differences from the W3C pseudo-code, both Kinescope's choices: the rotation is extracted by
/// Shepperd's method (the pseudo-code gets the axis sign wrong near half turns); and a mirror
/// image (negative determinant) negates the one axis whose normalised row points most against
/// its own direction, instead of all three, so `CATransform3DMakeScale(-1, 1, 1)` decomposes to
/// scale `(-1, 1, 1)` with no rotation and animates as a flat horizontal flip, as a UIKit
/// developer expects from `CGAffineTransform(scaleX: -1, y: 1)`.
///
/// Cost, measured here (release build, one shared core): decomposing takes about 0.6 µs, so
/// `CATransform3D.interpolated(to:fraction:)` costs about 1 µs; an animation that decomposes its
/// two ends once and calls `interpolated(to:fraction:)` + `transform` here per frame pays about
/// 0.25 µs.
public struct DecomposedTransform3D: Hashable, Sendable {
    /// Scale along x, y, z, applied first; negative for a mirror image.
    public var scale: SIMD3<Double>
    /// Skew factors `(xy, xz, yz)`.
    public var skew: SIMD3<Double>
    /// The rotation applied after scale and skew.
    public var rotation: Quaternion
    /// The translation `(m41, m42, m43)` (of the matrix divided by `m44`).
    public var translation: SIMD3<Double>
    /// `(m14, m24, m34, m44)` of the perspective step; `(0, 0, 0, 1)` when there is none.
    public var perspective: SIMD4<Double>

    /// Components whose defaults describe the identity.
    public init(scale: SIMD3<Double> = SIMD3(1, 1, 1), skew: SIMD3<Double> = .zero,
                rotation: Quaternion = .identity, translation: SIMD3<Double> = .zero,
                perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1)) {
        self.scale = scale
        self.skew = skew
        self.rotation = rotation
        self.translation = translation
        self.perspective = perspective
    }

    /// Decomposes `t`; `nil` when it cannot be decomposed: `m44` is zero, the upper 3×3 part is
    /// singular (a zero scale on some axis, or a layer flattened edge-on), or an entry is not
    /// finite.
    public init?(_ t: CATransform3D) {
        let row0 = SIMD4(Double(t.m11), Double(t.m12), Double(t.m13), Double(t.m14))
        let row1 = SIMD4(Double(t.m21), Double(t.m22), Double(t.m23), Double(t.m24))
        let row2 = SIMD4(Double(t.m31), Double(t.m32), Double(t.m33), Double(t.m34))
        let row3 = SIMD4(Double(t.m41), Double(t.m42), Double(t.m43), Double(t.m44))
        // 0 · x is 0 for finite x and NaN otherwise.
        let zero = SIMD4<Double>.zero
        let finiteCheck: SIMD4<Double> = row0 * zero + row1 * zero + row2 * zero + row3 * zero
        guard finiteCheck.sum() == 0, row3.w != 0 else { return nil }
        let k = 1 / row3.w
        var r0 = SIMD3(row0.x, row0.y, row0.z) * k
        var r1 = SIMD3(row1.x, row1.y, row1.z) * k
        var r2 = SIMD3(row2.x, row2.y, row2.z) * k
        let p = SIMD3(row0.w, row1.w, row2.w) * k
        let translation = SIMD3(row3.x, row3.y, row3.z) * k

        let det = dot(r0, cross(r1, r2))
        guard det != 0, det.isFinite else { return nil }

        // M = N · P with N the affine part: A q = p and t·q + w = 1.
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if p != .zero {
            let c0 = cross(r1, r2), c1 = cross(r2, r0), c2 = cross(r0, r1)
            // Columns of A⁻¹ are c0, c1, c2 divided by det: q = A⁻¹ p.
            let q = (c0 * p.x + c1 * p.y + c2 * p.z) / det
            perspective = SIMD4(q.x, q.y, q.z, 1 - dot(translation, q))
        }

        var scale = SIMD3<Double>.zero
        var skew = SIMD3<Double>.zero
        scale.x = length(r0)
        r0 /= scale.x
        skew.x = dot(r0, r1)
        r1 -= r0 * skew.x
        scale.y = length(r1)
        r1 /= scale.y
        skew.x /= scale.y
        skew.y = dot(r0, r2)
        r2 -= r0 * skew.y
        skew.z = dot(r1, r2)
        r2 -= r1 * skew.z
        scale.z = length(r2)
        r2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z
        guard scale.x != 0, scale.y != 0, scale.z != 0,
              scale.x.isFinite, scale.y.isFinite, scale.z.isFinite else { return nil }

        if dot(r0, cross(r1, r2)) < 0 {
            let diagonal = SIMD3(r0.x, r1.y, r2.z)
            let axis = diagonal.x <= diagonal.y && diagonal.x <= diagonal.z ? 0 : (diagonal.y <= diagonal.z ? 1 : 2)
            switch axis {
            case 0:
                scale.x = -scale.x; r0 = -r0; skew.x = -skew.x; skew.y = -skew.y
            case 1:
                scale.y = -scale.y; r1 = -r1; skew.x = -skew.x; skew.z = -skew.z
            default:
                scale.z = -scale.z; r2 = -r2; skew.y = -skew.y; skew.z = -skew.z
            }
        }

        self.init(scale: scale, skew: skew, rotation: Quaternion(rotationRows: (r0, r1, r2)),
                  translation: translation, perspective: perspective)
    }

    /// The matrix these components describe.
    public var transform: CATransform3D {
        let (u0, u1, u2) = rotation.rotationRows
        let a0 = scale.x * u0
        let a1 = scale.y * (u1 + skew.x * u0)
        let a2 = scale.z * (u2 + skew.y * u0 + skew.z * u1)
        let q = SIMD3(perspective.x, perspective.y, perspective.z)
        let t = translation
        return CATransform3D(
            m11: CGFloat(a0.x), m12: CGFloat(a0.y), m13: CGFloat(a0.z), m14: CGFloat(dot(a0, q)),
            m21: CGFloat(a1.x), m22: CGFloat(a1.y), m23: CGFloat(a1.z), m24: CGFloat(dot(a1, q)),
            m31: CGFloat(a2.x), m32: CGFloat(a2.y), m33: CGFloat(a2.z), m34: CGFloat(dot(a2, q)),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: CGFloat(dot(t, q) + perspective.w)
        )
    }

    /// Linear interpolation of scale, skew, translation and perspective, and spherical
    /// interpolation of the rotation along the shorter arc, at `fraction` (0 gives `self`, 1
    /// gives `other`; values outside `0...1` extrapolate).
    public func interpolated(to other: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        DecomposedTransform3D(
            scale: scale + (other.scale - scale) * t,
            skew: skew + (other.skew - skew) * t,
            rotation: rotation.slerp(to: other.rotation, fraction: t),
            translation: translation + (other.translation - translation) * t,
            perspective: perspective + (other.perspective - perspective) * t
        )
    }
}

extension CATransform3D {
    /// The transform an animation of `transform` passes through at `fraction` (Kinescope
    /// addition, how Core Animation interpolates `CATransform3D` values): both ends are
    /// decomposed (`DecomposedTransform3D`), their components interpolated (rotation by
    /// quaternion slerp along the shorter arc) and recomposed. When either end cannot be
    /// decomposed (a zero scale, an edge-on layer, `m44 == 0`, non-finite entries) the sixteen
    /// entries are interpolated linearly instead, so a layer scaled to 0 still shrinks smoothly.
    /// Fraction 0 and 1 return the ends exactly; other values outside `0...1` extrapolate.
    public func interpolated(to other: CATransform3D, fraction t: CGFloat) -> CATransform3D {
        if t == 0 { return self }
        if t == 1 { return other }
        if self == other { return self }
        if let a = DecomposedTransform3D(self), let b = DecomposedTransform3D(other) {
            return a.interpolated(to: b, fraction: Double(t)).transform
        }
        return linearlyInterpolated(to: other, fraction: t)
    }

    /// Entry-by-entry linear interpolation, the fallback of `interpolated(to:fraction:)`.
    public func linearlyInterpolated(to other: CATransform3D, fraction t: CGFloat) -> CATransform3D {
        let a = entries, b = other.entries
        return CATransform3D(entries: (0..<16).map { lerp(a[$0], b[$0], t) })!
    }
}

@inline(__always) func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
@inline(__always) func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}
