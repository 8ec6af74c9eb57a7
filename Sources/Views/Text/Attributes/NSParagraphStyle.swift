import Foundation
import Geometry

/// The direction a paragraph is laid out in, with Apple's raw values.
public enum NSWritingDirection: Int, Sendable {
    /// Found by the Unicode bidirectional algorithm from the paragraph's first strong character.
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// How a paragraph is laid out, as UIKit's `NSParagraphStyle` (the value of `.paragraphStyle`).
/// All lengths are in points; the defaults are Apple's (all zero, `.natural` alignment,
/// `.byWordWrapping`). Kinescope reads each paragraph's style at its first character, as TextKit.
///
/// ```swift
/// let style = NSMutableParagraphStyle()
/// style.alignment = .center
/// style.lineSpacing = 4
/// let text = NSAttributedString(string: "Centred", attributes: [.paragraphStyle: style])
/// ```
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// Apple's default paragraph style.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    var storage = Storage()

    struct Storage: Hashable {
        var alignment: NSTextAlignment = .natural
        var lineBreakMode: NSLineBreakMode = .byWordWrapping
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var headIndent: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var baseWritingDirection: NSWritingDirection = .natural
        var defaultTabInterval: CGFloat = 0
        var tabStops: [NSTextTab] = (1...12).map { NSTextTab(textAlignment: .natural, location: CGFloat($0) * 28) }
    }

    public override init() {}

    init(storage: Storage) { self.storage = storage }

    /// How lines sit between the indents.
    open var alignment: NSTextAlignment { storage.alignment }
    /// How a line that does not fit is wrapped or cut.
    open var lineBreakMode: NSLineBreakMode { storage.lineBreakMode }
    /// Points added between the bottom of one line and the top of the next (not after the
    /// last line of the text). Negative values count as 0.
    open var lineSpacing: CGFloat { storage.lineSpacing }
    /// Points added after the paragraph's last line (not after the text's last paragraph).
    open var paragraphSpacing: CGFloat { storage.paragraphSpacing }
    /// Points added before the paragraph's first line (not before the text's first paragraph).
    open var paragraphSpacingBefore: CGFloat { storage.paragraphSpacingBefore }
    /// From the leading margin to the start of lines other than the first.
    open var headIndent: CGFloat { storage.headIndent }
    /// From the leading margin to the start of the first line.
    open var firstLineHeadIndent: CGFloat { storage.firstLineHeadIndent }
    /// Positive: from the leading margin to the end of lines (the line width); zero or
    /// negative: from the trailing margin (so −10 leaves 10 points free at the end).
    open var tailIndent: CGFloat { storage.tailIndent }
    /// The font's line height times this, when above 0; the extra space goes above the text.
    open var lineHeightMultiple: CGFloat { storage.lineHeightMultiple }
    /// The least line height, in points (0: none).
    open var minimumLineHeight: CGFloat { storage.minimumLineHeight }
    /// The greatest line height, in points (0: none); taller glyphs are not clipped.
    open var maximumLineHeight: CGFloat { storage.maximumLineHeight }
    /// The paragraph's direction; `.natural` lets the text decide.
    open var baseWritingDirection: NSWritingDirection { storage.baseWritingDirection }
    /// Points between the stops after the last of `tabStops`, when positive (Apple's default is
    /// 0: a tab past the last stop is as wide as the font's tab glyph, one space).
    open var defaultTabInterval: CGFloat { storage.defaultTabInterval }
    /// The paragraph's tab stops, sorted by location: Apple's default is 12 left-aligned stops
    /// 28 points apart (28…336).
    open var tabStops: [NSTextTab] { storage.tabStops }

    open func copy(with zone: NSZone? = nil) -> Any { NSParagraphStyle(storage: storage) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { NSMutableParagraphStyle(storage: storage) }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? NSParagraphStyle)?.storage == storage
    }

    open override var hash: Int { storage.hashValue }
}

/// A paragraph style whose properties can be set, as UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment {
        get { storage.alignment }
        set { storage.alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { storage.lineBreakMode }
        set { storage.lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { storage.lineSpacing }
        set { storage.lineSpacing = newValue }
    }
    open override var paragraphSpacing: CGFloat {
        get { storage.paragraphSpacing }
        set { storage.paragraphSpacing = newValue }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { storage.paragraphSpacingBefore }
        set { storage.paragraphSpacingBefore = newValue }
    }
    open override var headIndent: CGFloat {
        get { storage.headIndent }
        set { storage.headIndent = newValue }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { storage.firstLineHeadIndent }
        set { storage.firstLineHeadIndent = newValue }
    }
    open override var tailIndent: CGFloat {
        get { storage.tailIndent }
        set { storage.tailIndent = newValue }
    }
    open override var lineHeightMultiple: CGFloat {
        get { storage.lineHeightMultiple }
        set { storage.lineHeightMultiple = newValue }
    }
    open override var minimumLineHeight: CGFloat {
        get { storage.minimumLineHeight }
        set { storage.minimumLineHeight = newValue }
    }
    open override var maximumLineHeight: CGFloat {
        get { storage.maximumLineHeight }
        set { storage.maximumLineHeight = newValue }
    }
    open override var baseWritingDirection: NSWritingDirection {
        get { storage.baseWritingDirection }
        set { storage.baseWritingDirection = newValue }
    }
    open override var defaultTabInterval: CGFloat {
        get { storage.defaultTabInterval }
        set { storage.defaultTabInterval = newValue }
    }
    /// Set in any order: kept sorted by location.
    open override var tabStops: [NSTextTab] {
        get { storage.tabStops }
        set { storage.tabStops = newValue.sorted { $0.location < $1.location } }
    }

    /// Adds `tab` among the stops, in order of location.
    open func addTabStop(_ tab: NSTextTab) {
        let index = storage.tabStops.firstIndex { $0.location > tab.location } ?? storage.tabStops.count
        storage.tabStops.insert(tab, at: index)
    }

    /// Removes the stops equal to `tab` (same alignment, location and terminators).
    open func removeTabStop(_ tab: NSTextTab) { storage.tabStops.removeAll { $0.isEqual(tab) } }

    /// Takes every property of `other`.
    open func setParagraphStyle(_ other: NSParagraphStyle) { storage = other.storage }
}

/// A shadow under text, as UIKit's `NSShadow` (the value of `.shadow`).
///
/// The glyphs' coverage (decorations included) is blurred with a Gaussian of standard deviation
/// `shadowBlurRadius / 2` points (the convention Core Graphics and CSS share for a blur value)
/// and drawn in `shadowColor` at `shadowOffset`, y down as in UIKit, under the text.
open class NSShadow: NSObject, NSCopying, @unchecked Sendable {
    /// Where the shadow lies relative to the text, in points (positive height: lower).
    open var shadowOffset: CGSize = .zero
    /// The blur, in points; 0 gives a sharp copy. Negative and NaN count as 0.
    open var shadowBlurRadius: CGFloat = 0
    /// A `UIColor` (or `CGColor`); default black at one third opacity, Apple's.
    open var shadowColor: Any? = UIColor(white: 0, alpha: 1.0 / 3)

    public override init() {}

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSShadow else { return false }
        return other.shadowOffset == shadowOffset && other.shadowBlurRadius == shadowBlurRadius
            && TextStyle.color(other.shadowColor) == TextStyle.color(shadowColor)
    }

    open override var hash: Int { shadowBlurRadius.hashValue }
}
