import Geometry

extension CALayer {
    /// Maps the layer's coordinates into its superlayer's: about the anchor point through
    /// `transform`, to `position` (and `zPosition`), then through the superlayer's
    /// `sublayerTransform` about the superlayer's anchor point. Row-vector convention, as
    /// Core Animation: `p' = p × M`.
    var transformToSuperlayer: CATransform3D {
        CATransform3DConcat(properties.ownTransformToSuperlayer,
                            parentLayer?.properties.sublayerTransformAboutAnchor ?? CATransform3DIdentity)
    }

    /// The layer's rectangle in its superlayer's space: the bounding box of the bounds after
    /// `transform` (projected through any perspective), as Apple derives it. Setting it (a
    /// negative size is standardised first) keeps `bounds.origin` and sets `bounds.size` and
    /// `position` so that the frame reads back as set, as measured on Apple's QuartzCore: under
    /// an affine `transform` the size is the frame's size taken back through the transform's
    /// linear part (a 2× scale halves it) and the transform's translation is taken out of the
    /// position; a 3D or singular transform is treated as the identity. A non-finite frame is ignored.
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
            let t = properties.transform
            var affine = CATransform3DIsAffine(t) ? CATransform3DGetAffineTransform(t) : .identity
            if affine.a * affine.d - affine.b * affine.c == 0 { affine = .identity }
            let linear = CGAffineTransform(a: affine.a, b: affine.b, c: affine.c, d: affine.d, tx: 0, ty: 0)
            let size = CGRect(origin: .zero, size: f.size).applying(linear.inverted()).size
            guard size.width.isFinite, size.height.isFinite else { return }
            // Where the transformed bounds' box starts, relative to the anchor point.
            let anchor = properties.anchorPoint
            let placed = CGRect(x: -anchor.x * size.width, y: -anchor.y * size.height,
                                width: size.width, height: size.height).applying(linear)
            var b = properties.bounds
            b.size = size
            bounds = b
            position = CGPoint(x: f.minX - placed.minX - affine.tx, y: f.minY - placed.minY - affine.ty)
        }
    }

    /// `transform` as an affine transform (its 2D rotation, scale, skew and translation) when it
    /// is one (`CATransform3DIsAffine`); the identity for a transform with any 3D part (a z
    /// scale or translation, a rotation out of the plane, perspective), as measured on Apple's
    /// QuartzCore, rather than the affine elements of a 3D transform.
    public func affineTransform() -> CGAffineTransform {
        let t = properties.transform
        return CATransform3DIsAffine(t) ? CATransform3DGetAffineTransform(t) : .identity
    }

    /// Sets `transform` to the 3D form of `m` (animatable, as `transform` is).
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
}
