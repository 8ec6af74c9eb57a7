// DESIGN NOTE — `shouldRasterize` as a cache in the render-tree build.
//
// A rasterized layer's node is replaced by one that draws a bitmap as its contents. The bitmap
// is drawn here, while the render tree is built (one thread, before any band runs), by a
// `BandRenderer` that the layer keeps: the same kernels as the compositor, over the whole
// bitmap at once, so the result does not depend on how the frame is later cut into bands.
//
// What the bitmap shows is described by the layer's node taken out of its place (plane map
// identity, opacity 1, see `rasterContent`); it is drawn again only when that description
// changes. The sublayers' nodes are compared by identity: the render-tree cache hands back the
// same node for an unchanged subtree, so a rasterized layer that only moves costs one
// comparison of its own fields. A new bitmap is allocated for each change (render nodes still
// in flight may hold the old one); nothing is allocated while nothing inside changes.

import Geometry
import Raster

/// The bitmap of a rasterized layer and what it was drawn from.
final class RasterCache {
    /// Draws the bitmap (its scratch buffers persist from one change to the next).
    let renderer = BandRenderer()
    /// The node that was drawn (identity plane, opacity 1).
    var content: RenderNode?
    var scale: CGFloat = 0
    var image: MipmappedImage?
    /// The bitmap's rectangle in the layer's coordinates.
    var destination: CGRect = .null
    /// How many times the subtree has been drawn into a bitmap (tests count re-rasterizations).
    var rasterizationCount = 0
}

extension CALayer {
    /// The largest side of a rasterization bitmap, in pixels.
    static let maximumRasterSide = 4096

    /// `node` (this layer's subtree) drawn as one cached bitmap at `scale` pixels per point,
    /// through the node's plane map and opacity; `node` itself when the bitmap would be empty
    /// or too large.
    func rasterized(_ node: RenderNode, scale rawScale: CGFloat, properties p: LayerProperties) -> RenderNode {
        let scale = rawScale > 0 && rawScale.isFinite ? rawScale : 1
        let cache = rasterCache ?? RasterCache()
        rasterCache = cache
        let content = rasterContent(of: node)
        if let previous = cache.content, cache.scale == scale, let image = cache.image, content.rastersLike(previous) {
            return placedRaster(of: node, image: image, destination: cache.destination, scale: scale, properties: p)
        }
        let toPixels = Homography(CGAffineTransform(scaleX: scale, y: scale))
        var box = cache.renderer.subtreeBox(content, map: toPixels)
        if let contents = content.contents, !content.masksToBounds {
            box = box.union(toPixels.project(contents.destination).visibleBoundingBox())
        }
        let extent = cache.renderer.pixelRect(enclosing: box)
        guard !extent.isEmpty, extent.width <= Self.maximumRasterSide, extent.height <= Self.maximumRasterSide,
              let size = try? PixelSize(width: extent.width, height: extent.height) else {
            rasterCache = nil
            return node
        }
        let bitmap = Bitmap(size: size)
        let map = toPixels.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-extent.minX),
                                                                      y: CGFloat(-extent.minY))))
        cache.renderer.draw(content, map: map, target: bitmap, clip: bitmap.bounds, opacity: 1)
        cache.content = content
        cache.scale = scale
        cache.image = MipmappedImage(bitmap)
        cache.destination = CGRect(x: CGFloat(extent.minX) / scale, y: CGFloat(extent.minY) / scale,
                                   width: CGFloat(extent.width) / scale, height: CGFloat(extent.height) / scale)
        cache.rasterizationCount += 1
        return placedRaster(of: node, image: cache.image!, destination: cache.destination, scale: scale, properties: p)
    }

    /// `node` out of its place: what the bitmap shows.
    private func rasterContent(of node: RenderNode) -> RenderNode {
        RenderNode(planeToParent: .identity, bounds: node.bounds, opacity: 1, backgroundColor: node.backgroundColor,
                   corners: node.corners, border: node.border, shadow: node.shadow, contents: node.contents,
                   masksToBounds: node.masksToBounds, isDoubleSided: node.isDoubleSided,
                   allowsGroupOpacity: node.allowsGroupOpacity, edgeAntialiasing: node.edgeAntialiasing,
                   aliasedEdges: node.aliasedEdges, mask: node.mask, children: node.children, transition: nil,
                   planeDepth: node.planeDepth, depthFragments: node.depthFragments, drawing: node.drawing)
    }

    /// The node drawing the bitmap in the layer's place: contents only, in the bitmap's
    /// rectangle (which also serves as the node's bounds, so that its extent covers the
    /// shadow and sublayers drawn outside the layer's bounds).
    private func placedRaster(of node: RenderNode, image: MipmappedImage, destination: CGRect, scale: CGFloat,
                              properties p: LayerProperties) -> RenderNode {
        let filter = scale > 1 ? p.minificationFilter : p.magnificationFilter
        let contents = RenderNode.Contents(
            source: image, sourceRect: CGRect(x: 0, y: 0, width: image.base.width, height: image.base.height),
            destination: destination, filter: filter == .nearest ? .nearest : .mipmappedBilinear)
        return RenderNode(planeToParent: node.planeToParent, bounds: destination, opacity: node.opacity,
                          backgroundColor: nil, corners: .zero, border: nil, shadow: nil, contents: contents,
                          masksToBounds: false, isDoubleSided: node.isDoubleSided,
                          allowsGroupOpacity: node.allowsGroupOpacity, edgeAntialiasing: node.edgeAntialiasing,
                          mask: nil, children: [], transition: nil, planeDepth: node.planeDepth)
    }
}

extension RenderNode {
    /// Whether this node (out of its place) draws exactly what `other` drew: its own parts
    /// alike and the very same sublayer nodes.
    func rastersLike(_ other: RenderNode) -> Bool {
        guard drawsItselfLike(other), children.count == other.children.count else { return false }
        for (a, b) in zip(children, other.children) where a !== b { return false }
        return true
    }
}
