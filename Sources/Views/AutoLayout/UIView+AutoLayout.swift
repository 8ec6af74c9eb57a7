import Geometry

extension NSLayoutConstraint {
    /// A layout axis, for hugging, compression resistance and ambiguity queries (UIKit's raw values).
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}

extension UIView {
    /// The layout state, made on first use.
    var layoutState: ViewLayoutState {
        if let layoutStateStorage { return layoutStateStorage }
        let made = ViewLayoutState(defaultHugging: Self.defaultContentHugging)
        layoutStateStorage = made
        return made
    }

    /// Whether the view's frame and `autoresizingMask` become constraints when it takes part in
    /// Auto Layout. True for views made in code, as in UIKit; set it to false for a view that
    /// constraints place. With true, the engine pins the view where its frame is (relative to
    /// its superview, flexible as its mask says) and never sets the frame itself.
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { layoutStateStorage?.translatesAutoresizingMask ?? true }
        set {
            guard newValue != translatesAutoresizingMaskIntoConstraints else { return }
            layoutState.translatesAutoresizingMask = newValue
            markLayoutEngineNeedsSync()
            superview?.setNeedsLayout()
        }
    }

    /// The constraints installed on this view: those it is the nearest common ancestor of the
    /// items of, or added with `addConstraint(_:)`.
    public var constraints: [NSLayoutConstraint] { layoutStateStorage?.constraints ?? [] }

    /// Installs `constraint` on this view, which must be an ancestor of (or one of) its items;
    /// otherwise it is installed on their nearest common ancestor, as activating it does.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.activate(installingOn: self)
    }

    /// `addConstraint(_:)` for each of `constraints`, in order.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Deactivates `constraint` when it is installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.installedView === self { constraint.isActive = false }
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    /// The priority with which the view resists growing beyond its intrinsic size along `axis`.
    /// Default `.defaultLow` (250); labels 251, as in UIKit.
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = layoutStateStorage else { return Self.defaultContentHugging }
        return axis == .horizontal ? state.hugging.horizontal : state.hugging.vertical
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { layoutState.hugging.horizontal = priority } else { layoutState.hugging.vertical = priority }
        markLayoutEngineNeedsSync()
    }

    /// The priority with which the view resists shrinking below its intrinsic size along `axis`.
    /// Default `.defaultHigh` (750).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        guard let state = layoutStateStorage else { return .defaultHigh }
        return axis == .horizontal ? state.compressionResistance.horizontal : state.compressionResistance.vertical
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal {
            layoutState.compressionResistance.horizontal = priority
        } else {
            layoutState.compressionResistance.vertical = priority
        }
        markLayoutEngineNeedsSync()
    }

    /// Tells the layout engine that `intrinsicContentSize` changed; it is read again at the next
    /// layout pass.
    public func invalidateIntrinsicContentSize() {
        if let stack = superviewStorage as? UIStackView, stack.distribution == .fillProportionally,
           stack.arrangedSubviews.contains(where: { $0 === self }) {
            stack.invalidateArrangement()
        }
        guard layoutStateStorage?.isInEngine == true else { return }
        markLayoutEngineNeedsSync()
        superview?.setNeedsLayout()
    }

    /// Asks for `updateConstraints()` at the next layout pass.
    public func setNeedsUpdateConstraints() {
        layoutState.needsUpdateConstraints = true
        noteUsesAutoLayout()
        setNeedsLayout()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { layoutStateStorage?.needsUpdateConstraints ?? true }

    /// Runs `updateConstraints()` now on this view and its subviews that need it, subviews first.
    public func updateConstraintsIfNeeded() {
        for subview in subviewStorage { subview.updateConstraintsIfNeeded() }
        if layoutStateStorage?.needsUpdateConstraints ?? true {
            updateConstraints()
            layoutState.needsUpdateConstraints = false
        }
    }

    /// The `targetSize` asking for the smallest size the constraints allow: zero.
    nonisolated public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The `targetSize` asking for the largest size: 10⁷ points each way, UIKit's value.
    nonisolated public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// The size the constraints of this view and its subtree give it when it is asked to be
    /// `targetSize` at `.fittingSizeLevel` (50) along both axes; the view is not changed.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the constraints of this view and its subtree give it with its width asked to be
    /// `targetSize.width` at `horizontalFittingPriority` and its height at
    /// `verticalFittingPriority`. The view's own frame pins nothing; constraints between the
    /// subtree and views outside it are left out, as in UIKit.
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                        verticalFittingPriority: UILayoutPriority) -> CGSize {
        updateConstraintsIfNeeded()
        let engine = LayoutEngine(root: self, fitting: (targetSize, horizontalFittingPriority, verticalFittingPriority))
        engine.sync()
        return engine.hostRect(of: self)?.size ?? targetSize
    }

    /// Whether the constraints leave the view's frame free to move or resize (without anything
    /// of any priority noticing).
    public var hasAmbiguousLayout: Bool {
        guard let engine = layoutEngineHost.layoutStateStorage?.engine else { return false }
        return engine.isAmbiguous(self, horizontal: true) || engine.isAmbiguous(self, horizontal: false)
    }

    /// The active constraints involving the view along `axis` (UIKit's debugging aid; here
    /// every one that names the view or its margins, not only those that end up deciding).
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        Self.constraintsAffecting(self, horizontal: axis == .horizontal)
    }

    static func constraintsAffecting(_ item: AnyObject, horizontal: Bool) -> [NSLayoutConstraint] {
        guard let view = NSLayoutConstraint.view(of: item) else { return [] }
        var found: [NSLayoutConstraint] = []
        var current: UIView? = view
        while let ancestor = current {
            for constraint in ancestor.layoutStateStorage?.constraints ?? [] where constraint.firstAttribute.isHorizontal == horizontal {
                let names = { (other: AnyObject?) in
                    other === item || ((other as? UILayoutGuide)?.kind != .custom && (other as? UILayoutGuide)?.owningView === item)
                }
                if names(constraint.firstItem) || names(constraint.secondItem) { found.append(constraint) }
            }
            current = ancestor.superviewStorage
        }
        return found
    }

    func layoutMarginsStorageDidChange() {
        markLayoutEngineNeedsSync()
        setNeedsLayout()
        layoutMarginsDidChange()
    }

    /// The guide for the bounds inset by `layoutMargins`.
    public var layoutMarginsGuide: UILayoutGuide {
        if let guide = layoutState.marginsGuide { return guide }
        let made = UILayoutGuide(kind: .margins, owningView: self)
        layoutState.marginsGuide = made
        return made
    }

    /// The guide for the part of the view nothing covers: the bounds inset by `safeAreaInsets`
    /// (the bars of the containers above; a Kinescope window itself has no status bar, notch or
    /// home indicator).
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = layoutState.safeAreaGuide { return guide }
        let made = UILayoutGuide(kind: .safeArea, owningView: self)
        layoutState.safeAreaGuide = made
        return made
    }

    /// The guides added with `addLayoutGuide(_:)`.
    public var layoutGuides: [UILayoutGuide] { layoutStateStorage?.guides ?? [] }

    /// Makes the view the guide's owning view (taking it from its previous one).
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.kind == .custom else { return }
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutState.guides.append(layoutGuide)
        layoutGuide.owningView = self
    }

    /// Removes the guide, deactivating the constraints that use it.
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard let state = layoutStateStorage, state.guides.contains(where: { $0 === layoutGuide }) else { return }
        deactivateConstraints { $0 === layoutGuide }
        state.guides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
        markLayoutEngineNeedsSync()
    }

    /// The view's edges, centre and size as anchors (leading/trailing are left/right: layout is left to right here).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The first line's baseline for a label; the top for other views.
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    /// The last line's baseline for a label; the bottom for other views.
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// The topmost view of the hierarchy: where its layout engine lives.
    var layoutEngineHost: UIView {
        var host = self
        while let parent = host.superviewStorage { host = parent }
        return host
    }

    /// Marks this view and its ancestors as holding constraints, so layout passes look here.
    func noteUsesAutoLayout() {
        var current: UIView? = self
        while let view = current, !view.layoutState.usesAutoLayoutBelow {
            view.layoutState.usesAutoLayoutBelow = true
            current = view.superviewStorage
        }
    }

    /// Tells the hierarchy's engine to rebuild its constraints at the next pass.
    func markLayoutEngineNeedsSync() {
        let host = layoutEngineHost
        guard host.layoutStateStorage?.usesAutoLayoutBelow == true else { return }
        host.layoutState.engineNeedsSync = true
        host.layer.setNeedsLayout()
    }

    func nearestCommonAncestor(with other: UIView) -> UIView? {
        var current: UIView? = self
        while let candidate = current {
            if candidate.isAncestor(of: other) { return candidate }
            current = candidate.superviewStorage
        }
        return nil
    }

    /// Deactivates the constraints installed on this view and its ancestors for which `names`
    /// holds of an item.
    func deactivateConstraints(naming names: (AnyObject) -> Bool) {
        var current: UIView? = self
        while let view = current {
            for constraint in view.layoutStateStorage?.constraints ?? [] {
                if let first = constraint.firstItem, names(first) { constraint.isActive = false; continue }
                if let second = constraint.secondItem, names(second) { constraint.isActive = false }
            }
            current = view.superviewStorage
        }
    }

    /// Called as the view leaves its superview: as in UIKit, constraints that tie the view's
    /// subtree to views outside it are deactivated.
    func deactivateConstraintsLeaving(_ parent: UIView) {
        guard parent.layoutStateStorage?.usesAutoLayoutBelow == true else { return }
        parent.deactivateConstraints { item in
            guard let view = NSLayoutConstraint.view(of: item) else { return false }
            return self.isAncestor(of: view)
        }
        parent.markLayoutEngineNeedsSync()
        if let engine = layoutStateStorage?.engine, engine.root === self { layoutState.engine = nil }
    }

    /// Called as the view joins `parent`: a subtree with constraints makes the new hierarchy use
    /// them, and an engine the subtree had as its own hierarchy is dropped.
    func joinLayoutHierarchy(_ parent: UIView) {
        guard let state = layoutStateStorage, state.usesAutoLayoutBelow else { return }
        state.engine = nil
        state.changedConstants = []
        state.usesAutoLayoutBelow = false
        noteUsesAutoLayout()
        markLayoutEngineNeedsSync()
    }

    /// Called by the frame, bounds and centre setters: the engine reads the frames of views it
    /// pins (translated autoresizing masks, the topmost view).
    func layoutFrameDidChange() {
        guard let state = layoutStateStorage, state.isInEngine,
              state.translatesAutoresizingMask || superviewStorage == nil else { return }
        markLayoutEngineNeedsSync()
    }

    /// The layout pass's first step: update constraints and solve, from the topmost view of the
    /// hierarchy, then set the frames of the views constraints place. A hierarchy that never
    /// had a constraint returns after a walk up its superviews.
    func runLayoutEngineIfNeeded() {
        let host = layoutEngineHost
        guard let state = host.layoutStateStorage, state.usesAutoLayoutBelow else { return }
        host.updateConstraintsIfNeeded()
        let engine: LayoutEngine
        if let existing = state.engine, existing.root === host {
            engine = existing
        } else {
            engine = LayoutEngine(root: host, fitting: nil)
            state.engine = engine
            state.engineNeedsSync = true
        }
        if state.engineNeedsSync {
            state.engineNeedsSync = false
            state.changedConstants = []
            engine.sync()
        } else if !state.changedConstants.isEmpty {
            let changed = state.changedConstants
            state.changedConstants = []
            engine.applyConstantChanges(changed)
        } else {
            return
        }
        engine.applyFrames()
    }
}
