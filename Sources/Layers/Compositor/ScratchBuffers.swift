import Geometry
import Raster
import Synchronization

/// Off-screen pixels and coverage for one band of the compositor, reused from frame to frame so
/// that steady-state rendering allocates nothing.
///
/// Groups nest (a faded layer inside a masked one), so buffers are handed out as a stack: each
/// nesting depth owns a grow-only allocation, and a buffer stays valid until the matching
/// `release`. Not thread-safe: each band has its own.
final class ScratchBuffers {
    /// How many times any band's scratch memory (bitmaps, masks, shape paths) has grown since
    /// the process started: a steady animation leaves it unchanged from its second frame on
    /// (tested). Read it only for diagnostics; it is shared by every compositor.
    static let growthCount = Atomic<Int>(0)

    /// The particles of the emitter being drawn, their band buckets and its sprites' pixels
    /// (`BandRenderer.drawParticles`), kept for their capacity.
    var particles: [BandRenderer.PreparedParticle] = []
    var particleSprites: [ParticleBatch.Sprite.Pixels] = []
    var particleBandCounts: [Int] = []
    var particleBandEntries: [Int32] = []

    /// Reusable memory for shadow blurs.
    let blurWorkspace = BlurWorkspace()
    /// The shape being drawn, in the layer's plane (a rounded rectangle, a border ring, a
    /// shadow path); emptied by `beginShape`, its arrays keep their capacity.
    var shape = FlattenedPath()
    /// `shape` carried onto the target (see `BandRenderer.projectShape`).
    var projected = FlattenedPath()
    /// Where the rounded-rectangle builders assemble each contour.
    var contour: [CGPoint] = []
    /// A piece of a layer split by the depth sort, in target pixels.
    var piecePolygon: [CGPoint] = []
    private var pathCapacity = 0
    private var bitmaps: [Bitmap] = []
    private var masks: [CoverageMask] = []
    private var bitmapDepth = 0
    private var maskDepth = 0

    /// A bitmap of `size` at the next depth, cleared to transparent.
    func acquireBitmap(_ size: PixelSize) -> Bitmap {
        defer { bitmapDepth += 1 }
        if bitmapDepth == bitmaps.count || !fits(size, bitmaps[bitmapDepth].size) {
            let grown = grow(bitmapDepth < bitmaps.count ? bitmaps[bitmapDepth].size : nil, to: size)
            let bitmap = Bitmap(size: grown)
            Self.growthCount.add(1, ordering: .relaxed)
            if bitmapDepth == bitmaps.count { bitmaps.append(bitmap) } else { bitmaps[bitmapDepth] = bitmap }
        }
        let view = try! bitmaps[bitmapDepth].view(of: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
        view.fill(with: .clear)
        return view
    }

    func releaseBitmap() { bitmapDepth -= 1 }

    /// Empties `shape` and `projected` for a new shape flattened to within `tolerance` pixels.
    func beginShape(tolerance: Double) {
        shape.removeAll()
        shape.tolerance = tolerance
        projected.removeAll()
    }

    /// Counts a growth of the shape paths' memory since the last call (call after each shape).
    func endShape() {
        let capacity = shape.points.capacity + shape.contourStarts.capacity + projected.points.capacity
            + projected.contourStarts.capacity + contour.capacity
        guard capacity > pathCapacity else { return }
        pathCapacity = capacity
        Self.growthCount.add(1, ordering: .relaxed)
    }

    /// A coverage mask of `size` at the next depth; its values are undefined until written.
    func acquireMask(_ size: PixelSize) -> CoverageMask {
        defer { maskDepth += 1 }
        if maskDepth == masks.count || !fits(size, masks[maskDepth].size) {
            let grown = grow(maskDepth < masks.count ? masks[maskDepth].size : nil, to: size)
            let mask = CoverageMask(size: grown)
            Self.growthCount.add(1, ordering: .relaxed)
            if maskDepth == masks.count { masks.append(mask) } else { masks[maskDepth] = mask }
        }
        return try! masks[maskDepth].view(of: PixelRect(x: 0, y: 0, width: size.width, height: size.height))
    }

    func releaseMask() { maskDepth -= 1 }

    private func fits(_ wanted: PixelSize, _ have: PixelSize) -> Bool {
        wanted.width <= have.width && wanted.height <= have.height
    }

    private func grow(_ old: PixelSize?, to wanted: PixelSize) -> PixelSize {
        let width = max(wanted.width, old?.width ?? 0), height = max(wanted.height, old?.height ?? 0)
        return try! PixelSize(width: max(1, width), height: max(1, height))
    }
}

extension Array {
    /// The array, leaving an empty one in its place: the caller then holds the only reference,
    /// so appending reuses the capacity instead of copying (give it back when done).
    mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        return taken
    }
}
