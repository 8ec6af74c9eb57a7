import Geometry
import Raster

/// One layer of the render tree: an immutable snapshot of everything the compositor needs to
/// draw a layer and its subtree, with geometry already resolved (the plane map to the parent,
/// the contents' placement) and colours already premultiplied.
///
/// The compositor sees only render nodes, never `CALayer` objects or animations, so it can run
/// on worker threads while the model goes on changing. A layer that did not change since the
/// last frame hands back the same node, so an unchanged subtree costs nothing to rebuild.
public final class RenderNode: @unchecked Sendable {
    /// Maps this layer's plane (its bounds coordinates) into the parent's.
    public let planeToParent: Homography
    public let bounds: CGRect
    /// Opacity, `0...1`.
    public let opacity: Float
    public let backgroundColor: PremultipliedColor?
    /// The rounded-corner shape of background, border and clip, fitted to the bounds.
    public let corners: CornerRadii
    public let border: Border?
    public let shadow: Shadow?
    public let contents: Contents?
    public let masksToBounds: Bool
    public let isDoubleSided: Bool
    public let allowsGroupOpacity: Bool
    public let edgeAntialiasing: Bool
    /// The mask's subtree, in this layer's coordinates.
    public let mask: RenderNode?
    /// Sublayers in drawing order (by `zPosition`, then order); hidden ones left out.
    public let children: [RenderNode]

    init(planeToParent: Homography, bounds: CGRect, opacity: Float, backgroundColor: PremultipliedColor?,
         corners: CornerRadii, border: Border?, shadow: Shadow?, contents: Contents?, masksToBounds: Bool,
         isDoubleSided: Bool, allowsGroupOpacity: Bool, edgeAntialiasing: Bool, mask: RenderNode?,
         children: [RenderNode]) {
        self.planeToParent = planeToParent
        self.bounds = bounds
        self.opacity = opacity
        self.backgroundColor = backgroundColor
        self.corners = corners
        self.border = border
        self.shadow = shadow
        self.contents = contents
        self.masksToBounds = masksToBounds
        self.isDoubleSided = isDoubleSided
        self.allowsGroupOpacity = allowsGroupOpacity
        self.edgeAntialiasing = edgeAntialiasing
        self.mask = mask
        self.children = children
    }

    /// A border `width` points wide inside the bounds.
    public struct Border: Sendable {
        public let width: CGFloat
        public let color: PremultipliedColor
    }

    /// A drop shadow: the layer's shape (or `path`), offset, blurred by `radius` points.
    public struct Shadow: Sendable {
        public let color: PremultipliedColor
        public let offset: CGSize
        public let radius: CGFloat
    }

    /// An image placed in the layer: `sourceRect` (in the pixels of `source`) drawn onto
    /// `destination` (in layer coordinates).
    public struct Contents: Sendable {
        public let source: MipmappedImage
        public let sourceRect: CGRect
        public let destination: CGRect
        public let filter: ImageFilter
    }
}
