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
// copied, the mix, the result drawn, and the result's 8 MB allocated afresh for each frame.
//
// The result now comes from the animation's `TransitionBuffers`: a bitmap an earlier frame was
// drawn into, once nothing holds it any more (no render tree keeps its frame, no band draws it),
// else a new one; a render node is immutable, so its frame is never written over while it can
// still be read (tested). Every transition writes every pixel of its clip (contract test), so
// the reused bitmap is not cleared. The frame's mip chain is made once and shared by the bands.
//
// Mip chains: a flip or a cube samples its inputs' halved levels and, about a vertical axis, a
// transposed copy of each (≈ 2 ms and 8 MB per 1920×1080 input). The animation owns a
// `MipmapCache` (`TransitionBuffers.mipmaps`) used by every frame: the snapshot is passed to
// the transition as `from` itself (no per-frame copy), never changes, and keeps its chain for the
// whole animation; the live side is redrawn into band scratch each frame, so its chain is
// forgotten after the frame and its buffers are written over by the next frame's chain.
// Measured (compositor-driven CATransition on a 1920×1080 layer, one thread, thread CPU ms per
// frame, best of 3 at progress 0.05…0.95, old and new binaries alternated twice, load 4–5),
// median / worst, before → after: cube fromLeft 17.5–19.5 / 22.6–26.8 → 11.5–14.1 / 13.5–14.5,
// cube fromTop 11.8–12.6 / 17.9–18.7 → 10.1–10.4 / 15.3–15.4, oglFlip fromLeft 14.4–15.7 /
// 21.0–24.2 → 10.3–12.1 / 14.3–14.7, oglFlip fromTop 9.2–9.3 / 13.8–14.8 → 8.4–9.6 / 12.4–15.8,
// flipFromLeft 11.6–12.0 / 20.4–21.3 → 8.5–8.9 / 12.6–13.8, flipFromTop 8.8–9.4 / 13.4–14.2 →
// 7.3–7.4 / 12.2–12.7, fade 5.6–6.0 / 9.3–9.7 → 4.4–4.9 / 8.4–8.6 (the snapshot copy saved).
// Heap per frame (valgrind memcheck, cube fromLeft at 0.3, 12 frames minus 2): 69 → 61
// allocations, 27.5 → 8.3 MB (the rest: the frame's result bitmap).
// With the result bitmaps reused as well (same harness, three binaries alternated twice, load 3),
// median / worst: cube fromLeft 16.2–18.1 / 23.6–24.6 → 10.5–12.1 / 11.7–12.9, cube fromTop
// 11.4–14.1 / 13.9–17.5 → 10.2–10.7 / 11.1–12.1, oglFlip fromLeft 13.1–13.7 / 26.5–27.7 →
// 9.3–9.5 / 10.9–11.1, oglFlip fromTop 10.3–11.3 / 16.6–17.2 → 7.6 / 9.1–9.2, flipFromLeft
// 12.2–12.4 / 23.9–24.0 → 8.4–8.6 / 10.3–10.9, flipFromTop 9.6–10.5 / 16.0–16.3 → 5.7–7.5 /
// 7.4–9.6, fade 5.4–6.2 / 9.6–12.1 → 3.1–3.8 / 3.4–4.3 (before: the code before both changes).
// The worst frames were the ones that page-faulted a fresh 8 MB result. Heap per frame: 59
// allocations, 6 KB (render tree, and the sampler setup of each drawImage call).
//
// The live side is kept too (`TransitionBuffers.takeLiveSide`): the layer drawn without its
// transition, in a bitmap of the animation's own, with the node it was drawn from. A frame draws
// it again only when the damage walk says the new node may draw other pixels (the test the run
// loop's partial redraws rest on); otherwise the bitmap and its mip chain (the transposed copy
// of a vertical-axis flip or cube included) serve again. In a `UIView.transition` the new
// content is set once, at the start, so after the first frame only the transition itself runs.
// Measured with callgrind, `kinescope record cycle --frames 60 --size 1920x1080`, one thread,
// plain release build: run-loop turns 7.55 G → 4.82 G instructions, the flip 3.88 → 3.58 G;
// the recording byte-identical.
extension BandRenderer {
    /// Draws `node`, which carries `transition`, with `map` from its plane to `target`'s pixels.
    /// `opacity` already includes the node's own.
    func drawTransition(_ node: RenderNode, _ transition: RenderNode.Transition, map: Homography, target: Bitmap,
                        clip: PixelRect, opacity: Float) {
        let b = node.bounds
        let toLayer = Homography(CGAffineTransform(translationX: b.minX, y: b.minY))
        guard let inverse = toLayer.concatenating(map).inverted(),
              let frame = transition.frame.frame(computing: { transitionFrame(of: node, transition) }) else { return }
        target.drawImage(frame, inverseTransform: ProjectiveTransform(inverse),
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

        // The live side is drawn again only when it may draw other pixels than last frame
        // (the damage walk's test): a layer whose content changes once, at the transition's
        // start, keeps its drawing and its mip chain for the whole animation.
        let liveNode = node.replacing(opacity: 1, transition: nil)
        var side = transition.buffers.takeLiveSide(size)
        if let kept = side, !LiveSideCheck.drawsLike(kept.node, liveNode) {
            transition.buffers.mipmaps.forget(kept.bitmap)
            kept.bitmap.fill(with: .clear)
            draw(liveNode, map: Homography(CGAffineTransform(translationX: -b.minX, y: -b.minY)),
                 target: kept.bitmap, clip: local, opacity: 1)
            side?.node = liveNode
        } else if side == nil {
            let bitmap = Bitmap(size: size)
            draw(liveNode, map: Homography(CGAffineTransform(translationX: -b.minX, y: -b.minY)),
                 target: bitmap, clip: local, opacity: 1)
            side = TransitionBuffers.LiveSide(node: liveNode, bitmap: bitmap)
        }
        let to = side!.bitmap
        defer { transition.buffers.keepLiveSide(side!) }

        // The snapshot itself when it fits: it never changes, so the transition's mip cache keeps
        // its chain from frame to frame. Else a scratch bitmap made anew for each frame.
        let from: Bitmap, fromIsScratch: Bool
        if let snapshot = transition.from, snapshot.size == size {
            (from, fromIsScratch) = (snapshot, false)
        } else {
            (from, fromIsScratch) = (scratch.acquireBitmap(size), true)
        }
        defer { if fromIsScratch { scratch.releaseBitmap() } }
        if fromIsScratch, let snapshot = transition.from {
            // The layer was resized during the transition: stretch its old appearance.
            let scale = Homography(CGAffineTransform(scaleX: CGFloat(size.width) / CGFloat(snapshot.width),
                                                     y: CGFloat(size.height) / CGFloat(snapshot.height)))
            if let back = scale.inverted() {
                from.drawImage(MipmappedImage(snapshot), inverseTransform: ProjectiveTransform(back),
                               options: ImageDrawOptions(), clip: local)
            }
        }

        let result = transition.buffers.resultBitmap(size)
        let progress = transition.progress.isNaN ? 0 : min(1, max(0, transition.progress))
        if progress <= 0 {
            result.copy(from: from, atX: 0, y: 0)
        } else if progress >= 1 {
            result.copy(from: to, atX: 0, y: 0)
        } else {
            // A scratch `from`'s chain is forgotten after the frame: its pixels are redrawn for the
            // next one, at an address the cache would otherwise take for the same image. The live
            // side's chain stays until its pixels change (above).
            let mipmaps = transition.buffers.mipmaps
            transitionScratch.mipmaps = mipmaps
            defer {
                transitionScratch.mipmaps = nil
                if fromIsScratch { mipmaps.forget(from) }
            }
            transition.frameTransition.render(from: from, to: to, progress: progress, into: result, clip: local,
                                              scratch: transitionScratch)
        }
        return result
    }
}

/// Whether two versions of a transitioning layer's live side draw the same pixels.
enum LiveSideCheck {
    /// True when `new`, drawn in its own plane, gives the pixels `old` gave: the damage walk
    /// (the test the run loop's partial redraws rely on) finds no change at all.
    static func drawsLike(_ old: RenderNode, _ new: RenderNode) -> Bool {
        var walk = DamageWalk()
        walk.compare(old, new, parentMap: .identity)
        return !walk.isUnbounded && walk.rects.allSatisfy(\.isEmpty)
    }
}

/// The frame of one transition in one render tree: made by the first band that asks, while
/// the others wait, then shared.
final class TransitionFrameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var computed = false
    private var image: MipmappedImage?

    /// The frame, with its mip chain shared by the bands (a frame drawn shrunk builds its
    /// halved levels once).
    func frame(computing make: () -> Bitmap?) -> MipmappedImage? {
        lock.lock()
        defer { lock.unlock() }
        if !computed {
            image = make().map { MipmappedImage($0) }
            computed = true
        }
        return image
    }
}
