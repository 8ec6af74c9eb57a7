import Dispatch
import Foundation
import Raster

/// Renders a transition's frames over several threads, in horizontal bands, with per-thread
/// scratch buffers kept from frame to frame, and the inputs' mip chains shared by the bands (and
/// kept across frames of one `inputGeneration`). The bytes do not depend on the thread count.
public final class TransitionRenderer: @unchecked Sendable {
    public let threadCount: Int
    private let scratches: [TransitionScratch]
    private let mipmaps = MipmapCache()

    /// `threadCount` defaults to the `KINESCOPE_THREADS` environment variable, else the number
    /// of active processors.
    public init(threadCount: Int? = nil) {
        let fromEnvironment = ProcessInfo.processInfo.environment["KINESCOPE_THREADS"].flatMap { Int($0) }
        let count = max(1, min(64, threadCount ?? fromEnvironment ?? ProcessInfo.processInfo.activeProcessorCount))
        self.threadCount = count
        scratches = (0..<count).map { [mipmaps] _ in TransitionScratch(mipmaps: mipmaps) }
    }

    /// Draws `transition` at `progress` (clamped to `0...1`; NaN counts as 0) into `destination`.
    /// Progress 0 copies `from` and 1 copies `to` exactly, whatever the transition.
    ///
    /// `inputGeneration` says which version of the inputs' pixels this frame sees. Work that
    /// depends on the inputs alone (the halved levels a flip or a cube samples at grazing
    /// angles) is kept from one call to the next while the same bitmaps come with the same
    /// generation: pass a constant for still images, and a new value whenever you have written
    /// new pixels into `from` or `to`. `nil` (the default) keeps nothing between calls, which is
    /// always correct. The bytes drawn never depend on it.
    public func render(_ transition: any Transition, from: Bitmap, to: Bitmap, progress: Double,
                       into destination: Bitmap, inputGeneration: Int? = nil) throws(TransitionError) {
        guard from.size == to.size, from.size == destination.size else {
            throw .sizeMismatch(transition: type(of: transition).name, from: "\(from.size)", to: "\(to.size)")
        }
        let t = progress.isNaN ? 0 : min(1, max(0, progress))
        mipmaps.begin(generation: inputGeneration)
        let bandCount = min(threadCount, max(1, destination.height / 32))
        let rows = (destination.height + bandCount - 1) / bandCount
        // A local function, not a closure value: its context stays on the stack (no allocation per frame).
        @Sendable func work(_ index: Int) {
            let band = PixelRect(x: 0, y: index * rows, width: destination.width,
                                 height: min(rows, destination.height - index * rows))
            guard !band.isEmpty else { return }
            if t == 0 || t == 1 {
                let source = try! (t == 0 ? from : to).view(of: band)
                destination.copy(from: source, atX: band.minX, y: band.minY)
            } else {
                transition.render(from: from, to: to, progress: t, into: destination, clip: band, scratch: scratches[index])
            }
        }
        if bandCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bandCount, execute: work) }
        // Without a generation nothing is reused, so nothing should keep the inputs alive either.
        if inputGeneration == nil { mipmaps.begin(generation: nil) }
    }
}
