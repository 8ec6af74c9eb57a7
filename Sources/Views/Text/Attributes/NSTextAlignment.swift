/// How lines of text sit horizontally in their box, with iOS's raw values.
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    /// Wrapped lines are stretched to both edges by widening their spaces (whole pixels); the
    /// last line of each paragraph, and a line without spaces, stays left-aligned.
    case justified = 3
    /// The paragraph's own direction, as the Unicode bidirectional algorithm finds it from its
    /// first strong character: `.left` for Latin, `.right` for Arabic and Hebrew paragraphs.
    case natural = 4
}

/// How text that does not fit is wrapped or cut, with Apple's raw values.
///
/// As in UIKit, every mode wraps lines at word boundaries when more than one line is allowed
/// (`.byCharWrapping` at any character); the mode decides what happens to the last line that
/// fits when text remains: the truncating modes shorten the rest of its paragraph with "…",
/// `.byClipping` draws the rest of the paragraph cut at the edge, and the wrapping modes just
/// stop after that line.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    /// "…" then the end of the line.
    case byTruncatingHead = 3
    /// The start of the line then "…" (UILabel's default).
    case byTruncatingTail = 4
    /// The start, "…", the end.
    case byTruncatingMiddle = 5

    var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}
