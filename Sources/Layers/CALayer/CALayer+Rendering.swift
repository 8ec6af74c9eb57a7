import Geometry
import Raster

/// The shape of a layer's rounded corners (Apple's `CALayerCornerCurve`, same raw strings).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Quarter circles of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous corners, the iOS app-icon shape: the curvature grows smoothly from the
    /// sides, so each corner begins about 1.528665 × `cornerRadius` from the vertex.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// Which edges of a layer are anti-aliased (Apple's `CAEdgeAntialiasingMask`, same raw values).
///
/// Edges are named visually in iOS's y-down space, as UIKit developers see them:
/// `.layerTopEdge` is the edge at the bounds' minimum y (the top of the screen for an unturned
/// layer), `.layerBottomEdge` the one at maximum y. (Core Animation names them in its y-up
/// space, where minimum y is the bottom; Kinescope keeps the visual names, as it does for
/// `CALayerContentsGravity`.)
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The edge at the bounds' minimum x.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The edge at the bounds' maximum x.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The edge at the bounds' maximum y (the visual bottom in iOS's y-down space).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The edge at the bounds' minimum y (the visual top).
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

extension CALayer {
    /// Which edges of the layer are anti-aliased when `allowsEdgeAntialiasing` is true: an
    /// edge left out is drawn hard (each pixel in or out by its centre), typically one that
    /// abuts another layer's edge, so that two turned layers side by side show no seam.
    /// Default: all four edges. Not animatable.
    ///
    /// It applies to the layer's quad: a square-cornered background and the contents' edges
    /// that lie on (or beyond) the bounds' edges. Rounded corners, borders and the
    /// `masksToBounds` clip are rasterized as shapes and stay anti-aliased. With
    /// `allowsEdgeAntialiasing` false, every edge is hard whatever the mask. Top and bottom
    /// are visual (see `CAEdgeAntialiasingMask`).
    public var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { properties.edgeAntialiasingMask }
        set { setProperty(\.edgeAntialiasingMask, newValue, key: .edgeAntialiasingMask) }
    }

    /// The curve of the rounded corners of the background, border, `masksToBounds` clip and
    /// bounds-shaped shadow. Default `.circular`; not animatable (the change is immediate, as
    /// on Apple's platforms, whose header does not mark it animatable). Unknown raw values
    /// draw as `.circular`.
    ///
    /// A continuous corner needs `cornerCurveExpansionFactor(.continuous)` × `cornerRadius` of
    /// each side. When the bounds leave less (a radius beyond about a third of the shorter
    /// side), the corner blends towards the circular one, which it becomes once the radius
    /// fills its share of the side, so `cornerRadius = height / 2` still gives a capsule.
    /// (Apple documents no rule for this case; its corners also turn circular as they run out of
    /// room.)
    public var cornerCurve: CALayerCornerCurve {
        get { properties.cornerCurve }
        set { setProperty(\.cornerCurve, newValue, key: .cornerCurve) }
    }

    /// How far along each side a corner of `curve` reaches, in multiples of `cornerRadius`: 1
    /// for `.circular`, 1.528665 for `.continuous` (the value Core Animation returns). Use it to
    /// keep content clear of continuous corners.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CGFloat(CornerCurve.continuous.expansionFactor) : 1
    }

    /// Whether the layer's coordinate space is turned upside down (about its bounds' centre
    /// line) for its sublayers and its own drawing. Default false; not animatable.
    ///
    /// On iOS, where layers' y axis already points down, a flipped layer lays its sublayers out
    /// from the bottom: a sublayer at y = 0 sits against the layer's bottom edge, and y grows
    /// upwards, as on macOS. Hit testing and `convert(_:from:)`/`convert(_:to:)` follow. The
    /// layer's own frame does not move, and images in `contents` stay upright (see
    /// `contentsAreFlipped()`), though gravities name the other edge: in a flipped layer
    /// `.top` puts the image against the visual bottom, as Apple documents. Geometry drawn in
    /// the layer's space mirrors with it: `maskedCorners`, `shadowOffset`, `shadowPath`. A
    /// context handed to `draw(in:)` is flipped to match (contents already drawn are not
    /// redrawn when the flag changes; call `setNeedsDisplay()`).
    public var isGeometryFlipped: Bool {
        get { properties.isGeometryFlipped }
        set { setProperty(\.isGeometryFlipped, newValue, key: .isGeometryFlipped) }
    }

    /// Whether the layer's contents are implicitly flipped when rendered: true when an odd
    /// number of the layers from this one up to the root (this one included, through masks'
    /// owners) are `isGeometryFlipped`, since each mirrors the planes below it. The compositor
    /// then draws `contents` upside down within its rectangle, which shows it upright, and
    /// `display()` flips the context it passes to `draw(in:)`, so that drawing at a point lands
    /// where a sublayer at that point would. False by default. Apple asks not to override it;
    /// here it cannot be.
    public func contentsAreFlipped() -> Bool {
        var flipped = false
        var layer: CALayer? = self
        while let current = layer {
            if current.properties.isGeometryFlipped { flipped.toggle() }
            layer = current.superlayer ?? current.maskOwner
        }
        return flipped
    }

    /// Whether the layer and its subtree are drawn once into a bitmap that is then reused,
    /// drawn through the layer's position, transform and opacity, while nothing inside changes.
    /// Default false; not animatable.
    ///
    /// As on Apple's platforms, the bitmap is made in the layer's own coordinate space at
    /// `rasterizationScale` pixels per point, and holds the background, contents, sublayers
    /// (also those outside the bounds, unless `masksToBounds`), border, mask and the layer's
    /// shadow; the layer's `opacity` is not in it but applied when the bitmap is drawn. Moving,
    /// turning or fading the layer reuses the bitmap; any change to the layer's look or to a
    /// sublayer draws it again. Turned in 3D, the subtree is drawn flat, like a picture of it.
    /// The bitmap is drawn through `minificationFilter` when `rasterizationScale` is above 1,
    /// else through `magnificationFilter`. It is made once per change, on the thread that makes
    /// the render tree, before the compositor's bands run, so frames stay byte-identical for any
    /// thread count. A layer whose bitmap would exceed 4096 pixels on a side, or that is in a
    /// `CATransition`, is drawn directly instead, and so is every layer that `render(in:)`
    /// draws (the model tree, made afresh each call).
    public var shouldRasterize: Bool {
        get { properties.shouldRasterize }
        set { setProperty(\.shouldRasterize, newValue, key: .shouldRasterize) }
    }

    /// Pixels per point of the bitmap a `shouldRasterize` layer is drawn into (relative to the
    /// layer's own coordinate space). Default 1: raise it (to the screen's scale, say) to keep
    /// a rasterized layer sharp where it is drawn enlarged. Animatable. Values that are not
    /// positive and finite draw as 1.
    public var rasterizationScale: CGFloat {
        get { properties.rasterizationScale }
        set { setProperty(\.rasterizationScale, newValue, key: .rasterizationScale) }
    }
}
