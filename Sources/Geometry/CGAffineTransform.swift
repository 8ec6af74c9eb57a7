/// A 2D affine transform with Core Graphics' layout and conventions.
///
/// Points are row vectors multiplied on the left, as in Core Graphics:
///
///     [x' y' 1] = [x y 1] · | a  b  0 |
///                           | c  d  0 |
///                           | tx ty 1 |
///
/// so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`. Because of the row-vector convention
/// `t1.concatenating(t2)` applies `t1` first, then `t2`; and the mutators of Core Graphics
/// (`scaledBy`, `rotated(by:)`, `translatedBy`) prepend their operation: `t.rotated(by: θ)` rotates
/// first, then applies `t`.
///
/// Angles are radians. A positive angle turns the x axis towards the y axis: counter-clockwise
/// when y points up (Core Graphics on macOS), clockwise on screen when y points down (UIKit and
/// Core Animation on iOS, and Kinescope).
///
/// `CGAffineTransform()` is all zeros, as Swift's import of the C struct is; use `.identity` for
/// the identity.
///
///     let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
///     CGPoint(x: 1, y: 0).applying(t)   // ≈ (10, 1): rotated first, then translated
public struct CGAffineTransform: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Row 1 (`a b`): the image of the x axis.
    public var a: CGFloat
    public var b: CGFloat
    /// Row 2 (`c d`): the image of the y axis.
    public var c: CGFloat
    public var d: CGFloat
    /// Row 3: the translation, applied after the linear part.
    public var tx: CGFloat
    public var ty: CGFloat

    /// The all-zero transform (not the identity), as Swift's import of the C struct gives.
    @inlinable
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// The memberwise initialiser, as Swift imports the C struct.
    @inlinable
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// `[1 0 0 1 0 0]`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A scale by `sx` along x and `sy` along y: `[sx 0 0 sy 0 0]`.
    @inlinable
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation: `[1 0 0 1 tx ty]`.
    @inlinable
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A rotation by `angle` radians: `[cos sin -sin cos 0 0]`. Positive angles turn x towards y
    /// (clockwise on a y-down screen). Like Core Graphics, the sine and cosine are not snapped, so
    /// `CGAffineTransform(rotationAngle: .pi).b` is about 1.2e-16, not 0.
    @inlinable
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// True when the transform equals `.identity` exactly.
    @inlinable
    public var isIdentity: Bool {
        a == 1 && b == 0 && c == 0 && d == 1 && tx == 0 && ty == 0
    }

    /// `self` preceded by a scale: the result scales by `(sx, sy)` first, then applies `self`.
    @inlinable
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(a: a * sx, b: b * sx, c: c * sy, d: d * sy, tx: tx, ty: ty)
    }

    /// `self` preceded by a translation: the result translates by `(x, y)` first (in the
    /// coordinate space `self` maps from), then applies `self`.
    @inlinable
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx + a * x + c * y, ty: ty + b * x + d * y)
    }

    /// `self` preceded by a rotation of `angle` radians: rotates first, then applies `self`.
    @inlinable
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The product `self · t2`: applies `self` first, then `t2`.
    @inlinable
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty
        )
    }

    /// The determinant `a·d − b·c` of the linear part: the factor by which areas scale, negative
    /// when the transform mirrors.
    @inlinable
    public var determinant: CGFloat { a * d - b * c }

    /// The inverse transform. As Core Graphics does, a transform that cannot be inverted (zero
    /// determinant, or one whose inverse is not finite) is returned unchanged; NaN components
    /// give NaN components.
    public func inverted() -> CGAffineTransform {
        let det = determinant
        guard det != 0 else { return self }
        let inv = 1 / det
        guard inv.isFinite || det.isNaN else { return self }
        let ia = d * inv, ib = -b * inv, ic = -c * inv, id = a * inv
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id)
        )
    }

    /// Apple's `description`: `CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)`.
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }

    /// Encodes as an unkeyed list `[a, b, c, d, tx, ty]`, as Apple's conformance does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(a)
        try container.encode(b)
        try container.encode(c)
        try container.encode(d)
        try container.encode(tx)
        try container.encode(ty)
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(CGFloat.self)
        b = try container.decode(CGFloat.self)
        c = try container.decode(CGFloat.self)
        d = try container.decode(CGFloat.self)
        tx = try container.decode(CGFloat.self)
        ty = try container.decode(CGFloat.self)
    }
}

extension CGPoint {
    /// The point mapped through `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    @inlinable
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped through the linear part of `t` (translation ignored):
    /// `(a·w + c·h, b·w + d·h)`. The result may be negative, as in Core Graphics.
    @inlinable
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle that holds the four transformed corners of `self` (after
    /// standardizing), as `CGRectApplyAffineTransform` returns. The null rectangle is returned
    /// unchanged; so is the infinite one. A rectangle whose corners map to non-finite values
    /// (NaN or infinite components in either operand) gives `CGRect.null`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        if t.b == 0 && t.c == 0 {
            let r = standardized
            let x0 = r.minX * t.a + t.tx, x1 = r.maxX * t.a + t.tx
            let y0 = r.minY * t.d + t.ty, y1 = r.maxY * t.d + t.ty
            guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return .null }
            return CGRect(x: Swift.min(x0, x1), y: Swift.min(y0, y1),
                          width: abs(x1 - x0), height: abs(y1 - y0))
        }
        let r = standardized
        return CGRect(boundingPoints: (
            CGPoint(x: r.minX, y: r.minY).applying(t),
            CGPoint(x: r.maxX, y: r.minY).applying(t),
            CGPoint(x: r.maxX, y: r.maxY).applying(t),
            CGPoint(x: r.minX, y: r.maxY).applying(t)
        ))
    }

    /// The bounding box of four points; `CGRect.null` when any coordinate is not finite.
    init(boundingPoints p: (CGPoint, CGPoint, CGPoint, CGPoint)) {
        let xs = (p.0.x, p.1.x, p.2.x, p.3.x), ys = (p.0.y, p.1.y, p.2.y, p.3.y)
        guard xs.0.isFinite, xs.1.isFinite, xs.2.isFinite, xs.3.isFinite,
              ys.0.isFinite, ys.1.isFinite, ys.2.isFinite, ys.3.isFinite else {
            self = .null
            return
        }
        let x0 = Swift.min(Swift.min(xs.0, xs.1), Swift.min(xs.2, xs.3))
        let x1 = Swift.max(Swift.max(xs.0, xs.1), Swift.max(xs.2, xs.3))
        let y0 = Swift.min(Swift.min(ys.0, ys.1), Swift.min(ys.2, ys.3))
        let y1 = Swift.max(Swift.max(ys.0, ys.1), Swift.max(ys.2, ys.3))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
