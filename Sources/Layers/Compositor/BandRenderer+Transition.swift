import Foundation
import Geometry
import Raster

// A layer in a transition (`CATransition`) is drawn as one image: its live subtree is rendered
// into an off-screen bitmap of its bounds (one pixel per point), the transition combines the
// "from" snapshot taken when the animation was added with it, and the result is drawn through
// the layer's map like contents, with the layer's opacity.
//
// The transition frame is computed whole, once per render node, by the first band that reaches
// the node; the other bands wait for it and share it (a pixel of a push or a cube depends on
// pixels anywhere in the layer, so no band can compute only its own rows, and computing it in
// every band would repeat the work). The output is therefore independent of the band count.
//
// Measured here (release, `-target-cpu native`, thread CPU time on one core of a machine shared
// with other builds, so ±30 %): a 1920×1080 image layer costs about 1.8 ms per frame drawn
// plainly and 9–12 ms in a fade transition — the live layer rendered off-screen, the snapshot
// copied, the mix, the result drawn, and the result's 8 MB allocated afresh for each frame (a
// render node is immutable, so its frame is not written into a buffer an older node may use).
extension BandRenderer {
    /// Draws `node`, which carries `transition`, with `map` from its plane to `target`'s pixels.
    /// `opacity` already includes the node's own.
    func drawTransition(_ node: RenderNode, _ transition: RenderNode.Transition, map: Homography, target: Bitmap,
                        clip: PixelRect, opacity: Float) {
        let b = node.bounds
        let toLayer = Homography(CGAffineTransform(translationX: b.minX, y: b.minY))
        guard let inverse = toLayer.concatenating(map).inverted(),
              let frame = transition.frame.frame(computing: { transitionFrame(of: node, transition) }) else { return }
        target.drawImage(MipmappedImage(frame), inverseTransform: ProjectiveTransform(inverse),
                         options: ImageDrawOptions(opacity: opacity, filter: .mipmappedBilinear,
                                                   edgeAntialiasing: node.edgeAntialiasing),
                         clip: clip)
    }

    /// The whole transition frame of `node`: nil when its bounds are empty or larger than
    /// 8192 points on a side.
    private func transitionFrame(of node: RenderNode, _ transition: RenderNode.Transition) -> Bitmap? {
        let b = node.bounds
        // Checked as CGFloat first: a NaN, infinite or huge size would trap in the Int conversion.
        guard b.width > 0, b.height > 0, b.width <= 8192, b.height <= 8192 else { return nil }
        let width = Int(b.width.rounded(.up)), height = Int(b.height.rounded(.up))
        guard width > 0, height > 0, width <= 8192, height <= 8192,
              let size = try? PixelSize(width: width, height: height) else { return nil }
        let local = PixelRect(size: size)

        let to = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        draw(node.replacing(opacity: 1, transition: nil), map: Homography(CGAffineTransform(translationX: -b.minX, y: -b.minY)),
             target: to, clip: local, opacity: 1)

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

        let result = Bitmap(size: size)
        let progress = transition.progress.isNaN ? 0 : min(1, max(0, transition.progress))
        if progress <= 0 {
            result.copy(from: from, atX: 0, y: 0)
        } else if progress >= 1 {
            result.copy(from: to, atX: 0, y: 0)
        } else {
            transition.frameTransition.render(from: from, to: to, progress: progress, into: result, clip: local,
                                              scratch: transitionScratch)
        }
        return result
    }
}

/// The frame of one transition in one render tree: made by the first band that asks, while
/// the others wait, then shared.
final class TransitionFrameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var computed = false
    private var bitmap: Bitmap?

    func frame(computing make: () -> Bitmap?) -> Bitmap? {
        lock.lock()
        defer { lock.unlock() }
        if !computed {
            bitmap = make()
            computed = true
        }
        return bitmap
    }
}
