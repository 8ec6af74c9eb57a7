#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Geometry
import Raster

// Moving scrolled pixels within the target (see `RenderNode+ScrollBlit.swift` for when that is
// exact). One `memmove` per row, in the order that reads each source row before it is written:
// bottom-up when the content moves down, top-down otherwise. It runs on one thread: bands of rows
// moving vertically would read rows another band is writing; moving 1920×1040 rows took
// about 0.1 ms here, far less than the tree walk of one redraw pass.
//
// Measured with `kinescope-bench --only scroll` (release, 1920×1080, 2 threads, HeadlessHost,
// one 40-point wheel notch per run-loop turn, shared machine at load 1.4–2): the scroll demo's
// table, p50 1.05–1.08 ms moving pixels against 2.49–2.54 ms compositing the table again; the
// 200-row scroll view filling the window, p50 2.96–4.64 ms against 4.17–6.44 ms. Cutting the
// 40-row uncovered band into bands (a tree walk each) instead of sharing rectangles out whole
// made the blit slower than no blit (7.7 against 6.3 ms).
extension Compositor {
    /// Brings `target`, which holds the frame drawn for the tree `damage` was computed from
    /// (`RenderNode.frameDamage(from:to:transform:in:maximumCount:scrollBlit:)`), to the frame of
    /// `root`: moves the scrolled pixels, if any, then redraws `damage.redraw`, each rectangle
    /// filled with `background` and the tree drawn clipped to it. The bytes are those of a whole
    /// `render(_:into:transform:background:clip:)` (tested); `transform` must be the one the
    /// damage was computed with.
    public func render(_ root: RenderNode?, into target: Bitmap, transform: Homography = .identity,
                       background: PremultipliedColor, damage: FrameDamage) {
        if let scroll = damage.scroll { target.move(scroll) }
        let rects = damage.redraw.map { $0.intersection(target.bounds) }.filter { !$0.isEmpty }
        // Each band's pass walks the whole tree, which for a small rectangle costs more than its
        // pixels: several disjoint rectangles (as `coalesceDamage` leaves them) are shared out
        // whole among the threads instead of each being cut into bands.
        let disjoint = rects.indices.allSatisfy { i in
            rects.indices.allSatisfy { j in i == j || rects[i].intersection(rects[j]).isEmpty }
        }
        guard disjoint, rects.count >= threadCount, threadCount > 1,
              !rects.contains(where: { $0.height >= 64 * threadCount }) else {
            render(root, into: target, transform: transform, background: background, damage: rects)
            return
        }
        beginFrame()
        let count = threadCount
        DispatchQueue.concurrentPerform(iterations: count) { [bands] index in
            for rect in stride(from: index, to: rects.count, by: count).map({ rects[$0] }) {
                target.fill(rect, with: background)
                if let root { bands[index].draw(root, parentMap: transform, target: target, clip: rect, opacity: 1) }
            }
        }
    }
}

extension Bitmap {
    /// Moves the pixels of `scroll.rect` (clipped to the bitmap) by `scroll.dx`, `scroll.dy`,
    /// clipped to the rectangle; the uncovered band keeps its old pixels.
    func move(_ scroll: ScrollBlit) {
        let rect = scroll.rect.intersection(bounds)
        let width = rect.width - abs(scroll.dx), height = rect.height - abs(scroll.dy)
        guard width > 0, height > 0 else { return }
        let sourceX = rect.minX + max(0, -scroll.dx), destinationX = rect.minX + max(0, scroll.dx)
        let sourceY = rect.minY + max(0, -scroll.dy), destinationY = rect.minY + max(0, scroll.dy)
        let bytes = width * MemoryLayout<UInt32>.stride
        let rows = scroll.dy > 0 ? stride(from: height - 1, through: 0, by: -1) : stride(from: 0, through: height - 1, by: 1)
        for row in rows {
            memmove(baseAddress + (destinationY + row) * rowStride + destinationX,
                    baseAddress + (sourceY + row) * rowStride + sourceX, bytes)
        }
    }
}
