/// A premultiplied-alpha pixel in Kinescope's one pixel format: a native little-endian word
/// `0xAARRGGBB`, so memory holds the bytes B, G, R, A — the layout of X11 TrueColor at 32 bpp,
/// cairo `ARGB32` and pixman `a8r8g8b8`.
///
/// Invariant: each colour channel is at most alpha. The checked initialisers enforce it; the
/// raw `init(packed:)` trusts the caller (kernels produce valid words by construction).
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    /// The packed word, `a << 24 | r << 16 | g << 8 | b`.
    public var packed: UInt32

    /// Wraps a word that is already premultiplied (each channel ≤ alpha).
    @inlinable public init(packed: UInt32) { self.packed = packed }

    /// Builds a premultiplied colour from channels; colour channels above alpha are clamped to it.
    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let r = min(red, alpha), g = min(green, alpha), b = min(blue, alpha)
        packed = UInt32(alpha) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    public static let clear = PremultipliedColor(packed: 0)
    public static let black = PremultipliedColor(packed: 0xFF00_0000)
    public static let white = PremultipliedColor(packed: 0xFFFF_FFFF)

    @inlinable public var alpha: UInt8 { UInt8(truncatingIfNeeded: packed >> 24) }
    @inlinable public var red: UInt8 { UInt8(truncatingIfNeeded: packed >> 16) }
    @inlinable public var green: UInt8 { UInt8(truncatingIfNeeded: packed >> 8) }
    @inlinable public var blue: UInt8 { UInt8(truncatingIfNeeded: packed) }
    @inlinable public var isOpaque: Bool { alpha == 255 }

    /// Divides the colour channels by alpha (rounded to nearest); a transparent pixel becomes
    /// transparent black. Only codecs and colour pickers need this.
    public var straight: StraightColor {
        let a = UInt32(alpha)
        guard a != 0 else { return StraightColor(red: 0, green: 0, blue: 0, alpha: 0) }
        guard a != 255 else { return StraightColor(red: red, green: green, blue: blue, alpha: 255) }
        @inline(__always) func unpremultiply(_ c: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(c) * 255 + a / 2) / a))
        }
        return StraightColor(red: unpremultiply(red), green: unpremultiply(green),
                             blue: unpremultiply(blue), alpha: alpha)
    }

    public var description: String {
        "premultiplied(r: \(red), g: \(green), b: \(blue), a: \(alpha))"
    }
}

/// A straight (non-premultiplied) 8-bit RGBA colour, as stored in PNG files and typed by people.
/// Convert with `premultiplied` before handing it to any kernel.
public struct StraightColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    @inlinable public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Multiplies the colour channels by alpha with exact rounding (`c * a / 255`, nearest).
    public var premultiplied: PremultipliedColor {
        let a = UInt32(alpha)
        @inline(__always) func mul(_ c: UInt8) -> UInt32 { divideBy255(UInt32(c) * a) }
        return PremultipliedColor(packed: a << 24 | mul(red) << 16 | mul(green) << 8 | mul(blue))
    }

    public var description: String { "straight(r: \(red), g: \(green), b: \(blue), a: \(alpha))" }
}

/// `t / 255` rounded to nearest, exact for every `t` in `0...65025` (see NOTES: fits 16-bit lanes).
@inlinable @inline(__always)
public func divideBy255(_ t: UInt32) -> UInt32 {
    let u = t &+ 128
    return (u &+ (u >> 8)) >> 8
}
