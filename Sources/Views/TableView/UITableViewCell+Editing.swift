import Foundation
import Geometry

extension UITableViewCell {
    /// The control a row shows at its leading edge in editing mode, UIKit's raw values.
    public enum EditingStyle: Int, Sendable {
        /// No control (the content still indents unless told not to).
        case none = 0
        /// A red circle with a white minus: tapping it reveals the Delete confirmation button.
        case delete = 1
        /// A green circle with a white plus: tapping it commits an insertion.
        case insert = 2
    }

    /// The states a row's editing look combines, UIKit's raw values (`UITableViewCellStateMask`).
    public struct StateMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The row is in editing mode (its editing control, reorder control and indent show).
        public static let showingEditControl = StateMask(rawValue: 1 << 0)
        /// The Delete confirmation button, or another swipe's actions, show.
        public static let showingDeleteConfirmation = StateMask(rawValue: 1 << 1)
    }

    /// The row's state now.
    var stateMask: StateMask { stateMask(editing: editingStorage, confirming: showingDeleteConfirmation) }

    func stateMask(editing: Bool, confirming: Bool) -> StateMask {
        var mask: StateMask = []
        if editing { mask.insert(.showingEditControl) }
        if confirming { mask.insert(.showingDeleteConfirmation) }
        return mask
    }

    /// Announces the change to `state` (`willTransition(to:)`); `finishStateTransition` ends it.
    func beginStateTransition(to state: StateMask) {
        pendingStateTransition = state
        willTransition(to: state)
    }

    /// Calls `didTransition(to:)` for the announced change if the row is in that state.
    func finishStateTransition() {
        guard let state = pendingStateTransition, state == stateMask else { return }
        pendingStateTransition = nil
        didTransition(to: state)
    }

    /// The leading column the editing control sits in, and the content's indent while editing,
    /// points (Kinescope's layout: a 22-point circle 12 points from the edge).
    static let editingControlWidth: CGFloat = 40
    /// The trailing column of the reorder control, points.
    static let reorderControlWidth: CGFloat = 40

    /// The accessory mark drawn: `editingAccessoryType` while editing, `accessoryType` otherwise.
    var shownAccessoryType: AccessoryType { isEditing ? editingAccessoryType : accessoryType }

    /// How far the content moves right while editing.
    var editingIndent: CGFloat {
        isEditing && shouldIndentWhileEditing && tableIndentsWhileEditing ? Self.editingControlWidth : 0
    }

    /// Places the editing and reorder controls (off the edges and transparent when hidden, so
    /// that they slide in and out when the layout is animated) and the swipe actions.
    func layoutEditingControls(size: CGSize, shift: CGFloat) {
        let controlShown = isEditing && (editingStyle != .none || showsSelectionControl)
        let controlWidth = Self.editingControlWidth
        if controlShown, editingControl == nil {
            let control = EditingControlView()
            control.owner = self
            UIView.performWithoutAnimation {
                control.frame = CGRect(x: -controlWidth, y: 0, width: controlWidth, height: size.height)
                control.alpha = 0
            }
            addSubview(control)
            editingControl = control
        }
        if let control = editingControl {
            control.frame = CGRect(x: (controlShown ? 0 : -controlWidth) + shift, y: 0, width: controlWidth, height: size.height)
            control.alpha = controlShown ? 1 : 0
            control.isUserInteractionEnabled = controlShown && !showsSelectionControl
        }
        let reorderShown = isEditing && showsReorderControl
        let reorderWidth = Self.reorderControlWidth
        if reorderShown, reorderControl == nil {
            let control = ReorderControlView()
            control.owner = self
            UIView.performWithoutAnimation {
                control.frame = CGRect(x: size.width, y: 0, width: reorderWidth, height: size.height)
                control.alpha = 0
            }
            addSubview(control)
            reorderControl = control
        }
        if let control = reorderControl {
            control.frame = CGRect(x: size.width - (reorderShown ? reorderWidth : 0) + shift, y: 0, width: reorderWidth, height: size.height)
            control.alpha = reorderShown ? 1 : 0
            control.isUserInteractionEnabled = reorderShown
        }
        if let actions = swipeActionsView {
            actions.frame = actions.leading ? CGRect(x: 0, y: 0, width: max(0, shift), height: size.height)
                : CGRect(x: size.width + min(0, shift), y: 0, width: max(0, -shift), height: size.height)
            actions.layoutIfNeeded()
        }
    }

    /// Adds the buttons of a swipe (on the leading edge or the trailing one), still hidden.
    func showSwipeActions(_ actions: [UIContextualAction], leading: Bool, table: UITableView) {
        swipeActionsView?.removeFromSuperview()
        let view = SwipeActionsView(actions: actions, leading: leading, rowHeight: bounds.height, table: table)
        UIView.performWithoutAnimation {
            view.frame = CGRect(x: leading ? 0 : bounds.width, y: 0, width: 0, height: bounds.height)
        }
        addSubview(view)
        swipeActionsView = view
    }

    /// Moves the content by a swipe (the caller animates it or not).
    func setSwipeOffset(_ offset: CGFloat) {
        swipeOffset = offset
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// Drops any swipe at once: content back in place, actions removed.
    func resetSwipe() {
        swipeActionsView?.removeFromSuperview()
        swipeActionsView = nil
        showingDeleteConfirmation = false
        editingControl?.confirmationChanged(animated: false)
        finishStateTransition()
        if swipeOffset != 0 {
            swipeOffset = 0
            UIView.performWithoutAnimation { setNeedsLayout(); layoutIfNeeded() }
        }
    }
}

/// The red minus, green plus or selection circle at a row's leading edge while editing.
@MainActor
final class EditingControlView: UIView {
    weak var owner: UITableViewCell?
    static let diameter: CGFloat = 22
    static let inset: CGFloat = 12
    static let insertGreen = UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1)

    /// The minus (and the plus's crossbar): a view of its own, so that it turns upright
    /// (animated over 0.25 s) while the Delete confirmation shows, as UIKit's does.
    let bar = UIView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
        bar.backgroundColor = .white
        bar.isUserInteractionEnabled = false
        addSubview(bar)
    }

    /// Redraws after the cell's style or selection look changed.
    func refresh() {
        setNeedsDisplay()
        setNeedsLayout()
    }

    /// Turns the minus upright while the owner's Delete confirmation shows, flat otherwise.
    func confirmationChanged(animated: Bool) {
        let upright = owner.map { $0.showingDeleteConfirmation && $0.editingStyle == .delete } ?? false
        let transform = upright ? CGAffineTransform(rotationAngle: -.pi / 2) : .identity
        guard animated else { return UIView.performWithoutAnimation { bar.transform = transform } }
        UIView.animate(withDuration: 0.25) { self.bar.transform = transform }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let circle = circleRect
        bar.isHidden = owner.map { $0.showsSelectionControl || $0.editingStyle == .none } ?? true
        bar.bounds = CGRect(x: 0, y: 0, width: Self.barLength, height: Self.barThickness)
        bar.center = CGPoint(x: circle.midX, y: circle.midY)
    }

    private static let barLength: CGFloat = 12
    private static let barThickness: CGFloat = 2.5

    private var circleRect: CGRect {
        let d = Self.diameter
        return CGRect(x: Self.inset, y: ((bounds.height - d) / 2).rounded(), width: d, height: d)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let owner, let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        owner.owningTable?.editingControlTapped(in: owner)
    }

    override func draw(_ rect: CGRect) {
        guard let owner else { return }
        let circle = circleRect
        let mid = CGPoint(x: circle.midX, y: circle.midY)
        if owner.showsSelectionControl {
            if owner.isSelected {
                owner.tintColor.setFill()
                UIBezierPath(ovalIn: circle).fill()
                let check = UIBezierPath()
                check.move(to: CGPoint(x: mid.x - 5, y: mid.y))
                check.addLine(to: CGPoint(x: mid.x - 1.5, y: mid.y + 3.5))
                check.addLine(to: CGPoint(x: mid.x + 5, y: mid.y - 4))
                check.lineWidth = 2
                check.lineCapStyle = .round
                check.lineJoinStyle = .round
                UIColor.white.setStroke()
                check.stroke()
            } else {
                let ring = UIBezierPath(ovalIn: circle.insetBy(dx: 0.75, dy: 0.75))
                ring.lineWidth = 1.5
                UIColor(white: 0.78, alpha: 1).setStroke()
                ring.stroke()
            }
            return
        }
        switch owner.editingStyle {
        case .none: return
        case .delete: UIContextualAction.destructiveRed.setFill()
        case .insert: Self.insertGreen.setFill()
        }
        UIBezierPath(ovalIn: circle).fill()
        if owner.editingStyle == .insert {
            UIColor.white.setFill()
            let length = Self.barLength, thickness = Self.barThickness
            UIBezierPath(rect: CGRect(x: mid.x - thickness / 2, y: mid.y - length / 2, width: thickness, height: length)).fill()
        }
    }
}

/// The three grey lines at a row's trailing edge while editing; dragging it reorders the row.
@MainActor
final class ReorderControlView: UIView {
    weak var owner: UITableViewCell?
    let pan = UIPanGestureRecognizer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .clear
        isOpaque = false
        pan.addTarget(self, action: ReorderControlView.dragged)
        addGestureRecognizer(pan)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    private func dragged(_ pan: UIPanGestureRecognizer) {
        guard let owner else { return }
        owner.owningTable?.handleReorderPan(pan, cell: owner)
    }

    override func draw(_ rect: CGRect) {
        UIColor(white: 0.68, alpha: 1).setFill()
        let width: CGFloat = 18, thickness: CGFloat = 2, gap: CGFloat = 5
        let x = ((bounds.width - width) / 2).rounded(), mid = (bounds.height / 2).rounded()
        for step in -1...1 {
            let y = mid + CGFloat(step) * gap - thickness / 2
            UIBezierPath(roundedRect: CGRect(x: x, y: y, width: width, height: thickness), cornerRadius: 1).fill()
        }
    }
}

/// The buttons a swipe reveals at one edge of a row, laid out for the width revealed so far.
@MainActor
final class SwipeActionsView: UIView {
    let leading: Bool
    private(set) var buttons: [SwipeActionButton] = []

    init(actions: [UIContextualAction], leading: Bool, rowHeight: CGFloat, table: UITableView) {
        self.leading = leading
        super.init(frame: .zero)
        clipsToBounds = true
        for (index, action) in actions.enumerated() {
            let button = SwipeActionButton(action: action, index: index, rowHeight: rowHeight, table: table)
            buttons.append(button)
            addSubview(button)
        }
    }

    /// The width all the buttons take at rest, points.
    var naturalWidth: CGFloat { buttons.reduce(0) { $0 + $1.naturalWidth } }

    /// Below the natural width the buttons shrink in proportion; above it the first (outermost)
    /// button takes the extra, as UIKit's buttons stretch when the row is swiped further.
    override func layoutSubviews() {
        super.layoutSubviews()
        let natural = naturalWidth
        guard natural > 0 else { return }
        let scale = min(1, bounds.width / natural)
        let extra = max(0, bounds.width - natural)
        var edge: CGFloat = leading ? 0 : bounds.width
        for (index, button) in buttons.enumerated() {
            let width = button.naturalWidth * scale + (index == 0 ? extra : 0)
            let x = leading ? edge : edge - width
            button.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            edge = leading ? edge + width : edge - width
        }
        // The outermost button is drawn over the others as it stretches.
        if let first = buttons.first { bringSubviewToFront(first) }
    }
}

/// One swipe action's button: its colour, title and image; a tap performs the action.
///
/// As on iOS: the image is drawn in white (as a template) unless its rendering mode is
/// `.alwaysOriginal`, and an action with both an image and a title shows only the image on a
/// row shorter than `titledImageRowHeight` (UIKit does not document this; 91 points is the
/// height developers measured on iOS).
@MainActor
final class SwipeActionButton: UIView {
    /// The shortest row whose buttons show a title under their image, points.
    static let titledImageRowHeight: CGFloat = 91

    let action: UIContextualAction
    let index: Int
    weak var table: UITableView?
    /// Whether the title shows: it is set and not hidden by an image on a short row.
    let showsTitle: Bool
    private let titleLabel = UILabel()
    private let imageView = UIImageView()

    init(action: UIContextualAction, index: Int, rowHeight: CGFloat, table: UITableView) {
        self.action = action
        self.index = index
        self.table = table
        showsTitle = !(action.title ?? "").isEmpty && (action.image == nil || rowHeight >= Self.titledImageRowHeight)
        super.init(frame: .zero)
        backgroundColor = action.backgroundColor
        clipsToBounds = true
        titleLabel.text = showsTitle ? action.title : nil
        titleLabel.font = .systemFont(ofSize: 15)
        titleLabel.textColor = .white
        titleLabel.textAlignment = .center
        imageView.tintColor = .white
        imageView.image = action.image.map { $0.renderingMode == .alwaysOriginal ? $0 : $0.withRenderingMode(.alwaysTemplate) }
        addSubview(titleLabel)
        addSubview(imageView)
    }

    /// The shown title's (or image's) width plus 15 points a side, at least 60 points.
    var naturalWidth: CGFloat {
        let text = showsTitle ? ceil(titleLabel.intrinsicContentSize.width) : 0
        let image = action.image?.size.width ?? 0
        return max(60, max(text, image) + 30)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let line = titleLabel.font.lineHeight.rounded(.up)
        let hasTitle = showsTitle
        let imageSize = action.image?.size ?? .zero
        let total = (hasTitle ? line : 0) + imageSize.height + (hasTitle && imageSize.height > 0 ? 4 : 0)
        var y = ((bounds.height - total) / 2).rounded()
        // The content stays at the inner edge while the button stretches, as in UIKit.
        let contentWidth = min(bounds.width, naturalWidth)
        let x = leadingSide ? bounds.width - contentWidth : 0
        imageView.isHidden = imageSize.height == 0
        imageView.frame = CGRect(x: x + ((contentWidth - imageSize.width) / 2).rounded(), y: y,
                                 width: imageSize.width, height: imageSize.height)
        if imageSize.height > 0 { y += imageSize.height + 4 }
        titleLabel.frame = CGRect(x: x, y: y, width: contentWidth, height: hasTitle ? line : 0)
    }

    private var leadingSide: Bool { (superview as? SwipeActionsView)?.leading ?? false }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        table?.performSwipeAction(at: index, from: self)
    }
}
