// DESIGN NOTE — exact-area coverage by signed-area accumulation, resolved sparsely.
//
// Each segment adds, to a per-row accumulation buffer, the signed change in covered area it
// causes from one cell to the next (the method of font-rs and stb_truetype's v2 rasterizer):
// the running sum of a row's cells is then the winding-weighted area of each pixel, exact for
// any polygon, with no supersampling. Parts of segments left of the mask are projected onto its
// left edge (they still shift the winding of every pixel to their right), parts right of it and
// above or below it are dropped, so huge coordinates cost nothing.
//
// The reference resolves every row with a running sum over every pixel. The fast path marks,
// per row, the cells a segment touched in a bit set (one bit a cell, kept zero between calls);
// the resolve visits them in increasing order by counting trailing zeros over the row's words
// (no sorting, however many cells a row has), and writes the constant runs between them with
// `memset`, so the cost follows the outline, not the area. Both add the same values in the same
// order (the untouched cells the reference adds are zeros): the output is byte-identical (tests
// compare them on seeded random polygons). An earlier fast path kept a linked list of cells per
// row and sorted it by insertion, falling back to a per-pixel running sum between the first and
// last cell above 48 cells; a long stroke crossing each row a dozen times took that per-pixel
// path on most rows.
//
// Even-odd uses the folded accumulated area (|a| mod 2, mirrored above 1), as Vello does: exact
// wherever a pixel meets a single edge; where edges of opposite winding cross inside one pixel,
// the area rule itself is an approximation (for both rules), off by at most that pixel's overlap.
//
// Measured here (release build, AMD EPYC, no -target-cpu; thread CPU time, best of 5 runs of
// 50, while other builds shared the two cores), filling a 1920×1080 mask:
//   rounded rect 1920×1080, radius 40 (52 points):  fast 0.08–0.10 ms   reference 2.5–2.7 ms
//   circle of radius 500 (158 points):               fast 0.20–0.30 ms   reference 3.8–4.4 ms
//   square of side 700 rotated 30°:                   fast 0.17–0.18 ms   reference 3.9 ms
//   200×120 card, radius 12, in a 222×142 mask:       fast 0.012 ms       reference 0.05 ms
// The fast path's cost is mostly the memset of the spans; an earlier version that kept its
// buffers in class properties spent 4× as long in exclusivity checks (0.44 ms for the first).

import Geometry

/// Turns a `FlattenedPath` into anti-aliased coverage: each value of the mask is the exact
/// fraction of its pixel that the filled path covers, rounded to 1/255.
///
/// A rasterizer holds scratch buffers that grow to the largest mask it has filled and are reused
/// from one call to the next, so filling allocates nothing in the steady state. It is not
/// thread-safe: give each thread (or compositor band) its own.
///
///     let rasterizer = CoverageRasterizer()
///     var path = FlattenedPath()
///     path.addRoundedRect(CGRect(x: 10, y: 10, width: 200, height: 100), radii: CornerRadii(uniform: 12))
///     let mask = CoverageMask(width: 220, height: 120)
///     rasterizer.fill(path, rule: .nonZero, into: mask)
public final class CoverageRasterizer {
    private let storage = RasterizerStorage()

    /// Coordinates are clamped to ±2⁴⁰ before clipping, so that differences stay finite and
    /// precise; nothing visible lies that far out.
    static let coordinateLimit = 1_099_511_627_776.0

    public init() {}

    /// Overwrites every value of `mask` with the coverage of `path` filled with `rule`.
    ///
    /// `origin` is the point of the path's space that lands on the mask's top-left corner, so a
    /// mask can cover any window of a larger drawing. Contours are closed implicitly; segments
    /// outside the mask are clipped; non-finite points are skipped.
    public func fill(_ path: FlattenedPath, rule: FillRule, into mask: CoverageMask, origin: CGPoint = .zero) {
        fill(path, rule: rule, into: mask, origin: origin, kernels: KernelPath.current)
    }

    /// `fill` through the chosen implementation; the two are byte-identical.
    package func fill(_ path: FlattenedPath, rule: FillRule, into mask: CoverageMask, origin: CGPoint,
                      kernels: KernelPath) {
        guard !mask.size.isEmpty else { return }
        var grid = storage.begin(width: mask.width, height: mask.height)
        let ox = Double(origin.x), oy = Double(origin.y)
        let offset = (x: ox.isFinite ? ox : 0, y: oy.isFinite ? oy : 0)
        path.points.withUnsafeBufferPointer { points in
            for contour in 0..<path.contourCount {
                let start = path.contourStarts[contour]
                let end = contour + 1 < path.contourCount ? path.contourStarts[contour + 1] : points.count
                grid.addContour(points, start: start, end: end, offset: offset)
            }
        }
        grid.resolve(into: mask, evenOdd: rule == .evenOdd, kernels: kernels)
    }

    @inline(__always) static func clampCoordinate(_ v: Double) -> Double {
        min(max(v, -coordinateLimit), coordinateLimit)
    }
}

/// The rasterizer's memory between calls: the accumulation cells and the bit sets of touched
/// cells (all zero between calls), and the per-row bounds of the touched cells.
private final class RasterizerStorage {
    var cells = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    var cellCapacity = 0
    var bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    var bitCapacity = 0
    var rows = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    var rowCapacity = 0

    func begin(width: Int, height: Int) -> CellGrid {
        let cellCount = (width + 2) * height
        Self.grow(&cells, capacity: &cellCapacity, to: cellCount)
        Self.grow(&bits, capacity: &bitCapacity, to: CellGrid.wordsPerRow(width: width) * height)
        if 2 * height > rowCapacity {
            rows.deallocate()
            rows = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * height)
            rowCapacity = 2 * height
        }
        return CellGrid(width: width, height: height, cells: cells, bits: bits, rows: rows)
    }

    /// Replaces `buffer` by a zeroed one of `count` elements when it holds fewer.
    private static func grow<T: Numeric>(_ buffer: inout UnsafeMutablePointer<T>, capacity: inout Int, to count: Int) {
        guard count > capacity else { return }
        let grown = UnsafeMutablePointer<T>.allocate(capacity: count)
        grown.initialize(repeating: 0, count: count)
        buffer.deallocate()
        buffer = grown
        capacity = count
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
        rows.deallocate()
    }
}

/// One fill's working state, as plain pointers so that the hot loops pay no exclusivity checks.
private struct CellGrid {
    let width: Int
    let height: Int
    /// `width + 2` cells per row: a segment at x = width still writes one cell to its right.
    let stride: Int
    let cells: UnsafeMutablePointer<Float>
    /// One bit per cell that became non-zero, `wordsPerRow` words a row.
    let bits: UnsafeMutablePointer<UInt64>
    let wordsPerRow: Int
    /// Each row's smallest and largest touched cell (`Int32.max` and −1 while it has none).
    let rowMin: UnsafeMutablePointer<Int32>
    let rowMax: UnsafeMutablePointer<Int32>

    static func wordsPerRow(width: Int) -> Int { (width + 2 + 63) >> 6 }

    init(width: Int, height: Int, cells: UnsafeMutablePointer<Float>, bits: UnsafeMutablePointer<UInt64>,
         rows: UnsafeMutablePointer<Int32>) {
        self.width = width
        self.height = height
        self.stride = width + 2
        self.cells = cells
        self.bits = bits
        self.wordsPerRow = Self.wordsPerRow(width: width)
        self.rowMin = rows
        self.rowMax = rows + height
        rowMin.update(repeating: .max, count: height)
        rowMax.update(repeating: -1, count: height)
    }

    mutating func addContour(_ points: UnsafeBufferPointer<CGPoint>, start: Int, end: Int,
                             offset: (x: Double, y: Double)) {
        var first: (x: Double, y: Double)?
        var previous = (x: 0.0, y: 0.0)
        for i in start..<end {
            let x = Double(points[i].x) - offset.x, y = Double(points[i].y) - offset.y
            guard x.isFinite, y.isFinite else { continue }
            let p = (x: CoverageRasterizer.clampCoordinate(x), y: CoverageRasterizer.clampCoordinate(y))
            if first == nil {
                first = p
            } else {
                addSegment(previous.x, previous.y, p.x, p.y)
            }
            previous = p
        }
        if let first { addSegment(previous.x, previous.y, first.x, first.y) }
    }

    /// Clips a segment to the rows of the mask and to its right edge, projecting what lies left
    /// of it onto x = 0, then accumulates the pieces.
    mutating func addSegment(_ x0In: Double, _ y0In: Double, _ x1In: Double, _ y1In: Double) {
        var x0 = x0In, y0 = y0In, x1 = x1In, y1 = y1In
        let h = Double(height), w = Double(width)
        guard y0 != y1 else { return }
        if (y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h) { return }
        if y0 < 0 || y0 > h || y1 < 0 || y1 > h {
            // Interpolate by the fraction of the height, which stays in 0...1 even for a segment
            // that is almost horizontal.
            let dx = x1 - x0, dy = y1 - y0
            let top = min(max(y0, 0), h), bottom = min(max(y1, 0), h)
            let newX0 = top == y0 ? x0 : x0 + (top - y0) / dy * dx
            let newX1 = bottom == y1 ? x1 : x0 + (bottom - y0) / dy * dx
            (x0, y0, x1, y1) = (newX0, top, newX1, bottom)
            guard y0 != y1 else { return }
        }
        if x0 >= w && x1 >= w { return }
        if x0 <= 0 && x1 <= 0 { return accumulate(0, y0, 0, y1) }
        if x0 >= 0 && x0 <= w && x1 >= 0 && x1 <= w { return accumulate(x0, y0, x1, y1) }
        // Split where the segment crosses x = 0 and x = w; each piece lies on one side of both.
        let dx = x1 - x0, dy = y1 - y0
        var cutA = 1.0, cutB = 1.0
        if (x0 < 0) != (x1 < 0) { cutA = -x0 / dx }
        if (x0 < w) != (x1 < w) { cutB = (w - x0) / dx }
        if cutB < cutA { swap(&cutA, &cutB) }
        var t0 = 0.0, px = x0, py = y0
        for piece in 0..<3 {
            let t1 = piece == 0 ? cutA : (piece == 1 ? cutB : 1.0)
            guard t1 > t0 else { continue }
            let qx = t1 >= 1 ? x1 : x0 + t1 * dx
            let qy = t1 >= 1 ? y1 : y0 + t1 * dy
            let mid = x0 + (t0 + t1) / 2 * dx
            if mid < 0 {
                accumulate(0, py, 0, qy)
            } else if mid <= w {
                accumulate(min(max(px, 0), w), py, min(max(qx, 0), w), qy)
            }
            if t1 >= 1 { break }
            (t0, px, py) = (t1, qx, qy)
        }
    }

    /// Adds the signed area changes of a segment inside `0...width` × `0...height`.
    mutating func accumulate(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard y0 != y1 else { return }
        let (xa, ya, xb, yb, direction) = y0 < y1 ? (x0, y0, x1, y1, 1.0) : (x1, y1, x0, y0, -1.0)
        let w = Double(width)
        let dx = xb - xa, dy = yb - ya
        let firstRow = Int(ya)
        let endRow = min(height, Int(yb.rounded(.up)))
        guard firstRow < endRow else { return }
        // A row's bottom is the next row's top (both `row + 1` inside the segment), so each
        // crossing is computed once and carried down, with the same arithmetic as computing it
        // again.
        var xTop = min(max(xa + (max(ya, Double(firstRow)) - ya) / dy * dx, 0), w)
        for row in firstRow..<endRow {
            let top = max(ya, Double(row)), bottom = min(yb, Double(row + 1))
            guard bottom > top else { continue }
            let xBottom = min(max(xa + (bottom - ya) / dy * dx, 0), w)
            defer { xTop = xBottom }
            let d = (bottom - top) * direction
            let lo = min(xTop, xBottom), hi = max(xTop, xBottom)
            let cell = Int(lo)
            if hi <= Double(cell + 1) {
                let fraction = (lo + hi) / 2 - Double(cell)
                add(row, cell, Float(d * (1 - fraction)))
                add(row, cell + 1, Float(d * fraction))
            } else {
                // G(t): the mean over the segment of clamp(t − x, 0, 1), the covered part of the
                // pixel whose right edge is at t; cell p receives d·(G(p+1) − G(p)). Q is the
                // integral of clamp(u, 0, 1).
                @inline(__always) func q(_ u: Double) -> Double {
                    u <= 0 ? 0 : (u >= 1 ? u - 0.5 : u * u / 2)
                }
                let inverse = 1 / (hi - lo)
                let lastCell = Int(hi.rounded(.up))
                var previous = 0.0
                for p in cell..<lastCell {
                    let t = Double(p + 1)
                    let g = (q(t - lo) - q(t - hi)) * inverse
                    add(row, p, Float(d * (g - previous)))
                    previous = g
                }
                add(row, lastCell, Float(d * (1 - previous)))
            }
        }
    }

    @inline(__always) mutating func add(_ row: Int, _ cell: Int, _ value: Float) {
        guard value != 0 else { return }
        let index = row &* stride &+ cell
        let old = cells[index]
        if old == 0 { register(row, cell) }
        cells[index] = old + value
    }

    @inline(__always) func register(_ row: Int, _ cell: Int) {
        bits[row &* wordsPerRow &+ (cell &>> 6)] |= 1 &<< UInt64(truncatingIfNeeded: cell & 63)
        let c = Int32(truncatingIfNeeded: cell)
        if c < rowMin[row] { rowMin[row] = c }
        if c > rowMax[row] { rowMax[row] = c }
    }

    func resolve(into mask: CoverageMask, evenOdd: Bool, kernels: KernelPath) {
        for row in 0..<height {
            let out = mask.baseAddress + row * mask.rowStride
            let accumulated = cells + row * stride
            let first = Int(rowMin[row]), last = Int(rowMax[row])
            if last < 0 {
                out.update(repeating: 0, count: width)
            } else if kernels == .reference {
                resolveReference(accumulated, out, evenOdd: evenOdd)
                (bits + row * wordsPerRow + (first >> 6)).update(repeating: 0, count: (last >> 6) - (first >> 6) + 1)
            } else {
                resolveTouched(accumulated, out, words: bits + row * wordsPerRow, first: first, last: last,
                               evenOdd: evenOdd)
            }
        }
    }

    private func resolveReference(_ accumulated: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>,
                                  evenOdd: Bool) {
        var sum: Float = 0
        for x in 0..<width {
            sum += accumulated[x]
            out[x] = coverageByte(sum, evenOdd: evenOdd)
        }
        accumulated.update(repeating: 0, count: width + 2)
    }

    /// The running sum over the touched cells only, found in order from the row's bit set (and
    /// cleared with it), with the constant runs between them written as fills.
    private func resolveTouched(_ accumulated: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>,
                                words: UnsafeMutablePointer<UInt64>, first: Int, last: Int, evenOdd: Bool) {
        var sum: Float = 0
        var x = 0
        for w in (first >> 6)...(last >> 6) {
            var word = words[w]
            guard word != 0 else { continue }
            words[w] = 0
            let base = w << 6
            repeat {
                let c = base &+ word.trailingZeroBitCount
                word &= word &- 1
                if c >= width {
                    accumulated[c] = 0
                    continue
                }
                if c > x {
                    let run = c &- x
                    let value = coverageByte(sum, evenOdd: evenOdd)
                    if run <= 8 {
                        for i in x..<c { out[i] = value }
                    } else {
                        out.advanced(by: x).update(repeating: value, count: run)
                    }
                }
                sum += accumulated[c]
                accumulated[c] = 0
                out[c] = coverageByte(sum, evenOdd: evenOdd)
                x = c &+ 1
            } while word != 0
        }
        if x < width { out.advanced(by: x).update(repeating: coverageByte(sum, evenOdd: evenOdd), count: width - x) }
    }
}

/// The byte for an accumulated winding-weighted area: `min(1, |a|)` for non-zero, `|a|` folded
/// into `0...1` (mod 2, mirrored) for even-odd, times 255, rounded to nearest.
@inline(__always) func coverageByte(_ accumulated: Float, evenOdd: Bool) -> UInt8 {
    var a = abs(accumulated)
    if evenOdd {
        a -= 2 * (a * 0.5).rounded(.down)
        if a > 1 { a = 2 - a }
    } else if a >= 1 {
        return 255
    }
    return UInt8(a * 255 + 0.5)
}
