extension CALayer {
    /// A layer whose alpha masks this layer's content (background, contents, sublayers and
    /// border): where the mask is opaque the layer shows. The mask is in this layer's coordinate
    /// space; its `superlayer` is this layer (as on Apple's platforms), though it is not one of
    /// this layer's `sublayers`, and it is not hit-tested. Setting a layer that is already in a
    /// tree removes it from there first, as its new role requires.
    public var mask: CALayer? {
        get { maskStorage }
        set {
            guard newValue !== maskStorage else { return }
            if let old = maskStorage {
                old.maskOwner = nil
                maskStorage = nil
            }
            if let layer = newValue, !layer.isAncestor(of: self) {
                layer.removeFromSuperlayer()
                layer.maskOwner = self
                maskStorage = layer
            }
            didChange(.mask)
        }
    }
}
