import Geometry
import Layers

// The bridge between views and `LinearSolver`. Each item (view or custom layout guide) has
// four variables — minX, minY, width, height — in the coordinate space of the hierarchy's
// topmost view, where a subview's origin is its superview's plus its frame's origin (bounds
// origins are left out, as UIKit's engine leaves a scroll view's offset out of its content's
// constraints). A sync collects the constraints installed in the hierarchy plus the ones the
// engine makes itself (translated autoresizing masks, intrinsic sizes with hugging and
// compression resistance, the topmost view's bounds) and diffs them against what the solver
// holds: unchanged constraints cost a comparison, changed constants are incremental edits, and
// only new shapes are added. A constant changed on an active constraint skips the sync
// altogether (`applyConstantChanges`).

/// A hierarchy's Auto Layout engine, kept by its topmost view across layout passes.
@MainActor
final class LayoutEngine {
    typealias Term = LinearSolver.Term

    /// The view whose bounds are the engine's space; its frame is pinned unless fitting.
    unowned let root: UIView
    /// For `systemLayoutSizeFitting`: the target size and how strongly it is asked for.
    let fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?

    private var solver = LinearSolver()

    /// Tells engines apart in the slots items keep (an engine's address can be reused after it
    /// goes; a serial number is not).
    private static var engineCount = 0
    let serial: Int

    /// An item's four solver variables.
    struct Variables: Equatable {
        let x: Int, y: Int, width: Int, height: Int
    }

    /// The variables an item has in one engine, kept on the item (`ViewLayoutState`,
    /// `UILayoutGuide`) so that the engine finds them with a field read instead of a hash lookup
    /// and a weak load: those, with the retains and releases they bring, were a quarter of the
    /// 300-constraint pass (perf). An item in two engines (a fitting engine beside its window's)
    /// keeps the last one's; the other falls back to `entries`.
    struct Slot {
        var engine: Int
        var variables: Variables
    }

    private struct Entry {
        weak var item: AnyObject?
        let variables: Variables
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    enum Key: Hashable {
        case user(ObjectIdentifier)
        case generated(ObjectIdentifier, Generated)
    }

    /// The constraints the engine makes itself, per view.
    enum Generated: UInt8 {
        case maskX0, maskX1, maskY0, maskY1, hugWidth, resistWidth, hugHeight, resistHeight, pinX, pinY, pinWidth, pinHeight
        /// A scroll view's content area starts at its content origin (keyed by the scroll view).
        case contentX, contentY
    }

    /// The part of a constraint that cannot change without re-adding it.
    struct Shape: Equatable {
        var terms: InlineTerms
        var relation: LinearSolver.Relation
        var strength: LinearSolver.Strength
    }

    private struct Installed {
        var shape: Shape
        var constant: Double
        var solverID: Int?
    }

    private var installed: [Key: Installed] = [:]
    private var keyOfSolverID: [Int: Key] = [:]
    private var userConstraints: [ObjectIdentifier: NSLayoutConstraint] = [:]
    /// Views whose frames the engine sets (translatesAutoresizingMaskIntoConstraints false, not
    /// the root), superviews before subviews. Held weakly, as every view here: the root keeps
    /// the engine.
    private var placedViews: [WeakView] = []
    private var involvedViews: [WeakView] = []
    private var lastApplied: [ObjectIdentifier: CGRect] = [:]
    /// The scroll views whose content area constraints use, with the axes on which they
    /// determine its size (a right or bottom edge, a size or a centre constrained); refilled by
    /// each sync.
    private var contentAreas: [ObjectIdentifier: ContentArea] = [:]

    private struct ContentArea {
        weak var scrollView: UIScrollView?
        var horizontal = false
        var vertical = false
    }

    init(root: UIView, fitting: (size: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority)?) {
        self.root = root
        self.fitting = fitting
        Self.engineCount += 1
        serial = Self.engineCount
    }

    /// The item's rectangle in the root's space, nil when the engine does not know the item.
    func hostRect(of item: AnyObject) -> CGRect? {
        guard let entry = entries[ObjectIdentifier(item)], entry.item === item else { return nil }
        return rect(entry.variables)
    }

    /// `hostRect(of:)` through the view's slot when it is this engine's.
    private func placedRect(of view: UIView) -> CGRect? {
        if let slot = view.layoutStateStorage?.engineSlot, slot.engine == serial { return rect(slot.variables) }
        return hostRect(of: view)
    }

    private func rect(_ v: Variables) -> CGRect {
        CGRect(x: solver.value(of: v.x), y: solver.value(of: v.y), width: solver.value(of: v.width), height: solver.value(of: v.height))
    }

    func isAmbiguous(_ item: AnyObject, horizontal: Bool) -> Bool {
        guard let entry = entries[ObjectIdentifier(item)], entry.item === item else { return false }
        let v = entry.variables
        return horizontal ? solver.isAmbiguous(v.x) || solver.isAmbiguous(v.width)
            : solver.isAmbiguous(v.y) || solver.isAmbiguous(v.height)
    }

    func constraint(_ id: ObjectIdentifier) -> NSLayoutConstraint? { userConstraints[id] }

    func item(_ id: ObjectIdentifier) -> AnyObject? { entries[id]?.item }

    private func entry(_ item: AnyObject) -> Variables {
        let id = ObjectIdentifier(item)
        if let existing = entries[id], existing.item === item { return existing.variables }
        let made = Variables(x: solver.makeVariable(), y: solver.makeVariable(), width: solver.makeVariable(),
                             height: solver.makeVariable())
        entries[id] = Entry(item: item, variables: made)
        return made
    }

    private func variables(of view: UIView) -> Variables {
        let state = view.layoutState
        if let slot = state.engineSlot, slot.engine == serial { return slot.variables }
        let found = entry(view)
        state.engineSlot = Slot(engine: serial, variables: found)
        return found
    }

    private func variables(of guide: UILayoutGuide) -> Variables {
        if let slot = guide.engineSlot, slot.engine == serial { return slot.variables }
        let found = entry(guide)
        guide.engineSlot = Slot(engine: serial, variables: found)
        return found
    }

    private struct Collected {
        var constraints: [NSLayoutConstraint] = []
        var views: [UIView] = []
        var viewIDs: Set<ObjectIdentifier> = []
        var guides: [UILayoutGuide] = []
    }

    private func collect(_ view: UIView, into collected: inout Collected) {
        guard let state = view.layoutStateStorage, state.usesAutoLayoutBelow || view === root else { return }
        for constraint in state.constraints { collected.constraints.append(constraint) }
        for subview in view.subviewStorage { collect(subview, into: &collected) }
    }

    private func involve(_ view: UIView, _ collected: inout Collected) {
        var current: UIView? = view
        while let candidate = current, collected.viewIDs.insert(ObjectIdentifier(candidate)).inserted {
            collected.views.append(candidate)
            if candidate === root { break }
            current = candidate.superviewStorage
        }
    }

    /// Rebuilds the solver's view of the hierarchy (incrementally) and solves.
    func sync() {
        var collected = Collected()
        collect(root, into: &collected)
        involve(root, &collected)
        func involveItem(_ item: AnyObject?) {
            if let view = item as? UIView {
                involve(view, &collected)
            } else if let guide = item as? UILayoutGuide, let owner = guide.owningView {
                involve(owner, &collected)
                if guide.kind == .custom, !collected.guides.contains(where: { $0 === guide }) { collected.guides.append(guide) }
            }
        }
        for constraint in collected.constraints {
            involveItem(constraint.firstItem)
            involveItem(constraint.secondItem)
        }
        for view in involvedViews { view.view?.layoutStateStorage?.isInEngine = false }
        var desired: [(Key, Shape, Double)] = []
        contentAreas = [:]
        var depthOrdered: [(depth: Int, view: UIView)] = []
        for view in collected.views {
            view.layoutState.isInEngine = true
            generateConstraints(for: view, into: &desired)
            if view !== root, !view.translatesAutoresizingMaskIntoConstraints {
                depthOrdered.append((depth(of: view), view))
            }
        }
        involvedViews = collected.views.map { WeakView(view: $0) }
        placedViews = depthOrdered.sorted { $0.depth < $1.depth }.map { WeakView(view: $0.view) }
        var users: [ObjectIdentifier: NSLayoutConstraint] = [:]
        for constraint in collected.constraints {
            let id = ObjectIdentifier(constraint)
            users[id] = constraint
            if let (shape, constant) = equation(of: constraint) {
                desired.append((.user(id), shape, constant))
            } else {
                constraint.isBroken = false
            }
        }
        userConstraints = users
        for (id, area) in contentAreas {
            guard let scrollView = area.scrollView else { continue }
            let e = variables(of: scrollView), g = variables(of: scrollView.contentLayoutGuide)
            func pin(_ kind: Generated, _ a: Int, _ b: Int) {
                desired.append((.generated(id, kind), Shape(terms: [Term(variable: a, coefficient: 1), Term(variable: b, coefficient: -1)],
                                                            relation: .equal, strength: .required), 0))
            }
            pin(.contentX, g.x, e.x)
            pin(.contentY, g.y, e.y)
        }
        apply(desired)
        var dead: [ObjectIdentifier] = []
        for (id, entry) in entries where entry.item == nil { dead.append(id) }
        for id in dead { entries.removeValue(forKey: id) }
    }

    private func depth(of view: UIView) -> Int {
        var depth = 0
        var current = view.superviewStorage
        while let parent = current, parent !== root.superviewStorage { depth += 1; current = parent.superviewStorage }
        return depth
    }

    /// Brings the solver to `desired`: removes what is gone, edits changed constants, re-adds
    /// changed shapes, in the order given (engine constraints of a view before user constraints).
    private func apply(_ desired: [(Key, Shape, Double)]) {
        var wanted: Set<Key> = []
        wanted.reserveCapacity(desired.count)
        for (key, _, _) in desired { wanted.insert(key) }
        var removedAny = false
        for (key, old) in installed where !wanted.contains(key) {
            removedAny = true
            if let id = old.solverID {
                solver.removeConstraint(id)
                keyOfSolverID.removeValue(forKey: id)
            }
            installed.removeValue(forKey: key)
        }
        for (key, shape, constant) in desired {
            if let old = installed[key], old.shape == shape, old.solverID != nil {
                editConstant(key, constant, old)
                continue
            }
            if let old = installed[key], let id = old.solverID {
                solver.removeConstraint(id)
                keyOfSolverID.removeValue(forKey: id)
                removedAny = true
            }
            add(key, shape, constant)
        }
        // With a constraint gone, a broken one may fit again; a retry that fails stays quiet
        // (it was reported when it broke).
        guard removedAny else { return }
        for (key, shape, constant) in desired where installed[key]?.solverID == nil {
            add(key, shape, constant, reporting: false)
        }
    }

    private func add(_ key: Key, _ shape: Shape, _ constant: Double, reporting: Bool = true) {
        do {
            let id = try solver.addConstraint(Array(shape.terms), constant: constant, relation: shape.relation, strength: shape.strength)
            installed[key] = Installed(shape: shape, constant: constant, solverID: id)
            keyOfSolverID[id] = key
            if case .user(let uid) = key { userConstraints[uid]?.isBroken = false }
        } catch {
            installed[key] = Installed(shape: shape, constant: constant, solverID: nil)
            if reporting { reportUnsatisfiable(key, error.conflicting.dropFirst().compactMap { keyOfSolverID[$0] }) }
        }
    }

    /// Applies the constants of active constraints changed since the last pass, without a sync.
    func applyConstantChanges(_ changed: [NSLayoutConstraint]) {
        for constraint in changed {
            let key = Key.user(ObjectIdentifier(constraint))
            guard userConstraints[ObjectIdentifier(constraint)] === constraint, let (shape, constant) = equation(of: constraint),
                  let old = installed[key], old.shape == shape else {
                root.layoutState.engineNeedsSync = true
                continue
            }
            if old.solverID == nil {
                if old.constant != constant { add(key, shape, constant) }
            } else {
                editConstant(key, constant, old)
            }
        }
        if root.layoutStateStorage?.engineNeedsSync == true {
            root.layoutState.engineNeedsSync = false
            sync()
        }
    }

    /// An incremental edit of an installed constraint's constant; a contradiction breaks it.
    private func editConstant(_ key: Key, _ constant: Double, _ old: Installed) {
        guard old.constant != constant, let id = old.solverID else { return }
        installed[key]!.constant = constant
        do {
            try solver.setConstant(id, constant)
        } catch {
            keyOfSolverID.removeValue(forKey: id)
            installed[key]!.solverID = nil
            reportUnsatisfiable(key, error.conflicting.dropFirst().compactMap { keyOfSolverID[$0] })
        }
    }

    /// A linear form `Σ terms + constant` for an attribute of an item.
    struct Linear {
        var terms: InlineTerms
        var constant: Double
    }

    private func linear(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute) -> Linear? {
        var insets = UIEdgeInsets.zero
        let base: AnyObject
        let view: UIView?
        var marginsOf: UIView?
        let e: Variables
        if let guide = item as? UILayoutGuide {
            switch guide.kind {
            case .custom:
                base = guide
                view = nil
            case .scrollContent:
                guard let owner = guide.owningView as? UIScrollView else { return nil }
                base = guide
                view = nil
                marginsOf = owner
                noteContentArea(of: owner, attribute)
            case .scrollFrame:
                guard let owner = guide.owningView else { return nil }
                base = owner
                view = owner
                // The frame in content coordinates: the bounds' origin is the scroll offset.
                let offset = owner.bounds.origin
                insets = UIEdgeInsets(top: offset.y, left: offset.x, bottom: -offset.y, right: -offset.x)
                if attribute.isPositional { owner.layoutState.scrollFrameGuidePlacesViews = true }
            case .margins:
                guard let owner = guide.owningView else { return nil }
                base = owner
                view = owner
                insets = owner.layoutMargins
            case .safeArea:
                guard let owner = guide.owningView else { return nil }
                base = owner
                view = owner
                insets = owner.safeAreaInsets
            }
            e = view.map(variables(of:)) ?? variables(of: guide)
        } else if let itemView = item as? UIView {
            base = itemView
            view = itemView
            e = variables(of: itemView)
        } else {
            base = item
            view = nil
            e = entry(item)
        }
        var attribute = attribute
        if let view = view ?? marginsOf, let plain = attribute.withoutMargins {
            let margins = view.layoutMargins
            insets.top += margins.top
            insets.left += margins.left
            insets.bottom += margins.bottom
            insets.right += margins.right
            attribute = plain
        } else if let plain = attribute.withoutMargins {
            attribute = plain
        }
        let l = Double(insets.left), r = Double(insets.right), t = Double(insets.top), b = Double(insets.bottom)
        func t1(_ v: Int, _ c: Double = 1) -> Term { Term(variable: v, coefficient: c) }
        switch attribute {
        case .left, .leading: return Linear(terms: [t1(e.x)], constant: l)
        case .right, .trailing: return Linear(terms: [t1(e.x), t1(e.width)], constant: -r)
        case .width: return Linear(terms: [t1(e.width)], constant: -l - r)
        case .centerX: return Linear(terms: [t1(e.x), t1(e.width, 0.5)], constant: (l - r) / 2)
        case .top: return Linear(terms: [t1(e.y)], constant: t)
        case .bottom: return Linear(terms: [t1(e.y), t1(e.height)], constant: -b)
        case .height: return Linear(terms: [t1(e.height)], constant: -t - b)
        case .centerY: return Linear(terms: [t1(e.y), t1(e.height, 0.5)], constant: (t - b) / 2)
        case .firstBaseline, .lastBaseline:
            guard let label = base as? UILabel else {
                return attribute == .firstBaseline ? Linear(terms: [t1(e.y)], constant: 0)
                    : Linear(terms: [t1(e.y), t1(e.height)], constant: 0)
            }
            // The text block is centred vertically: baseline = top + height/2 − block/2 + offset.
            let metrics = label.baselineMetrics
            let offset = attribute == .firstBaseline ? metrics.first : metrics.last
            return Linear(terms: [t1(e.y), t1(e.height, 0.5)], constant: Double(offset - metrics.height / 2))
        default: return nil
        }
    }

    /// UIKit's rule for a scroll view: an edge (or margin) of it constrained to a view inside it
    /// means the edge of its content area; its size and centre mean its frame.
    private static func contentArea(_ item: AnyObject, _ attribute: NSLayoutConstraint.Attribute, beside other: AnyObject?) -> AnyObject {
        guard let scrollView = item as? UIScrollView, attribute.isEdge, let inner = NSLayoutConstraint.view(of: other),
              inner !== scrollView, inner.isDescendant(of: scrollView) else { return item }
        return scrollView.contentLayoutGuide
    }

    private func noteContentArea(of scrollView: UIScrollView, _ attribute: NSLayoutConstraint.Attribute) {
        let id = ObjectIdentifier(scrollView)
        var area = contentAreas[id] ?? ContentArea(scrollView: scrollView)
        switch attribute.withoutMargins ?? attribute {
        case .right, .trailing, .width, .centerX: area.horizontal = true
        case .bottom, .height, .centerY, .lastBaseline: area.vertical = true
        default: break
        }
        contentAreas[id] = area
    }

    /// `first − multiplier × second − constant (relation) 0`, or nil for a constraint that
    /// cannot take part (invalid, an item gone, a constant that is not finite).
    private func equation(of constraint: NSLayoutConstraint) -> (Shape, Double)? {
        guard constraint.invalidReason == nil, constraint.constant.isFinite, let first = constraint.firstItem,
              var lhs = linear(Self.contentArea(first, constraint.firstAttribute, beside: constraint.secondItem),
                               constraint.firstAttribute) else { return nil }
        lhs.constant -= Double(constraint.constant)
        if let second = constraint.secondItem {
            guard let rhs = linear(Self.contentArea(second, constraint.secondAttribute, beside: first),
                                   constraint.secondAttribute) else { return nil }
            let m = Double(constraint.multiplier)
            for term in rhs.terms { lhs.terms.append(Term(variable: term.variable, coefficient: -m * term.coefficient)) }
            lhs.constant -= m * rhs.constant
        }
        let relation: LinearSolver.Relation = switch constraint.relation {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return (Shape(terms: lhs.terms, relation: relation, strength: .init(priority: constraint.priority.rawValue)), lhs.constant)
    }

    /// The engine's own constraints for `view`: the root's pinned frame (the fitting target
    /// instead when fitting), a translated autoresizing mask, or the intrinsic size with
    /// hugging and compression resistance.
    private func generateConstraints(for view: UIView, into desired: inout [(Key, Shape, Double)]) {
        let e = variables(of: view)
        let id = ObjectIdentifier(view)
        func put(_ kind: Generated, _ terms: InlineTerms, _ constant: Double, _ relation: LinearSolver.Relation = .equal,
                 _ strength: LinearSolver.Strength = .required) {
            desired.append((.generated(id, kind), Shape(terms: terms, relation: relation, strength: strength), constant))
        }
        func one(_ v: Int) -> InlineTerms { [Term(variable: v, coefficient: 1)] }
        if view === root {
            put(.pinX, one(e.x), 0)
            put(.pinY, one(e.y), 0)
            if let fitting {
                put(.pinWidth, one(e.width), -Double(fitting.size.width), .equal, .init(priority: fitting.horizontal.rawValue))
                put(.pinHeight, one(e.height), -Double(fitting.size.height), .equal, .init(priority: fitting.vertical.rawValue))
            } else {
                put(.pinWidth, one(e.width), -Double(view.bounds.width))
                put(.pinHeight, one(e.height), -Double(view.bounds.height))
            }
            return
        }
        if view.translatesAutoresizingMaskIntoConstraints {
            guard let superview = view.superviewStorage else { return }
            let s = variables(of: superview)
            let frame = view.frame, size = superview.bounds.size
            let mask = view.autoresizingMask
            for (axis, (origin, extent, superExtent)) in [(0, (frame.minX, frame.width, size.width)),
                                                          (1, (frame.minY, frame.height, size.height))] {
                let v = axis == 0 ? (e.x, e.width, s.x, s.width) : (e.y, e.height, s.y, s.height)
                let lead = mask.contains(axis == 0 ? .flexibleLeftMargin : .flexibleTopMargin)
                let flexSize = mask.contains(axis == 0 ? .flexibleWidth : .flexibleHeight)
                let trail = mask.contains(axis == 0 ? .flexibleRightMargin : .flexibleBottomMargin)
                let equations = Self.autoresizing(origin: Double(origin), extent: Double(extent), superExtent: Double(superExtent),
                                                  lead: lead, size: flexSize, trail: trail, variables: v)
                put(axis == 0 ? .maskX0 : .maskY0, equations.0.terms, equations.0.constant)
                put(axis == 0 ? .maskX1 : .maskY1, equations.1.terms, equations.1.constant)
            }
            return
        }
        let intrinsic = view.intrinsicContentSize
        if intrinsic.width != UIView.noIntrinsicMetric, intrinsic.width.isFinite, intrinsic.width >= 0 {
            let w = -Double(intrinsic.width)
            put(.hugWidth, one(e.width), w, .lessThanOrEqual, .init(priority: view.contentHuggingPriority(for: .horizontal).rawValue))
            put(.resistWidth, one(e.width), w, .greaterThanOrEqual,
                .init(priority: view.contentCompressionResistancePriority(for: .horizontal).rawValue))
        }
        if intrinsic.height != UIView.noIntrinsicMetric, intrinsic.height.isFinite, intrinsic.height >= 0 {
            let h = -Double(intrinsic.height)
            put(.hugHeight, one(e.height), h, .lessThanOrEqual, .init(priority: view.contentHuggingPriority(for: .vertical).rawValue))
            put(.resistHeight, one(e.height), h, .greaterThanOrEqual,
                .init(priority: view.contentCompressionResistancePriority(for: .vertical).rawValue))
        }
    }

    /// UIKit's translation of one axis of an autoresizing mask into two equations, each
    /// `Σ terms + constant = 0`, over (origin, size, superview origin, superview size). Fixed
    /// parts keep their length; flexible parts share the superview's size in the proportions
    /// they have now (as `autoresize(superviewSizeChangedFrom:to:)` shares a change).
    static func autoresizing(origin: Double, extent: Double, superExtent: Double, lead: Bool, size: Bool, trail: Bool,
                             variables v: (Int, Int, Int, Int)) -> (Linear, Linear) {
        typealias L = Linear
        func t(_ variable: Int, _ c: Double) -> Term { Term(variable: variable, coefficient: c) }
        let (x, w, sx, sw) = v
        let trailing = superExtent - origin - extent
        // x = sx + origin (left fixed) as `x − sx − origin = 0`.
        let leftFixed = L(terms: [t(x, 1), t(sx, -1)], constant: -origin)
        let widthFixed = L(terms: [t(w, 1)], constant: -extent)
        // x + w = sx + sw − trailing.
        let rightFixed = L(terms: [t(x, 1), t(w, 1), t(sx, -1), t(sw, -1)], constant: trailing)
        switch (lead, size, trail) {
        case (false, false, _): return (leftFixed, widthFixed)
        case (true, false, false): return (rightFixed, widthFixed)
        case (false, true, false): return (leftFixed, rightFixed)
        case (true, true, false):
            // Right margin fixed; left margin and width share sw − trailing.
            let share = origin + extent > 0 ? extent / (origin + extent) : 0.5
            return (rightFixed, L(terms: [t(w, 1), t(sw, -share)], constant: share * trailing))
        case (false, true, true):
            let share = superExtent - origin > 0 ? extent / (superExtent - origin) : 0.5
            return (leftFixed, L(terms: [t(w, 1), t(sw, -share)], constant: share * origin))
        case (true, false, true):
            // Width fixed; the margins share sw − extent: centre at its proportion.
            let margins = superExtent - extent
            let share = margins > 0 ? origin / margins : 0.5
            return (widthFixed, L(terms: [t(x, 1), t(sx, -1), t(sw, -share)], constant: share * extent))
        case (true, true, true):
            guard superExtent > 0 else { return (L(terms: [t(x, 1), t(sx, -1), t(sw, -1.0 / 3)], constant: 0),
                                                 L(terms: [t(w, 1), t(sw, -1.0 / 3)], constant: 0)) }
            return (L(terms: [t(x, 1), t(sx, -1), t(sw, -origin / superExtent)], constant: 0),
                    L(terms: [t(w, 1), t(sw, -extent / superExtent)], constant: 0))
        }
    }

    /// Sets the frames of the views constraints place, superviews first, rounded to whole
    /// points (each edge rounded, so adjacent views stay adjacent). A frame is set only when the
    /// solution moved it since the engine last set it, so a frame a `layoutSubviews()` override
    /// adjusted stays until the constraints say otherwise.
    func applyFrames() {
        for placed in placedViews {
            guard let view = placed.view, let superview = view.superviewStorage, let rect = placedRect(of: view),
                  let parent = placedRect(of: superview) else { continue }
            let minX = (rect.minX - parent.minX).rounded(), minY = (rect.minY - parent.minY).rounded()
            let maxX = (rect.maxX - parent.minX).rounded(), maxY = (rect.maxY - parent.minY).rounded()
            let frame = CGRect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
            let id = ObjectIdentifier(view)
            guard lastApplied[id] != frame else { continue }
            lastApplied[id] = frame
            if view.frame != frame { view.frame = frame }
        }
        for area in contentAreas.values where area.horizontal || area.vertical {
            guard let scrollView = area.scrollView, let slot = scrollView.contentLayoutGuide.engineSlot, slot.engine == serial else { continue }
            let content = rect(slot.variables)
            var size = scrollView.contentSize
            if area.horizontal { size.width = max(0, content.width.rounded()) }
            if area.vertical { size.height = max(0, content.height.rounded()) }
            if size != scrollView.contentSize { scrollView.contentSize = size }
        }
    }
}

extension NSLayoutConstraint.Attribute {
    /// An edge of the rectangle, or of its margins.
    var isEdge: Bool {
        switch withoutMargins ?? self {
        case .left, .right, .top, .bottom, .leading, .trailing: true
        default: false
        }
    }

    /// An attribute that depends on where the rectangle is (every one but width and height).
    var isPositional: Bool { self != .width && self != .height && self != .notAnAttribute }

    /// The plain attribute a margin attribute stands for (nil for the others).
    var withoutMargins: NSLayoutConstraint.Attribute? {
        switch self {
        case .leftMargin: .left
        case .rightMargin: .right
        case .topMargin: .top
        case .bottomMargin: .bottom
        case .leadingMargin: .leading
        case .trailingMargin: .trailing
        case .centerXWithinMargins: .centerX
        case .centerYWithinMargins: .centerY
        default: nil
        }
    }
}
