import Geometry

extension CALayer {
    /// The anchor point in the layer's own (bounds) coordinates.
    var anchorInBounds: CGPoint {
        let b = properties.bounds
        return CGPoint(x: b.minX + properties.anchorPoint.x * b.width,
                       y: b.minY + properties.anchorPoint.y * b.height)
    }

    /// Maps the layer's coordinates into its superlayer's: about the anchor point through
    /// `transform`, to `position` (and `zPosition`), then through the superlayer's
    /// `sublayerTransform` about the superlayer's anchor point. Row-vector convention, as
    /// Core Animation: `p' = p × M`.
    var transformToSuperlayer: CATransform3D {
        CATransform3DConcat(ownTransformToSuperlayer, superlayer?.sublayerTransformAboutAnchor ?? CATransform3DIdentity)
    }

    /// The layer's own part of `transformToSuperlayer`, without the superlayer's
    /// `sublayerTransform`; this is the part `frame` is defined by.
    var ownTransformToSuperlayer: CATransform3D {
        let a = anchorInBounds, p = properties
        var m = CATransform3DMakeTranslation(-a.x, -a.y, -p.anchorPointZ)
        if !CATransform3DIsIdentity(p.transform) { m = CATransform3DConcat(m, p.transform) }
        return CATransform3DConcat(m, CATransform3DMakeTranslation(p.position.x, p.position.y, p.zPosition))
    }

    /// `sublayerTransform` applied about the anchor point (identity when it is identity).
    var sublayerTransformAboutAnchor: CATransform3D {
        let t = properties.sublayerTransform
        guard !CATransform3DIsIdentity(t) else { return CATransform3DIdentity }
        let a = anchorInBounds
        return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-a.x, -a.y, 0), t),
                                   CATransform3DMakeTranslation(a.x, a.y, 0))
    }

    /// The layer's rectangle in its superlayer's space: the bounding box of the bounds after
    /// `transform` (projected through any perspective), as Apple derives it. Setting it sets
    /// `bounds.size` and `position` as if `transform` were the identity (Apple leaves the
    /// result with a non-identity transform undefined); a non-finite frame is ignored.
    public var frame: CGRect {
        get {
            let m = ownTransformToSuperlayer
            let b = properties.bounds
            if CATransform3DIsAffine(m) {
                return b.applying(CATransform3DGetAffineTransform(m))
            }
            let plane = Homography(m)
            return boundingBox(of: Quad(b).points.map { plane.map($0) })
        }
        set {
            let f = newValue.standardized
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else { return }
            var b = properties.bounds
            b.size = f.size
            bounds = b
            position = CGPoint(x: f.minX + properties.anchorPoint.x * f.width,
                               y: f.minY + properties.anchorPoint.y * f.height)
        }
    }
}
