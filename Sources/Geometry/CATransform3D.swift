/// A 4×4 homogeneous transform with Core Animation's layout and conventions.
///
/// Points are row vectors multiplied on the left, as in Core Animation:
///
///     [x' y' z' w'] = [x y z 1] · | m11 m12 m13 m14 |
///                                 | m21 m22 m23 m24 |
///                                 | m31 m32 m33 m34 |
///                                 | m41 m42 m43 m44 |
///
/// so the translation is in `m41 m42 m43`, and the perspective terms are the fourth column
/// (`m14 m24 m34`). The usual perspective is `m34 = -1 / d` with `d` the eye distance in points:
/// a point at depth `z` gets `w' = 1 − z / d`, so points towards the viewer (`z > 0`) grow.
/// `CATransform3DConcat(a, b)` applies `a` first, then `b`; `CATransform3DRotate(t, …)`,
/// `CATransform3DScale` and `CATransform3DTranslate` prepend their operation to `t`.
///
/// `CATransform3D()` is all zeros, as Swift's import of the C struct is; use
/// `CATransform3DIdentity` for the identity.
///
///     var t = CATransform3DIdentity
///     t.m34 = -1 / 500
///     t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)   // a card turned 45° about its y axis
public struct CATransform3D: Hashable, Sendable, CustomStringConvertible {
    /// Row 1: the image of the x axis (`m11 m12 m13`) and its perspective term `m14`.
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Row 2: the image of the y axis and its perspective term `m24`.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Row 3: the image of the z axis and `m34`, the perspective term (`-1 / eyeDistance`).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Row 4: the translation `m41 m42 m43` and the homogeneous scale `m44` (1 normally).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The all-zero matrix (not the identity), as Swift's import of the C struct gives.
    @inlinable
    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0,
                  m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0,
                  m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// The memberwise initialiser Swift gives the C struct, entries in row-major order.
    @inlinable
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// `==` is `CATransform3DEqualToTransform`: exact equality of all sixteen entries.
    @inlinable
    public static func == (lhs: CATransform3D, rhs: CATransform3D) -> Bool {
        lhs.m11 == rhs.m11 && lhs.m12 == rhs.m12 && lhs.m13 == rhs.m13 && lhs.m14 == rhs.m14 &&
        lhs.m21 == rhs.m21 && lhs.m22 == rhs.m22 && lhs.m23 == rhs.m23 && lhs.m24 == rhs.m24 &&
        lhs.m31 == rhs.m31 && lhs.m32 == rhs.m32 && lhs.m33 == rhs.m33 && lhs.m34 == rhs.m34 &&
        lhs.m41 == rhs.m41 && lhs.m42 == rhs.m42 && lhs.m43 == rhs.m43 && lhs.m44 == rhs.m44
    }

    public func hash(into hasher: inout Hasher) {
        for v in entries { hasher.combine(v) }
    }

    /// The sixteen entries in row-major order (`m11, m12, …, m44`).
    public var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Builds a transform from sixteen entries in row-major order; `nil` unless there are
    /// exactly sixteen.
    public init?(entries e: [CGFloat]) {
        guard e.count == 16 else { return nil }
        self.init(m11: e[0], m12: e[1], m13: e[2], m14: e[3],
                  m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                  m31: e[8], m32: e[9], m33: e[10], m34: e[11],
                  m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    public var description: String {
        "CATransform3D(m11: \(m11), m12: \(m12), m13: \(m13), m14: \(m14), "
            + "m21: \(m21), m22: \(m22), m23: \(m23), m24: \(m24), "
            + "m31: \(m31), m32: \(m32), m33: \(m33), m34: \(m34), "
            + "m41: \(m41), m42: \(m42), m43: \(m43), m44: \(m44))"
    }

    /// The matrix product `self · b` (apply `self`, then `b`).
    @inlinable
    func multiplied(by b: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: m11 * b.m11 + m12 * b.m21 + m13 * b.m31 + m14 * b.m41,
            m12: m11 * b.m12 + m12 * b.m22 + m13 * b.m32 + m14 * b.m42,
            m13: m11 * b.m13 + m12 * b.m23 + m13 * b.m33 + m14 * b.m43,
            m14: m11 * b.m14 + m12 * b.m24 + m13 * b.m34 + m14 * b.m44,
            m21: m21 * b.m11 + m22 * b.m21 + m23 * b.m31 + m24 * b.m41,
            m22: m21 * b.m12 + m22 * b.m22 + m23 * b.m32 + m24 * b.m42,
            m23: m21 * b.m13 + m22 * b.m23 + m23 * b.m33 + m24 * b.m43,
            m24: m21 * b.m14 + m22 * b.m24 + m23 * b.m34 + m24 * b.m44,
            m31: m31 * b.m11 + m32 * b.m21 + m33 * b.m31 + m34 * b.m41,
            m32: m31 * b.m12 + m32 * b.m22 + m33 * b.m32 + m34 * b.m42,
            m33: m31 * b.m13 + m32 * b.m23 + m33 * b.m33 + m34 * b.m43,
            m34: m31 * b.m14 + m32 * b.m24 + m33 * b.m34 + m34 * b.m44,
            m41: m41 * b.m11 + m42 * b.m21 + m43 * b.m31 + m44 * b.m41,
            m42: m41 * b.m12 + m42 * b.m22 + m43 * b.m32 + m44 * b.m42,
            m43: m41 * b.m13 + m42 * b.m23 + m43 * b.m33 + m44 * b.m43,
            m44: m41 * b.m14 + m42 * b.m24 + m43 * b.m34 + m44 * b.m44
        )
    }

    /// The determinant of the full 4×4 matrix.
    public var determinant: CGFloat {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse, or `nil` when the determinant is zero or the inverse is not finite.
    func inverse() -> CATransform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        guard k.isFinite else { return nil }
        let r = CATransform3D(
            m11: ( m22 * c5 - m23 * c4 + m24 * c3) * k,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: ( m42 * s5 - m43 * s4 + m44 * s3) * k,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
            m22: ( m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
            m24: ( m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: ( m21 * c4 - m22 * c2 + m24 * c0) * k,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: ( m41 * s4 - m42 * s2 + m44 * s0) * k,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
            m42: ( m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
            m44: ( m31 * s3 - m32 * s1 + m33 * s0) * k
        )
        for v in r.entries where !v.isFinite { return nil }
        return r
    }

    /// The axis-angle rotation matrix (unnormalised axis allowed), or the identity for a zero
    /// or non-finite axis length.
    static func rotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return CATransform3DIdentity }
        var t = CATransform3DIdentity
        let s = sin(angle), c = cos(angle)
        // Rotations about a coordinate axis are built exactly, so that a rotation about z equals
        // the matching CGAffineTransform bit for bit.
        if x == 0 && y == 0 {
            let sz = z > 0 ? s : -s
            t.m11 = c; t.m12 = sz; t.m21 = -sz; t.m22 = c
            return t
        }
        if y == 0 && z == 0 {
            let sx = x > 0 ? s : -s
            t.m22 = c; t.m23 = sx; t.m32 = -sx; t.m33 = c
            return t
        }
        if x == 0 && z == 0 {
            let sy = y > 0 ? s : -s
            t.m11 = c; t.m13 = -sy; t.m31 = sy; t.m33 = c
            return t
        }
        let ux = x / length, uy = y / length, uz = z / length
        let ic = 1 - c
        t.m11 = ux * ux * ic + c
        t.m12 = ux * uy * ic + uz * s
        t.m13 = ux * uz * ic - uy * s
        t.m21 = ux * uy * ic - uz * s
        t.m22 = uy * uy * ic + c
        t.m23 = uy * uz * ic + ux * s
        t.m31 = ux * uz * ic + uy * s
        t.m32 = uy * uz * ic - ux * s
        t.m33 = uz * uz * ic + c
        return t
    }
}

/// The identity transform: `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1
)

/// True when `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    t == CATransform3DIdentity
}

/// True when `a` and `b` are exactly equal, entry by entry (so a NaN entry is never equal).
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    a == b
}

/// A translation by `(tx, ty, tz)`: `[1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// A scale by `(sx, sy, sz)`: `[sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// A rotation of `angle` radians about the vector `(x, y, z)`, which need not be normalised.
/// Positive angles follow the right-hand rule about the vector; about `(0, 0, 1)` that turns x
/// towards y, exactly as `CGAffineTransform(rotationAngle:)` does (the two are bit-identical).
/// A zero-length vector gives the identity, as Apple documents; so does a non-finite one
/// (Kinescope's choice).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D.rotation(angle, x, y, z)
}

/// `t` preceded by a translation: `translate(tx, ty, tz) · t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var r = t
    r.m41 = tx * t.m11 + ty * t.m21 + tz * t.m31 + t.m41
    r.m42 = tx * t.m12 + ty * t.m22 + tz * t.m32 + t.m42
    r.m43 = tx * t.m13 + ty * t.m23 + tz * t.m33 + t.m43
    r.m44 = tx * t.m14 + ty * t.m24 + tz * t.m34 + t.m44
    return r
}

/// `t` preceded by a scale: `scale(sx, sy, sz) · t` (the first three rows are multiplied).
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var r = t
    r.m11 *= sx; r.m12 *= sx; r.m13 *= sx; r.m14 *= sx
    r.m21 *= sy; r.m22 *= sy; r.m23 *= sy; r.m24 *= sy
    r.m31 *= sz; r.m32 *= sz; r.m33 *= sz; r.m34 *= sz
    return r
}

/// `t` preceded by a rotation: `rotation(angle, x, y, z) · t`. Apple leaves a zero-length
/// vector undefined; here it leaves `t` unchanged.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3D.rotation(angle, x, y, z).multiplied(by: t)
}

/// The product `a · b`: the result applies `a` first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.multiplied(by: b)
}

/// The inverse of `t`. As Core Animation does, a transform with no inverse (zero determinant,
/// or an inverse that is not finite, which also covers NaN entries) is returned unchanged.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    t.inverse() ?? t
}

/// The 3D transform equal to the affine transform `m`:
/// `[a b 0 0; c d 0 0; 0 0 1 0; tx ty 0 1]`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(m11: m.a, m12: m.b, m13: 0, m14: 0,
                  m21: m.c, m22: m.d, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 1, m34: 0,
                  m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// True when `t` can be exactly represented by an affine transform: it has no z terms
/// (`m13 m23 m31 m32 m43` zero, `m33` one) and no perspective (`m14 m24 m34` zero, `m44` one).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 &&
    t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0 &&
    t.m43 == 0 && t.m44 == 1
}

/// The affine transform `[m11 m12 m21 m22 m41 m42]`. Apple leaves the result undefined when
/// `t` is not affine; here the other entries are simply ignored.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
