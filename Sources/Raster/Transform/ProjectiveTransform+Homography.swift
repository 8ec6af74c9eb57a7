import Geometry

extension ProjectiveTransform {
    /// The sampler's column-vector matrix for Geometry's row-vector `Homography` (the same map:
    /// `Homography` multiplies `[x y 1]` on the left, this type multiplies `(x, y, 1)ᵀ` on the right).
    public init(_ h: Homography) {
        self.init(h.m11, h.m21, h.m31, h.m12, h.m22, h.m32, h.m13, h.m23, h.m33)
    }
}
