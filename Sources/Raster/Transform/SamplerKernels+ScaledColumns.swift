// Eight adjacent destination columns of a plane turning about a vertical axis. Such a turn has
// w constant along each destination column, so each column is the transposed problem's
// `ScaledRow` (its `y` is the column, its x the destination row), read from the transposed
// image (`MipmappedImage.transposed`). The columns are drawn side by side, eight pixels of one
// destination row per step, lane k being column `x + k`: each lane keeps its row's constants in
// vectors and its two source columns blended into its own row of `temp`, so a step is the row
// kernel's step with per-lane constants, and its eight results are one store into the
// destination row — no transposed band and no transpose back (which, with the band's clearing,
// cost as much as the drawing).
// Lane k gives the bytes of `ScaledRow.draw` for its row (the same Float and integer operations,
// lane by lane), tested against it.

/// Eight adjacent destination columns drawn from eight transposed-problem rows; see the note above.
package struct ScaledColumns {
    private typealias L = SamplerLanes

    /// The first destination column (lane 0).
    package let x: Int
    /// The destination rows drawn.
    package let range: Range<Int>
    private let temp: UnsafeMutablePointer<UInt32>, tempStride: Int
    private var u0 = L.Floats(), du = L.Floats(), scale = L.Floats(repeating: 1), maxFX = L.Floats()
    private var maxI0 = L.Ints(), lo = L.Ints(), hi = L.Ints(), offset = L.Ints()
    private var e0 = L.Floats(), e1 = L.Floats(), e2 = L.Floats(), e3 = L.Floats()
    private var d0 = L.Floats(), d1 = L.Floats(), d2 = L.Floats(), d3 = L.Floats()
    /// Rows some lane may cover, and rows every lane covers fully.
    private var outer: Range<Int>? = nil, inner: Range<Int>? = nil
    private var lanesSet = 0, lanesDrawn = 0

    /// `temp` holds eight rows of `tempStride` pixels, each at least as wide as any level read.
    package init(x: Int, range: Range<Int>, temp: UnsafeMutablePointer<UInt32>, tempStride: Int) {
        self.x = x
        self.range = range
        self.temp = temp
        self.tempStride = tempStride
        for k in 0..<8 { offset[k] = Int32(k * tempStride) }
    }

    /// Whether no lane reaches any row of `range`: then `draw` without `overClear` changes nothing.
    package var isEmpty: Bool { outer == nil }

    /// Lane `k` draws `row` (whose `y` is column `x + k`) from `level`, its level's bitmap.
    /// A lane never set draws nothing.
    package mutating func set(_ k: Int, row: ScaledRow, level: Bitmap) {
        lanesSet += 1
        let (o, i) = row.spans(in: range)
        guard !o.isEmpty else { return }
        lanesDrawn += 1
        outer = outer.map { min($0.lowerBound, o.lowerBound)..<max($0.upperBound, o.upperBound) } ?? o
        if let known = inner {
            let lower = max(known.lowerBound, i.lowerBound), upper = min(known.upperBound, i.upperBound)
            inner = lower < upper ? lower..<upper : lower..<lower
        } else {
            inner = i
        }
        let lv = SamplerLevel(level, level: row.level)
        u0[k] = row.u0; du[k] = row.du; scale[k] = lv.scale; maxFX[k] = lv.maxFX; maxI0[k] = lv.maxI0
        e0[k] = row.e0[0]; e1[k] = row.e0[1]; e2[k] = row.e0[2]; e3[k] = row.e0[3]
        d0[k] = row.de[0]; d1[k] = row.de[1]; d2[k] = row.de[2]; d3[k] = row.de[3]
        let (iMin, iMax, _) = row.blendedSource(lv, outer: o, into: temp + k * tempStride, copy: true)
        lo[k] = iMin
        hi[k] = iMax - lv.stepX
        offset[k] = Int32(k * tempStride) - iMin
    }

    /// Draws lanes `firstLane..<8` into `destination` (which holds columns `x..<x + 8` of every
    /// row of `range`). With `overClear` the destination is taken as transparent and every pixel
    /// of those lanes and rows is written (0 where nothing covers it), as a clear then a draw.
    package func draw(into destination: Bitmap, overClear: Bool, firstLane: Int = 0) {
        let visit = overClear ? range : (outer ?? range.lowerBound..<range.lowerBound)
        let keep = L.Ints(0, 1, 2, 3, 4, 5, 6, 7) .>= Int32(firstLane)
        let covered = lanesSet == 8 && lanesDrawn == 8 ? (inner ?? 0..<0) : 0..<0
        let lit = outer ?? 0..<0
        for y in visit {
            let out = destination.baseAddress + y * destination.rowStride + x
            var result = L.Pixels()
            if lit.contains(y) {
                let yf = L.Floats(repeating: Float(y))
                let r = u0 + yf * du
                let ix = L.roundToInt(L.clamp(r * scale - 128, maxFX))
                let q = ix &>> 8, over = maxI0 &- q
                let i0 = q &+ (over & (over &>> 31))
                let wx = unsafeBitCast(ix &- i0 &<< 8, to: L.Pixels.self)
                // Lanes outside their span read any texel of their row (their coverage is 0).
                let clamped = pointwiseMax(pointwiseMin(i0, hi), lo)
                let (a, b) = L.gatherPairs(UnsafePointer(temp), offset &+ clamped)
                var sample = L.lerp(L.split(a), L.split(b), L.spread(256 &- wx), L.spread(wx))
                if covered.contains(y) {
                    result = overClear || L.allOpaque(sample) ? L.join(sample) : L.sourceOver(sample, L.load(out))
                } else {
                    var c = L.clamp(e0 + yf * d0, 1)
                    c = c * L.clamp(e1 + yf * d1, 1)
                    c = c * L.clamp(e2 + yf * d2, 1)
                    c = c * L.clamp(e3 + yf * d3, 1)
                    let coverage = unsafeBitCast(L.roundToInt(c * 255), to: L.Pixels.self)
                    let m = coverage &* 255 &+ 128
                    sample = L.scale(sample, by: L.spread((m &+ m &>> 8) &>> 8))
                    result = overClear ? L.join(sample) : L.sourceOver(sample, L.load(out))
                }
            }
            if firstLane == 0 {
                L.store(result, out)
            } else {
                L.store(L.load(out).replacing(with: result, where: keep), out)
            }
        }
    }
}

extension SamplerLanes {
    /// `v` clamped to 0…`hi` lane by lane; NaN gives `hi` (as `SamplerScalar.clamp`).
    @inline(__always)
    static func clamp(_ v: Floats, _ hi: Floats) -> Floats {
        let t = hi.replacing(with: v, where: v .< hi)
        return Floats(repeating: 0).replacing(with: t, where: t .> 0)
    }
}
