import Foundation
import Geometry

/// A place in a text input's text, as UIKit's `UITextPosition`: opaque, compared and
/// measured only through the text input that made it (`offset(from:to:)`,
/// `compare(_:to:)`). Kinescope's text field and text view make positions that count UTF-16
/// units from the start, as UIKit's do.
@MainActor
open class UITextPosition {
    public init() {}
}

/// A range of a text input's text between two positions, as UIKit's `UITextRange`.
@MainActor
open class UITextRange {
    public init() {}
    /// The start; subclasses provide it (the base class has none and answers an empty offset).
    open var start: UITextPosition { TextOffset(0) }
    /// The end.
    open var end: UITextPosition { TextOffset(0) }
    /// Whether start and end are the same position.
    open var isEmpty: Bool { true }
}

/// A UTF-16 offset from the start of the text.
final class TextOffset: UITextPosition {
    let offset: Int
    init(_ offset: Int) { self.offset = offset }
}

/// The text between two UTF-16 offsets.
final class TextOffsetRange: UITextRange {
    let range: NSRange
    init(_ range: NSRange) { self.range = range }
    override var start: UITextPosition { TextOffset(range.location) }
    override var end: UITextPosition { TextOffset(range.location + range.length) }
    override var isEmpty: Bool { range.length == 0 }
}

/// The minimal text-entry interface, as UIKit's `UIKeyInput`: what a keyboard needs.
@MainActor
public protocol UIKeyInput: AnyObject {
    /// Whether there is any text.
    var hasText: Bool { get }
    /// Types `text` over the selection (asking the delegate first).
    func insertText(_ text: String)
    /// Deletes the selection, or the character before the caret.
    func deleteBackward()
}

/// UIKit's `UITextInput`, as `UITextField` and `UITextView` implement it: navigation,
/// geometry (caret and selection rectangles, hit testing), marked text, the tokenizer and the
/// input delegate. Not here: dictation and writing-direction changes (the text inputs lay out
/// left to right).
@MainActor
public protocol UITextInput: UIKeyInput {
    /// The selection (an empty range for the caret); nil when there is no selection.
    var selectedTextRange: UITextRange? { get set }
    /// The start of the text.
    var beginningOfDocument: UITextPosition { get }
    /// The end of the text.
    var endOfDocument: UITextPosition { get }
    /// The position `offset` UTF-16 units from `position`, or nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    /// The UTF-16 units from `from` to `toPosition` (negative when it is before).
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    /// The range between two positions (in either order), or nil for positions of another input.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The text of `range`, or nil.
    func text(in range: UITextRange) -> String?
    /// Replaces the text of `range` with `text` (asking the delegate, registering undo).
    func replace(_ range: UITextRange, withText text: String)
    /// How two positions are ordered.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    /// The position `offset` characters (grapheme clusters) right or left of `position`, or
    /// `offset` lines up or down (nearest the caret's x); nil past either end going sideways.
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition?
    /// The end of `range` farthest in `direction`.
    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition?
    /// From `position` to the start (left, up) or the end (right, down) of its line.
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange?
    /// The caret's rectangle at `position`, in the input's coordinates (`.null` for a position
    /// of another input).
    func caretRect(for position: UITextPosition) -> CGRect
    /// The first line's rectangle of `range`, in the input's coordinates.
    func firstRect(for range: UITextRange) -> CGRect
    /// One rectangle per line of `range` (the caret's for an empty range).
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect]
    /// The caret position nearest `point` (the input's coordinates).
    func closestPosition(to point: CGPoint) -> UITextPosition?
    /// The caret position nearest `point`, within `range`.
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
    /// The character (grapheme cluster) under `point`, or nil when there is no text.
    func characterRange(at point: CGPoint) -> UITextRange?
    /// The text an input method is composing, or nil.
    var markedTextRange: UITextRange? { get }
    /// How marked text is shown.
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
    /// Replaces the marked text (or the selection) with `markedText`, marked, selecting
    /// `selectedRange` within it (UTF-16, relative to its start). Nil or "" removes it.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Makes the marked text ordinary text.
    func unmarkText()
    /// The writing direction at `position`: left to right here.
    func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection
    /// The input's tokenizer (for a `UIResponder`, a `UITextInputStringTokenizer` of its text
    /// unless it provides its own).
    var tokenizer: any UITextInputTokenizer { get }
    /// The object the input tells before and after its text or selection changes (in UIKit,
    /// the text input system; any object here). Held weakly.
    var inputDelegate: (any UITextInputDelegate)? { get set }
}

/// What a text input tells its `inputDelegate`, as UIKit's `UITextInputDelegate`: each change
/// of the text (typing, deleting, pasting, undo, code setting `text`) between `textWillChange`
/// and `textDidChange`, and each change of the selection alone (the caret moved, a marked
/// text committed) between `selectionWillChange` and `selectionDidChange`.
@MainActor
public protocol UITextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: (any UITextInput)?)
    func selectionDidChange(_ textInput: (any UITextInput)?)
    func textWillChange(_ textInput: (any UITextInput)?)
    func textDidChange(_ textInput: (any UITextInput)?)
}

/// The tokenizer a responder gets when it provides none.
public extension UITextInput where Self: UIResponder {
    /// A string tokenizer of the input's text.
    var tokenizer: any UITextInputTokenizer { UITextInputStringTokenizer(textInput: self) }
}

/// Kinescope's text inputs count positions in UTF-16 units from the start (`TextOffset`), so
/// navigation needs only `endOfDocument`; positions of another kind answer nil or 0.
public extension UITextInput {
    /// Offset 0.
    var beginningOfDocument: UITextPosition { TextOffset(0) }

    /// The position `offset` UTF-16 units from `position`, or nil outside the text.
    func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        guard let base = (position as? TextOffset)?.offset, let length = (endOfDocument as? TextOffset)?.offset
        else { return nil }
        let target = base + offset
        return (0...length).contains(target) ? TextOffset(target) : nil
    }

    /// UTF-16 units from `from` to `toPosition`.
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        guard let a = (from as? TextOffset)?.offset, let b = (toPosition as? TextOffset)?.offset else { return 0 }
        return b - a
    }

    /// The range between two positions, in either order.
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        guard let a = (fromPosition as? TextOffset)?.offset, let b = (toPosition as? TextOffset)?.offset else { return nil }
        return TextOffsetRange(NSRange(location: min(a, b), length: abs(b - a)))
    }

    /// How two positions are ordered.
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        let x = (position as? TextOffset)?.offset ?? 0, y = (other as? TextOffset)?.offset ?? 0
        return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }
}

/// The geometry and marked text of Kinescope's own text inputs (`TextInputGeometry`); another
/// conformer answers empty values unless it implements them.
public extension UITextInput {
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        (self as? any TextInputGeometry)?.geometryPosition(from: position, in: direction, offset: offset)
    }

    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        (self as? any TextInputGeometry)?.geometryPosition(within: range, farthestIn: direction)
    }

    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        (self as? any TextInputGeometry)?.geometryCharacterRange(byExtending: position, in: direction)
    }

    func caretRect(for position: UITextPosition) -> CGRect {
        (self as? any TextInputGeometry)?.geometryCaretRect(for: position) ?? .null
    }

    func firstRect(for range: UITextRange) -> CGRect {
        (self as? any TextInputGeometry)?.geometryFirstRect(for: range) ?? .null
    }

    func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        (self as? any TextInputGeometry)?.geometrySelectionRects(for: range) ?? []
    }

    func closestPosition(to point: CGPoint) -> UITextPosition? {
        (self as? any TextInputGeometry)?.geometryClosestPosition(to: point)
    }

    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        (self as? any TextInputGeometry)?.geometryClosestPosition(to: point, within: range)
    }

    func characterRange(at point: CGPoint) -> UITextRange? {
        (self as? any TextInputGeometry)?.geometryCharacterRange(at: point)
    }

    var markedTextRange: UITextRange? { (self as? any TextInputGeometry)?.geometryMarkedTextRange }

    func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        (self as? any TextInputGeometry)?.editor.setMarkedText(markedText, selectedRange: selectedRange)
    }

    func unmarkText() { (self as? any TextInputGeometry)?.editor.unmarkText() }

    func baseWritingDirection(for position: UITextPosition, in direction: UITextStorageDirection) -> NSWritingDirection {
        .leftToRight
    }
}

extension TextEditor {
    func offset(of position: UITextPosition) -> Int? {
        (position as? TextOffset).map { min(max(0, $0.offset), length) }
    }

    func range(of range: UITextRange) -> NSRange? {
        guard let r = range as? TextOffsetRange else { return nil }
        let lower = min(max(0, r.range.location), length)
        return NSRange(location: lower, length: min(max(0, r.range.length), length - lower))
    }

    /// `UITextInput.selectedTextRange`: the selection; setting selects (clamped).
    var selectedTextRange: UITextRange? {
        get { TextOffsetRange(selectedRange) }
        set {
            guard let newValue, let range = range(of: newValue) else { return }
            select(range)
        }
    }

    /// `UITextInput.text(in:)`.
    func text(in range: UITextRange) -> String? { self.range(of: range).map(substring) }

    /// `UITextInput.replace(_:withText:)`: asks the delegate, registers undo.
    func replace(_ range: UITextRange, withText text: String) {
        guard let r = self.range(of: range) else { return }
        replace(r, with: text)
    }
}
