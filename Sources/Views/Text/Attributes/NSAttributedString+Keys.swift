import Foundation

extension NSAttributedString.Key {
    /// The font of the text: a `UIFont`. UIKit declares this key (Foundation does not), and so
    /// does Kinescope. Without it text is drawn in the 12-point system font, Apple's default.
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    /// The colour of the text: a `UIColor` (or a `CGColor`). Without it text is black.
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
    /// The colour behind the text: a `UIColor`; the run's advance width × its line's height is
    /// filled. Default none.
    public static let backgroundColor = NSAttributedString.Key(rawValue: "NSBackgroundColor")
    /// Points added after each character (a number); 0, the default, keeps the font's spacing.
    public static let kern = NSAttributedString.Key(rawValue: "NSKern")
    /// The paragraph's layout: an `NSParagraphStyle`, read at each paragraph's first character.
    public static let paragraphStyle = NSAttributedString.Key(rawValue: "NSParagraphStyle")
    /// An `NSUnderlineStyle` raw value (an `Int`) or the style itself; default none.
    public static let underlineStyle = NSAttributedString.Key(rawValue: "NSUnderline")
    /// An `NSUnderlineStyle` raw value (an `Int`) or the style itself; default none.
    public static let strikethroughStyle = NSAttributedString.Key(rawValue: "NSStrikethrough")
    /// The underline's colour: a `UIColor`; default the foreground colour.
    public static let underlineColor = NSAttributedString.Key(rawValue: "NSUnderlineColor")
    /// The strikethrough's colour: a `UIColor`; default the foreground colour.
    public static let strikethroughColor = NSAttributedString.Key(rawValue: "NSStrikethroughColor")
    /// The outline's width in percent of the point size (a number): 0 (default) fills only,
    /// positive strokes only (outlined text; 3 is typical), negative fills and strokes.
    public static let strokeWidth = NSAttributedString.Key(rawValue: "NSStrokeWidth")
    /// The outline's colour: a `UIColor`; default the foreground colour.
    public static let strokeColor = NSAttributedString.Key(rawValue: "NSStrokeColor")
    /// A blurred copy of the glyphs drawn under them: an `NSShadow`. Default none.
    public static let shadow = NSAttributedString.Key(rawValue: "NSShadow")
    /// Points the glyphs are raised above the baseline (a number; negative lowers them).
    public static let baselineOffset = NSAttributedString.Key(rawValue: "NSBaselineOffset")
    /// 0 turns ligatures off (a number); 1, the default, uses the font's standard ligatures.
    public static let ligature = NSAttributedString.Key(rawValue: "NSLigature")
}

/// The lines drawn under or through text, with Apple's raw values: a thickness (`single`,
/// `thick`, `double`) combined with a pattern and optionally `byWord`.
///
/// Kinescope draws `single`, `thick` (twice the font's underline thickness) and `double` (two
/// lines), solid or in the dot/dash patterns, and skips whitespace under `byWord`.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)

    /// The line pattern: on/off lengths in multiples of the line thickness, empty for solid.
    var dashPattern: [Int] {
        switch rawValue & 0x0F00 {
        case 0x0100: [1, 1]
        case 0x0200: [4, 2]
        case 0x0300: [4, 2, 1, 2]
        case 0x0400: [4, 2, 1, 2, 1, 2]
        default: []
        }
    }

    /// How many lines (0, 1 or 2) and their thickness multiple.
    var lines: (count: Int, thickness: Int) {
        switch rawValue & 0x0F {
        case 0: (0, 1)
        case 0x09: (2, 1)
        case 0x02: (1, 2)
        default: (1, 1)
        }
    }
}
