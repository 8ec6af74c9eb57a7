#if canImport(Glibc)
import Glibc
#endif

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
    /// Edges of the image drawn hard although `edgeAntialiasing` is on (a layer's
    /// `edgeAntialiasingMask` without them, or the inner seams of a nine-part image). Default
    /// none. Ignored when `edgeAntialiasing` is off (every edge is hard then).
    ///
    /// A hard edge here is half-open, so images that share an edge tile without a seam or an
    /// overlap: a pixel whose centre lies on the `minX`/`minY` edge is inside, one on the
    /// `maxX`/`maxY` edge is outside. (Technically the edge keeps a coverage ramp 1/4096 pixel
    /// wide, so pixels whose centres lie within 1/4096 pixel of the line are partly covered,
    /// and two images sharing the edge still sum to full coverage there.)
    public var aliasedEdges: ImageEdges
    /// The part of the image drawn, in its pixels (level 0); nil, the default, draws all of it.
    /// The quad's edges are this rectangle's, but filtering still reads the pixels beyond it, as
    /// a GPU drawing part of a texture does: parts of one image drawn side by side (a nine-part
    /// stretch) join without a visible seam. Its edges are the ones `aliasedEdges` names.
    public var sourceRect: ImageSourceRect?
    /// Added to the level of detail `.mipmappedBilinear` picks (log₂ of how many source pixels
    /// one destination pixel spans), as OpenGL's and Core Animation's LOD bias: 1 reads the next
    /// smaller level (blurrier), −1 the next larger (sharper, more aliasing). Clamped to
    /// `-16...16`; NaN counts as 0. Default 0. Ignored by the other filters.
    public var levelBias: Float

    /// Options with Core Animation's usual values: opaque, mipmapped bilinear, anti-aliased edges.
    public init(opacity: Float = 1, filter: ImageFilter = .mipmappedBilinear, edgeAntialiasing: Bool = true,
                aliasedEdges: ImageEdges = [], sourceRect: ImageSourceRect? = nil, levelBias: Float = 0) {
        self.opacity = opacity
        self.filter = filter
        self.edgeAntialiasing = edgeAntialiasing
        self.aliasedEdges = aliasedEdges
        self.sourceRect = sourceRect
        self.levelBias = levelBias
    }

    /// The factor a level's threshold on the squared footprint is multiplied by: `4^(−bias)`.
    var levelThresholdScale: Double {
        let bias = levelBias.isNaN ? 0 : Double(min(16, max(-16, levelBias)))
        return bias == 0 ? 1 : exp2(-2 * bias)
    }

    /// `opacity` as 0…255, rounded to nearest.
    var opacityByte: UInt32 {
        guard opacity > 0 else { return 0 }
        guard opacity < 1 else { return 255 }
        return UInt32((opacity * 255).rounded())
    }
}

/// Edges of a drawn image, named in the image's own pixel space (row 0 at the top): `minX` is
/// the edge of column 0, `minY` that of row 0, wherever the transform puts them.
public struct ImageEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The edge of the image's first column.
    public static let minX = ImageEdges(rawValue: 1 << 0)
    /// The edge after its last column.
    public static let maxX = ImageEdges(rawValue: 1 << 1)
    /// The edge of its first row.
    public static let minY = ImageEdges(rawValue: 1 << 2)
    /// The edge after its last row.
    public static let maxY = ImageEdges(rawValue: 1 << 3)
    /// All four edges.
    public static let all: ImageEdges = [.minX, .maxX, .minY, .maxY]
}

/// A rectangle of an image's pixels (level 0), from `minX`, `minY` up to `maxX`, `maxY`;
/// fractional edges are allowed.
public struct ImageSourceRect: Hashable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }
}
