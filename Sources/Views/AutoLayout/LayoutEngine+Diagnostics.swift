import Geometry
import Layers

extension LayoutEngine {
    /// Writes UIKit's unsatisfiable-constraints log for `broken`, which the engine leaves out
    /// of the solution (the constraint that was being added or edited when the required
    /// constraints stopped having a solution; all of them are required, so none is of lower
    /// priority than another), listing it with the required constraints it contradicts. A
    /// broken constraint is tried again when its constant or shape changes, when another constraint
    /// leaves the solver, or at its next activation. The log goes to the animation engine's
    /// `diagnosticHandler` as one message.
    func reportUnsatisfiable(_ broken: Key, _ others: [Key]) {
        if case .user(let id) = broken { constraint(id)?.isBroken = true }
        let all = others + [broken]
        let lines = all.map { "    \"\(describe($0))\"" }.joined(separator: ",\n")
        let mentionsMasks = all.contains { key in
            if case .generated(_, let kind) = key { return kind.isAutoresizing }
            return false
        }
        let note = mentionsMasks ? "\n\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, "
            + "refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) " : ""
        let message = """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. \(note)
            (
            \(lines)
            )

            Will attempt to recover by breaking constraint 
            \(describe(broken))

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKit/UIKit.h> may also be helpful.
            """
        AnimationEngine.current.diagnosticHandler(message)
    }

    /// UIKit's description of a constraint in the log: the constraint's own for user
    /// constraints, `NSAutoresizingMaskLayoutConstraint` (with the mask as `h=-&- v=--&`) or
    /// `NSContentSizeLayoutConstraint` for the engine's.
    func describe(_ key: Key) -> String {
        switch key {
        case .user(let id):
            return constraint(id)?.description ?? "<NSLayoutConstraint (deallocated)>"
        case .generated(let id, let kind):
            guard let view = item(id) as? UIView else { return "<NSLayoutConstraint (view deallocated)>" }
            let name = NSLayoutConstraint.itemName(view)
            let frame = view.frame
            func n(_ value: CGFloat) -> String { NSLayoutConstraint.number(value) }
            switch kind {
            case .maskX0, .maskX1, .maskY0, .maskY1:
                let mask = view.autoresizingMask
                func axis(_ lead: UIView.AutoresizingMask, _ size: UIView.AutoresizingMask, _ trail: UIView.AutoresizingMask) -> String {
                    let flexibleTrail = mask.contains(trail) || (!mask.contains(lead) && !mask.contains(size))
                    return (mask.contains(lead) ? "&" : "-") + (mask.contains(size) ? "&" : "-") + (flexibleTrail ? "&" : "-")
                }
                let h = axis(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
                let v = axis(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
                let equation = switch kind {
                case .maskX0: "\(name).minX == \(n(frame.minX))"
                case .maskX1: "\(name).width == \(n(frame.width))"
                case .maskY0: "\(name).minY == \(n(frame.minY))"
                default: "\(name).height == \(n(frame.height))"
                }
                return "<NSAutoresizingMaskLayoutConstraint h=\(h) v=\(v) \(equation)   (active)>"
            case .hugWidth, .resistWidth, .hugHeight, .resistHeight:
                let size = view.intrinsicContentSize
                let horizontal = kind == .hugWidth || kind == .resistWidth
                let axis: NSLayoutConstraint.Axis = horizontal ? .horizontal : .vertical
                return "<NSContentSizeLayoutConstraint \(name).\(horizontal ? "width" : "height") == \(n(horizontal ? size.width : size.height)) "
                    + "Hug:\(view.contentHuggingPriority(for: axis)) CompressionResistance:\(view.contentCompressionResistancePriority(for: axis))   (active)>"
            case .contentX, .contentY:
                return "<NSLayoutConstraint 'UIScrollView-contentLayoutGuide' \(name).content\(kind == .contentX ? "MinX" : "MinY") == 0   (active)>"
            case .pinX, .pinY, .pinWidth, .pinHeight:
                let value = switch kind {
                case .pinX: "minX == 0"
                case .pinY: "minY == 0"
                case .pinWidth: "width == \(n(view.bounds.width))"
                default: "height == \(n(view.bounds.height))"
                }
                return "<NSLayoutConstraint '\(fitting == nil ? "UIView-Encapsulated-Layout" : "UIView-Fitting-Size")' \(name).\(value)   (active)>"
            }
        }
    }
}

extension LayoutEngine.Generated {
    var isAutoresizing: Bool { self == .maskX0 || self == .maskX1 || self == .maskY0 || self == .maskY1 }
}
