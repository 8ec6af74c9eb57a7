extension CALayer {
    /// Marks the layer for `layoutSublayers()` before the next render (Apple's
    /// `setNeedsLayout()`); a view's backing layer forwards layout to its view.
    public func setNeedsLayout() {
        layoutPending = true
        markNeedsRender()
    }

    /// Whether `setNeedsLayout()` was called and layout has not run since.
    public func needsLayout() -> Bool { layoutPending }

    /// Runs `layoutSublayers()` now if the layer is marked, then does the same down the tree.
    public func layoutIfNeeded() {
        if layoutPending {
            layoutPending = false
            layoutSublayers()
        }
        for child in children { child.layoutIfNeeded() }
    }
}

extension CALayer {
    /// Whether something in this layer's subtree changed since its render node was last made:
    /// a run loop that sees false (and no animation due) can sleep.
    public var needsNewRenderNode: Bool { needsRender }
}
