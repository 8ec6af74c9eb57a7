import Dispatch
import Foundation
import Geometry
import Raster
import Synchronization

/// Draws a render tree into a bitmap: Kinescope's software compositor.
///
/// The frame is cut into horizontal bands, one per thread, and each band draws the whole tree
/// clipped to itself. Every kernel computes a pixel from its position alone, so the bytes are
/// the same for any number of bands (tested). Off-screen groups and coverage masks come from
/// per-band scratch buffers that persist across frames: a steady animation allocates nothing.
///
/// Order per layer, as Core Animation draws: shadow, background (with its corner radius),
/// contents, sublayers (through `masksToBounds`' clip), border; then the layer's mask and, for a
/// layer with sublayers and `allowsGroupOpacity`, its opacity applied to the whole group.
public final class Compositor: @unchecked Sendable {
    /// How many bands (and threads) a frame is cut into.
    public let threadCount: Int
    private(set) var bands: [BandRenderer]
    /// The resamples of moving contents kept from frame to frame; nil with caches off.
    let contentsCache: TranslatedContentsCache?

    /// A compositor using `threadCount` threads; by default the `KINESCOPE_THREADS` environment
    /// variable, else the number of active processors. Its caches of work kept across frames
    /// are on unless the environment variable `KINESCOPE_NO_CACHES` is `1`.
    public convenience init(threadCount: Int? = nil) {
        self.init(threadCount: threadCount, cachesEnabled: Self.cachesEnabledByEnvironment)
    }

    /// A compositor as `init(threadCount:)` makes, with its caches on or off whatever the
    /// environment says (tests compare the two).
    package init(threadCount: Int?, cachesEnabled: Bool) {
        let fromEnvironment = ProcessInfo.processInfo.environment["KINESCOPE_THREADS"].flatMap { Int($0) }
        let count = max(1, min(64, threadCount ?? fromEnvironment ?? ProcessInfo.processInfo.activeProcessorCount))
        self.threadCount = count
        let cache = cachesEnabled ? TranslatedContentsCache() : nil
        contentsCache = cache
        bands = (0..<count).map { _ in BandRenderer(contentsCache: cache) }
    }

    /// False when `KINESCOPE_NO_CACHES=1`: the compositor then redoes every frame what its
    /// caches would keep (the benchmark's "before").
    static let cachesEnabledByEnvironment = ProcessInfo.processInfo.environment["KINESCOPE_NO_CACHES"] != "1"

    /// Draws `root` onto `target`. `transform` maps the root layer's superlayer space (where its
    /// `position` lives) to target pixels. With a `background`, the target is first filled with it;
    /// with nil, the tree is drawn over what is there. Only pixels inside `clip` change.
    public func render(_ root: RenderNode?, into target: Bitmap, transform: Homography = .identity,
                       background: PremultipliedColor? = .clear, clip: PixelRect? = nil) {
        beginFrame()
        renderBands(root, into: target, transform: transform, background: background, clip: clip)
    }

    /// Starts a frame: the contents cache counts it, and every band learns its serial number.
    func beginFrame() {
        contentsCache?.beginRender()
        let serial = Self.frameSerials.add(1, ordering: .relaxed).newValue
        for band in bands { band.frameSerial = serial }
    }

    /// The last frame serial handed out, by any compositor: a frame's serial is unique in the
    /// process, so a drawing can tell a frame it was first drawn in from a later one.
    private static let frameSerials = Atomic<UInt64>(0)

    /// `render(_:into:transform:background:clip:)` within a frame already begun (the caches
    /// count frames, not rectangles).
    func renderBands(_ root: RenderNode?, into target: Bitmap, transform: Homography,
                     background: PremultipliedColor?, clip: PixelRect?) {
        let area = (clip ?? target.bounds).intersection(target.bounds)
        guard !area.isEmpty else { return }
        let bandCount = min(threadCount, max(1, area.height / 16))
        let rowsPerBand = (area.height + bandCount - 1) / bandCount
        let work: @Sendable (Int) -> Void = { [bands] index in
            let top = area.minY + index * rowsPerBand
            let band = PixelRect(x: area.minX, y: top, width: area.width, height: min(rowsPerBand, area.maxY - top))
            guard !band.isEmpty else { return }
            if let background { target.fill(band, with: background) }
            if let root { bands[index].draw(root, parentMap: transform, target: target, clip: band, opacity: 1) }
        }
        if bandCount == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: bandCount, execute: work)
        }
    }

    /// Redraws only `damage` (rectangles in target pixels, as `RenderNode.damage(from:to:in:)`
    /// gives them) of a target that holds the previous frame: each rectangle is filled with
    /// `background` and the tree drawn clipped to it, which gives the same bytes there as a
    /// whole `render` (tested). Overlapping rectangles are drawn twice, with the same result.
    public func render(_ root: RenderNode?, into target: Bitmap, transform: Homography = .identity,
                       background: PremultipliedColor? = .clear, damage: [PixelRect]) {
        beginFrame()
        for rect in damage {
            renderBands(root, into: target, transform: transform, background: background, clip: rect)
        }
    }
}
