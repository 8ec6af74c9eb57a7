import Geometry
import Raster

/// An immutable colour in device RGB (treated as sRGB), straight alpha, components in `0...1`.
///
/// Apple's `CGColor` carries a colour space; Kinescope has one (sRGB) and converts greys to it.
/// Components outside `0...1` and NaN are clamped to `0...1` (NaN to 0) when stored, so every
/// `CGColor` can be drawn.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    /// Opacity, `0...1`.
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = clampUnit(red)
        self.green = clampUnit(green)
        self.blue = clampUnit(blue)
        self.alpha = clampUnit(alpha)
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Apple's `CGColor(srgbRed:green:blue:alpha:)`.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// `[red, green, blue, alpha]`, as Apple returns for an RGB colour.
    public var components: [CGFloat]? { [red, green, blue, alpha] }
    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour as a premultiplied pixel, each channel rounded to nearest.
    public var premultipliedPixel: PremultipliedColor {
        StraightColor(red: toByte(red), green: toByte(green), blue: toByte(blue), alpha: toByte(alpha)).premultiplied
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    public var description: String { "CGColor(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

@inline(__always) package func clampUnit(_ value: CGFloat) -> CGFloat {
    value.isNaN ? 0 : min(1, max(0, value))
}

@inline(__always) package func toByte(_ unit: CGFloat) -> UInt8 {
    UInt8(clampUnit(unit) * 255 + 0.5)
}
