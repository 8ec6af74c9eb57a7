import Geometry
import Graphics
import Layers

/// A colour, as UIKit's `UIColor`: device RGB (sRGB) components in `0...1`, straight alpha.
/// Components outside `0...1` (extended range) are clamped when drawn.
open class UIColor: Hashable, CustomStringConvertible, @unchecked Sendable {
    public let cgColor: CGColor

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public init(white: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(gray: white, alpha: alpha)
    }

    public init(cgColor: CGColor) {
        self.cgColor = cgColor
    }

    /// Hue, saturation and brightness in `0...1` (hue 0 and 1 are red).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = min(1, max(0, saturation)), v = min(1, max(0, brightness))
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = switch sector {
        case 0: (v, t, p)
        case 1: (q, v, p)
        case 2: (p, v, t)
        case 3: (p, q, v)
        case 4: (t, p, v)
        default: (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// The same colour with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    /// Writes the RGBA components; returns true, as UIKit does for RGB-compatible colours.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
        return true
    }

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.cgColor == rhs.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
    open var description: String {
        "UIColor(red: \(cgColor.red), green: \(cgColor.green), blue: \(cgColor.blue), alpha: \(cgColor.alpha))"
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    /// iOS's light-mode `systemBlue`, sRGB (0, 122, 255): the default `tintColor`, and so the
    /// title colour of `.system` buttons.
    public static let systemBlue = UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1)
    /// iOS's light-mode `systemGray`, sRGB (142, 142, 147): the title colour of a disabled
    /// `.system` button.
    public static let systemGray = UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1)
    /// iOS's light-mode `systemBackground`.
    public static let systemBackground = UIColor(white: 1, alpha: 1)
}
