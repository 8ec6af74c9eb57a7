import Foundation
import Geometry
import Graphics
import Layers

/// Scrolling, multi-line, editable text, as UIKit's `UITextView`.
///
/// Lines wrap at the width less `textContainerInset` (8 points above and below, none at the
/// sides, as Apple's) and `textContainer.lineFragmentPadding` (5 points each side). A press
/// makes an editable or selectable view first responder and places the caret; a drag selects
/// (on the desktop a drag selects text rather than scrolling: the wheel, the keys and the
/// caret scroll), two presses select a word, three the paragraph. Keys as `UITextField`, plus
/// Return (a newline), Tab (a tab character), Up/Down by line, Home/End to the line's ends
/// (Ctrl: the text's), Page Up/Down scrolling. The view scrolls to keep the caret visible.
///
/// Long text stays responsive: the text is laid out by paragraph, only where it is shown or
/// edited (see `TextLayoutStore`); one paragraph is the unit, so a single paragraph of 10⁶
/// characters is laid out whole on each edit.
///
/// ```swift
/// let notes = UITextView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
/// notes.font = .systemFont(ofSize: 15)
/// notes.text = "Type here"
/// notes.delegate = self   // a UITextViewDelegate
/// ```
///
/// One font, colour and alignment apply to all of the text: `attributedText` keeps the string
/// and takes the font and colour of its first character.
@MainActor
open class UITextView: UIScrollView {
    /// Posted (object: the view) after each change of the text made by the user.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted when the view becomes first responder.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted when the view resigns first responder.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    lazy var editor = TextEditor(host: self)
    let store = TextLayoutStore()
    lazy var canvas = TextCanvas(store: store)
    /// How marked text (an input method's composition) is shown: `.underlineColor` for its
    /// underline (default the text colour) and `.backgroundColor` behind it (default none);
    /// other keys are ignored. Default nil.
    public var markedTextStyle: [NSAttributedString.Key: Any]? {
        didSet { markedTextStyleChanged() }
    }
    /// Told before and after each change of the text or the selection (`UITextInputDelegate`).
    public weak var inputDelegate: (any UITextInputDelegate)?
    /// The input's tokenizer: one string tokenizer, kept (as UIKit returns the same object each
    /// time), so the units of an unchanged text are found once, not on every access.
    public private(set) lazy var tokenizer: any UITextInputTokenizer = UITextInputStringTokenizer(textInput: self)
    var forcesEndEditing = false

    /// A text view with no text, 12-point system font (UIKit's default when `font` is nil).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        store.font = .systemFont(ofSize: 12)
        addSubview(canvas)
        panGestureRecognizer.isEnabled = false
        textContainer.owner = self
        backgroundColor = .white
        updateLayoutWidth()
    }

    // MARK: Text and style

    /// The text. Setting it sends no delegate message, forgets the view's undo history and
    /// puts the caret at the end.
    open var text: String! {
        get { editor.text }
        set {
            editor.setText(newValue ?? "")
            refresh(restartBlink: true, scroll: false)
        }
    }

    /// The text with the view's font and colour. Setting it keeps the string and takes `font`
    /// and `textColor` from its first character's attributes, when present.
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: editor.text, attributes: [.font: store.font, .foregroundColor: store.textColor]) }
        set {
            if let newValue, newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let f = attributes[.font] as? UIFont { font = f }
                if let c = attributes[.foregroundColor] as? UIColor { textColor = c }
            }
            text = newValue?.string ?? ""
        }
    }

    /// The font of all the text. Default nil, drawn as the 12-point system font.
    open var font: UIFont? {
        didSet {
            store.font = font ?? .systemFont(ofSize: 12)
            refresh(restartBlink: false, scroll: false)
        }
    }

    /// The text's colour. Default nil, drawn black.
    open var textColor: UIColor? {
        didSet {
            store.textColor = textColor ?? .label
            canvas.setNeedsDisplayText()
        }
    }

    /// How lines are aligned. Default `.natural`.
    open var textAlignment: NSTextAlignment {
        get { store.alignment }
        set {
            store.alignment = newValue
            refresh(restartBlink: false, scroll: false)
        }
    }

    /// Whether the user may change the text. Default true. Turning it off ends editing.
    open var isEditable = true {
        didSet { if !isEditable, !isSelectable, isFirstResponder { _ = resignFirstResponder() } }
    }

    /// Whether the user may select the text (and copy it). Default true.
    open var isSelectable = true {
        didSet { if !isEditable, !isSelectable, isFirstResponder { _ = resignFirstResponder() } }
    }

    /// The room between the view's edges and the text container. Default 8 points above and
    /// below, none at the sides (Apple's default).
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { updateLayoutWidth() }
    }

    /// The text container: its `lineFragmentPadding` (5 points) indents each line further.
    public let textContainer = NSTextContainer()

    /// The selection (UTF-16); length 0 for the caret. Setting it clamps to the text.
    open var selectedRange: NSRange {
        get { editor.selectedRange }
        set { editor.select(newValue) }
    }

    /// The delegate as a text-view delegate (the scroll view's `delegate`).
    var textDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    /// Scrolls so that `range`'s start is visible.
    open func scrollRangeToVisible(_ range: NSRange) {
        let caret = store.caretRect(for: min(max(0, range.location), editor.length), width: TextCanvas.caretWidth)
        scrollRectToVisible(caret.offsetBy(dx: textOrigin.x, dy: textOrigin.y), animated: false)
    }

    // MARK: First responder

    /// Editable or selectable views take first responder.
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Asks `textViewShouldBeginEditing`, becomes first responder, then
    /// `textViewDidBeginEditing` and `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, textDelegate?.textViewShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        canvas.showsSelection = true
        refresh(restartBlink: true, scroll: false)
        textDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Asks `textViewShouldEndEditing` (unless forced by `endEditing(true)`), resigns, then
    /// `textViewDidEndEditing` and `textDidEndEditingNotification`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard forcesEndEditing || textDelegate?.textViewShouldEndEditing(self) ?? true else { return false }
        _ = super.resignFirstResponder()
        editor.pointerEnded()
        canvas.showsSelection = false
        refresh(restartBlink: false, scroll: false)
        textDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    // MARK: Pointer and keys

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, isSelectable || isEditable, becomeFirstResponder() else {
            return super.touchesBegan(touches, with: event)
        }
        let offset = offset(at: touch.location(in: self))
        editor.pointerBegan(at: offset, tapCount: touch.tapCount, paragraph: store.paragraphRange(containing: offset))
        refresh(restartBlink: true, scroll: false)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, editor.pointerOrigin != nil else { return super.touchesMoved(touches, with: event) }
        editor.pointerMoved(to: offset(at: touch.location(in: self)))
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard editor.pointerOrigin != nil else { return super.touchesEnded(touches, with: event) }
        editor.pointerEnded()
        undoManager?.endEventGroup()
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        editor.pointerEnded()
        super.touchesCancelled(touches, with: event)
    }

    /// Editing keys edit; Tab types a tab; others (Page Up/Down…) go to the scroll view.
    open override func keyDown(_ key: UIKey) {
        guard isFirstResponder else { return super.keyDown(key) }
        defer { undoManager?.endEventGroup() }
        if key.keysym == TextKeysym.tab, key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) {
            return editor.insertText("\t")
        }
        if !editor.handle(key) { super.keyDown(key) }
    }

    // MARK: Layout

    /// Where the text's origin is in the content: the inset plus the line fragment padding.
    var textOrigin: CGPoint {
        CGPoint(x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top)
    }

    func updateLayoutWidth() {
        let width = bounds.width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding
        store.wrapWidth = max(1, width)
        refresh(restartBlink: false, scroll: false)
    }

    open override var frame: CGRect {
        didSet { if frame.width != oldValue.width { updateLayoutWidth() } }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        store.scale = Double(layer.contentsScale > 0 ? layer.contentsScale : 1)
        let origin = textOrigin
        store.ensureLayout(from: bounds.minY - origin.y, to: bounds.maxY - origin.y)
        updateContentSize()
        canvas.frame = bounds
        canvas.textOffset = CGPoint(x: origin.x - bounds.minX, y: origin.y - bounds.minY)
        canvas.showSelection(editor.selectedRange, tint: tintColor, restartBlink: false, marked: editor.markedRange,
                             markedStyle: markedTextStyle)
    }

    private func updateContentSize() {
        let height = store.height + textContainerInset.top + textContainerInset.bottom
        let size = CGSize(width: bounds.width, height: height.rounded(.up))
        if contentSize != size { contentSize = size }
    }

    /// Redraws after a change; with `scroll`, scrolls the caret into view.
    func refresh(restartBlink: Bool, scroll: Bool) {
        updateContentSize()
        canvas.setNeedsDisplayText()
        setNeedsLayout()
        if scroll { scrollRangeToVisible(NSRange(location: editor.focus, length: 0)) }
        canvas.showSelection(editor.selectedRange, tint: tintColor, restartBlink: restartBlink, marked: editor.markedRange,
                             markedStyle: markedTextStyle)
    }

    func offset(at point: CGPoint) -> Int {
        store.offset(at: CGPoint(x: point.x - textOrigin.x, y: point.y - textOrigin.y))
    }
}

/// The region text is laid out in, as TextKit's `NSTextContainer` (only the padding is here).
@MainActor
public final class NSTextContainer {
    weak var owner: UITextView?

    /// The room left at each end of every line, points. Default 5, as Apple's.
    public var lineFragmentPadding: CGFloat = 5 {
        didSet { owner?.updateLayoutWidth() }
    }
}
