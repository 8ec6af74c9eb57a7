/// A two-dimensional vector, as in Core Graphics (Foundation on Linux lacks it).
public struct CGVector: Hashable, Sendable, Codable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    /// `(0, 0)`, as Swift's import of the C struct gives.
    public init() { self.init(dx: 0, dy: 0) }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

    /// `(0, 0)`.
    public static let zero = CGVector(dx: 0, dy: 0)

    public var description: String { "(\(dx), \(dy))" }
}

/// An affine transform split into Core Graphics' four steps, applied in this order:
/// scale, then horizontal shear, then rotation, then translation:
///
///     | a  b  0 |   | sx 0  0 |   | 1  0 0 |   |  cos θ  sin θ 0 |   | 1  0  0 |
///     | c  d  0 | = | 0  sy 0 | · | sh 1 0 | · | −sin θ  cos θ 0 | · | 0  1  0 |
///     | tx ty 1 |   | 0  0  1 |   | 0  0 1 |   |  0      0     1 |   | tx ty 1 |
///
/// `rotation` is in radians, in `-π...π`. See `CGAffineTransform.decomposed()` for how mirror
/// images and degenerate transforms are split.
public struct CGAffineTransformComponents: Hashable, Sendable, CustomStringConvertible {
    /// The scale applied first, along the untransformed x and y axes. May be negative (mirror).
    public var scale: CGSize
    /// The horizontal shear applied after the scale: `x' = x + horizontalShear · y`.
    public var horizontalShear: CGFloat
    /// The rotation in radians applied after the shear; positive turns x towards y.
    public var rotation: CGFloat
    /// The translation applied last.
    public var translation: CGVector

    /// The identity components: scale 1, no shear, rotation or translation.
    public init() {
        self.init(scale: CGSize(width: 1, height: 1), horizontalShear: 0, rotation: 0, translation: .zero)
    }

    /// Apple's initialiser; every argument defaults to the identity's value.
    public init(scale: CGSize = CGSize(width: 1, height: 1), horizontalShear: CGFloat = 0,
                rotation: CGFloat = 0, translation: CGVector = .zero) {
        self.scale = scale
        self.horizontalShear = horizontalShear
        self.rotation = rotation
        self.translation = translation
    }

    public var description: String {
        "CGAffineTransformComponents(scale: \(scale), horizontalShear: \(horizontalShear), "
            + "rotation: \(rotation), translation: \(translation))"
    }

    /// Component-wise interpolation at `fraction` (0 gives `self`, 1 gives `other`; values
    /// outside `0...1` extrapolate). The rotation takes the shorter way round: the angle
    /// difference is brought into `-π...π` first.
    public func interpolated(to other: CGAffineTransformComponents, fraction t: CGFloat) -> CGAffineTransformComponents {
        var delta = (other.rotation - rotation).truncatingRemainder(dividingBy: 2 * .pi)
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        return CGAffineTransformComponents(
            scale: CGSize(width: lerp(scale.width, other.scale.width, t),
                          height: lerp(scale.height, other.scale.height, t)),
            horizontalShear: lerp(horizontalShear, other.horizontalShear, t),
            rotation: rotation + delta * t,
            translation: CGVector(dx: lerp(translation.dx, other.translation.dx, t),
                                  dy: lerp(translation.dy, other.translation.dy, t))
        )
    }
}

@inline(__always)
func lerp(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> CGFloat { a + (b - a) * t }

extension CGAffineTransform {
    /// Builds the transform `scale · shear · rotation · translation` from its components.
    public init(_ components: CGAffineTransformComponents) {
        let s = sin(components.rotation), c = cos(components.rotation)
        let sx = components.scale.width, sy = components.scale.height, sh = components.horizontalShear
        self.init(a: sx * c, b: sx * s,
                  c: sy * (sh * c - s), d: sy * (sh * s + c),
                  tx: components.translation.dx, ty: components.translation.dy)
    }

    /// Splits the transform into scale, horizontal shear, rotation and translation, such that
    /// `CGAffineTransform(t.decomposed())` gives `t` back (within rounding) for every invertible
    /// `t`.
    ///
    /// Apple does not document how a mirror image (negative determinant) is split; Kinescope
    /// makes the x scale negative when `a ≤ 0` (the x axis points backwards), otherwise the y
    /// scale. This is the rule `DecomposedTransform3D` applies to flat transforms, so a view's
    /// transform animates the same way through its layer; and
    /// `CGAffineTransform(scaleX: -1, y: 1)` decomposes to scale `(-1, 1)` with no rotation, so
    /// it animates as a horizontal flip rather than a half turn. When the first row
    /// is zero the rotation is taken from the second row; when the rows are parallel the shear
    /// cannot be recovered and is reported as 0.
    public func decomposed() -> CGAffineTransformComponents {
        let det = a * d - b * c
        var sx = (a * a + b * b).squareRoot()
        if det < 0 && a <= 0 { sx = -sx }
        var result = CGAffineTransformComponents(translation: CGVector(dx: tx, dy: ty))
        guard sx != 0 else {
            let rowLength = (c * c + d * d).squareRoot()
            result.scale = CGSize(width: 0, height: rowLength)
            result.rotation = rowLength == 0 ? 0 : atan2(-c, d)
            return result
        }
        let ux = a / sx, uy = b / sx
        let sy = ux * d - uy * c
        let shearTimesSy = c * ux + d * uy
        result.scale = CGSize(width: sx, height: sy)
        result.rotation = atan2(uy, ux)
        result.horizontalShear = sy == 0 ? 0 : shearTimesSy / sy
        return result
    }

    /// The transform a Core Animation-style interpolation passes through at `fraction`
    /// (Kinescope addition): decomposes both ends, interpolates the components (see
    /// `CGAffineTransformComponents.interpolated(to:fraction:)`) and recomposes. Fraction 0 and 1
    /// return the ends exactly. Transforms with non-finite entries are interpolated entry by
    /// entry instead.
    public func interpolated(to other: CGAffineTransform, fraction t: CGFloat) -> CGAffineTransform {
        if t == 0 { return self }
        if t == 1 { return other }
        let entries = [a, b, c, d, tx, ty, other.a, other.b, other.c, other.d, other.tx, other.ty]
        guard entries.allSatisfy(\.isFinite) else {
            return CGAffineTransform(a: lerp(a, other.a, t), b: lerp(b, other.b, t),
                                     c: lerp(c, other.c, t), d: lerp(d, other.d, t),
                                     tx: lerp(tx, other.tx, t), ty: lerp(ty, other.ty, t))
        }
        return CGAffineTransform(decomposed().interpolated(to: other.decomposed(), fraction: t))
    }
}
