// DESIGN NOTE — one destination row as an axis-aligned scale of one source row.
//
// A plane turning about a horizontal axis has w constant along each destination row, so every
// row is an exact axis-aligned scale of one (fractional) source row: U = a·X + c, V constant.
// `PerspectiveFlip` drew such rows as one `drawImage` call each (1080 calls per face), and the
// per-call work — the setup's edge, bounding-box and threshold arrays, a column table for the
// whole width, three buffers — cost as much as the pixels (≈ 4 ns per pixel at progress 0.05).
// Here a row costs a handful of Double operations: the same row constants that `SamplerSetup`
// derives from the row's matrix (so the bytes are those of `drawImage` with that matrix and the
// row as clip, default options), one vertical blend of the two source rows into `temp` over the
// columns the row reads (none when the row falls on a texel centre), then eight pixels per step:
// position, one 64-bit load per pixel for its texel pair from that blended row (in L1), the
// horizontal lerp and the store. Coverage is computed only in groups that touch an edge zone.
// With `overClear` the destination is taken as transparent (no clear pass before the first face,
// no destination load). A turn about a vertical axis is the same problem transposed:
// `ScaledColumns` draws eight such rows of the transposed problem as eight destination columns.
//
// Measured (release, `-target-cpu haswell`, one thread, thread CPU time per 1920×1080 frame, see
// PerspectiveFlip.swift): flipFromTop at progress 0.05, where the face covers the frame, 7.3 →
// 4.5–6.3 ms; the row loop ≈ 1.5 ns per pixel (perf: ≈ 70 % of the frame), the vertical blend
// ≈ 12 %, the spans ≈ 5 %. Tested byte for byte against `drawImage`'s scalar reference with the
// row's map (ScaledRowKernelTests).

/// One destination row drawn as an axis-aligned scale of one source row, with the constants
/// `drawImage` derives from the row's inverse map `(a, 0, c; 0, d, f; 0, 0, 1)` under the default
/// options (opaque, mipmapped bilinear, anti-aliased edges): `draw` gives
/// the bytes of `drawImage(chain, inverseTransform: map, clip: that row)`.
package struct ScaledRow: Sendable {
    /// The destination row.
    package let y: Int
    /// The mip level read, as `drawImage` picks it for an affine map.
    package let level: Int
    let u0: Float, du: Float, v0: Float
    let e0: SIMD4<Float>, de: SIMD4<Float>

    /// `nil` when the map is not such a row map, or when `drawImage` would draw nothing whatever
    /// the clip (singular or non-finite map, empty source).
    package init?(inverse m: ProjectiveTransform, y: Int, sourceSize: PixelSize, levelCount: Int) {
        guard m.isFinite, m.m01 == 0, m.m10 == 0, m.m20 == 0, m.m21 == 0, m.m22 == 1, !sourceSize.isEmpty
        else { return nil }
        let det = m.determinant
        guard det != 0, det.isFinite else { return nil }
        self.y = y
        // The edges and row constants exactly as `SamplerSetup.init` and `SamplerSetup.row` form them.
        let width = Double(sourceSize.width), height = Double(sourceSize.height)
        let cy = Double(y) + 0.5
        var e0 = SIMD4<Float>(), de = SIMD4<Float>()
        for k in 0..<4 {
            let (a, b, c): (Double, Double, Double)
            switch k {
            case 0: (a, b, c) = (m.m00, m.m01, m.m02)
            case 1: (a, b, c) = (width * m.m20 - m.m00, width * m.m21 - m.m01, width * m.m22 - m.m02)
            case 2: (a, b, c) = (m.m10, m.m11, m.m12)
            default: (a, b, c) = (height * m.m20 - m.m10, height * m.m21 - m.m11, height * m.m22 - m.m12)
            }
            let n = (a * a + b * b).squareRoot()
            guard n != 0, n.isFinite else { return nil }
            let ea = a / n, eb = b / n, ec = c / n
            e0[k] = Float(ea * 0.5 + eb * cy + ec + 0.5)
            de[k] = Float(ea)
        }
        guard e0.x.isFinite, e0.y.isFinite, e0.z.isFinite, e0.w.isFinite else { return nil }
        self.e0 = e0
        self.de = de
        u0 = Float(256 * (m.m00 * 0.5 + m.m01 * cy + m.m02))
        du = Float(256 * m.m00)
        v0 = Float(256 * (m.m10 * 0.5 + m.m11 * cy + m.m12))
        guard u0.isFinite, du.isFinite, v0.isFinite else { return nil }
        let maxLevel = levelCount - 1
        let rho2 = max(m.m00 * m.m00 + m.m10 * m.m10, m.m01 * m.m01 + m.m11 * m.m11)
        var level = 0
        while level < maxLevel, rho2 >= Double(1 << (2 * (level + 1))) * (1 - 1e-5) { level += 1 }
        self.level = level
    }

    /// Edge `k`'s distance + ½ at pixel `x`, in Float as the kernels evaluate it.
    @inline(__always)
    func distance(_ k: Int, _ x: Int) -> Float { e0[k] + Float(x) * de[k] }

    /// Coverage of pixel `x`, 0…255, as `SamplerSetup.coverage`.
    @inline(__always)
    func coverage(_ x: Int) -> UInt32 {
        var c: Float = 1
        for k in 0..<4 {
            let ck = SamplerScalar.clamp(distance(k, x), 1)
            c = k == 0 ? ck : c * ck
        }
        return UInt32(SamplerScalar.roundToInt(c * 255))
    }

    /// Whether some pixel of `range` may be covered: otherwise `draw` without `overClear`
    /// changes nothing.
    package func reaches(_ range: Range<Int>) -> Bool { !spans(in: range).outer.isEmpty }

    /// Within `range`: the pixels with non-zero coverage (`outer`, possibly a few with zero) and
    /// those with full coverage (`inner`, a sub-range of `outer`, empty if none). Each factor of
    /// the coverage is monotonic in x, so each bound is found from its Double estimate by
    /// stepping while the Float predicate says so: exact, whatever the rounding.
    func spans(in range: Range<Int>) -> (outer: Range<Int>, inner: Range<Int>) {
        var oLo = range.lowerBound, oHi = range.upperBound, iLo = oLo, iHi = oHi
        guard oLo < oHi else { return (oLo..<oLo, oLo..<oLo) }
        for k in 0..<4 {
            if de[k] == 0 {
                if !(e0[k] > 0) { return (oLo..<oLo, oLo..<oLo) }
                if !(e0[k] >= 1) { iHi = iLo }
                continue
            }
            // The first pixel of `range` (or its end) where `passes` turns true (de > 0) or false (de < 0).
            func boundary(_ passes: (Int) -> Bool, estimate: Double) -> Int {
                let lo = range.lowerBound, hi = range.upperBound
                var x = estimate.isFinite ? Int(min(max(estimate.rounded(.down), Double(lo)), Double(hi))) : lo
                let rising = de[k] > 0
                while x > lo, passes(x - 1) == rising { x -= 1 }
                while x < hi, passes(x) != rising { x += 1 }
                return x
            }
            let toZero = -Double(e0[k]) / Double(de[k]), toOne = (1 - Double(e0[k])) / Double(de[k])
            let lit = boundary({ self.distance(k, $0) > 0 }, estimate: toZero)
            let full = boundary({ self.distance(k, $0) >= 1 }, estimate: toOne)
            if de[k] > 0 {
                oLo = max(oLo, lit)
                iLo = max(iLo, full)
            } else {
                oHi = min(oHi, lit)
                iHi = min(iHi, full)
            }
        }
        guard oLo < oHi else { return (oLo..<oLo, oLo..<oLo) }
        iLo = max(iLo, oLo)
        iHi = min(iHi, oHi)
        return iLo < iHi ? (oLo..<oHi, iLo..<iHi) : (oLo..<oHi, oLo..<oLo)
    }
}

extension ScaledRow {
    private typealias L = SamplerLanes

    /// The source row this row reads, over the texel columns its pixels `outer` read: the two
    /// rows of level `lv` around it blended into `temp` (indexed by texel column minus
    /// `iMin`), or the level's row itself when the row falls on a texel centre and `copy` is
    /// false (lerp(a, b, 0) = a). `iMax` is the last column read, the pair's second included.
    func blendedSource(_ lv: SamplerLevel, outer: Range<Int>, into temp: UnsafeMutablePointer<UInt32>,
                       copy: Bool) -> (iMin: Int32, iMax: Int32, source: UnsafePointer<UInt32>) {
        let iy = SamplerScalar.roundToInt(SamplerScalar.clamp(v0 * lv.scale - 128, lv.maxFY))
        let j0 = min(iy >> 8, lv.maxJ0), wy = UInt32(iy &- j0 << 8)
        func column(_ x: Int) -> Int32 {
            let ix = SamplerScalar.roundToInt(SamplerScalar.clamp((u0 + Float(x) * du) * lv.scale - 128, lv.maxFX))
            return min(ix >> 8, lv.maxI0)
        }
        // The columns are monotonic in x (u is linear; rounding, clamping and the minimum keep order).
        let first = column(outer.lowerBound), last = column(outer.upperBound - 1)
        let iMin = min(first, last), iMax = max(first, last) + lv.stepX
        let top = lv.base + Int(j0) * lv.rowStride
        if wy == 0 && !copy { return (iMin, iMax, UnsafePointer(top)) }
        SamplerKernels.blendRows(top + Int(iMin), top + Int(iMin) + Int(lv.stepY), weight: wy,
                                 count: Int(iMax - iMin) + 1, into: temp)
        return (iMin, iMax, UnsafePointer(temp) - Int(iMin))
    }

    /// Composites this row source-over onto the destination pixels `range` of its row, reading
    /// mip level `level` (`level`, that level's bitmap). `pixels` points at the pixel of
    /// `range.lowerBound` (the row may live in any bitmap: x is only a coordinate of the map);
    /// `temp` holds at least `level.width` pixels, contents undefined. With `overClear` the
    /// destination is taken as transparent and every pixel of `range` is written (0 where the
    /// row does not reach), as a clear then a draw.
    package func draw(level: Bitmap, range: Range<Int>, pixels: UnsafeMutablePointer<UInt32>,
                      temp: UnsafeMutablePointer<UInt32>, overClear: Bool = false) {
        let (outer, inner) = spans(in: range)
        let out = pixels - range.lowerBound
        if overClear {
            let lit = outer.isEmpty ? range.upperBound..<range.upperBound : outer
            (out + range.lowerBound).update(repeating: 0, count: lit.lowerBound - range.lowerBound)
            (out + lit.upperBound).update(repeating: 0, count: range.upperBound - lit.upperBound)
        }
        guard !outer.isEmpty else { return }
        let lv = SamplerLevel(level, level: self.level)
        let source = blendedSource(lv, outer: outer, into: temp, copy: false).source
        // Pixel by pixel (the reference's formulas) for short spans and under the reference switch.
        guard outer.count >= 8, KernelPath.current != .reference else {
            for x in outer {
                let c = coverage(x)
                guard c > 0 else { if overClear { out[x] = 0 }; continue }
                let ix = SamplerScalar.roundToInt(SamplerScalar.clamp((u0 + Float(x) * du) * lv.scale - 128, lv.maxFX))
                let i0 = min(ix >> 8, lv.maxI0)
                let sample = SamplerScalar.lerp(source[Int(i0)], source[Int(i0 + lv.stepX)], UInt32(ix &- i0 << 8))
                let m = SamplerScalar.divide255(255 &* c)
                out[x] = SamplerScalar.sourceOver(SamplerScalar.scale(sample, by: m), overClear ? 0 : out[x])
            }
            return
        }
        let maxI0 = L.Ints(repeating: lv.maxI0)
        var x = outer.lowerBound
        while x < outer.upperBound {
            let g = min(x, outer.upperBound - 8)
            let xf = L.Floats(repeating: Float(g)) + L.laneIndex
            let r = u0 + xf * du
            let ix = L.roundToInt(L.clamp(r * lv.scale - 128, lv.maxFX))
            // `ix ≥ 0` after the clamp, so the minimum with `maxI0` is arithmetic (see drawAxisAligned).
            let t = ix &>> 8, over = maxI0 &- t
            let i0 = t &+ (over & (over &>> 31))
            let wx = unsafeBitCast(ix &- i0 &<< 8, to: L.Pixels.self)
            let a: L.Pixels, b: L.Pixels
            if lv.stepX == 1 {
                (a, b) = L.gatherPairs(source, i0)
            } else {
                a = L.gather(source, i0); b = a
            }
            var sample = L.lerp(L.split(a), L.split(b), L.spread(256 &- wx), L.spread(wx))
            let result: L.Pixels
            if g >= inner.lowerBound && g + 8 <= inner.upperBound {
                result = overClear || L.allOpaque(sample) ? L.join(sample) : L.sourceOver(sample, L.load(out + g))
            } else {
                var c = L.Floats()
                for k in 0..<4 {
                    let ck = L.clamp(e0[k] + xf * de[k], 1)
                    c = k == 0 ? ck : c * ck
                }
                let coverage = unsafeBitCast(L.roundToInt(c * 255), to: L.Pixels.self)
                let t = coverage &* 255 &+ 128
                sample = L.scale(sample, by: L.spread((t &+ t &>> 8) &>> 8))
                result = overClear ? L.join(sample) : L.sourceOver(sample, L.load(out + g))
            }
            if g == x {
                L.store(result, out + g)
            } else {
                let keep = L.Ints(0, 1, 2, 3, 4, 5, 6, 7) .>= Int32(x - g)
                L.store(L.load(out + g).replacing(with: result, where: keep), out + g)
            }
            x = g + 8
        }
    }
}
