import Foundation
import Geometry

extension UITextView: TextEditorHost, UITextInput, TextInputView, TextInputGeometry {
    func viewPoint(fromStore point: CGPoint) -> CGPoint { CGPoint(x: point.x + textOrigin.x, y: point.y + textOrigin.y) }
    func storePoint(fromView point: CGPoint) -> CGPoint { CGPoint(x: point.x - textOrigin.x, y: point.y - textOrigin.y) }
    func shownOffset(_ offset: Int) -> Int { offset }
    func textOffset(fromShown shown: Int) -> Int { shown }
    func markedTextStyleChanged() { refresh(restartBlink: false, scroll: false) }

    var acceptsTextFocus: Bool { isEditable }

    /// Pastes X11's primary selection (the text selected last) at `point` (the view's
    /// coordinates): the middle button's paste.
    public func pastePrimarySelection(at point: CGPoint) {
        guard isEditable, becomeFirstResponder() else { return }
        editor.select(NSRange(location: offset(at: point), length: 0))
        editor.paste(from: .primary)
        undoManager?.endEventGroup()
    }

    // MARK: TextEditorHost

    func editorShouldChange(_ range: NSRange, replacement: String) -> Bool {
        textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true
    }

    func editorDidChange() {
        refresh(restartBlink: true, scroll: true)
        textDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        textDelegate?.textViewDidChangeSelection(self)
    }

    func editorDidChangeSelection() {
        refresh(restartBlink: true, scroll: true)
        textDelegate?.textViewDidChangeSelection(self)
    }

    func editorReturn() {}
    var editorAllowsNewlines: Bool { true }
    var editorIsEditable: Bool { isEditable }
    var editorIsSecure: Bool { false }
    var editorUndoManager: UndoManager? { undoManager }
    var editorLayout: TextLayoutStore { store }

    func editorTextWasReset(_ text: String) { store.setText(text) }

    func editorTextWasReplaced(_ range: NSRange, with replacement: String) { store.replace(range, with: replacement) }

    // MARK: UITextInput

    /// Whether the view holds any text.
    public var hasText: Bool { !editor.text.isEmpty }

    /// Types `text` over the selection, asking the delegate first.
    public func insertText(_ text: String) { editor.insertText(text) }

    /// Deletes the selection or the character before the caret, asking the delegate first.
    public func deleteBackward() { editor.deleteBackward() }

    /// The selection, or the caret as an empty range.
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
