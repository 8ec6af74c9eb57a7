import Foundation

/// What an editor asks of the view that shows it: the delegate's vetoes and notifications,
/// the geometry of lines, and the view's settings.
@MainActor
protocol TextEditorHost: AnyObject {
    /// Whether `range` may become `replacement` (the delegate's `shouldChange…`).
    func editorShouldChange(_ range: NSRange, replacement: String) -> Bool
    /// The text changed (after the store and selection are updated).
    func editorDidChange()
    /// The selection changed without the text changing.
    func editorDidChangeSelection()
    /// Return was pressed in an editor that takes no newlines.
    func editorReturn()
    var editorAllowsNewlines: Bool { get }
    var editorIsEditable: Bool { get }
    /// Whether copying out is refused (secure entry, as UIKit's).
    var editorIsSecure: Bool { get }
    var editorUndoManager: UndoManager? { get }
    /// The layout that line movement (Up, Down, Home, End) measures.
    var editorLayout: TextLayoutStore { get }
    /// The whole text became `text`.
    func editorTextWasReset(_ text: String)
    /// `range` of the old text became `replacement`.
    func editorTextWasReplaced(_ range: NSRange, with replacement: String)
    /// The text (`text` true) or the selection alone is about to change / has changed: what the
    /// view tells its `UITextInput.inputDelegate`.
    func editorWillChange(text: Bool)
    func editorDidChange(text: Bool)
}

/// A text input's editor tells its input delegate.
extension TextEditorHost where Self: UITextInput {
    func editorWillChange(text: Bool) {
        if text { inputDelegate?.textWillChange(self) } else { inputDelegate?.selectionWillChange(self) }
    }

    func editorDidChange(text: Bool) {
        if text { inputDelegate?.textDidChange(self) } else { inputDelegate?.selectionDidChange(self) }
    }
}

/// The editing state shared by `UITextField` and `UITextView`: the text, the selection (UTF-16
/// offsets, as `NSRange` and UIKit's text positions count), movement over grapheme clusters
/// and words, the key commands, the clipboard and undo.
///
/// Undo rule (UIKit coalesces typing the same way): consecutive insertions typed at the caret
/// make one undo step, and so do consecutive Backspaces; the run ends when the caret moves by
/// anything but that typing, or on a paste, cut, Delete or programmatic change. Each run is
/// one `registerUndo` whose handler reads the run's final extent, so it spans event groups.
@MainActor
final class TextEditor {
    unowned let host: TextEditorHost

    private(set) var text = ""
    /// The selection; length 0 is the caret.
    private(set) var selectedRange = NSRange(location: 0, length: 0)
    /// The end of the selection that stays put when Shift extends it.
    private var anchor = 0
    /// The x (points) vertical movement aims for, kept across Up/Down presses.
    private var goalX: CGFloat?
    private var run: TypingRun?
    /// The provisional text an input method is composing (`UITextInput`'s marked text), in
    /// UTF-16 offsets; nil when none.
    private(set) var markedRange: NSRange?

    /// One coalesced typing step: `range` of the current text replaced `original`.
    private final class TypingRun {
        var range: NSRange
        var original: String
        let deleting: Bool
        init(range: NSRange, original: String, deleting: Bool) {
            self.range = range
            self.original = original
            self.deleting = deleting
        }
    }

    init(host: TextEditorHost) {
        self.host = host
    }

    var length: Int { text.utf16.count }

    /// Replaces the whole text (no delegate, no undo step: UIKit forgets the text's undo
    /// history when code sets it); the caret goes to the end, as UIKit puts it.
    func setText(_ new: String) {
        beginTextChange()
        defer { endTextChange() }
        text = new
        markedRange = nil
        host.editorTextWasReset(new)
        host.editorUndoManager?.removeAllActions(withTarget: self)
        run = nil
        setSelection(NSRange(location: length, length: 0), notify: false)
    }

    /// Nesting depth of text changes under way: a selection moved by a text change is part of it.
    private var textChangeDepth = 0

    private func beginTextChange() {
        if textChangeDepth == 0 { host.editorWillChange(text: true) }
        textChangeDepth += 1
    }

    private func endTextChange() {
        textChangeDepth -= 1
        if textChangeDepth == 0 { host.editorDidChange(text: true) }
    }

    /// Runs `change` (which moves the selection only) between the input delegate's selection
    /// calls, unless a text change is under way.
    private func changingSelection(_ change: () -> Void) {
        let alone = textChangeDepth == 0
        if alone { host.editorWillChange(text: false) }
        change()
        if alone { host.editorDidChange(text: false) }
    }

    /// Selects `range` (clamped to the text, ends snapped to grapheme boundaries).
    func select(_ range: NSRange, notify: Bool = true) {
        markedRange = nil
        endRun()
        goalX = nil
        setSelection(range, notify: notify)
    }

    private func setSelection(_ range: NSRange, notify: Bool, anchor newAnchor: Int? = nil) {
        let lower = boundary(min(max(0, range.location), length), forward: false)
        let upper = boundary(min(max(lower, range.location + max(0, range.length)), length), forward: true)
        let new = NSRange(location: lower, length: upper - lower)
        anchor = newAnchor ?? lower
        guard new != selectedRange else { return }
        changingSelection { selectedRange = new }
        if new.length > 0, !host.editorIsSecure { UIPasteboard.primary.string = substring(new) }
        if notify { host.editorDidChangeSelection() }
    }

    /// The text of `range` (UTF-16), clamped.
    func substring(_ range: NSRange) -> String {
        let lower = min(max(0, range.location), length), upper = min(max(lower, range.location + range.length), length)
        return String(text.utf16[index(lower)..<index(upper)]) ?? ""
    }

    private func index(_ offset: Int) -> String.Index { String.Index(utf16Offset: offset, in: text) }

    /// `offset` moved to the grapheme boundary at or after it (`forward`) or at or before it.
    func boundary(_ offset: Int, forward: Bool) -> Int {
        let i = index(offset)
        // Character-view operations round a scalar index down to its cluster first (Swift 5.7+).
        let down = i == text.endIndex ? i : text.index(before: text.index(after: i))
        guard forward, down != i else { return down.utf16Offset(in: text) }
        return text.index(after: down).utf16Offset(in: text)
    }

    /// The boundary one grapheme cluster after (or before) `offset`.
    func grapheme(from offset: Int, forward: Bool) -> Int {
        let i = index(offset)
        if forward { return i == text.endIndex ? offset : text.index(after: i).utf16Offset(in: text) }
        return i == text.startIndex ? 0 : text.index(before: i).utf16Offset(in: text)
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "'" }

    /// Ctrl+Right: the end of the word at or after `offset`; Ctrl+Left: the start of the word
    /// at or before it (punctuation and spaces between words are skipped).
    func word(from offset: Int, forward: Bool) -> Int {
        var i = index(offset)
        if forward {
            while i < text.endIndex, !Self.isWordCharacter(text[i]) { i = text.index(after: i) }
            while i < text.endIndex, Self.isWordCharacter(text[i]) { i = text.index(after: i) }
        } else {
            while i > text.startIndex, !Self.isWordCharacter(text[text.index(before: i)]) { i = text.index(before: i) }
            while i > text.startIndex, Self.isWordCharacter(text[text.index(before: i)]) { i = text.index(before: i) }
        }
        return i.utf16Offset(in: text)
    }

    /// The word (or run of spaces, or the punctuation mark) holding `offset`, for a double click.
    func wordRange(at offset: Int) -> NSRange {
        guard length > 0 else { return NSRange(location: 0, length: 0) }
        var i = index(min(offset, length))
        if i == text.endIndex { i = text.index(before: i) }
        let c = text[i]
        let kind: (Character) -> Bool = Self.isWordCharacter(c) ? Self.isWordCharacter
            : c.isWhitespace ? { $0.isWhitespace && $0 != "\n" } : { $0 == c }
        var lower = i, upper = text.index(after: i)
        while lower > text.startIndex, kind(text[text.index(before: lower)]) { lower = text.index(before: lower) }
        while upper < text.endIndex, kind(text[upper]) { upper = text.index(after: upper) }
        let start = lower.utf16Offset(in: text)
        return NSRange(location: start, length: upper.utf16Offset(in: text) - start)
    }

    // MARK: Editing

    enum EditKind { case typing, deleting, other }

    /// Replaces `range` with `replacement` if the host allows it, selecting the caret after
    /// the new text; false when vetoed or not editable.
    @discardableResult
    func replace(_ range: NSRange, with replacement: String, kind: EditKind = .other, askDelegate: Bool = true) -> Bool {
        guard host.editorIsEditable else { return false }
        var replacement = replacement
        if !host.editorAllowsNewlines {
            replacement = replacement.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        }
        let range = NSRange(location: min(max(0, range.location), length),
                            length: min(max(0, range.length), length - min(max(0, range.location), length)))
        if askDelegate, !host.editorShouldChange(range, replacement: replacement) { return false }
        beginTextChange()
        defer { endTextChange() }
        let original = substring(range)
        let newLength = replacement.utf16.count
        markedRange = nil
        apply(range, replacement)
        registerUndo(range: NSRange(location: range.location, length: newLength), original: original, kind: kind)
        goalX = nil
        setSelection(NSRange(location: range.location + newLength, length: 0), notify: false)
        host.editorDidChange()
        return true
    }

    private func apply(_ range: NSRange, _ replacement: String) {
        text.replaceSubrange(index(range.location)..<index(range.location + range.length), with: replacement)
        host.editorTextWasReplaced(range, with: replacement)
    }

    private func registerUndo(range: NSRange, original: String, kind: EditKind) {
        guard let manager = host.editorUndoManager, manager.isUndoRegistrationEnabled else { return }
        if !manager.isUndoing, !manager.isRedoing, let run {
            if kind == .typing, !run.deleting, run.range.location + run.range.length == range.location, original.isEmpty {
                run.range.length += range.length
                return
            }
            if kind == .deleting, run.deleting, range.length == 0, range.location + original.utf16.count == run.range.location {
                run.range.location = range.location
                run.original = original + run.original
                return
            }
        }
        let step = TypingRun(range: range, original: original, deleting: kind == .deleting)
        run = kind == .other || manager.isUndoing || manager.isRedoing ? nil : step
        register(step, manager)
    }

    private func register(_ step: TypingRun, _ manager: UndoManager) {
        manager.registerUndo(withTarget: self) { editor in
            editor.revert(step)
        }
        manager.setActionName(step.deleting ? "Delete" : step.original.isEmpty ? "Typing" : "Change")
    }

    private func revert(_ step: TypingRun) {
        beginTextChange()
        defer { endTextChange() }
        let current = substring(step.range)
        apply(step.range, step.original)
        run = nil
        let restored = NSRange(location: step.range.location, length: step.original.utf16.count)
        if let manager = host.editorUndoManager {
            register(TypingRun(range: restored, original: current, deleting: false), manager)
        }
        setSelection(step.original.isEmpty ? NSRange(location: restored.location, length: 0) : restored, notify: false)
        host.editorDidChange()
    }

    private func endRun() { run = nil }

    /// Types `string` over the selection, or over the marked text, which it commits.
    func insertText(_ string: String) {
        let target = markedRange ?? selectedRange
        markedRange = nil
        replace(target, with: string, kind: .typing)
    }

    /// `UITextInput.setMarkedText(_:selectedRange:)`: replaces the marked text (or, with none,
    /// the selection) with `marked`, asking the host's delegate as for typing, marks it, and
    /// selects `selection` inside it (clamped). Nil or empty text removes the marked text.
    func setMarkedText(_ marked: String?, selectedRange selection: NSRange) {
        let target = markedRange ?? selectedRange
        let marked = marked ?? ""
        guard replace(target, with: marked, kind: .typing) else { return }
        let length = marked.utf16.count
        markedRange = length > 0 ? NSRange(location: target.location, length: length) : nil
        let lower = min(max(0, selection.location), length)
        let upper = min(max(lower, selection.location + max(0, selection.length)), length)
        changingSelection { selectedRange = NSRange(location: target.location + lower, length: upper - lower) }
        anchor = selectedRange.location
        host.editorDidChangeSelection()
    }

    /// `UITextInput.unmarkText()`: the marked text becomes ordinary text where it is.
    func unmarkText() {
        guard markedRange != nil else { return }
        changingSelection { markedRange = nil }
        host.editorDidChangeSelection()
    }

    /// Backspace: deletes the selection, else the grapheme cluster before the caret.
    func deleteBackward() {
        if selectedRange.length > 0 { return void(replace(selectedRange, with: "", kind: .deleting)) }
        let start = grapheme(from: selectedRange.location, forward: false)
        guard start < selectedRange.location else { return }
        replace(NSRange(location: start, length: selectedRange.location - start), with: "", kind: .deleting)
    }

    /// Delete: deletes the selection, else the grapheme cluster after the caret.
    func deleteForward() {
        endRun()
        if selectedRange.length > 0 { return void(replace(selectedRange, with: "")) }
        let end = grapheme(from: selectedRange.location, forward: true)
        guard end > selectedRange.location else { return }
        replace(NSRange(location: selectedRange.location, length: end - selectedRange.location), with: "")
    }

    private func void(_ value: Bool) {}

    func copy() {
        guard selectedRange.length > 0, !host.editorIsSecure else { return }
        UIPasteboard.general.string = substring(selectedRange)
    }

    func cut() {
        guard selectedRange.length > 0, !host.editorIsSecure, host.editorIsEditable else { return }
        let selected = substring(selectedRange)
        endRun()
        if replace(selectedRange, with: "") { UIPasteboard.general.string = selected }
    }

    func paste(from pasteboard: UIPasteboard = .general) {
        guard let string = pasteboard.string, !string.isEmpty else { return }
        endRun()
        replace(selectedRange, with: string)
        endRun()
    }

    func undo() {
        endRun()
        host.editorUndoManager?.undo()
    }

    func redo() {
        endRun()
        host.editorUndoManager?.redo()
    }

    // MARK: Movement

    /// Moves the caret to `offset`, or, with `extending`, the selection's free end there.
    func move(to offset: Int, extending: Bool, keepGoal: Bool = false) {
        markedRange = nil
        endRun()
        if !keepGoal { goalX = nil }
        let offset = min(max(0, offset), length)
        if extending {
            setSelection(NSRange(location: min(anchor, offset), length: abs(offset - anchor)), notify: true, anchor: anchor)
        } else {
            setSelection(NSRange(location: offset, length: 0), notify: true)
        }
    }

    /// What a pointer press selects, for the drag that follows.
    private(set) var pointerOrigin: NSRange?

    /// A press at `offset`: one click places the caret, two select the word, three the
    /// paragraph (`paragraph`, the line in a field).
    func pointerBegan(at offset: Int, tapCount: Int, paragraph: NSRange) {
        let range: NSRange = switch tapCount {
        case ...1: NSRange(location: offset, length: 0)
        case 2: wordRange(at: offset)
        default: paragraph
        }
        pointerOrigin = range
        select(range)
        anchor = range.location
    }

    /// The pointer dragged to `offset`: the selection spans from what the press selected to it.
    func pointerMoved(to offset: Int) {
        guard let origin = pointerOrigin else { return }
        let lower = min(origin.location, offset), upper = max(origin.location + origin.length, offset)
        endRun()
        setSelection(NSRange(location: lower, length: upper - lower), notify: true,
                     anchor: offset < origin.location ? origin.location + origin.length : origin.location)
    }

    func pointerEnded() { pointerOrigin = nil }

    /// The end of the selection that moves with Shift+arrows.
    var focus: Int { anchor == selectedRange.location ? selectedRange.location + selectedRange.length : selectedRange.location }

    /// Runs the editing command of `key`; false when the key is not one (it then travels on).
    func handle(_ key: UIKey) -> Bool {
        let flags = key.modifierFlags
        let shift = flags.contains(.shift), control = flags.contains(.control) || flags.contains(.command)
        let collapsed = selectedRange.length == 0
        switch key.keysym {
        case TextKeysym.left, TextKeysym.keypadLeft:
            let from = shift ? focus : selectedRange.location
            let target = control ? word(from: from, forward: false)
                : (shift || collapsed ? grapheme(from: from, forward: false) : from)
            move(to: target, extending: shift)
        case TextKeysym.right, TextKeysym.keypadRight:
            let end = selectedRange.location + selectedRange.length
            let from = shift ? focus : end
            let target = control ? word(from: from, forward: true) : (shift || collapsed ? grapheme(from: from, forward: true) : end)
            move(to: target, extending: shift)
        case TextKeysym.up, TextKeysym.down, TextKeysym.keypadUp, TextKeysym.keypadDown:
            let up = key.keysym == TextKeysym.up || key.keysym == TextKeysym.keypadUp
            let from = shift ? focus : (up ? selectedRange.location : selectedRange.location + selectedRange.length)
            let layout = host.editorLayout
            let x = goalX ?? layout.caretRect(for: from, width: 0).minX
            let target = layout.offset(from: from, lines: up ? -1 : 1, x: x)
            move(to: target, extending: shift, keepGoal: true)
            goalX = x
        case TextKeysym.home, TextKeysym.keypadHome:
            let from = shift ? focus : selectedRange.location
            move(to: control ? 0 : host.editorLayout.lineRange(containing: from).location, extending: shift)
        case TextKeysym.end, TextKeysym.keypadEnd:
            let from = shift ? focus : selectedRange.location + selectedRange.length
            let line = host.editorLayout.lineRange(containing: from)
            var end = line.location + line.length
            if end < length, end > line.location, substring(NSRange(location: end - 1, length: 1)) == " " { end -= 1 }
            move(to: control ? length : end, extending: shift)
        case TextKeysym.backSpace:
            guard !control else {
                let start = word(from: selectedRange.location, forward: false)
                if collapsed, start < selectedRange.location {
                    replace(NSRange(location: start, length: selectedRange.location - start), with: "")
                } else { deleteBackward() }
                return true
            }
            deleteBackward()
        case TextKeysym.delete, TextKeysym.keypadDelete:
            deleteForward()
        case TextKeysym.returnKey, TextKeysym.keypadEnter:
            if host.editorAllowsNewlines { insertText("\n") } else { host.editorReturn() }
        case TextKeysym.tab where !control:
            return false
        default:
            if control {
                let letter = Self.letter(key.keysym)
                switch letter.isEmpty ? key.characters.lowercased() : letter {
                case "a": select(NSRange(location: 0, length: length))
                case "c": copy()
                case "x": cut()
                case "v": paste()
                case "z": shift ? redo() : undo()
                case "y": redo()
                default: return false
                }
                return true
            }
            let characters = key.characters.filter { !$0.isNewline && !($0.unicodeScalars.first.map { $0.properties.generalCategory == .control } ?? false) }
            guard !characters.isEmpty, !flags.contains(.alternate) || !characters.isEmpty else { return false }
            insertText(String(characters))
        }
        return true
    }

    /// The letter a keysym names (a–z; X11 keysyms for letters are their ASCII codes), or "".
    private static func letter(_ keysym: UInt32) -> String {
        guard (0x41...0x5A).contains(keysym) || (0x61...0x7A).contains(keysym), let scalar = Unicode.Scalar(keysym)
        else { return "" }
        return String(Character(scalar)).lowercased()
    }
}

/// The X11 keysyms the editors act on.
enum TextKeysym {
    static let backSpace: UInt32 = 0xFF08
    static let tab: UInt32 = 0xFF09
    static let isoLeftTab: UInt32 = 0xFE20
    static let returnKey: UInt32 = 0xFF0D
    static let escape: UInt32 = 0xFF1B
    static let delete: UInt32 = 0xFFFF
    static let home: UInt32 = 0xFF50
    static let left: UInt32 = 0xFF51
    static let up: UInt32 = 0xFF52
    static let right: UInt32 = 0xFF53
    static let down: UInt32 = 0xFF54
    static let end: UInt32 = 0xFF57
    static let keypadEnter: UInt32 = 0xFF8D
    static let keypadHome: UInt32 = 0xFF95
    static let keypadLeft: UInt32 = 0xFF96
    static let keypadUp: UInt32 = 0xFF97
    static let keypadRight: UInt32 = 0xFF98
    static let keypadDown: UInt32 = 0xFF99
    static let keypadEnd: UInt32 = 0xFF9C
    static let keypadDelete: UInt32 = 0xFF9F
}
