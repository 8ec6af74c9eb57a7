import Geometry

extension UIView {
    /// Marks the view for `layoutSubviews()` before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        layer.setNeedsLayout()
    }

    /// Lays out now whatever is marked, as Core Animation's `layoutIfNeeded()`: it climbs the
    /// superviews while they need layout, then from the topmost of those runs `layoutSubviews()`
    /// on every marked view of the subtree, each before its subviews. For a view controller's
    /// root view, the controller's `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` run
    /// just before and after its `layoutSubviews()`. In a hierarchy that uses constraints, the
    /// pass starts with Auto Layout: `updateConstraints()` where due, the solver, and the frames of
    /// the views constraints place (inside an animation block, those frame changes animate).
    ///
    /// The walk also brings each view's `safeAreaInsets` up to date, top-down; when some changed,
    /// constraints that use them are solved again and the walk repeats (at most twice more), so
    /// the pass ends with frames that agree with the safe area.
    public func layoutIfNeeded() {
        for _ in 0..<3 {
            runLayoutEngineIfNeeded()
            var root = self
            while let parent = root.superviewStorage, parent.needsLayout { root = parent }
            var safeAreaChanged = false
            root.layoutSubtreeIfNeeded(safeAreaChanged: &safeAreaChanged)
            guard safeAreaChanged, let state = layoutEngineHost.layoutStateStorage, state.usesAutoLayoutBelow,
                  state.engineNeedsSync || !state.changedConstants.isEmpty else { return }
        }
    }

    private func layoutSubtreeIfNeeded(safeAreaChanged: inout Bool) {
        if refreshSafeAreaInsets() { safeAreaChanged = true }
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for subview in subviewStorage { subview.layoutSubtreeIfNeeded(safeAreaChanged: &safeAreaChanged) }
    }

    /// Resizes per `autoresizingMask` after the superview's bounds went from `old` to `new`.
    ///
    /// As UIKit documents, when several parts along an axis (leading margin, size, trailing
    /// margin) are flexible, the size difference is shared among them in proportion to their
    /// current sizes, so a view keeps its place relative to the flexible parts. Where Apple is
    /// silent: when the flexible parts all measure zero the difference is shared equally, a
    /// margin outside the superview counts as zero, the size stops at zero, and nothing is
    /// rounded to whole points.
    func autoresize(superviewSizeChangedFrom old: CGSize, to new: CGSize) {
        guard !autoresizingMask.isEmpty else { return }
        var f = frame
        let superOrigin = superviewStorage?.bounds.origin ?? .zero
        func share(_ delta: CGFloat, oldExtent: CGFloat, superOrigin: CGFloat, _ flexibleLead: Bool, _ flexibleSize: Bool,
                   _ flexibleTrail: Bool, _ origin: inout CGFloat, _ size: inout CGFloat) {
            let lead = max(0, origin - superOrigin), trail = max(0, superOrigin + oldExtent - origin - size)
            let parts: [(flexible: Bool, length: CGFloat)] = [(flexibleLead, lead), (flexibleSize, max(0, size)),
                                                              (flexibleTrail, trail)]
            let flexibleCount = parts.filter(\.flexible).count
            guard delta != 0, flexibleCount > 0 else { return }
            let total = parts.reduce(0) { $0 + ($1.flexible ? $1.length : 0) }
            func portion(_ part: (flexible: Bool, length: CGFloat)) -> CGFloat {
                guard part.flexible else { return 0 }
                return total > 0 ? delta * part.length / total : delta / CGFloat(flexibleCount)
            }
            origin += portion(parts[0])
            size = max(0, size + portion(parts[1]))
        }
        share(new.width - old.width, oldExtent: old.width, superOrigin: superOrigin.x,
              autoresizingMask.contains(.flexibleLeftMargin), autoresizingMask.contains(.flexibleWidth),
              autoresizingMask.contains(.flexibleRightMargin), &f.origin.x, &f.size.width)
        share(new.height - old.height, oldExtent: old.height, superOrigin: superOrigin.y,
              autoresizingMask.contains(.flexibleTopMargin), autoresizingMask.contains(.flexibleHeight),
              autoresizingMask.contains(.flexibleBottomMargin), &f.origin.y, &f.size.height)
        frame = f
    }
}
