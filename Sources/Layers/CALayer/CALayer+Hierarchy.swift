extension CALayer {
    /// The sublayers, back to front; nil when there are none, as on Apple's platforms. Setting
    /// the array removes the old sublayers and adds the new ones (each leaving its old parent).
    public var sublayers: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            let shown = hasPresentation
            for child in children {
                if shown { child.runAction(forEvent: kCAOnOrderOut) }
                child.parentLayer = nil
            }
            children = []
            for layer in newValue ?? [] { addSublayer(layer) }
            markNeedsRender()
            setNeedsLayout()
        }
    }

    /// Appends `layer` on top of the sublayers, first removing it from its current parent.
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, at: UInt32(clamping: children.count))
    }

    /// Inserts `layer` at `index` (clamped to the number of sublayers), first removing it from
    /// its current parent; this layer then needs layout, and a layer inserted into a displayed
    /// tree runs its `kCAOnOrderIn` action. Inserting a layer into itself or into its own subtree does nothing
    /// (Apple raises an exception; a cycle could never be drawn).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard !layer.isAncestor(of: self) else { return }
        layer.detachFromParent()
        let position = min(Int(index), children.count)
        children.insert(layer, at: position)
        layer.parentLayer = self
        layer.markNeedsRender()
        markNeedsRender()
        setNeedsLayout()
        if hasPresentation { layer.runAction(forEvent: kCAOnOrderIn) }
    }

    /// Inserts `layer` just below `sibling`; at the bottom when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        guard let sibling, let index = children.firstIndex(where: { $0 === sibling }) else {
            insertSublayer(layer, at: 0)
            return
        }
        insertNear(layer, sibling: sibling, offset: 0, fallback: index)
    }

    /// Inserts `layer` just above `sibling`; on top when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        guard let sibling, let index = children.firstIndex(where: { $0 === sibling }) else {
            addSublayer(layer)
            return
        }
        insertNear(layer, sibling: sibling, offset: 1, fallback: index + 1)
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index; in a displayed tree
    /// this layer then runs its `kCATransition` action (a `CATransition` in its `actions` shows
    /// the change). Does nothing when `oldLayer` is not a sublayer of this layer (Apple leaves
    /// that undefined).
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
        guard !newLayer.isAncestor(of: self) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(min(index, children.count)))
        if hasPresentation { runAction(forEvent: kCATransition) }
    }

    /// Detaches the layer from its superlayer (or from the layer it masks). A layer leaving a
    /// displayed tree runs its `kCAOnOrderOut` action first; the superlayer needs layout.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        if let parentLayer, parentLayer.hasPresentation { runAction(forEvent: kCAOnOrderOut) }
        detachFromParent()
        parent.markNeedsRender()
        parent.setNeedsLayout()
    }

    /// Whether this layer is `layer` or one of its ancestors.
    func isAncestor(of layer: CALayer) -> Bool {
        var current: CALayer? = layer
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superlayer
        }
        return false
    }

    private func detachFromParent() {
        if let parent = parentLayer {
            parent.children.removeAll { $0 === self }
            parentLayer = nil
            parent.markNeedsRender()
        }
        if let owner = maskOwner {
            owner.maskStorage = nil
            maskOwner = nil
            owner.markNeedsRender()
        }
    }

    private func insertNear(_ layer: CALayer, sibling: CALayer, offset: Int, fallback: Int) {
        guard layer !== sibling else { return }
        layer.detachFromParent()
        let index = children.firstIndex(where: { $0 === sibling }).map { $0 + offset } ?? min(fallback, children.count)
        insertSublayer(layer, at: UInt32(index))
    }
}
