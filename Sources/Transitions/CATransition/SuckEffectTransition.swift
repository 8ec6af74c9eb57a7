// DESIGN NOTE — suckEffect.
//
// The old content is drawn into a point like a cloth pulled through a drain (iOS sucks it to
// about (160, 360) on a 320×480 screen: the horizontal centre, three quarters down; the same
// fractions of the frame here). Each source row travels toward the point as it narrows, rows
// nearer the point going first (a row's progress q lags the transition by its distance from
// the point), so the picture pinches into a funnel; the new content lies underneath.
//
// Row model: a source row at height v moves to y(v) = v + (ty − v)·q(v) and is squeezed by
// (1 − q)² about an x that moves from the centre to the point. y is monotonic in v (q grows
// toward the point), so each frame tabulates y at the H + 1 row boundaries (in the scratch
// buffer, no allocation) and each destination row finds its source row by walking the table.
// Within a row the map is an axis-aligned scale: eight lanes of bilinear samples, covered
// pixels composited over `to`, the rest copied. Rows still in place (q = 0) are a plain
// source-over of `from` on `to`.
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, thread CPU time per 1920×1080 frame of two photographs, best of 25 at
// progress 0.25 / 0.5 / 0.75, on the shared 2-core machine (load average 6–10, so these are
// upper bounds): 7.4 / 7.2 / 1.5 ms. Then `pixels` transparent with vector constants and the
// bilinear read as `Lanes.taps` + `Lanes.sample` (the same bytes), so the kernel is inlined whole
// into the row loop instead of calling `Lanes.bilinear` out of line (speed harness, best of 7 at
// 0.05 … 0.95): worst 7.6 → 4.1 ms (at 0.25), median 5.2 → 3.5 ms.

import Geometry
import Raster

/// `CATransition.type = "suckEffect"` (a private type iOS has always shipped): the old content
/// is sucked into a point below the centre of the layer, like a cloth pulled through a drain,
/// uncovering the new content. See the design note above.
struct SuckEffectTransition: Transition {
    static let name = "suckEffect"
    static let summary = "The old content is sucked into a point below the centre, like a cloth pulled away"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        let table = scratch.offscreen(PixelSize(uncheckedWidth: destination.height + 1, height: 1))
        Suck(progress: progress, from: from, to: to, table: table.baseAddress)
            .render(into: destination, clip: clip, kernels: .current)
    }
}

/// One frame of the suck effect.
struct Suck {
    let from: PixelSource, to: PixelSource
    let progress: Double
    let width: Double, height: Double
    /// The point everything is drawn into.
    let tx: Double, ty: Double
    /// The farthest a row can be from the point, vertically.
    let reach: Double
    /// y(v) at the row boundaries v = 0…H, as Float bit patterns.
    let table: UnsafeMutablePointer<UInt32>

    /// How much later than the nearest row the farthest one starts (in progress units).
    static let lag = 1.0

    init(progress: Double, from: Bitmap, to: Bitmap, table: UnsafeMutablePointer<UInt32>) {
        self.from = PixelSource(from)
        self.to = PixelSource(to)
        self.progress = progress
        width = Double(from.width)
        height = Double(from.height)
        tx = 0.5 * width
        ty = 0.75 * height
        reach = max(ty, height - ty, 1)
        self.table = table
        for k in 0...from.height {
            table[k] = Float(position(ofRow: Double(k))).bitPattern
        }
    }

    /// The progress (0…1) of the source row at height v.
    func rowProgress(_ v: Double) -> Double {
        let distance = abs(v - ty) / reach
        let raw = min(max(progress * (1 + Suck.lag) - Suck.lag * distance, 0), 1)
        return raw * raw * (3 - 2 * raw)
    }

    func position(ofRow v: Double) -> Double {
        v + (ty - v) * rowProgress(v)
    }

    /// For destination row `y`: the source height its centre shows, and how much of the row the
    /// sucked picture covers vertically (0…1); nil where it covers nothing.
    func sourceRow(_ y: Int) -> (v: Double, coverage: Double)? {
        let center = Float(Double(y) + 0.5)
        let rows = from.height
        let top = Float(bitPattern: table[0]), bottom = Float(bitPattern: table[rows])
        let coverage = Double(min(max(min(center - top, bottom - center) + 0.5, 0), 1))
        guard coverage > 0 else { return nil }
        // The table is non-decreasing: find k with y(k) ≤ centre < y(k + 1).
        var lo = 0, hi = rows
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Float(bitPattern: table[mid]) <= center { lo = mid } else { hi = mid }
        }
        let a = Float(bitPattern: table[lo]), b = Float(bitPattern: table[hi])
        let fraction = b > a ? Double((center - a) / (b - a)) : 0.5
        return (Double(lo) + min(max(fraction, 0), 1), coverage)
    }

    /// A row's horizontal map: the source row, where the squeezed row lies, its scale.
    struct RowMap {
        let v: Float
        let left: Float, right: Float
        /// sx = centre + (X − middle)·stretch
        let middle: Float, stretch: Float, centre: Float
        let coverage: Float
        let identity: Bool
    }

    func rowMap(_ y: Int) -> RowMap? {
        guard let (v, coverage) = sourceRow(y) else { return nil }
        let q = rowProgress(v)
        let squeeze = (1 - q) * (1 - q)
        guard squeeze > 1e-6 else { return nil }
        let middle = 0.5 * width + (tx - 0.5 * width) * q
        let half = 0.5 * width * squeeze
        return RowMap(v: Float(v), left: Float(middle - half), right: Float(middle + half), middle: Float(middle),
                      stretch: Float(1 / squeeze), centre: Float(0.5 * width), coverage: Float(coverage),
                      identity: q == 0 && v == Double(y) + 0.5 && coverage == 1)
    }

    /// Eight pixels of a row: the squeezed source row over `to`. One pixel splatted over the
    /// lanes is the reference. Transparent, with every constant a vector, so that the whole
    /// kernel, `Lanes.taps` included, is inlined into the row loop (see `Ripple.plan`).
    @_transparent
    func pixels(_ map: RowMap, x: Lanes.Floats, under: Lanes.Pixels) -> Lanes.Pixels {
        typealias F = Lanes.Floats
        let center = x + F(repeating: 0.5)
        let sx = F(repeating: map.centre) + (center - F(repeating: map.middle)) * F(repeating: map.stretch)
        let inside = Lanes.minimum(center - F(repeating: map.left), F(repeating: map.right) - center)
        let coverage = Lanes.clamp(inside + F(repeating: 0.5), 0, 1) * F(repeating: map.coverage)
        let sample = Lanes.sample(from, Lanes.taps(from, x: sx, y: F(repeating: map.v)))
        return Lanes.sourceOver(Lanes.scale(sample, by: Lanes.roundToInteger(coverage * F(repeating: 255))), under)
    }

    func render(into destination: Bitmap, clip: PixelRect, kernels: KernelPath) {
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return }
        let done = progress >= 1
        for y in area.minY..<area.maxY {
            let out = destination.row(y).baseAddress! + area.minX
            let fromRow = from.base + y * from.rowStride + area.minX, toRow = to.base + y * to.rowStride + area.minX
            if progress <= 0 || done {
                out.update(from: done ? toRow : fromRow, count: area.width)
                continue
            }
            guard let map = rowMap(y) else {
                out.update(from: toRow, count: area.width)
                continue
            }
            if kernels == .reference {
                for i in 0..<area.width {
                    out[i] = pixels(map, x: Lanes.Floats(repeating: Float(area.minX + i)),
                                    under: Lanes.Pixels(repeating: toRow[i]))[0]
                }
                continue
            }
            if map.identity {
                // In place: the pixel-centre samples are the pixels themselves.
                out.update(from: toRow, count: area.width)
                let size = PixelSize(uncheckedWidth: area.width, height: 1)
                Bitmap(borrowing: out, size: size, rowStride: area.width)
                    .composite(Bitmap(borrowing: fromRow, size: size, rowStride: area.width), atX: 0, y: 0)
                continue
            }
            // Pixels whose centres lie more than half a pixel outside the squeezed row keep `to`.
            let first = max(area.minX, Int((Double(map.left) - 1.01).rounded(.down)))
            let last = min(area.maxX, Int((Double(map.right) + 0.01).rounded(.up)) + 1)
            guard first < last else {
                out.update(from: toRow, count: area.width)
                continue
            }
            out.update(from: toRow, count: first - area.minX)
            (out + (last - area.minX)).update(from: toRow + (last - area.minX), count: area.maxX - last)
            var x = first
            while x < last {
                let n = min(8, last - x)
                let lanes = Lanes.Floats(repeating: Float(x)) + Lanes.minimum(Lanes.iota, Lanes.Floats(repeating: Float(n - 1)))
                let offset = x - area.minX
                CurlPixels.store(pixels(map, x: lanes, under: CurlPixels.load(toRow + offset, n)), to: out + offset, n)
                x += n
            }
        }
    }
}
