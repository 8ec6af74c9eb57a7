// DESIGN NOTE — the transformed-image kernel (the compositor's core primitive).
//
// Work is bounded analytically: the quad's bounding box comes from clipping the clip rectangle
// by the four edge half-planes (`SamplerSetup.boundingBox`), and each row's span is solved from
// the edge lines, split into edge zones (coverage computed) and an inner run (coverage 1, none
// computed). No pixel outside the quad is visited.
//
// Inner loop, eight pixels per step in `SIMD8<Float>`/`SIMD8<Int32>` (one AVX2 register, two SSE
// registers on baseline x86-64): the source position is evaluated directly per pixel (no
// accumulated increments, so a band split cannot change a bit), divided by w per pixel for a
// projective map (exact perspective; the divide costs little next to the texel loads), converted
// to 24.8 fixed point with the 1.5·2²³ trick, clamped, and turned into offsets; each bilinear
// 2×2 block is two 64-bit loads (texel pairs), de-interleaved with `evenHalf`/`oddHalf`;
// weights and the blend run on `SIMD16<UInt16>` with two channels per pixel and the exact
// `/255`; a group whose eight samples are opaque is stored without reading the destination.
// A span's last partial group is computed over the eight pixels ending the span and stored with
// the other lanes written back unchanged, so there is no scalar tail. Every step mirrors
// `SamplerReference` operation for operation, so the two agree byte for byte (fuzz-tested in
// debug and release, baseline and haswell).
//
// Measured here (1920×1080 frame, one thread, thread CPU time, Benchmarks/kinescope-bench; the
// 2-core machine was shared with other builds at load average 8–17, so figures move ±20 %
// between runs; pixman is given the quad's bounding box, as we are):
//                                        baseline x86-64               -target-cpu haswell
//   perspective 60° about y, bilinear    11.9–12.9 ms (3.5–4.0× pixman)  10.4–11.1 ms (4.1–5.9×)
//   same, mipmapped bilinear             12.4–14.5 ms (3.1–3.7×)         11.3–12.1 ms (3.7–5.4×)
//   scale 0.5 + rotate 30° (mip level 1)  4.2–5.4 ms (3.0×)               3.3–4.3 ms (3.7–4.1×)
//   scale 0.75, axis-aligned              2.6–4.6 ms (0.6–1.1×)           2.2–3.3 ms (0.8–0.9×)
//   opacity 0.5 blend (translation path)  1.6–2.5 ms (0.7–1.1×)           1.1–1.5 ms (1.6–1.9×)
//   pixman, same perspective             45–51 ms over the bounding box, 60–86 ms over the whole
//                                        frame (the "19 fps" figure of NOTES)
// (`x86-64-v3` is not a `-target-cpu` value Swift 6.3's LLVM accepts; `haswell` is that ISA level.)
// Same hour, same run of both builds (issue 22, load ≈ 8.7): projective 10.5 → 8.5 ms, affine
// 3.8 → 2.5, mipmapped affine 3.5 → 2.1. The build chooses the level (`scripts/env.sh`, CMake's
// `KINESCOPE_TARGET_CPU`): Swift has no per-function target attribute to dispatch on at run time.
//
// What mattered, measured with a profiling build of this kernel alone (AVX2 unless said):
// - Specialisation. Variant flags as `Bool` parameters of `@inline(__always)` helpers were not
//   folded: LLVM's function merging re-merged the four copies and called the texel fetch through
//   a function pointer. Variant types (`SamplerVariant`) plus `@_transparent` on the helpers
//   that must inline: perspective 14.3 → 12.6 ms (baseline).
// - Texel pairs: 16 64-bit loads per eight pixels instead of 32 32-bit ones: 12.2 → 9.9 ms.
// - Where the rest goes: with every texel load removed the perspective case takes 4.6 ms (7.1
//   baseline); with loads confined to 16 KB (always in L1) 5.6 ms; for real ≈ 10 ms. So about
//   half is the memory system along the slanted source path. Tried and dropped, no measurable
//   gain: 2-D tiling (bands of 8–32 rows × pieces of 32–256 px), padding the source stride
//   against cache-set conflicts, scalar-address gathers, and an all-opaque test via `all()`
//   (which made the loop 2× slower; the 64-bit AND in `allOpaque` is free).

/// Lane helpers of the image kernels: eight pixels per vector.
enum SamplerLanes {
    typealias Floats = SIMD8<Float>
    typealias Ints = SIMD8<Int32>
    typealias Pixels = SIMD8<UInt32>
    typealias Channels = SIMD16<UInt16>

    static let laneIndex = Floats(0, 1, 2, 3, 4, 5, 6, 7)

    @inline(__always)
    static func roundToInt(_ v: Floats) -> Ints {
        unsafeBitCast(v + 12_582_912, to: Ints.self) &- 0x4B40_0000
    }

    /// `min(a, b)` per lane, for lanes where `b − a` does not overflow (texel indices). In
    /// arithmetic because `pointwiseMin` is not always inlined: in the baseline build the affine
    /// variant called it out of line twice per eight pixels (callgrind, the cover demo: 187 M
    /// instructions in 60 frames in the call alone).
    @inline(__always)
    static func minimum(_ a: Ints, _ b: Ints) -> Ints {
        let over = b &- a
        return a &+ (over & (over &>> 31))
    }

    /// `v` clamped to 0…`hi`; NaN gives `hi` (as `SamplerScalar.clamp`).
    @inline(__always)
    static func clamp(_ v: Floats, _ hi: Float) -> Floats {
        let t = Floats(repeating: hi).replacing(with: v, where: v .< hi)
        return Floats(repeating: 0).replacing(with: t, where: t .> 0)
    }

    /// Texels `o` and `o + 1` of each lane, as (first, second): eight 64-bit loads.
    @inline(__always)
    static func gatherPairs(_ base: UnsafePointer<UInt32>, _ o: Ints) -> (Pixels, Pixels) {
        let raw = UnsafeRawPointer(base)
        @inline(__always) func pair(_ k: Int) -> UInt64 {
            raw.loadUnaligned(fromByteOffset: Int(o[k]) &* 4, as: UInt64.self)
        }
        let pairs = SIMD8<UInt64>(pair(0), pair(1), pair(2), pair(3), pair(4), pair(5), pair(6), pair(7))
        let words = unsafeBitCast(pairs, to: SIMD16<UInt32>.self)
        return (words.evenHalf, words.oddHalf)
    }

    @inline(__always)
    static func gather(_ base: UnsafePointer<UInt32>, _ o: Ints) -> Pixels {
        Pixels(base[Int(o[0])], base[Int(o[1])], base[Int(o[2])], base[Int(o[3])],
               base[Int(o[4])], base[Int(o[5])], base[Int(o[6])], base[Int(o[7])])
    }

    /// A per-pixel factor (≤ 256) in both 16-bit halves of its pixel's lane.
    @inline(__always)
    static func spread(_ w: Pixels) -> Channels {
        unsafeBitCast(w | w &<< 16, to: Channels.self)
    }

    /// `(a·g + b·f + 128) / 256` per channel, with `g = 256 − f` (as `SamplerScalar.lerp`).
    @inline(__always)
    static func lerp(_ a: Pixels, _ b: Pixels, _ g: Channels, _ f: Channels) -> Pixels {
        let ac = unsafeBitCast(a, to: Channels.self), bc = unsafeBitCast(b, to: Channels.self)
        let even = ((ac & 0x00FF) &* g &+ (bc & 0x00FF) &* f &+ 128) &>> 8
        let odd = ((ac &>> 8) &* g &+ (bc &>> 8) &* f &+ 128) &>> 8
        return unsafeBitCast(even | odd &<< 8, to: Pixels.self)
    }

    /// Pixels as (blue, red) and (green, alpha) channel lanes, each 0…255 in 16 bits.
    typealias Split = (even: Channels, odd: Channels)

    @inline(__always)
    static func split(_ p: Pixels) -> Split {
        let c = unsafeBitCast(p, to: Channels.self)
        return (c & 0x00FF, c &>> 8)
    }

    @inline(__always)
    static func join(_ s: Split) -> Pixels {
        unsafeBitCast(s.even | s.odd &<< 8, to: Pixels.self)
    }

    /// `lerp` on split channels.
    @inline(__always)
    static func lerp(_ a: Split, _ b: Split, _ g: Channels, _ f: Channels) -> Split {
        ((a.even &* g &+ b.even &* f &+ 128) &>> 8, (a.odd &* g &+ b.odd &* f &+ 128) &>> 8)
    }

    /// `scale` on split channels.
    @inline(__always)
    static func scale(_ s: Split, by m: Channels) -> Split {
        (divide255(s.even &* m), divide255(s.odd &* m))
    }

    /// Whether all eight alphas are 255 (then source-over is a plain store): an AND of the four
    /// 64-bit quarters, so no lane-by-lane reduction.
    @inline(__always)
    static func allOpaque(_ s: Split) -> Bool {
        let q = unsafeBitCast(s.odd, to: SIMD4<UInt64>.self)
        return (q[0] & q[1] & q[2] & q[3]) & 0x00FF_0000_00FF_0000 == 0x00FF_0000_00FF_0000
    }

    /// `sourceOver` of split source channels on packed destination pixels.
    @inline(__always)
    static func sourceOver(_ s: Split, _ d: Pixels) -> Pixels {
        let alpha = unsafeBitCast(s.odd, to: Pixels.self) &>> 16
        let over = scale(split(d), by: spread(255 &- alpha))
        return join((s.even &+ over.even, s.odd &+ over.odd))
    }

    @inline(__always)
    static func divide255(_ t: Channels) -> Channels {
        let u = t &+ 128
        return (u &+ u &>> 8) &>> 8
    }

    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<UInt32>) -> Pixels {
        UnsafeRawPointer(p).loadUnaligned(as: Pixels.self)
    }

    @inline(__always)
    static func store(_ v: Pixels, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels.self)
    }
}

/// A kernel variant as types, so that the compiler specialises each loop (Bool parameters of
/// an `@inline(__always)` function were not folded: the loop stayed generic and 2× slower).
protocol SamplerVariant {
    static var projective: Bool { get }
    static var nearest: Bool { get }
}

enum AffineBilinear: SamplerVariant { static var projective: Bool { false }; static var nearest: Bool { false } }
enum AffineNearest: SamplerVariant { static var projective: Bool { false }; static var nearest: Bool { true } }
enum ProjectiveBilinear: SamplerVariant { static var projective: Bool { true }; static var nearest: Bool { false } }
enum ProjectiveNearest: SamplerVariant { static var projective: Bool { true }; static var nearest: Bool { true } }

/// The fast image kernels: the general SIMD kernel (affine and projective) and the
/// axis-aligned shortcuts. Each gives exactly the bytes of `SamplerReference`.
enum SamplerKernels {
    typealias L = SamplerLanes

    /// Draws through the general SIMD kernel, whatever the matrix.
    static func drawGeneral(_ setup: SamplerSetup, image: MipmappedImage, onto destination: Bitmap) {
        switch (setup.isAffine, setup.filter == .nearest) {
        case (true, false): drawRows(AffineBilinear.self, setup, image, destination)
        case (true, true): drawRows(AffineNearest.self, setup, image, destination)
        case (false, false): drawRows(ProjectiveBilinear.self, setup, image, destination)
        case (false, true): drawRows(ProjectiveNearest.self, setup, image, destination)
        }
    }

    /// A 1×1 image: edge zones through the general kernel, covered runs filled with its pixel.
    static func drawSolid(_ setup: SamplerSetup, image: MipmappedImage, onto destination: Bitmap) {
        var levels = SamplerLevels(image)
        let color = SamplerScalar.scale(image.base.baseAddress.pointee, by: setup.opacity)
        for y in setup.area.minY..<setup.area.maxY {
            let (outer, inner) = setup.spans(row: y)
            guard !outer.isEmpty else { continue }
            let row = setup.row(y)
            let out = destination.baseAddress + y * destination.rowStride
            if setup.isAffine {
                runEdge(AffineNearest.self, outer.lowerBound..<inner.lowerBound, outer, row, out, setup, &levels)
                runEdge(AffineNearest.self, inner.upperBound..<outer.upperBound, outer, row, out, setup, &levels)
            } else {
                runEdge(ProjectiveNearest.self, outer.lowerBound..<inner.lowerBound, outer, row, out, setup, &levels)
                runEdge(ProjectiveNearest.self, inner.upperBound..<outer.upperBound, outer, row, out, setup, &levels)
            }
            // The compositing kernels' fill: `sourceOver(color, destination)` as the reference blends.
            FastKernels.fillSourceOver(out + inner.lowerBound, count: inner.count, color: color)
        }
    }

    private static func drawRows<V: SamplerVariant>(_ variant: V.Type, _ setup: SamplerSetup,
                                                    _ image: MipmappedImage, _ destination: Bitmap) {
        var levels = SamplerLevels(image)
        for y in setup.area.minY..<setup.area.maxY {
            let (outer, inner) = setup.spans(row: y)
            guard !outer.isEmpty else { continue }
            let row = setup.row(y)
            let out = destination.baseAddress + y * destination.rowStride
            runEdge(V.self, outer.lowerBound..<inner.lowerBound, outer, row, out, setup, &levels)
            runInner(V.self, inner, outer, row, out, setup, &levels)
            runEdge(V.self, inner.upperBound..<outer.upperBound, outer, row, out, setup, &levels)
        }
    }

    /// Where the eight-pixel group that finishes `zone` from `x` starts: the last eight pixels
    /// of the zone, or of the outer span around it when the zone is shorter; `nil` when the
    /// outer span is shorter than eight pixels. Lanes outside `x..<zone.upperBound` are
    /// computed but their destination pixels are stored back unchanged.
    @inline(__always)
    private static func finalGroup(_ x: Int, _ zone: Range<Int>, _ outer: Range<Int>) -> Int? {
        guard outer.count >= 8 else { return nil }
        return min(max(zone.upperBound - 8, outer.lowerBound), outer.upperBound - 8)
    }

    private static func runInner<V: SamplerVariant>(_ variant: V.Type, _ span: Range<Int>, _ outer: Range<Int>,
                                                    _ row: SamplerRow, _ out: UnsafeMutablePointer<UInt32>,
                                                    _ setup: SamplerSetup, _ levels: inout SamplerLevels) {
        guard !span.isEmpty else { return }
        var x = span.lowerBound
        var level = setup.constantLevel
        var lv = levels.level(level)
        while x + 8 <= span.upperBound {
            if let result = innerGroup(V.self, x, row, out, setup, &levels, &level, &lv) {
                L.store(result, out + x)
            } else {
                for k in 0..<8 { blendScalar(x + k, row, out, setup, &levels, covered: true) }
            }
            x += 8
        }
        guard x < span.upperBound else { return }
        if let g = finalGroup(x, span, outer),
           let result = innerGroup(V.self, g, row, out, setup, &levels, &level, &lv) {
            store(result, out + g, lanesFrom: x - g, to: span.upperBound - g)
        } else {
            while x < span.upperBound { blendScalar(x, row, out, setup, &levels, covered: true); x += 1 }
        }
    }

    /// The blended pixels of the inner-zone group at `g`, or `nil` when its pixels straddle two
    /// mip levels (the caller then draws them one by one).
    @_transparent
    private static func innerGroup<V: SamplerVariant>(_ variant: V.Type, _ g: Int, _ row: SamplerRow,
                                                      _ out: UnsafeMutablePointer<UInt32>, _ setup: SamplerSetup,
                                                      _ levels: inout SamplerLevels, _ level: inout Int,
                                                      _ lv: inout SamplerLevel) -> L.Pixels? {
        let xf = L.Floats(repeating: Float(g)) + L.laneIndex
        let p = position(V.self, xf, row)
        var r = p.r, s = p.s
        if V.projective && setup.perPixelLevels {
            guard let l = groupLevel(r, s, p.invW, setup) else { return nil }
            if l != level { level = l; lv = levels.level(l) }
            if l != 0 { r = r * lv.scale; s = s * lv.scale }
        } else if level != 0 {
            r = r * lv.scale; s = s * lv.scale
        }
        var sample = fetch(V.self, r - 128, s - 128, lv)
        if setup.opacity != 255 {
            sample = L.scale(sample, by: L.Channels(repeating: UInt16(setup.opacity)))
        } else if L.allOpaque(sample) {
            return L.join(sample)
        }
        return L.sourceOver(sample, L.load(out + g))
    }

    private static func runEdge<V: SamplerVariant>(_ variant: V.Type, _ span: Range<Int>, _ outer: Range<Int>,
                                                   _ row: SamplerRow, _ out: UnsafeMutablePointer<UInt32>,
                                                   _ setup: SamplerSetup, _ levels: inout SamplerLevels) {
        guard !span.isEmpty else { return }
        var x = span.lowerBound
        while x < span.upperBound {
            var g = x
            if x + 8 > span.upperBound {
                guard let f = finalGroup(x, span, outer) else {
                    while x < span.upperBound { blendScalar(x, row, out, setup, &levels, covered: false); x += 1 }
                    return
                }
                g = f
            }
            let xf = L.Floats(repeating: Float(g)) + L.laneIndex
            let p = position(V.self, xf, row)
        var r = p.r, s = p.s
            var level = setup.constantLevel
            if V.projective && setup.perPixelLevels {
                guard let l = groupLevel(r, s, p.invW, setup) else {
                    while x < min(g + 8, span.upperBound) { blendScalar(x, row, out, setup, &levels, covered: false); x += 1 }
                    continue
                }
                level = l
            }
            let lv = levels.level(level)
            if level != 0 { r = r * lv.scale; s = s * lv.scale }
            let sample = fetch(V.self, r - 128, s - 128, lv)
            var c = L.Floats()
            for k in 0..<4 {
                let dk = row.e0[k] + xf * row.de[k]
                let ck = setup.antialiased
                    ? L.clamp(dk, 1)
                    : L.Floats(repeating: 0).replacing(with: 1, where: dk .>= 0.5)
                c = k == 0 ? ck : c * ck
            }
            let coverage = unsafeBitCast(L.roundToInt(c * 255), to: L.Pixels.self)
            let t = coverage &* setup.opacity &+ 128
            let m = (t &+ t &>> 8) &>> 8
            store(L.sourceOver(L.scale(sample, by: L.spread(m)), L.load(out + g)), out + g,
                  lanesFrom: x - g, to: span.upperBound - g)
            x = g + 8
        }
    }

    /// Stores lanes `first..<end` (clamped to 0…8) of `value` and writes the other lanes' current
    /// pixels back unchanged, in one vector store.
    @inline(__always)
    private static func store(_ value: L.Pixels, _ p: UnsafeMutablePointer<UInt32>, lanesFrom first: Int, to end: Int) {
        if first <= 0 && end >= 8 {
            L.store(value, p)
        } else {
            let lane = L.Ints(0, 1, 2, 3, 4, 5, 6, 7)
            let keep = (lane .>= Int32(first)) .& (lane .< Int32(end))
            L.store(L.load(p).replacing(with: value, where: keep), p)
        }
    }

    @inline(__always)
    private static func blendScalar(_ x: Int, _ row: SamplerRow, _ out: UnsafeMutablePointer<UInt32>,
                                    _ setup: SamplerSetup, _ levels: inout SamplerLevels, covered: Bool) {
        let c = covered ? 255 : setup.coverage(x: x, row: row)
        if c > 0 { setup.blendPixel(setup.samplePixel(x: x, row: row, levels: &levels), coverage: c, onto: out + x) }
    }

    /// Source position ×256 (`r`, `s`) of eight pixels, divided by w when projective, and 1/w.
    @_transparent
    private static func position<V: SamplerVariant>(_ variant: V.Type, _ xf: L.Floats,
                                                    _ row: SamplerRow) -> (r: L.Floats, s: L.Floats, invW: L.Floats) {
        let r = row.u0 + xf * row.du, s = row.v0 + xf * row.dv
        guard V.projective else { return (r, s, L.Floats(repeating: 1)) }
        let invW = 1 / (row.w0 + xf * row.dw)
        return (r * invW, s * invW, invW)
    }

    /// The mip level shared by eight pixels, or `nil` when they straddle a level boundary.
    @_transparent
    private static func groupLevel(_ r: L.Floats, _ s: L.Floats, _ invW: L.Floats,
                                   _ setup: SamplerSetup) -> Int? {
        let d = setup.derivative
        let ax = d.a00 - r * d.m20, bx = d.a10 - s * d.m20
        let ay = d.a01 - r * d.m21, by = d.a11 - s * d.m21
        let qx = ax * ax + bx * bx, qy = ay * ay + by * by
        let q = qy.replacing(with: qx, where: qx .> qy) * (invW * invW)
        var l = 0
        while l < setup.maxLevel {
            let reached = q .>= setup.levelThresholds[l]
            if !any(reached) { break }
            // `any` is one vector test; `all` was an out-of-line lane reduction per group.
            if any(.!reached) { return nil }
            l += 1
        }
        return l
    }

    /// The filtered texels at texel-centre coordinates ×256 (`fx`, `fy`) of level `lv`.
    @_transparent
    private static func fetch<V: SamplerVariant>(_ variant: V.Type, _ fx: L.Floats, _ fy: L.Floats,
                                                 _ lv: SamplerLevel) -> L.Split {
        let ix = L.roundToInt(L.clamp(fx, lv.maxFX)), iy = L.roundToInt(L.clamp(fy, lv.maxFY))
        let stride = Int32(lv.rowStride)
        if V.nearest {
            return L.split(L.gather(lv.base, ((iy &+ 128) &>> 8) &* stride &+ ((ix &+ 128) &>> 8)))
        }
        let i0 = L.minimum(ix &>> 8, L.Ints(repeating: lv.maxI0))
        let j0 = L.minimum(iy &>> 8, L.Ints(repeating: lv.maxJ0))
        let wx = unsafeBitCast(ix &- i0 &<< 8, to: L.Pixels.self)
        let wy = unsafeBitCast(iy &- j0 &<< 8, to: L.Pixels.self)
        let o = j0 &* stride &+ i0
        let p00: L.Pixels, p01: L.Pixels, p10: L.Pixels, p11: L.Pixels
        if lv.stepX == 1 {
            (p00, p01) = L.gatherPairs(lv.base, o)
            (p10, p11) = L.gatherPairs(lv.base, o &+ lv.stepY)
        } else {
            p00 = L.gather(lv.base, o); p01 = p00
            p10 = L.gather(lv.base, o &+ lv.stepY); p11 = p10
        }
        let fyw = L.spread(wy), gyw = L.spread(256 &- wy)
        let left = L.lerp(L.split(p00), L.split(p10), gyw, fyw), right = L.lerp(L.split(p01), L.split(p11), gyw, fyw)
        return L.lerp(left, right, L.spread(256 &- wx), L.spread(wx))
    }
}
