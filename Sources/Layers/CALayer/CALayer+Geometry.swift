import Geometry

extension CALayer {
    /// Maps the layer's coordinates into its superlayer's: about the anchor point through
    /// `transform`, to `position` (and `zPosition`), then through the superlayer's
    /// `sublayerTransform` about the superlayer's anchor point. Row-vector convention, as
    /// Core Animation: `p' = p × M`.
    var transformToSuperlayer: CATransform3D {
        CATransform3DConcat(properties.ownTransformToSuperlayer,
                            superlayer?.properties.sublayerTransformAboutAnchor ?? CATransform3DIdentity)
    }

    /// The layer's rectangle in its superlayer's space: the bounding box of the bounds after
    /// `transform` (projected through any perspective), as Apple derives it. Setting it sets
    /// `bounds.size` and `position` as if `transform` were the identity (Apple leaves the
    /// result with a non-identity transform undefined); a non-finite frame is ignored.
    public var frame: CGRect {
        get {
            let m = properties.ownTransformToSuperlayer
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

    /// The affine part of `transform` (its 2D rotation, scale, skew and translation), as Apple's
    /// `affineTransform()`.
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(properties.transform)
    }

    /// Sets `transform` to the 3D form of `m` (animatable, as `transform` is).
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
}
