import Foundation

/// A tab stop of a paragraph style, as UIKit's `NSTextTab`: where the text after a tab character
/// goes, at `location` points from the paragraph's leading margin (the container's edge, before
/// any head indent), aligned by `alignment`:
///
/// - `.left`, `.natural` and `.justified`: the text starts at the stop.
/// - `.right`: the text up to the next tab (or the end of the line) ends at the stop.
/// - `.center`: that text is centred on the stop.
/// - With `options[.columnTerminators]` (a `CharacterSet`, as `columnTerminators(for:)` gives), a
///   decimal tab: the first terminator of that text starts at the stop (text without one is
///   right-aligned there).
///
/// Text that would reach back over what comes before the tab starts right after it instead.
/// Kinescope lays out left-to-right paragraphs by these rules; in a right-to-left paragraph the
/// stops are measured from the same left margin (Apple mirrors them).
open class NSTextTab: NSObject, NSCopying, @unchecked Sendable {
    /// Keys of `options`.
    public struct OptionKey: RawRepresentable, Hashable, Sendable {
        /// The key's string (Apple's attribute name).
        public let rawValue: String
        /// The key named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A `CharacterSet` (or `NSCharacterSet`) of the characters a decimal tab aligns on.
        public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
    }

    /// How the text after the tab sits at the stop.
    public let alignment: NSTextAlignment
    /// The stop's distance from the leading margin, in points.
    public let location: CGFloat
    /// The tab's options (`columnTerminators`).
    public let options: [OptionKey: Any]

    /// A stop at `location` points; a NaN or infinite location counts as 0.
    public init(textAlignment alignment: NSTextAlignment, location: CGFloat, options: [OptionKey: Any] = [:]) {
        self.alignment = alignment
        self.location = location.isFinite ? location : 0
        self.options = options
    }

    /// The characters that end a column of numbers in `locale`: its decimal and grouping
    /// separators (Apple's decimal tabs align on the decimal separator; "." when the locale has
    /// none).
    open class func columnTerminators(for locale: Locale?) -> CharacterSet {
        let locale = locale ?? .current
        return CharacterSet(charactersIn: (locale.decimalSeparator ?? ".") + (locale.groupingSeparator ?? ""))
    }

    /// The characters of `options[.columnTerminators]`, or nil for a tab without them.
    var terminators: CharacterSet? {
        switch options[.columnTerminators] {
        case let set as CharacterSet: set
        case let set as NSCharacterSet: set as CharacterSet
        default: nil
        }
    }

    /// The tab itself: it is immutable, as Apple's.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a tab of the same alignment, location and terminators.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSTextTab else { return false }
        return other.alignment == alignment && other.location == location && other.terminators == terminators
    }

    /// A hash of the alignment, location and terminators (equal tabs hash alike).
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(alignment)
        hasher.combine(location)
        hasher.combine(terminators)
        return hasher.finalize()
    }
}
