import Geometry
import Graphics
import Layers

/// Core Image's colour: straight (not premultiplied) red, green, blue and alpha components.
/// Apple allows values outside 0…1 (extended range); the transition filters here accept only
/// 0…1 and report anything else (see `CIFilter.setValue(_:forKey:)`).
///
///     filter.setValue(CIColor(red: 1, green: 0.8, blue: 0.6), forKey: kCIInputColorKey)
public final class CIColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, straight (not multiplied by alpha).
    public let red: CGFloat
    /// Green, straight.
    public let green: CGFloat
    /// Blue, straight.
    public let blue: CGFloat
    /// Alpha: 0 transparent, 1 opaque.
    public let alpha: CGFloat

    /// A colour from straight components (not checked; `CIFilter` refuses values outside 0…1).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// An opaque colour.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: 1)
    }

    /// The components of `cgColor`.
    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    /// Parses Apple's string form, `"0.6 1 1 1"` (alpha optional); nil otherwise.
    public convenience init?(string representation: String) {
        let parts = representation.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0) }
        guard (3...4).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        self.init(red: CGFloat(parts[0]!), green: CGFloat(parts[1]!), blue: CGFloat(parts[2]!),
                  alpha: CGFloat(parts.count == 4 ? parts[3]! : 1))
    }

    /// Apple's named colours (opaque, except `clear`).
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    public static let cyan = CIColor(red: 0, green: 1, blue: 1)
    public static let magenta = CIColor(red: 1, green: 0, blue: 1)
    public static let yellow = CIColor(red: 1, green: 1, blue: 0)
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The number of components (always 4).
    public var numberOfComponents: Int { 4 }
    /// Apple's string form, `"r g b a"`.
    public var stringRepresentation: String {
        [red, green, blue, alpha].map { v in v == v.rounded() ? String(Int(v)) : "\(Double(v))" }.joined(separator: " ")
    }
    /// `CIColor(r g b a)`.
    public var description: String { "CIColor(\(stringRepresentation))" }

    /// Equal when all four components are equal.
    public static func == (lhs: CIColor, rhs: CIColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }
    /// Hashes the four components.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    var transitionColor: TransitionColor {
        TransitionColor(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
    }

    convenience init(_ color: TransitionColor) {
        self.init(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
    }
}
