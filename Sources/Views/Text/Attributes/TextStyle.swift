import Foundation
import Geometry
import Graphics
import Layers

/// The attributes of one run of text that drawing reads, resolved from an attribute dictionary
/// with Apple's defaults (12-point system font, black, no decorations).
struct TextStyle: Hashable, @unchecked Sendable {
    struct Shadow: Hashable {
        var offset: CGSize
        var blurRadius: CGFloat
        var color: CGColor
    }

    var font: UIFont
    var color: CGColor
    var background: CGColor?
    /// Points after each character.
    var kern: CGFloat = 0
    var underline = NSUnderlineStyle()
    var underlineColor: CGColor?
    var strikethrough = NSUnderlineStyle()
    var strikethroughColor: CGColor?
    /// Percent of the point size; see `NSAttributedString.Key.strokeWidth`.
    var strokeWidth: CGFloat = 0
    var strokeColor: CGColor?
    var shadow: Shadow?
    /// Points up.
    var baselineOffset: CGFloat = 0
    var ligatures = true
    var paragraph = NSParagraphStyle.Storage()

    init(font: UIFont, color: CGColor) {
        self.font = font
        self.color = color
    }

    /// The style `attributes` give; unknown keys and values of the wrong type are ignored.
    init(_ attributes: [NSAttributedString.Key: Any]?) {
        font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        color = Self.color(attributes?[.foregroundColor]) ?? .black
        guard let attributes else { return }
        background = Self.color(attributes[.backgroundColor])
        kern = Self.number(attributes[.kern]) ?? 0
        underline = Self.lineStyle(attributes[.underlineStyle])
        underlineColor = Self.color(attributes[.underlineColor])
        strikethrough = Self.lineStyle(attributes[.strikethroughStyle])
        strikethroughColor = Self.color(attributes[.strikethroughColor])
        strokeWidth = Self.number(attributes[.strokeWidth]) ?? 0
        strokeColor = Self.color(attributes[.strokeColor])
        baselineOffset = Self.number(attributes[.baselineOffset]) ?? 0
        ligatures = (Self.number(attributes[.ligature]) ?? 1) != 0
        if let style = attributes[.paragraphStyle] as? NSParagraphStyle { paragraph = style.storage }
        if let shadow = attributes[.shadow] as? NSShadow, let color = Self.color(shadow.shadowColor), color.alpha > 0 {
            let blur = shadow.shadowBlurRadius
            self.shadow = Shadow(offset: shadow.shadowOffset, blurRadius: blur > 0 && blur.isFinite ? min(blur, 1000) : 0,
                                 color: color)
        }
    }

    /// A `UIColor` or `CGColor` value as a `CGColor`.
    static func color(_ value: Any?) -> CGColor? {
        if let color = value as? UIColor { return color.cgColor }
        if let value, let color = value as? CGColor { return color }
        return nil
    }

    /// A number of any numeric type (NSNumber, Double, CGFloat, Int), finite and within ±10⁶.
    static func number(_ value: Any?) -> CGFloat? {
        let raw: Double? = switch value {
        case let v as CGFloat: Double(v)
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as Int: Double(v)
        case let v as NSNumber: v.doubleValue
        default: nil
        }
        guard let raw, raw.isFinite else { return nil }
        return CGFloat(min(1e6, max(-1e6, raw)))
    }

    static func lineStyle(_ value: Any?) -> NSUnderlineStyle {
        if let style = value as? NSUnderlineStyle { return style }
        if let raw = value as? Int { return NSUnderlineStyle(rawValue: raw) }
        if let number = value as? NSNumber { return NSUnderlineStyle(rawValue: number.intValue) }
        return []
    }
}

/// Text split into Unicode scalars, each with the index of its style.
struct StyledText {
    var scalars: [UInt32] = []
    var styleIndices: [Int32] = []
    var styles: [TextStyle] = []

    /// `string` in one style.
    init(_ string: String, style: TextStyle) {
        scalars = string.unicodeScalars.map(\.value)
        styleIndices = Array(repeating: 0, count: scalars.count)
        styles = [style]
    }

    /// The runs of `text`, each in the style its attributes give (`base` filling in what they
    /// leave out, for UILabel's font and colour).
    init(_ text: NSAttributedString, base: [NSAttributedString.Key: Any]? = nil) {
        let string = text.string as NSString
        var known: [TextStyle: Int32] = [:]
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { attributes, range, _ in
            var merged = base ?? [:]
            merged.merge(attributes) { _, new in new }
            let style = TextStyle(merged)
            let index: Int32
            if let existing = known[style] {
                index = existing
            } else {
                index = Int32(styles.count)
                styles.append(style)
                known[style] = index
            }
            let piece = string.substring(with: range).unicodeScalars
            scalars.append(contentsOf: piece.map(\.value))
            styleIndices.append(contentsOf: repeatElement(index, count: piece.count))
        }
        if styles.isEmpty { styles = [TextStyle(base)] }
    }

    var isEmpty: Bool { scalars.isEmpty }
}
