import Foundation

/// A unit of text a tokenizer finds (UIKit's raw values).
public enum UITextGranularity: Int, Sendable {
    case character = 0
    case word = 1
    case sentence = 2
    case paragraph = 3
    case line = 4
    case document = 5
}

/// A direction in stored or laid-out text, as UIKit's `UITextDirection`: made from a
/// `UITextStorageDirection` or a `UITextLayoutDirection` raw value (forward 0, backward 1,
/// right 2, left 3, up 4, down 5). Right and down count as forward, left and up as backward
/// (the text inputs lay out left to right).
public struct UITextDirection: RawRepresentable, Hashable, Sendable {
    /// UIKit's raw value (0…5, as above; others count as backward).
    public let rawValue: Int
    /// The direction of raw value `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A storage direction as a text direction (UIKit's `UITextDirection(rawValue: d.rawValue)`).
    public init(_ direction: UITextStorageDirection) { rawValue = direction.rawValue }
    /// A layout direction as a text direction.
    public init(_ direction: UITextLayoutDirection) { rawValue = direction.rawValue }

    /// Whether the direction goes towards the end of the text.
    var isForward: Bool { rawValue == 0 || rawValue == 2 || rawValue == 5 }
}

/// Finds the boundaries of characters, words, sentences, paragraphs, lines and the document in
/// a text input's text, as UIKit's `UITextInputTokenizer`.
@MainActor
public protocol UITextInputTokenizer: AnyObject {
    /// The unit of `granularity` holding `position`: at a boundary, the one that starts there
    /// (forward) or ends there (backward); nil when `position` lies between units (a space
    /// between words).
    func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                inDirection direction: UITextDirection) -> UITextRange?
    /// Whether `position` ends a unit (forward) or starts one (backward).
    func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity,
                    inDirection direction: UITextDirection) -> Bool
    /// The next end of a unit after `position` (forward), or the previous start before it
    /// (backward); nil when there is none.
    func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                  inDirection direction: UITextDirection) -> UITextPosition?
    /// Whether `position` lies in a unit: at its start or inside it (forward), inside it or at
    /// its end (backward).
    func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
                    inDirection direction: UITextDirection) -> Bool
}

/// UIKit's `UITextInputStringTokenizer`: the tokenizer of a text input, from its text. A
/// character is a grapheme cluster; a word a run of letters, digits, "_" and "'" (as the text
/// inputs' Ctrl+arrow words); a sentence ends after ".", "!", "?" or "…" and the spaces that
/// follow, or at a paragraph's end; a paragraph runs to its "\n" (not included); a line is a
/// laid-out line of Kinescope's text field and text view (a paragraph for other inputs).
/// Positions are UTF-16 offsets, as the input's own.
@MainActor
open class UITextInputStringTokenizer: UITextInputTokenizer {
    private weak var textInput: (any UIResponder & UITextInput)?

    /// The tokenizer of `textInput`'s text (not retained: the input owns its tokenizer; once it
    /// is gone, every answer is nil or false).
    public init(textInput: any UIResponder & UITextInput) {
        self.textInput = textInput
    }

    /// See `UITextInputTokenizer.rangeEnclosingPosition(_:with:inDirection:)`; an empty text's
    /// position 0 lies in its empty paragraph, line and document.
    open func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity,
                                     inDirection direction: UITextDirection) -> UITextRange? {
        guard let p = offset(position) else { return nil }
        let units = self.units(granularity)
        var found = unit(in: units, containing: p, forward: direction.isForward)
        if found == nil {
            // An empty unit (an empty paragraph or line) encloses its own position.
            var i = Self.firstIndex(in: units) { $0.upperBound >= p }
            while i < units.count, units[i].upperBound == p, found == nil {
                if units[i].isEmpty { found = units[i] }
                i += 1
            }
        }
        return found.map { TextOffsetRange(NSRange(location: $0.lowerBound, length: $0.count)) }
    }

    /// See `UITextInputTokenizer.isPosition(_:atBoundary:inDirection:)`.
    open func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity,
                         inDirection direction: UITextDirection) -> Bool {
        guard let p = offset(position) else { return false }
        let units = self.units(granularity)
        if direction.isForward {
            let i = Self.firstIndex(in: units) { $0.upperBound >= p }
            return i < units.count && units[i].upperBound == p
        }
        let i = Self.firstIndex(in: units) { $0.lowerBound >= p }
        return i < units.count && units[i].lowerBound == p
    }

    /// See `UITextInputTokenizer.position(from:toBoundary:inDirection:)`.
    open func position(from position: UITextPosition, toBoundary granularity: UITextGranularity,
                       inDirection direction: UITextDirection) -> UITextPosition? {
        guard let p = offset(position) else { return nil }
        let units = self.units(granularity)
        if direction.isForward {
            let i = Self.firstIndex(in: units) { $0.upperBound > p }
            return i < units.count ? TextOffset(units[i].upperBound) : nil
        }
        let i = Self.firstIndex(in: units) { $0.lowerBound >= p }
        return i > 0 ? TextOffset(units[i - 1].lowerBound) : nil
    }

    /// See `UITextInputTokenizer.isPosition(_:withinTextUnit:inDirection:)`.
    open func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity,
                         inDirection direction: UITextDirection) -> Bool {
        guard let p = offset(position) else { return false }
        return unit(in: units(granularity), containing: p, forward: direction.isForward) != nil
    }

    /// The unit holding the character after `p` (forward) or before it (backward): units are in
    /// order and do not overlap, so both their lower and their upper bounds rise, and a binary
    /// search finds it.
    private func unit(in units: [Range<Int>], containing p: Int, forward: Bool) -> Range<Int>? {
        if forward {
            let i = Self.firstIndex(in: units) { $0.upperBound > p }
            return i < units.count && units[i].lowerBound <= p ? units[i] : nil
        }
        let i = Self.firstIndex(in: units) { $0.lowerBound >= p }
        return i > 0 && p <= units[i - 1].upperBound ? units[i - 1] : nil
    }

    /// The first index of `units` where `isPast` holds (`units.count` if none); `isPast` must be
    /// false then true along the array.
    private static func firstIndex(in units: [Range<Int>], where isPast: (Range<Int>) -> Bool) -> Int {
        var low = 0, high = units.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(units[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// `position` as an offset into the input's text, nil for a position of another kind or
    /// outside the text.
    private func offset(_ position: UITextPosition) -> Int? {
        guard let textInput, let p = (position as? TextOffset)?.offset,
              let end = (textInput.endOfDocument as? TextOffset)?.offset,
              (0...end).contains(p) else { return nil }
        return p
    }

    /// The input's whole text.
    private var text: String {
        guard let textInput else { return "" }
        return textInput.textRange(from: textInput.beginningOfDocument, to: textInput.endOfDocument)
            .flatMap { textInput.text(in: $0) } ?? ""
    }

    /// The units of `granularity` last found, and the text they were found in: characters,
    /// words, sentences and paragraphs depend on the text alone, so a query on an unchanged text
    /// costs a comparison of the text, not a pass over it (lines, which depend on the layout,
    /// are found anew).
    private var cachedText: String?
    private var cachedUnits: [UITextGranularity: [Range<Int>]] = [:]

    /// The units of `granularity`, in order, as UTF-16 offset ranges (see `cachedUnits`).
    private func units(_ granularity: UITextGranularity) -> [Range<Int>] {
        let text = self.text
        if granularity == .line { return findUnits(granularity, in: text) }
        if cachedText != text {
            cachedText = text
            cachedUnits.removeAll(keepingCapacity: true)
        }
        if let known = cachedUnits[granularity] { return known }
        let found = findUnits(granularity, in: text)
        cachedUnits[granularity] = found
        return found
    }

    /// The units of `granularity` in `text`, in order, as UTF-16 offset ranges.
    private func findUnits(_ granularity: UITextGranularity, in text: String) -> [Range<Int>] {
        let length = text.utf16.count
        func offset(_ i: String.Index) -> Int { i.utf16Offset(in: text) }
        switch granularity {
        case .document:
            return [0..<length]
        case .character:
            var result: [Range<Int>] = []
            var i = text.startIndex
            while i < text.endIndex {
                let next = text.index(after: i)
                result.append(offset(i)..<offset(next))
                i = next
            }
            return result
        case .word:
            var result: [Range<Int>] = []
            var i = text.startIndex
            while i < text.endIndex {
                guard TextEditor.isWordCharacter(text[i]) else { i = text.index(after: i); continue }
                let start = i
                while i < text.endIndex, TextEditor.isWordCharacter(text[i]) { i = text.index(after: i) }
                result.append(offset(start)..<offset(i))
            }
            return result
        case .paragraph:
            return Self.paragraphs(text)
        case .sentence:
            var result: [Range<Int>] = []
            for paragraph in Self.paragraphs(text) {
                let lower = String.Index(utf16Offset: paragraph.lowerBound, in: text)
                let upper = String.Index(utf16Offset: paragraph.upperBound, in: text)
                var start = lower, i = lower
                while i < upper {
                    let c = text[i]
                    i = text.index(after: i)
                    guard c == "." || c == "!" || c == "?" || c == "…" else { continue }
                    while i < upper, text[i] == "." || text[i] == "!" || text[i] == "?" { i = text.index(after: i) }
                    guard i == upper || text[i].isWhitespace else { continue }
                    while i < upper, text[i].isWhitespace { i = text.index(after: i) }
                    result.append(offset(start)..<offset(i))
                    start = i
                }
                if start < upper { result.append(offset(start)..<offset(upper)) }
            }
            return result
        case .line:
            guard let editing = textInput as? any TextInputGeometry, length > 0 else { return Self.paragraphs(text) }
            let units = Array(text.utf16)
            var result: [Range<Int>] = []
            var p = 0
            repeat {
                let shown = editing.store.lineRange(containing: editing.shownOffset(p))
                let lower = editing.textOffset(fromShown: shown.location)
                let upper = max(lower, editing.textOffset(fromShown: shown.location + shown.length))
                result.append(lower..<upper)
                // The next line starts after this one's newline, if it ends its paragraph.
                let next = upper < length && units[upper] == 10 ? upper + 1 : upper
                guard next > p else { break }
                p = next
            } while p < length
            if length > 0, units[length - 1] == 10 { result.append(length..<length) }
            return result
        }
    }

    /// Each paragraph without its "\n" (an empty text is one empty paragraph).
    private static func paragraphs(_ text: String) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, position = 0
        for unit in text.utf16 {
            if unit == 10 {
                result.append(start..<position)
                start = position + 1
            }
            position += 1
        }
        result.append(start..<position)
        return result
    }
}
