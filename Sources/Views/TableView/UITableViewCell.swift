import Foundation
import Layers

/// One row of a table view, as UIKit's `UITableViewCell`: a `contentView` holding the style's
/// `textLabel`, `detailTextLabel` and `imageView`, an accessory at the right, and a background
/// that shows while the row is highlighted or selected.
///
/// ```swift
/// let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
/// cell.textLabel?.text = "Anchor"
/// cell.imageView?.image = UIImage(named: "Anchor")
/// cell.accessoryType = .disclosureIndicator
/// ```
///
/// Layout (UIKit's, measured on an iPhone in light mode): 16-point side margins; an image fits
/// (never enlarged) in a square 8 points shorter than the row, at the left margin, and the text
/// starts 16 points after it; `.default` centres one 17-point label, `.subtitle` stacks a
/// 17-point title over a 12-point detail, `.value1` puts a grey 17-point detail at the right,
/// `.value2` puts a 12-point bold blue label right-aligned in a column of 23 % of the width
/// (at least 60 points) and the detail after it. Labels are sized with their font's line height.
@MainActor
open class UITableViewCell: UIView {
    /// The cell's layout, UIKit's raw values.
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1 = 1, value2 = 2, subtitle = 3
    }

    /// The standard accessory at the right of the row, UIKit's raw values; drawn here as
    /// simple vector marks (a grey chevron, a tinted check, a tinted circled "i").
    public enum AccessoryType: Int, Sendable {
        case none = 0, disclosureIndicator = 1, detailDisclosureButton = 2, checkmark = 3, detailButton = 4
    }

    /// How a highlighted or selected cell looks, UIKit's raw values: every style but `.none`
    /// shows the grey selected background, as on iOS 7 and later.
    public enum SelectionStyle: Int, Sendable {
        case none = 0, blue = 1, gray = 2, `default` = 3
    }

    /// The style given at creation.
    public let style: CellStyle
    /// The identifier the table reuses the cell by (nil: never reused).
    public internal(set) var reuseIdentifier: String?
    /// The view holding the cell's content; add custom subviews here. It spans the cell but
    /// the accessory.
    public let contentView = UIView()
    /// The main label (every style).
    public let textLabel: UILabel?
    /// The secondary label: nil in `.default`, as in UIKit.
    public let detailTextLabel: UILabel?
    /// The image at the left (hidden while it has no image).
    public let imageView: UIImageView?
    /// The accessory mark. Default `.none`.
    open var accessoryType: AccessoryType = .none {
        didSet { if accessoryType != oldValue { setNeedsLayout(); accessory.setNeedsDisplay() } }
    }
    /// Default `.default` (the grey background).
    open var selectionStyle: SelectionStyle = .default {
        didSet { updateSelectionBackground(animated: false) }
    }
    /// A view behind the content (nil: the cell's background colour shows).
    open var backgroundView: UIView? {
        didSet { replaceCellBackground(oldValue, with: backgroundView) }
    }
    /// The view shown behind the content while highlighted or selected: grey (white 0.82)
    /// unless replaced.
    open var selectedBackgroundView: UIView? {
        didSet {
            replaceCellBackground(oldValue, with: selectedBackgroundView, below: contentView)
            updateSelectionBackground(animated: false)
        }
    }

    /// Whether the row is selected; setting it is `setSelected(_:animated: false)`.
    open var isSelected: Bool {
        get { selectedStorage }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether the row is highlighted (a touch is down on it).
    open var isHighlighted: Bool {
        get { highlightedStorage }
        set { setHighlighted(newValue, animated: false) }
    }

    /// Whether the cell shows its editing controls (the table sets it for its rows in
    /// `setEditing(_:animated:)`); setting it is `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { editingStorage }
        set { setEditing(newValue, animated: false) }
    }
    /// Whether the cell shows the reorder control (three grey lines at the trailing edge) while
    /// editing. The table sets it for each row it shows: true when its data source implements
    /// `tableView(_:moveRowAt:to:)` and `tableView(_:canMoveRowAt:)` allows the row. Default false.
    open var showsReorderControl = false {
        didSet { if showsReorderControl != oldValue { setNeedsLayout() } }
    }
    /// Whether the content moves right by the editing control's width while editing (the
    /// table's delegate must agree, `shouldIndentWhileEditingRowAt`). Default true.
    open var shouldIndentWhileEditing = true {
        didSet { if shouldIndentWhileEditing != oldValue { setNeedsLayout() } }
    }
    /// The accessory mark shown in place of `accessoryType` while editing. Default `.none`.
    open var editingAccessoryType: AccessoryType = .none {
        didSet { if editingAccessoryType != oldValue { setNeedsLayout(); accessory.setNeedsDisplay() } }
    }
    /// A view shown at the trailing edge while editing, in place of any accessory mark, at its
    /// own size, centred vertically. Default nil.
    open var editingAccessoryView: UIView? {
        didSet {
            guard editingAccessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let editingAccessoryView { addSubview(editingAccessoryView) }
            setNeedsLayout()
        }
    }
    /// How many steps the image and text labels sit right of the margin. Default 0.
    open var indentationLevel = 0 {
        didSet { if indentationLevel != oldValue { setNeedsLayout() } }
    }
    /// The width of one indentation step, points. Default 10, as in UIKit.
    open var indentationWidth: CGFloat = 10 {
        didSet { if indentationWidth != oldValue { setNeedsLayout() } }
    }
    /// The editing control the cell shows while editing, as the table's delegate gave it for
    /// the row (`.none` for rows that cannot be edited).
    public internal(set) var editingStyle: EditingStyle = .none {
        didSet { if editingStyle != oldValue { editingControl?.refresh(); setNeedsLayout() } }
    }
    /// Whether the row's Delete confirmation button (or another swipe action) is showing.
    /// A change is announced through `willTransition(to:)` and `didTransition(to:)`.
    public internal(set) var showingDeleteConfirmation = false {
        willSet {
            if newValue != showingDeleteConfirmation, !changingEditing {
                beginStateTransition(to: stateMask(editing: editingStorage, confirming: newValue))
            }
        }
        didSet {
            if showingDeleteConfirmation != oldValue { editingControl?.confirmationChanged(animated: window != nil) }
        }
    }

    private var selectedStorage = false
    private var highlightedStorage = false
    var editingStorage = false
    /// Set while `setEditing` changes both states, so that they are announced as one transition.
    var changingEditing = false
    /// The state announced by `willTransition(to:)` whose `didTransition(to:)` is still due.
    var pendingStateTransition: StateMask?
    /// Set by the table: whether its delegate lets the row indent while editing.
    var tableIndentsWhileEditing = true {
        didSet { if tableIndentsWhileEditing != oldValue { setNeedsLayout() } }
    }
    /// Set by the table: the editing control shows a selection circle (multiple selection
    /// during editing) instead of the style's control.
    var showsSelectionControl = false {
        didSet { if showsSelectionControl != oldValue { editingControl?.refresh(); setNeedsLayout() } }
    }
    var editingControl: EditingControlView?
    var reorderControl: ReorderControlView?
    /// How far a swipe has moved the content: negative reveals trailing actions, positive
    /// leading ones.
    var swipeOffset: CGFloat = 0
    var swipeActionsView: SwipeActionsView?
    let accessory = AccessoryMarkView()
    let separator = CALayer()
    /// Set by the table: whether a separator line shows at the bottom, and its colour.
    var separatorColor: UIColor? {
        didSet { separator.backgroundColor = separatorColor?.cgColor; separator.isHidden = separatorColor == nil }
    }
    /// The table view showing the cell, if any (weak: the table owns its cells).
    weak var owningTable: UITableView?

    /// A cell of `style`, reused by `reuseIdentifier` (nil: not reusable).
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        textLabel = UILabel()
        detailTextLabel = style == .default ? nil : UILabel()
        imageView = UIImageView()
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .white
        let selected = UIView()
        selected.backgroundColor = UIColor(white: 0.82, alpha: 1)
        selected.isHidden = true
        selectedBackgroundView = selected
        insertSubview(selected, at: 0)
        addSubview(contentView)
        accessory.owner = self
        addSubview(accessory)
        separator.isHidden = true
        layer.addSublayer(separator)
        configureLabels()
        if let imageView { contentView.addSubview(imageView) }
        if let textLabel { contentView.addSubview(textLabel) }
        if let detailTextLabel { contentView.addSubview(detailTextLabel) }
    }

    /// A `.default` cell without a reuse identifier, at `frame`.
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// What `register(_:forCellReuseIdentifier:)` calls to make a cell of a registered class:
    /// `init(style: .default, reuseIdentifier:)`. Subclasses that override that initializer
    /// (or declare none) inherit this one.
    public required convenience init(registeredReuseIdentifier identifier: String) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    private func configureLabels() {
        textLabel?.font = .systemFont(ofSize: style == .value2 ? 12 : 17)
        textLabel?.textColor = .black
        detailTextLabel?.textColor = .black
        switch style {
        case .default: break
        case .subtitle: detailTextLabel?.font = .systemFont(ofSize: 12)
        case .value1:
            detailTextLabel?.font = .systemFont(ofSize: 17)
            detailTextLabel?.textColor = .systemGray
            detailTextLabel?.textAlignment = .right
        case .value2:
            textLabel?.font = .boldSystemFont(ofSize: 12)
            textLabel?.textColor = .systemBlue
            textLabel?.textAlignment = .right
            detailTextLabel?.font = .systemFont(ofSize: 12)
        }
    }

    /// Selects or deselects the row's look (the table keeps the selection: use
    /// `selectRow(at:animated:scrollPosition:)` to select a row). Animated changes fade the
    /// selected background in or out over 0.25 s.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != selectedStorage else { return }
        selectedStorage = selected
        if showsSelectionControl { editingControl?.refresh() }
        updateSelectionBackground(animated: animated)
    }

    /// Highlights or unhighlights the row's look (fading over 0.25 s when animated).
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != highlightedStorage else { return }
        highlightedStorage = highlighted
        updateSelectionBackground(animated: animated)
    }

    /// Shows or hides the editing controls, the content indent and the reorder control; when
    /// animated (and on screen) they slide and fade over 0.3 s, as in UIKit. The table calls it
    /// for its rows from `UITableView.setEditing(_:animated:)`.
    ///
    /// The cell hears `willTransition(to:)` before the change and `didTransition(to:)` once
    /// the controls are in place (after the slide when animated).
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingStorage else { return }
        beginStateTransition(to: stateMask(editing: editing, confirming: editing && showingDeleteConfirmation))
        changingEditing = true
        editingStorage = editing
        if !editing { showingDeleteConfirmation = false }
        changingEditing = false
        editingControl?.refresh()
        accessory.setNeedsDisplay()
        setNeedsLayout()
        guard animated, window != nil else {
            UIView.performWithoutAnimation { layoutIfNeeded() }
            return finishStateTransition()
        }
        UIView.animate(withDuration: UITableView.editingAnimationDuration, animations: { self.layoutIfNeeded() },
                       completion: { [weak self] _ in self?.finishStateTransition() })
    }

    /// Called just before the row's editing look changes: entering or leaving editing mode,
    /// or showing or hiding the Delete confirmation (swipe actions included). `state` is the
    /// combination the row goes to (empty: back to normal). Subclasses move their own views
    /// here (inside the animation when the change is animated) and call `super`.
    open func willTransition(to state: StateMask) {}

    /// Called once the row has reached `state`: after the editing controls' slide when
    /// animated, at once otherwise. A transition interrupted by another is announced only in
    /// its final state. Subclasses call `super`.
    open func didTransition(to state: StateMask) {}

    /// Called by `dequeueReusableCell` before handing a used cell out again: resets the
    /// selection and highlight (UIKit resets them too; subclasses reset their own content and
    /// call `super`).
    open func prepareForReuse() {
        selectedStorage = false
        highlightedStorage = false
        updateSelectionBackground(animated: false)
        alpha = 1
        resetSwipe()
    }

    private func updateSelectionBackground(animated: Bool) {
        guard let background = selectedBackgroundView else { return }
        let shows = selectionStyle != .none && (selectedStorage || highlightedStorage)
        guard animated, window != nil else {
            UIView.performWithoutAnimation {
                background.isHidden = !shows
                background.alpha = 1
            }
            return
        }
        if shows {
            UIView.performWithoutAnimation {
                if background.isHidden { background.alpha = 0 }
                background.isHidden = false
            }
            UIView.animate(withDuration: 0.25) { background.alpha = 1 }
        } else {
            UIView.animate(withDuration: 0.25, animations: { background.alpha = 0 }, completion: { [weak self] finished in
                guard finished, let self, !(self.selectedStorage || self.highlightedStorage) else { return }
                background.isHidden = true
                background.alpha = 1
            })
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        let shift = swipeOffset
        let leading = editingIndent
        var trailing = isEditing && showsReorderControl ? Self.reorderControlWidth : 0
        let type = shownAccessoryType
        let mark = accessory.markSize(for: type)
        let custom = isEditing ? editingAccessoryView : nil
        editingAccessoryView?.isHidden = custom == nil
        accessory.isHidden = type == .none || custom != nil
        accessory.frame = CGRect(x: size.width - trailing - 16 - mark.width + shift, y: ((size.height - mark.height) / 2).rounded(),
                                 width: mark.width, height: mark.height)
        if let custom {
            let w = custom.bounds.width, h = custom.bounds.height
            custom.frame = CGRect(x: size.width - trailing - 16 - w + shift, y: ((size.height - h) / 2).rounded(), width: w, height: h)
            trailing += 16 + w
        } else if type != .none {
            trailing += 16 + mark.width
        }
        let contentWidth = max(0, size.width - leading - trailing)
        contentView.frame = CGRect(x: leading + shift, y: 0, width: contentWidth, height: size.height)
        backgroundView?.frame = bounds.offsetBy(dx: shift, dy: 0)
        selectedBackgroundView?.frame = bounds.offsetBy(dx: shift, dy: 0)
        layoutEditingControls(size: size, shift: shift)
        let textStart = layoutStyle(width: contentWidth, height: size.height) + leading
        separator.frame = CGRect(x: textStart + shift, y: size.height - 0.5, width: max(0, size.width - textStart), height: 0.5)
    }

    /// Places the style's views inside the content view; returns where the text starts (the
    /// separator's inset).
    private func layoutStyle(width: CGFloat, height: CGFloat) -> CGFloat {
        let margin: CGFloat = 16
        let indent = CGFloat(max(0, indentationLevel)) * (indentationWidth.isFinite ? max(0, indentationWidth) : 0)
        var textStart = margin + indent
        if let imageView {
            if let image = imageView.image, image.size.width > 0, image.size.height > 0 {
                let box = max(0, height - 8)
                let scale = min(1, box / image.size.width, box / image.size.height)
                let w = (image.size.width * scale).rounded(), h = (image.size.height * scale).rounded()
                imageView.isHidden = false
                imageView.frame = CGRect(x: margin + indent, y: ((height - h) / 2).rounded(), width: w, height: h)
                textStart = margin + indent + w + margin
            } else {
                imageView.isHidden = true
                imageView.frame = .zero
            }
        }
        let available = max(0, width - textStart - margin)
        func lineHeight(_ label: UILabel?) -> CGFloat { (label?.font.lineHeight ?? 0).rounded(.up) }
        let hasDetail = !(detailTextLabel?.text ?? "").isEmpty
        switch style {
        case .default:
            textLabel?.frame = CGRect(x: textStart, y: 0, width: available, height: height)
        case .subtitle:
            let top = lineHeight(textLabel), bottom = hasDetail ? lineHeight(detailTextLabel) : 0
            let y = ((height - top - bottom) / 2).rounded()
            textLabel?.frame = CGRect(x: textStart, y: y, width: available, height: top)
            detailTextLabel?.frame = CGRect(x: textStart, y: y + top, width: available, height: bottom)
        case .value1:
            let line = lineHeight(textLabel), y = ((height - line) / 2).rounded()
            let detailWidth = hasDetail ? min(available, ceil(detailTextLabel?.intrinsicContentSize.width ?? 0)) : 0
            let gap: CGFloat = hasDetail ? 8 : 0
            textLabel?.frame = CGRect(x: textStart, y: y, width: max(0, available - detailWidth - gap), height: line)
            detailTextLabel?.frame = CGRect(x: textStart + available - detailWidth, y: y, width: detailWidth, height: line)
        case .value2:
            let column = max(60, (width * 0.23).rounded())
            let line = max(lineHeight(textLabel), lineHeight(detailTextLabel)), y = ((height - line) / 2).rounded()
            textLabel?.frame = CGRect(x: textStart, y: y, width: column, height: line)
            let detailX = textStart + column + 6
            detailTextLabel?.frame = CGRect(x: detailX, y: y, width: max(0, width - detailX - margin), height: line)
        }
        return textStart
    }
}

/// Draws a cell's standard accessory mark.
@MainActor
final class AccessoryMarkView: UIView {
    weak var owner: UITableViewCell?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
        isUserInteractionEnabled = false
    }

    func markSize(for type: UITableViewCell.AccessoryType) -> CGSize {
        switch type {
        case .none: .zero
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 11)
        case .detailButton: CGSize(width: 22, height: 22)
        case .detailDisclosureButton: CGSize(width: 40, height: 22)
        }
    }

    override func draw(_ rect: CGRect) {
        guard let owner else { return }
        let b = bounds
        switch owner.shownAccessoryType {
        case .none: break
        case .disclosureIndicator:
            chevron(in: CGRect(x: b.maxX - 8, y: b.midY - 6.5, width: 8, height: 13))
        case .checkmark:
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 1, y: b.midY))
            path.addLine(to: CGPoint(x: 5, y: b.maxY - 1.5))
            path.addLine(to: CGPoint(x: b.maxX - 1, y: 1.5))
            path.lineWidth = 2
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            owner.tintColor.setStroke()
            path.stroke()
        case .detailButton:
            info(in: CGRect(x: 0, y: b.midY - 11, width: 22, height: 22))
        case .detailDisclosureButton:
            info(in: CGRect(x: 0, y: b.midY - 11, width: 22, height: 22))
            chevron(in: CGRect(x: b.maxX - 8, y: b.midY - 6.5, width: 8, height: 13))
        }
    }

    private func chevron(in r: CGRect) {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: r.minX + 1, y: r.minY + 1))
        path.addLine(to: CGPoint(x: r.maxX - 1.5, y: r.midY))
        path.addLine(to: CGPoint(x: r.minX + 1, y: r.maxY - 1))
        path.lineWidth = 2
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        UIColor(white: 0.78, alpha: 1).setStroke()
        path.stroke()
    }

    private func info(in r: CGRect) {
        guard let owner else { return }
        let ring = UIBezierPath(ovalIn: r.insetBy(dx: 1, dy: 1))
        ring.lineWidth = 1.5
        owner.tintColor.setStroke()
        owner.tintColor.setFill()
        ring.stroke()
        UIBezierPath(ovalIn: CGRect(x: r.midX - 1.25, y: r.minY + 5, width: 2.5, height: 2.5)).fill()
        UIBezierPath(rect: CGRect(x: r.midX - 1, y: r.minY + 9, width: 2, height: 8)).fill()
    }
}
