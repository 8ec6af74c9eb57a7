/// How `drawImage` reads the source image between and across its pixels.
///
/// Core Animation's `minificationFilter`/`magnificationFilter` map onto these: `kCAFilterNearest`
/// is `.nearest`; `kCAFilterLinear` and `kCAFilterTrilinear` are best served by
/// `.mipmappedBilinear`, which picks one mip level per pixel (it does not blend two levels as
/// trilinear filtering would).
public enum ImageFilter: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The texel whose square holds the mapped pixel centre, from level 0. Blocky when enlarged,
    /// aliased when shrunk: for pixel art and exact copies.
    case nearest
    /// Bilinear interpolation of the four nearest texels of level 0, with 8-bit weights, as
    /// pixman's `PIXMAN_FILTER_BILINEAR`. Aliases when the image is shrunk below half size.
    case bilinear
    /// Bilinear interpolation in the mip level picked by the local scale: level `n` when the
    /// larger of the two derivatives of the source position (source pixels per destination
    /// pixel, along destination x and along y) is at least `2ⁿ`. Identical to `.bilinear`
    /// wherever the image is not shrunk to half size or less.
    case mipmappedBilinear

    public var description: String {
        switch self {
        case .nearest: "nearest"
        case .bilinear: "bilinear"
        case .mipmappedBilinear: "mipmapped bilinear"
        }
    }
}

/// How `drawImage` composites: always source-over (Core Animation's only layer compositing
/// operation), scaled by a constant opacity and by the coverage of the image's edges.
public struct ImageDrawOptions: Sendable, Hashable {
    /// Multiplies the whole image, as `CALayer.opacity`: 0…1, values outside clamp to it, NaN
    /// counts as 0. Quantised to `round(opacity · 255) / 255`.
    public var opacity: Float
    /// How texels are read; see `ImageFilter`.
    public var filter: ImageFilter
    /// Whether the edges of the drawn quad are anti-aliased: a pixel whose centre lies within
    /// half a pixel of an edge is covered in proportion to its distance from the edge (a one-pixel
    /// ramp, so a 30° edge shows no staircase). Without it a pixel is drawn when its centre lies
    /// inside the quad or on its edge. Note that `CALayer.allowsEdgeAntialiasing` is `false` by
    /// default on iOS; the compositor passes the layer's setting.
    public var edgeAntialiasing: Bool

    /// Options with Core Animation's usual values: opaque, mipmapped bilinear, anti-aliased edges.
    public init(opacity: Float = 1, filter: ImageFilter = .mipmappedBilinear, edgeAntialiasing: Bool = true) {
        self.opacity = opacity
        self.filter = filter
        self.edgeAntialiasing = edgeAntialiasing
    }

    /// `opacity` as 0…255, rounded to nearest.
    var opacityByte: UInt32 {
        guard opacity > 0 else { return 0 }
        guard opacity < 1 else { return 255 }
        return UInt32((opacity * 255).rounded())
    }
}
