import Geometry

/// A layer that makes true 3D hierarchies, as Apple's `CATransformLayer`: its sublayers are not
/// flattened into its plane but join its superlayer's 3D space, where they are sorted by depth
/// with their cousins (a cube of six faces inside a transform layer shows the right faces in
/// front from every angle).
///
/// As on Apple's platforms only its geometry counts (`bounds`, `position`, `anchorPoint`,
/// `anchorPointZ`, `transform`, `sublayerTransform`, `zPosition`, `isHidden`); its own
/// background, contents, border, mask, `masksToBounds`, filters and shadow are never drawn, and
/// its `opacity` multiplies each sublayer's opacity separately (there is no group to fade).
/// Hit testing passes through it: it never returns itself, only a sublayer that is hit.
open class CATransformLayer: CALayer {
    /// A transform layer with `CALayer`'s defaults.
    public required init() { super.init() }

    public required init(layer: Any) { super.init(layer: layer) }

    /// The farthest sublayer (at any depth) that contains `p`, in the superlayer's
    /// coordinates; never the transform layer itself, as on Apple's platforms.
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, let local = planeToSuperlayer.inverted()?.mapIfInFront(p) else { return nil }
        for child in sublayersInDrawingOrder.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return nil
    }

    /// Appends the nodes of the sublayers (recursively through nested transform layers) with
    /// this layer's own map and `sublayerTransform` folded into their parent transforms, so
    /// they are planes of the enclosing 3D space.
    func appendFlattenedSublayers(parentTransform: CATransform3D, opacity: Float, model: Bool, flipped: Bool,
                                  into nodes: inout [RenderNode]) {
        if !model { layoutNowIfNeeded() }
        let p = model || !hasAppliedAnimations ? properties : renderValues.properties
        if !model, RenderTimeShift.seconds == 0 {
            // This layer never has a node of its own: clear its mark here, or a later change
            // below it would stop at it on the way up.
            animationState.hasBeenPresented = true
            needsRender = false
        }
        guard !p.isHidden else { return }
        let own = p.opacity.isNaN ? 0 : min(1, max(0, p.opacity))
        let toParent = CATransform3DConcat(p.ownTransformToSuperlayer, parentTransform)
        let inner = CATransform3DConcat(p.sublayerTransformAboutAnchor, toParent)
        appendSublayerNodes(orderedForDrawing(children, model: model), parentTransform: inner,
                            opacity: opacity * own, model: model, flipped: flipped != p.isGeometryFlipped, into: &nodes)
    }
}
