import Raster
import Synchronization

/// What the compositor keeps from one frame of a transition animation to the next: the mip
/// chains of its inputs, the live side as last drawn, and the bitmaps its frames are drawn into. One per animation
/// (`TransitionProgram`), carried by every render tree drawn while it runs.
final class TransitionBuffers: Sendable {
    /// The inputs' mip chains: the snapshot's, kept for the whole animation, and the live
    /// side's, forgotten after each frame (`BandRenderer.transitionFrame`).
    let mipmaps = MipmapCache()
    private let results = Mutex<[Bitmap]>([])
    private let live = Mutex<LiveSide?>(nil)

    /// The live side of the last frame: the node drawn (the transitioning layer without its
    /// transition) and the bitmap it was drawn into, which no one else writes.
    struct LiveSide: @unchecked Sendable {
        var node: RenderNode
        var bitmap: Bitmap
    }

    /// At most this many result bitmaps are kept: the frame being drawn, and the frames of
    /// older render trees still held (a damage tracker keeps the previous tree).
    static let resultCapacity = 3

    /// Takes the live side kept by an earlier frame, if it has `size` and no other frame holds it;
    /// give it back with `keepLiveSide` once the frame is made.
    func takeLiveSide(_ size: PixelSize) -> LiveSide? {
        live.withLock { kept in
            guard let side = kept, side.bitmap.size == size else { return nil }
            kept = nil
            return side
        }
    }

    /// Keeps `side` for the next frame.
    func keepLiveSide(_ side: LiveSide) {
        live.withLock { $0 = side }
    }

    /// A bitmap of `size` to draw a frame into, its pixels undefined (a transition writes every
    /// pixel of its clip): one an earlier frame was drawn into once nothing else holds it (no
    /// render tree, no band drawing it), else a new one. A render node's frame is thus never
    /// written over while anyone can still read it.
    func resultBitmap(_ size: PixelSize) -> Bitmap {
        results.withLock { results in
            for i in results.indices where results[i].size == size {
                if results[i].isUniquelyOwned() { return results[i] }
            }
            let made = Bitmap(size: size)
            if results.count >= TransitionBuffers.resultCapacity { results.removeFirst() }
            results.append(made)
            return made
        }
    }
}
