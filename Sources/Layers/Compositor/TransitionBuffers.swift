import Raster
import Synchronization

/// What the compositor keeps from one frame of a transition animation to the next: the mip
/// chains of its inputs and the bitmaps its frames are drawn into. One per animation
/// (`TransitionProgram`), carried by every render tree drawn while it runs.
final class TransitionBuffers: Sendable {
    /// The inputs' mip chains: the snapshot's, kept for the whole animation, and the live
    /// side's, forgotten after each frame (`BandRenderer.transitionFrame`).
    let mipmaps = MipmapCache()
    private let results = Mutex<[Bitmap]>([])

    /// At most this many result bitmaps are kept: the frame being drawn, and the frames of
    /// older render trees still held (a damage tracker keeps the previous tree).
    static let resultCapacity = 3

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
