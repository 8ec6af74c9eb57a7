import Geometry

extension LayerProperties {
    /// The anchor point in bounds coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The layer's own map into its superlayer's space, from these values (model or
    /// presentation): about the anchor point through `transform`, then to `position` and
    /// `zPosition`, without the superlayer's `sublayerTransform`; `frame` is defined by it.
    var ownTransformToSuperlayer: CATransform3D {
        let a = anchorInBounds
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ)
        if isGeometryFlipped {
            // The layer's space turned upside down about its bounds' centre line, before
            // anything else: its sublayers (and its own drawing) mirror, its frame stays put.
            let flip = CATransform3DConcat(CATransform3DMakeScale(1, -1, 1),
                                           CATransform3DMakeTranslation(0, bounds.minY + bounds.maxY, 0))
            m = CATransform3DConcat(flip, m)
        }
        if !CATransform3DIsIdentity(transform) { m = CATransform3DConcat(m, transform) }
        return CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// `sublayerTransform` about the anchor point (identity when it is identity).
    var sublayerTransformAboutAnchor: CATransform3D {
        guard !CATransform3DIsIdentity(sublayerTransform) else { return CATransform3DIdentity }
        let a = anchorInBounds
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, 0), sublayerTransform),
                                   CATransform3DMakeTranslation(a.x, a.y, 0))
    }
}
