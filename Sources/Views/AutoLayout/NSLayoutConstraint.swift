import Geometry
import Layers

/// A linear relation between two layout attributes, as UIKit's `NSLayoutConstraint`:
/// `firstItem.firstAttribute (relation) multiplier × secondItem.secondAttribute + constant`.
///
/// Items are views or `UILayoutGuide`s. Activating a constraint installs it on the items' nearest
/// common ancestor; the next layout pass (`layoutIfNeeded()`, or the window's per-frame layout)
/// solves every constraint of the hierarchy and sets the frames of views whose
/// `translatesAutoresizingMaskIntoConstraints` is false. Changing `constant` of an active
/// constraint is an incremental edit of the solver: the animation idiom
/// `constraint.constant = 100; UIView.animate(withDuration: 0.3) { view.layoutIfNeeded() }`
/// animates the frames.
///
/// Where UIKit raises an exception (attributes of different axes, a location equal to a
/// constant, items without a common ancestor, a NaN or infinite multiplier or constant, a
/// priority changed between required and optional while installed) Kinescope writes a one-line
/// diagnostic to the animation engine's `diagnosticHandler` and ignores the constraint (or the
/// change).
///
/// ```swift
/// NSLayoutConstraint.activate([
///     label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
///     label.topAnchor.constraint(equalToSystemSpacingBelow: view.safeAreaLayoutGuide.topAnchor, multiplier: 1),
/// ])
/// ```
@MainActor
open class NSLayoutConstraint: @MainActor CustomStringConvertible {
    /// A layout attribute (UIKit's raw values). Leading and trailing are left and right: the
    /// layout direction is always left to right here.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline,
             firstBaseline, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin,
             centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// `lastBaseline`, UIKit's old name for it.
        public static var baseline: Attribute { .lastBaseline }
    }

    /// How the two sides compare (UIKit's raw values).
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item: a `UIView` or `UILayoutGuide` (held weakly; UIKit holds it unretained).
    open private(set) weak var firstItem: AnyObject?
    /// The second item, nil for a constraint against a constant (`width == 100`).
    open private(set) weak var secondItem: AnyObject?
    /// The attribute of `firstItem` the constraint relates (`firstItem.firstAttribute = multiplier × secondItem.secondAttribute + constant`).
    public let firstAttribute: Attribute
    public let secondAttribute: Attribute
    public let relation: Relation
    public let multiplier: CGFloat

    /// The constant added to the second side. Changing it on an active constraint is an
    /// incremental edit, seen at the next layout pass. NaN or infinity is reported and makes
    /// the constraint count as absent until a finite value is set.
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue || constant.isNaN != oldValue.isNaN else { return }
            if !constant.isFinite { diagnose("constant \(constant) is not finite; the constraint is ignored: \(self)") }
            noteChange(structural: !constant.isFinite || !oldValue.isFinite)
        }
    }

    /// The priority, default `.required`. As in UIKit, an installed constraint's priority can
    /// change between optional values but not between required and optional (reported and
    /// ignored; deactivate it first). Values are clamped to 1…1000.
    open var priority: UILayoutPriority = .required {
        didSet {
            let clamped = UILayoutPriority(min(1000, max(1, priority.rawValue)))
            if isActive, clamped.isRequired != oldValue.isRequired {
                diagnose("priority of an installed constraint cannot change between required and optional "
                         + "(\(oldValue) to \(priority)); kept \(oldValue): \(self)")
                priority = oldValue
                return
            }
            if clamped != priority { priority = clamped; return }
            if priority != oldValue { noteChange(structural: true) }
        }
    }

    /// A name shown in the constraint's description and in unsatisfiable-constraint logs.
    open var identifier: String?

    /// Unused by the layout; kept for code that sets it (UIKit archives constraints with it).
    open var shouldBeArchived = false

    /// Why the constraint can never take part in layout (an invalid pairing of attributes or
    /// items), reported once when it is made.
    let invalidReason: String?
    /// The view the active constraint is installed on (the items' nearest common ancestor).
    weak var installedView: UIView?
    /// Set by the layout engine while the constraint is broken to satisfy the others.
    var isBroken = false

    /// A constraint `view1.attr1 (relation) multiplier × view2.attr2 + c`, as UIKit's
    /// `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`. With no second
    /// item, `attr2` must be `.notAnAttribute` and `attr1` a dimension.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        let first = view1 as AnyObject
        let second = view2.map { $0 as AnyObject }
        firstItem = first
        secondItem = second
        firstAttribute = attr1
        secondAttribute = second == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        invalidReason = Self.validate(first, attr1, second, second == nil ? .notAnAttribute : attr2, multiplier)
        if let invalidReason { diagnose("invalid constraint (\(invalidReason)); it is ignored: \(self)") }
        if !c.isFinite { diagnose("constant \(c) is not finite; the constraint is ignored: \(self)") }
    }

    /// Whether the constraint takes part in layout. Setting true installs it on the nearest
    /// common ancestor of its items (a diagnostic, and no change, when they have none).
    open var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue { activate(installingOn: nil) } else { deactivateOne() }
        }
    }

    /// Activates each constraint (UIKit's faster equivalent of setting `isActive` on each).
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The first item's anchor for `firstAttribute`.
    open var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor<AnyObject>(item: firstItem, attribute: firstAttribute)
    }

    /// The second item's anchor, nil without a second item.
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem.map { NSLayoutAnchor<AnyObject>(item: $0, attribute: secondAttribute) }
    }

    /// UIKit's format: `<NSLayoutConstraint:0x… 'id' UILabel:0x….leading == UIView:0x….leading + 20   (active)>`.
    open var description: String {
        let name = identifier.map { "'\($0)' " } ?? ""
        return "<\(Self.typeName(self)):\(Self.address(self)) \(name)\(equationDescription)   (\(isActive ? "active" : "inactive"))>"
    }

    var equationDescription: String {
        var text = "\(Self.itemName(firstItem)).\(firstAttribute.name) \(relation.symbol)"
        var hasTerm = false
        if let secondItem {
            let factor = multiplier == 1 ? "" : "\(Self.number(multiplier))*"
            text += " \(factor)\(Self.itemName(secondItem)).\(secondAttribute.name)"
            hasTerm = true
        }
        if !hasTerm {
            text += " \(Self.number(constant))"
        } else if constant != 0 {
            text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))"
        }
        if priority != .required { text += "   (priority \(priority))" }
        return text
    }

    /// Installs the constraint on `target` when that is an ancestor of its items (or one of
    /// them), else on their nearest common ancestor.
    func activate(installingOn target: UIView?) {
        guard installedView == nil else { return }
        if let invalidReason {
            diagnose("cannot activate an invalid constraint (\(invalidReason)): \(self)")
            return
        }
        guard let firstView = Self.view(of: firstItem) else {
            diagnose("cannot activate a constraint whose first item is gone or not a view or layout guide: \(self)")
            return
        }
        var common: UIView? = firstView
        if let secondItem {
            guard let secondView = Self.view(of: secondItem) else {
                diagnose("cannot activate a constraint whose second item is not a view or layout guide: \(self)")
                return
            }
            common = firstView.nearestCommonAncestor(with: secondView)
        }
        guard var ancestor = common else {
            diagnose("Unable to activate constraint with anchors \(firstAnchor) and \(secondAnchor.map { "\($0)" } ?? "nil") "
                     + "because they have no common ancestor. Does the constraint or its anchors reference items in "
                     + "different view hierarchies? The constraint is ignored: \(self)")
            return
        }
        if let target, target.isAncestor(of: ancestor) { ancestor = target }
        installedView = ancestor
        isBroken = false
        ancestor.layoutState.constraints.append(self)
        ancestor.noteUsesAutoLayout()
        ancestor.markLayoutEngineNeedsSync()
        (firstItem as? UIView)?.superview?.setNeedsLayout()
        firstView.setNeedsLayout()
    }

    private func deactivateOne() {
        guard let view = installedView else { return }
        view.layoutState.constraints.removeAll { $0 === self }
        installedView = nil
        isBroken = false
        view.markLayoutEngineNeedsSync()
        view.setNeedsLayout()
    }

    /// Tells the hierarchy's layout engine that the constant (or, when `structural`, something
    /// the solver must rebuild the constraint for) changed.
    private func noteChange(structural: Bool) {
        guard let view = installedView else { return }
        if structural || isBroken {
            view.markLayoutEngineNeedsSync()
        } else {
            view.layoutEngineHost.layoutState.changedConstants.append(self)
        }
        (firstItem as? UIView)?.superview?.setNeedsLayout()
        view.setNeedsLayout()
    }

    private func diagnose(_ message: String) {
        AnimationEngine.current.diagnosticHandler(message)
    }

    /// The view an item lays out in: the view itself, or a guide's owning view.
    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        if let guide = item as? UILayoutGuide { return guide.owningView }
        return nil
    }

    private static func validate(_ first: AnyObject, _ attr1: Attribute, _ second: AnyObject?, _ attr2: Attribute,
                                 _ multiplier: CGFloat) -> String? {
        guard first is UIView || first is UILayoutGuide else { return "the first item is not a view or layout guide" }
        if let second, !(second is UIView || second is UILayoutGuide) { return "the second item is not a view or layout guide" }
        guard multiplier.isFinite else { return "the multiplier \(multiplier) is not finite" }
        guard attr1 != .notAnAttribute else { return "the first attribute is notAnAttribute" }
        guard second != nil else {
            return attr1.isDimension ? nil
                : "a constraint with no second item must constrain a width or height, not \(attr1.name)"
        }
        guard attr2 != .notAnAttribute else { return "the second attribute is notAnAttribute" }
        if attr1.isDimension != attr2.isDimension {
            return "a location attribute (\(attr1.isDimension ? attr2.name : attr1.name)) cannot be related to a dimension"
        }
        if !attr1.isDimension {
            if attr1.isHorizontal != attr2.isHorizontal { return "\(attr1.name) and \(attr2.name) are on different axes" }
            if attr1.isDirectional != attr2.isDirectional, attr1.isHorizontal, attr1 != .centerX, attr2 != .centerX,
               attr1 != .centerXWithinMargins, attr2 != .centerXWithinMargins {
                return "a leading/trailing attribute cannot be related to a left/right attribute"
            }
        }
        return nil
    }

    static func typeName(_ object: AnyObject) -> String { String(describing: type(of: object)) }

    static func address(_ object: AnyObject) -> String {
        "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
    }

    static func itemName(_ item: AnyObject?) -> String {
        guard let item else { return "nil" }
        if let guide = item as? UILayoutGuide, !guide.identifier.isEmpty { return "'\(guide.identifier)'" }
        return "\(typeName(item)):\(address(item))"
    }

    static func number(_ value: CGFloat) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}

extension NSLayoutConstraint.Attribute {
    /// UIKit's spelling in constraint descriptions.
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }

    var isDimension: Bool { self == .width || self == .height }

    var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
             .trailingMargin, .centerXWithinMargins: true
        default: false
        }
    }

    /// Leading/trailing (as opposed to left/right).
    var isDirectional: Bool {
        switch self {
        case .leading, .trailing, .leadingMargin, .trailingMargin: true
        default: false
        }
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
