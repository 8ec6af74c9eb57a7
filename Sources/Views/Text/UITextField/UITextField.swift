import Foundation
import Geometry
import Graphics
import Layers

/// A single line of editable text, as UIKit's `UITextField`.
///
/// A press makes the field first responder (asking `textFieldShouldBeginEditing`) and places
/// the caret; a drag selects, a double press selects a word, a triple press everything. Keys
/// (see `TextEditor`): typing, Backspace/Delete, Left/Right (Ctrl: by word), Home/End and
/// Up/Down (start/end), Shift to extend, Ctrl+A/C/X/V/Z, Ctrl+Shift+Z, Return
/// (`textFieldShouldReturn`), Tab to the next text input (see `UIView.nextTextInput`).
/// Text wider than the field scrolls sideways to keep the caret in view.
///
/// ```swift
/// let name = UITextField(frame: CGRect(x: 20, y: 40, width: 280, height: 34))
/// name.borderStyle = .roundedRect
/// name.placeholder = "Name"
/// name.clearButtonMode = .whileEditing
/// name.addAction(UIAction { _ in print(name.text ?? "") }, for: .editingChanged)
/// ```
///
/// One font, colour and alignment apply to all of the text: `attributedText` keeps the string
/// and takes the font and colour of its first character.
@MainActor
open class UITextField: UIControl {
    override class var drawsWithDrawRect: Bool { false }

    /// The border drawn around the field, as UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (clear button, left or right view) shows, as `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// Posted (object: the field) after each change of the text made by the user.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted when the field becomes first responder.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted when the field resigns first responder.
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    /// The placeholder's colour: UIKit's `placeholderText` (gray at 30 %).
    static let placeholderColor = UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3)
    /// The clear button's circle: `systemGray3`-like gray, 17 points across (Apple draws the
    /// SF Symbol `xmark.circle.fill`; its exact size is not documented).
    static let clearButtonDiameter: CGFloat = 17

    lazy var editor = TextEditor(host: self)
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
    let store = TextLayoutStore()
    lazy var canvas = TextCanvas(store: store)
    let borderView = UIView(frame: .zero)
    private let bezelShade = CALayer()
    let placeholderLabel = UILabel(frame: .zero)
    let clearButton = ShapePart(frame: .zero)
    private let clearCross = ShapePart(frame: .zero)
    /// How far the text is scrolled left to keep the caret visible, points.
    var scrollX: CGFloat = 0
    var forcesEndEditing = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        borderView.isUserInteractionEnabled = false
        borderView.layer.addSublayer(bezelShade)
        addSubview(borderView)
        addSubview(canvas)
        placeholderLabel.textColor = Self.placeholderColor
        placeholderLabel.isUserInteractionEnabled = false
        addSubview(placeholderLabel)
        clearButton.shape.fillColor = UIColor.systemGray3.cgColor
        clearCross.shape.fillColor = nil
        clearCross.shape.strokeColor = UIColor.white.cgColor
        clearCross.shape.lineWidth = 1.5
        clearCross.shape.lineCap = .round
        clearButton.addSubview(clearCross)
        addSubview(clearButton)
        applyFont()
        applyBorder()
        refresh(restartBlink: false)
    }

    // MARK: Text and style

    /// The text; nil reads back as "" (UIKit answers "" too). Setting it sends no event and
    /// clears the field's undo history.
    open var text: String? {
        get { editor.text }
        set {
            editor.setText(newValue ?? "")
            refresh(restartBlink: true)
        }
    }

    /// The text with the field's font and colour as attributes. Setting it keeps the string and
    /// takes `font` and `textColor` from its first character's attributes, when present.
    open var attributedText: NSAttributedString? {
        get {
            NSAttributedString(string: editor.text, attributes: [.font: font ?? UIFont.systemFont(ofSize: 17),
                                                                 .foregroundColor: textColor ?? UIColor.label])
        }
        set {
            guard let newValue else { return text = "" }
            if newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let f = attributes[.font] as? UIFont { font = f }
                if let c = attributes[.foregroundColor] as? UIColor { textColor = c }
            }
            text = newValue.string
        }
    }

    /// The text shown in `placeholder` gray while the field is empty. Default nil.
    open var placeholder: String? {
        didSet { placeholderLabel.text = placeholder; refresh(restartBlink: false) }
    }

    /// The font of the text and the placeholder. Default: the system font at 17 points (the
    /// body style, as UIKit); nil restores it.
    open var font: UIFont? {
        get { store.font }
        set {
            store.font = newValue ?? .systemFont(ofSize: 17)
            applyFont()
            refresh(restartBlink: false)
        }
    }

    /// The text's colour. Default `.label` (black); nil restores it.
    open var textColor: UIColor? {
        get { store.textColor }
        set {
            store.textColor = newValue ?? .label
            canvas.setNeedsDisplayText()
        }
    }

    /// Where the text sits when it is narrower than the field. Default `.natural` (left).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { placeholderLabel.textAlignment = textAlignment; refresh(restartBlink: false) }
    }

    /// The border. Default `.none`. `.roundedRect` is iOS's white field with a 0.5-point
    /// `systemGray4`-like border and 5-point corners; `.line` a 1-point dark gray rectangle;
    /// `.bezel` a 1-point gray rectangle with a darker top edge, on white.
    open var borderStyle: BorderStyle = .none {
        didSet { applyBorder(); setNeedsLayout(); invalidateIntrinsicContentSize() }
    }

    /// When the clear button (a gray circle with a white ×, at the right) shows. Default
    /// `.never`. It shows only while there is text; pressing it asks `textFieldShouldClear`,
    /// empties the field and sends `.editingChanged`.
    open var clearButtonMode: ViewMode = .never {
        didSet { refresh(restartBlink: false) }
    }

    /// Whether editing begins by emptying the field. Default false.
    open var clearsOnBeginEditing = false

    /// Whether the text shows as bullets (•, one per character). Copying and cutting are then
    /// refused and selecting sets no primary selection, as UIKit's secure fields.
    open var isSecureTextEntry = false {
        didSet {
            guard isSecureTextEntry != oldValue else { return }
            editorTextWasReset(editor.text)
            refresh(restartBlink: false)
        }
    }

    /// A view at the field's left edge (inside the border), at its own size, shown as
    /// `leftViewMode` says.
    open var leftView: UIView? {
        didSet {
            if oldValue !== leftView { oldValue?.removeFromSuperview() }
            if let leftView { addSubview(leftView) }
            setNeedsLayout()
        }
    }
    /// When `leftView` shows. Default `.never`.
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    /// A view at the field's right edge, right of the clear button.
    open var rightView: UIView? {
        didSet {
            if oldValue !== rightView { oldValue?.removeFromSuperview() }
            if let rightView { addSubview(rightView) }
            setNeedsLayout()
        }
    }
    /// When `rightView` shows. Default `.never`.
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }

    /// The delegate, held weakly.
    open weak var delegate: UITextFieldDelegate?

    /// Whether the field is being edited (is first responder).
    public private(set) var isEditing = false

    func setEditing(_ editing: Bool) {
        isEditing = editing
        canvas.showsSelection = editing
        refresh(restartBlink: true)
    }

    // MARK: First responder

    /// A field takes first responder while enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Begins editing: asks `textFieldShouldBeginEditing`, becomes first responder, empties the
    /// field with `clearsOnBeginEditing`, then `textFieldDidBeginEditing`, `.editingDidBegin`
    /// and `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        if clearsOnBeginEditing, !editor.text.isEmpty { editor.setText("") }
        setEditing(true)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Ends editing: asks `textFieldShouldEndEditing` (not when `endEditing(true)` forces it),
    /// resigns, then `textFieldDidEndEditing`, `.editingDidEnd` and
    /// `textDidEndEditingNotification`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard forcesEndEditing || delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        _ = super.resignFirstResponder()
        editor.pointerEnded()
        setEditing(false)
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    // MARK: Pointer

    /// A press on the clear button clears; elsewhere it begins editing and places the caret
    /// (two presses: the word; three: all the text).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        if showsClearButtonNow, clearButtonRect(forBounds: bounds).insetBy(dx: -6, dy: -6).contains(point) {
            clearFromButton()
            return false
        }
        guard becomeFirstResponder() else { return false }
        let offset = offset(atFieldPoint: point)
        editor.pointerBegan(at: offset, tapCount: touch.tapCount, paragraph: NSRange(location: 0, length: editor.length))
        placeCaret(restartBlink: true)
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        editor.pointerMoved(to: offset(atFieldPoint: touch.location(in: self)))
        placeCaret(restartBlink: true)
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        editor.pointerEnded()
        endUndoEvent()
    }

    // MARK: Keys

    /// Editing keys edit (see the class discussion); Tab and Shift+Tab move to the next or
    /// previous text input; other keys travel up the responder chain.
    open override func keyDown(_ key: UIKey) {
        guard isFirstResponder else { return super.keyDown(key) }
        defer { endUndoEvent() }
        switch key.keysym {
        case TextKeysym.tab, TextKeysym.isoLeftTab:
            if key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) {
                focusNextTextInput(backward: key.modifierFlags.contains(.shift) || key.keysym == TextKeysym.isoLeftTab)
                return
            }
        case TextKeysym.up, TextKeysym.home, TextKeysym.keypadUp, TextKeysym.keypadHome:
            editor.move(to: 0, extending: key.modifierFlags.contains(.shift))
            return placeCaret(restartBlink: true)
        case TextKeysym.down, TextKeysym.end, TextKeysym.keypadDown, TextKeysym.keypadEnd:
            editor.move(to: editor.length, extending: key.modifierFlags.contains(.shift))
            return placeCaret(restartBlink: true)
        default:
            break
        }
        if editor.handle(key) { placeCaret(restartBlink: true) } else { super.keyDown(key) }
    }

    // MARK: Geometry

    /// The horizontal room between the border and the text: 7 points for `.roundedRect`, 2 for
    /// `.line` and `.bezel`, 0 for `.none` (Apple documents none of them; these match iOS).
    var borderInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 7
        }
    }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    private var showsClearButton: Bool { shows(clearButtonMode) && !editor.text.isEmpty }

    /// The border's rectangle: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The left view's rectangle: its own size at the left edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView?.bounds.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right view's rectangle: its own size at the right edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView?.bounds.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The clear button's rectangle: a 17-point square, 6 points from the right edge (or left
    /// of a shown right view), centred vertically.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let right = rightView != nil && shows(rightViewMode) ? rightViewRect(forBounds: bounds).minX : bounds.maxX - 6
        let d = Self.clearButtonDiameter
        return CGRect(x: right - d, y: bounds.midY - d / 2, width: d, height: d)
    }

    /// Where the text is drawn when not editing: the bounds less the border inset and the
    /// shown overlay views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds.insetBy(dx: borderInset, dy: 0)
        if leftView != nil, shows(leftViewMode) {
            let left = leftViewRect(forBounds: bounds).maxX
            rect.size.width -= max(0, left - rect.minX)
            rect.origin.x = max(rect.minX, left)
        }
        let right = showsClearButton ? clearButtonRect(forBounds: bounds).minX - 4
            : rightView != nil && shows(rightViewMode) ? rightViewRect(forBounds: bounds).minX : rect.maxX
        rect.size.width = max(0, min(rect.maxX, right) - rect.minX)
        return rect
    }

    /// Where the text is edited: `textRect(forBounds:)`.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// Where the placeholder is drawn: `textRect(forBounds:)`.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The text's width (or the placeholder's, if wider) plus the insets and overlay views, by
    /// the font's line height plus the border's room (7 points above and below for
    /// `.roundedRect`, 4 for `.line` and `.bezel`).
    open override var intrinsicContentSize: CGSize {
        let lineHeight = store.lineHeight
        let vertical: CGFloat = switch borderStyle {
        case .none: 0
        case .line, .bezel: 8
        case .roundedRect: 14
        }
        let placeholderWidth = placeholderLabel.intrinsicContentSize.width
        var width = max(displayWidth, placeholder == nil ? 0 : placeholderWidth) + 2 * borderInset + TextCanvas.caretWidth
        if leftView != nil, shows(leftViewMode) { width += leftView?.bounds.width ?? 0 }
        if rightView != nil, shows(rightViewMode) { width += rightView?.bounds.width ?? 0 }
        if clearButtonMode != .never { width += Self.clearButtonDiameter + 10 }
        return CGSize(width: width.rounded(.up), height: (lineHeight + vertical).rounded(.up))
    }

    private var displayWidth: CGFloat {
        store.ensureLayout(from: 0, to: 1)
        return store.usedWidth
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        borderView.frame = borderRect(forBounds: bounds)
        bezelShade.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1)
        if let leftView {
            leftView.isHidden = !shows(leftViewMode)
            leftView.frame = leftViewRect(forBounds: bounds)
        }
        if let rightView {
            rightView.isHidden = !shows(rightViewMode)
            rightView.frame = rightViewRect(forBounds: bounds)
        }
        clearButton.isHidden = !showsClearButton
        let clear = clearButtonRect(forBounds: bounds)
        clearButton.frame = clear
        clearButton.shape.path = CGPath(ellipseIn: CGRect(origin: .zero, size: clear.size), transform: nil)
        let cross = CGMutablePath()
        let c = clear.width / 2, arm = clear.width * 0.18
        cross.move(to: CGPoint(x: c - arm, y: c - arm))
        cross.addLine(to: CGPoint(x: c + arm, y: c + arm))
        cross.move(to: CGPoint(x: c + arm, y: c - arm))
        cross.addLine(to: CGPoint(x: c - arm, y: c + arm))
        clearCross.frame = CGRect(origin: .zero, size: clear.size)
        clearCross.shape.path = cross
        let editing = editingRect(forBounds: bounds)
        let lineHeight = store.lineHeight
        canvas.frame = CGRect(x: editing.minX, y: editing.midY - lineHeight / 2 - 1, width: editing.width,
                              height: lineHeight + 2)
        placeholderLabel.frame = placeholderRect(forBounds: bounds)
        placeholderLabel.isHidden = !editor.text.isEmpty || placeholder == nil
        placeCaret(restartBlink: false)
    }

    private func applyFont() {
        placeholderLabel.font = store.font
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func applyBorder() {
        let b = borderView.layer
        bezelShade.isHidden = borderStyle != .bezel
        bezelShade.backgroundColor = UIColor(white: 0.35, alpha: 1).cgColor
        switch borderStyle {
        case .none:
            b.borderWidth = 0
            b.cornerRadius = 0
            b.backgroundColor = nil
        case .line:
            b.borderWidth = 1
            b.borderColor = UIColor.darkGray.cgColor
            b.cornerRadius = 0
            b.backgroundColor = nil
        case .bezel:
            b.borderWidth = 1
            b.borderColor = UIColor(white: 0.6, alpha: 1).cgColor
            b.cornerRadius = 0
            b.backgroundColor = UIColor.white.cgColor
        case .roundedRect:
            b.borderWidth = 0.5
            b.borderColor = UIColor(white: 0.8, alpha: 1).cgColor
            b.cornerRadius = 5
            b.backgroundColor = UIColor.white.cgColor
        }
        b.masksToBounds = borderStyle == .roundedRect
    }

    /// Redraws after a change of text, selection or state.
    func refresh(restartBlink: Bool) {
        placeholderLabel.isHidden = !editor.text.isEmpty || placeholder == nil
        clearButton.isHidden = !showsClearButton
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        canvas.setNeedsDisplayText()
        placeCaret(restartBlink: restartBlink)
    }

    /// Scrolls the text sideways to keep the caret visible, aligns text narrower than the
    /// field, and places caret and selection.
    func placeCaret(restartBlink: Bool) {
        store.scale = Double(layer.contentsScale > 0 ? layer.contentsScale : 1)
        let width = canvas.bounds.width
        let used = displayWidth
        let caretX = store.caretRect(for: displayOffset(editor.focus), width: 0).minX
        if used + TextCanvas.caretWidth <= width {
            scrollX = switch textAlignment {
            case .center: -(width - used) / 2
            case .right: -(width - used - TextCanvas.caretWidth)
            default: 0
            }
        } else {
            if caretX - scrollX > width - TextCanvas.caretWidth { scrollX = caretX - width + TextCanvas.caretWidth }
            if caretX - scrollX < 0 { scrollX = caretX }
            scrollX = min(max(0, scrollX), used + TextCanvas.caretWidth - width)
        }
        canvas.textOffset = CGPoint(x: -scrollX, y: 1)
        canvas.showSelection(displayRange(editor.selectedRange), tint: tintColor, restartBlink: restartBlink,
                             marked: editor.markedRange.map(displayRange), markedStyle: markedTextStyle)
    }

    /// `offset` of the text, as an offset of what is shown (bullets count one per character).
    func displayOffset(_ offset: Int) -> Int {
        guard isSecureTextEntry else { return offset }
        return editor.substring(NSRange(location: 0, length: offset)).count
    }

    func displayRange(_ range: NSRange) -> NSRange {
        let lower = displayOffset(range.location)
        return NSRange(location: lower, length: displayOffset(range.location + range.length) - lower)
    }

    /// The offset of the text shown at `display` (the inverse of `displayOffset`).
    func textOffset(fromDisplay display: Int) -> Int {
        guard isSecureTextEntry else { return display }
        let text = editor.text
        let index = text.index(text.startIndex, offsetBy: min(display, text.count))
        return index.utf16Offset(in: text)
    }
}
