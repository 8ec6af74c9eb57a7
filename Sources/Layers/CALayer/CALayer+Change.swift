import Geometry
import Graphics

extension CALayer {
    /// Stores a property and, when its value changed, marks the layer for a new render.
    /// The one place every model property change goes through.
    func setProperty<Value: Equatable>(
        _ path: WritableKeyPath<LayerProperties, Value>, _ value: Value, key: CALayerKey
    ) {
        guard properties[keyPath: path] != value else { return }
        prepareForChange()
        let boundsChanged = key == .bounds && properties.bounds.size != (value as? CGRect)?.size
        properties[keyPath: path] = value
        didChange(key)
        if boundsChanged {
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
            setNeedsLayout()
        }
    }

    /// Records that `key` changed: this layer and its ancestors need a new render, the
    /// change's action (an implicit animation, unless turned off) runs, and the layer is
    /// redrawn when its class says `needsDisplay(forKey:)` of the key.
    func didChange(_ key: CALayerKey) {
        markNeedsRender()
        runAction(forChangeOf: key)
        if key == .isHidden, hasPresentation { runAction(forEvent: properties.isHidden ? kCAOnOrderOut : kCAOnOrderIn) }
        if type(of: self).needsDisplay(forKey: key.rawValue) { setNeedsDisplay() }
    }

    /// `contents` changed from `old`: as `didChange(.contents)`, but setting the same image
    /// again runs no action.
    func contentsDidChange(from old: Any?) {
        markNeedsRender()
        if type(of: self).needsDisplay(forKey: "contents") { needsDisplayFlag = true }
        if let before = old as? CGImage, let after = contents as? CGImage, before === after { return }
        if old == nil && contents == nil { return }
        runAction(forChangeOf: .contents)
    }

    /// Sets `needsRender` on this layer and up the tree. Invariant: a layer that needs a render
    /// has ancestors that do too, so the walk stops at the first ancestor already marked.
    func markNeedsRender() {
        needsRender = true
        var layer = superlayer
        while let current = layer, !current.needsRender {
            current.needsRender = true
            layer = current.superlayer
        }
    }
}
