extension CALayer {
    /// Marks the layer for `layoutSublayers()` before the next render (Apple's
    /// `setNeedsLayout()`); a view's backing layer forwards layout to its view.
    public func setNeedsLayout() {
        layoutPending = true
        markNeedsRender()
    }

    /// Whether `setNeedsLayout()` was called and layout has not run since.
    public func needsLayout() -> Bool { layoutPending }

    /// Lays out now whatever is marked, as Apple's `layoutIfNeeded()`: climbs the superlayers
    /// while they need layout, then from the topmost of those runs `layoutSublayers()` on every
    /// marked layer of the subtree, each before its sublayers. The render tree does the same
    /// for every layer it draws, before its `display()` (layout, then display, each frame).
    public func layoutIfNeeded() {
        var root = self
        while let parent = root.parentLayer, parent.layoutPending { root = parent }
        root.layoutSubtreeIfNeeded()
    }

    private func layoutSubtreeIfNeeded() {
        layoutNowIfNeeded()
        for child in children { child.layoutSubtreeIfNeeded() }
    }

    /// Runs `layoutSublayers()` if the layer is marked.
    func layoutNowIfNeeded() {
        guard layoutPending else { return }
        layoutPending = false
        layoutSublayers()
    }
}

extension CALayer {
    /// Whether something in this layer's subtree changed since its render node was last made:
    /// a run loop that sees false (and no animation due) can sleep.
    public var needsNewRenderNode: Bool { needsRender }
}
