import Geometry
import Raster

// A layer in a transition (`CATransition`) is drawn as one image: its live subtree is rendered
// into an off-screen bitmap of its bounds (one pixel per point), the transition combines the
// "from" snapshot taken when the animation was added with it, and the result is drawn through
// the layer's map like contents, with the layer's opacity. Each band renders the whole
// off-screen pair and then draws only its own rows, so the output does not depend on the band
// count (a pixel of a push or a cube depends on pixels anywhere in the layer); the price is that
// every band repeats the off-screen work, which is proportional to the layer's area.
extension BandRenderer {
    /// Draws `node`, which carries `transition`, with `map` from its plane to `target`'s pixels.
    /// `opacity` already includes the node's own.
    func drawTransition(_ node: RenderNode, _ transition: RenderNode.Transition, map: Homography, target: Bitmap,
                        clip: PixelRect, opacity: Float) {
        let live = node.replacing(opacity: 1, transition: nil)
        let b = node.bounds
        let width = Int(b.width.rounded(.up)), height = Int(b.height.rounded(.up))
        guard width > 0, height > 0, width <= 8192, height <= 8192,
              let size = try? PixelSize(width: width, height: height) else { return }
        let local = PixelRect(size: size)
        let toLayer = Homography(CGAffineTransform(translationX: b.minX, y: b.minY))
        guard let inverse = toLayer.concatenating(map).inverted() else { return }

        let to = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        draw(live, map: Homography(CGAffineTransform(translationX: -b.minX, y: -b.minY)), target: to, clip: local, opacity: 1)

        let from = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        if let snapshot = transition.from {
            if snapshot.size == size {
                from.copy(from: snapshot, atX: 0, y: 0)
            } else {
                // The layer was resized during the transition: stretch its old appearance.
                let scale = Homography(CGAffineTransform(scaleX: CGFloat(size.width) / CGFloat(snapshot.width),
                                                         y: CGFloat(size.height) / CGFloat(snapshot.height)))
                if let back = scale.inverted() {
                    from.drawImage(MipmappedImage(snapshot), inverseTransform: ProjectiveTransform(back),
                                   options: ImageDrawOptions(), clip: local)
                }
            }
        }

        let result = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        let progress = transition.progress.isNaN ? 0 : min(1, max(0, transition.progress))
        if progress <= 0 {
            result.copy(from: from, atX: 0, y: 0)
        } else if progress >= 1 {
            result.copy(from: to, atX: 0, y: 0)
        } else {
            transition.frameTransition.render(from: from, to: to, progress: progress, into: result, clip: local,
                                              scratch: transitionScratch)
        }
        target.drawImage(MipmappedImage(result), inverseTransform: ProjectiveTransform(inverse),
                         options: ImageDrawOptions(opacity: opacity, filter: .mipmappedBilinear,
                                                   edgeAntialiasing: node.edgeAntialiasing),
                         clip: clip)
    }
}
