/// What a Unicode scalar does in line layout. Kinescope maps scalars to glyphs one to one (no
/// shaping: no ligatures, no right-to-left runs); line breaking follows the simple part of
/// Unicode's line-breaking rules that Latin, Greek, Cyrillic and CJK text needs.
enum ScalarKind: Sendable, Equatable {
    /// Drawn; no break next to it.
    case glyph
    /// Drawn; a line may break after it (hyphens and dashes).
    case glyphBreakingAfter
    /// Drawn; a line may break before and after it (CJK ideographs, kana).
    case ideograph
    /// A space: drawn (no ink), a line may break after it, and it is dropped at the end of a
    /// wrapped line and at the start of the next.
    case space
    /// Moves the pen to the next tab stop; otherwise a space.
    case tab
    /// Ends a paragraph.
    case newline
    /// Zero width and no ink, a break opportunity (U+200B zero width space).
    case zeroWidthBreak
    /// Zero width and no ink: control characters and default-ignorable code points (joiners,
    /// variation selectors, byte order mark), which fonts draw as nothing rather than `.notdef`.
    case invisible

    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: self = .newline
        case 0x09: self = .tab
        case 0x20, 0x3000, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F: self = .space
        case 0x200B: self = .zeroWidthBreak
        case 0x2D, 0x2010, 0x2012, 0x2013, 0x2014: self = .glyphBreakingAfter
        default:
            let properties = scalar.properties
            if properties.generalCategory == .control || properties.isDefaultIgnorableCodePoint {
                self = .invisible
            } else if properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value) {
                self = .ideograph
            } else {
                self = .glyph
            }
        }
    }

    /// Whether the scalar is drawn with a glyph from the font (spaces included).
    var hasGlyph: Bool {
        switch self {
        case .glyph, .glyphBreakingAfter, .ideograph, .space: true
        case .tab, .newline, .zeroWidthBreak, .invisible: false
        }
    }

    /// Whether a wrapped line drops it at its end.
    var isWhitespace: Bool { self == .space || self == .tab }

    var allowsBreakAfter: Bool {
        switch self {
        case .glyphBreakingAfter, .ideograph, .space, .tab, .zeroWidthBreak: true
        case .glyph, .newline, .invisible: false
        }
    }

    var allowsBreakBefore: Bool { self == .ideograph }
}
