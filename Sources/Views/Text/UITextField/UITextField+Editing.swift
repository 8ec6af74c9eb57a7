import Foundation
import Geometry

extension UITextField: TextEditorHost, UITextInput, TextInputGeometry {
    func viewPoint(fromStore point: CGPoint) -> CGPoint {
        convert(CGPoint(x: point.x + canvas.textOffset.x, y: point.y + canvas.textOffset.y), from: canvas)
    }

    func storePoint(fromView point: CGPoint) -> CGPoint {
        let local = canvas.convert(point, from: self)
        return CGPoint(x: local.x - canvas.textOffset.x, y: local.y - canvas.textOffset.y)
    }

    func shownOffset(_ offset: Int) -> Int { displayOffset(offset) }
    func textOffset(fromShown shown: Int) -> Int { textOffset(fromDisplay: shown) }
    func markedTextStyleChanged() { placeCaret(restartBlink: false) }

    var showsClearButtonNow: Bool { !clearButton.isHidden }

    func offset(atFieldPoint point: CGPoint) -> Int {
        let local = canvas.convert(point, from: self)
        let display = store.offset(at: CGPoint(x: local.x - canvas.textOffset.x, y: 1))
        return textOffset(fromDisplay: display)
    }

    func clearFromButton() {
        guard delegate?.textFieldShouldClear(self) ?? true else { return }
        if !isFirstResponder { _ = becomeFirstResponder() }
        guard !editor.text.isEmpty, editor.replace(NSRange(location: 0, length: editor.length), with: "", askDelegate: false)
        else { return }
    }

    /// Pastes X11's primary selection (the text selected last) at `point` (field
    /// coordinates): the middle button's paste.
    public func pastePrimarySelection(at point: CGPoint) {
        guard becomeFirstResponder() else { return }
        editor.select(NSRange(location: offset(atFieldPoint: point), length: 0))
        editor.paste(from: .primary)
        placeCaret(restartBlink: true)
        endUndoEvent()
    }

    func endUndoEvent() { undoManager?.endEventGroup() }

    // MARK: TextEditorHost

    func editorShouldChange(_ range: NSRange, replacement: String) -> Bool {
        delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true
    }

    func editorDidChange() {
        refresh(restartBlink: true)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        delegate?.textFieldDidChangeSelection(self)
    }

    func editorDidChangeSelection() {
        placeCaret(restartBlink: true)
        delegate?.textFieldDidChangeSelection(self)
    }

    func editorReturn() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
    }

    var editorAllowsNewlines: Bool { false }
    var editorIsEditable: Bool { isEnabled }
    var editorIsSecure: Bool { isSecureTextEntry }
    var editorUndoManager: UndoManager? { undoManager }
    var editorLayout: TextLayoutStore { store }

    func editorTextWasReset(_ text: String) {
        store.setText(isSecureTextEntry ? String(repeating: "•", count: text.count) : text)
    }

    func editorTextWasReplaced(_ range: NSRange, with replacement: String) {
        guard isSecureTextEntry else { return store.replace(range, with: replacement) }
        // The text has changed already: count its characters anew (a field holds one line).
        store.setText(String(repeating: "•", count: editor.text.count))
    }

    // MARK: UITextInput

    /// Whether the field holds any text.
    public var hasText: Bool { !editor.text.isEmpty }

    /// Types `text` over the selection, asking the delegate first.
    public func insertText(_ text: String) {
        editor.insertText(text)
    }

    /// Deletes the selection or the character before the caret, asking the delegate first.
    public func deleteBackward() {
        editor.deleteBackward()
    }

    /// The selection, or the caret as an empty range. Setting it selects (clamped to the text).
    public var selectedTextRange: UITextRange? {
        get { editor.selectedTextRange }
        set { editor.selectedTextRange = newValue }
    }

    /// The end of the text.
    public var endOfDocument: UITextPosition { TextOffset(editor.length) }

    /// The text of `range`.
    public func text(in range: UITextRange) -> String? { editor.text(in: range) }

    /// Replaces `range` with `text`, asking the delegate and registering undo.
    public func replace(_ range: UITextRange, withText text: String) {
        editor.replace(range, withText: text)
    }
}
