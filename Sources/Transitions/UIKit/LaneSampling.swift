// DESIGN NOTE — eight pixels at a time for the warping transitions (page curl, flips, cube,
// ripple, suck).
//
// These transitions compute a source position per destination pixel and read the image there
// with bilinear filtering. `Lanes` does that for eight pixels at once: positions in
// `SIMD8<Float>`, texel addresses and 8-bit weights in `SIMD8<UInt32>`, the four texels fetched
// by scalar loads (Swift has no gather), and the blends on two channels per 32-bit lane (blue
// and red in one lane's halves, green and alpha in the other's), which never carry across
// halves. Float→integer conversion uses the 1.5·2²³ trick (NOTES: the SIMD conversion
// initialisers are scalarised). Every function is a pure function of its lanes, so a scalar
// caller that splats one pixel's inputs and takes lane 0 gets the same bytes as the eight-wide
// loop: that is how each transition's per-pixel reference stays byte-identical to its fast path.
//
// Measured (release, `-target-cpu haswell`, one thread, 1920×1080 destination, a near-identity
// map): `bilinear` ≈ 7 ns per pixel, a single eight-lane `gather` ≈ 3 ns, a plain vector store
// 0.25 ns. Building the texel vectors from scalars in registers, instead of storing lanes one by
// one and reloading, took the curl from 35 to 21 ms at its slowest; 64-bit texel-pair loads
// de-interleaved with `evenHalf`/`oddHalf` were slower here. Lane-wise comparisons of integer
// vectors compile to loops through memory: integer bounds use arithmetic (`clampInteger`).
//
// `bilinear` is `taps` (offsets and weights, shareable by images of one size and stride) then
// `sample`, which takes each offset out of the vector once and addresses the four texels from
// four base pointers (32 extractions → 8). Both are `@_transparent`: with `@inline(__always)`
// they stayed out of line in the ripple (SIMD8 arguments then cross the call as 128-bit halves
// and LLVM splits the caller's arithmetic to match), and the lane constants are computed
// properties, because a `static let` vector is a lazy global whose every use called
// `swift_once`. Measured in the ripple: 76 M → 42 M instructions per frame, 16.7 → 11.9 ms.
// (`bilinear` is `@_transparent` too since the page curl's second pass.)
// `squareRoot` is one `vsqrtps` (`SIMD8.squareRoot()` compiles to eight scalar roots, each
// with a branch to libm's `sqrtf`). The page curl samples its folded part and cylinder, where
// the page point lies at least 0.515625 px inside the page, with `sample(tapsInside)`: its folded
// interior went from 322 to 184 instructions per eight pixels, coordinates and wash included.

import CCacheHints
import Raster
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Pixels read by address, without the reference counting a `Bitmap` copy brings into an inner
/// loop. Valid while the bitmap it came from is alive (for one `render` call).
struct PixelSource {
    let base: UnsafeMutablePointer<UInt32>
    let width: Int, height: Int, rowStride: Int

    init(_ bitmap: Bitmap) {
        base = bitmap.baseAddress
        width = bitmap.width
        height = bitmap.height
        rowStride = bitmap.rowStride
    }

    var isEmpty: Bool { width == 0 || height == 0 }

    @inline(__always)
    subscript(x: Int, y: Int) -> UInt32 { base[y &* rowStride &+ x] }
}

/// Eight-lane pixel arithmetic; see the design note above.
enum Lanes {
    typealias Pixels = SIMD8<UInt32>
    typealias Floats = SIMD8<Float>

    // Computed, not `static let`: a stored global is initialised lazily, and every use in a loop
    // called `swift_once` (ymm registers spilled around the call, `vzeroupper`).
    static var evenMask: Pixels { Pixels(repeating: 0x00FF_00FF) }
    /// 0, 1, …, 7: lane offsets of eight consecutive pixels.
    static var iota: Floats { Floats(0, 1, 2, 3, 4, 5, 6, 7) }

    /// Round to nearest (ties to even) for lanes in 0…2²²: `v + 1.5·2²³` leaves the integer in
    /// the mantissa.
    @inline(__always)
    static func roundToInteger(_ v: Floats) -> Pixels {
        unsafeBitCast(v + Floats(repeating: 12_582_912), to: Pixels.self) &- 0x4B40_0000
    }

    /// |v| per lane (the sign bit cleared).
    @inline(__always)
    static func magnitude(_ v: Floats) -> Floats {
        unsafeBitCast(unsafeBitCast(v, to: Pixels.self) & 0x7FFF_FFFF, to: Floats.self)
    }

    /// The square root per lane, correctly rounded (so equal to `Float.squareRoot()` lane by
    /// lane). One `vsqrtps` on x86-64: `SIMD8.squareRoot()` compiles to eight scalar square
    /// roots, each with a branch to libm's `sqrtf` for negative lanes.
    @inline(__always)
    static func squareRoot(_ v: Floats) -> Floats {
        #if arch(x86_64)
        _mm256_sqrt_ps(v)
        #else
        v.squareRoot()
        #endif
    }

    /// The lane-wise minimum and maximum (a NaN in `b` keeps `a`). Float comparisons feeding a
    /// `replacing` compile to `vcmpps`/`vblendvps` here; integer comparisons, and the standard
    /// `pointwiseMin`, do not (lane-by-lane loops, an out-of-line call), so integer lanes use
    /// arithmetic instead (`clampInteger`).
    @inline(__always)
    static func minimum(_ a: Floats, _ b: Floats) -> Floats { a.replacing(with: b, where: b .< a) }

    @inline(__always)
    static func maximum(_ a: Floats, _ b: Floats) -> Floats { a.replacing(with: b, where: b .> a) }

    /// Lanes clamped to `low…high`.
    @inline(__always)
    static func clamp(_ v: Floats, _ low: Float, _ high: Float) -> Floats {
        maximum(minimum(v, Floats(repeating: high)), Floats(repeating: low))
    }

    /// Lanes read as signed integers, clamped to `0…high` (no lane-wise comparison).
    @inline(__always)
    static func clampInteger(_ v: Pixels, _ high: UInt32) -> Pixels {
        let signed = unsafeBitCast(v, to: SIMD8<Int32>.self)
        let positive = signed & ~(signed &>> 31)
        let over = Int32(bitPattern: high) &- positive
        return unsafeBitCast(positive &+ (over & (over &>> 31)), to: Pixels.self)
    }

    /// The smallest and the largest lane.
    @inline(__always)
    static func smallest(_ v: Floats) -> Float {
        let four = minimum4(v.lowHalf, v.highHalf), two = minimum2(four.lowHalf, four.highHalf)
        return Swift.min(two[0], two[1])
    }

    @inline(__always)
    static func largest(_ v: Floats) -> Float {
        let four = maximum4(v.lowHalf, v.highHalf), two = maximum2(four.lowHalf, four.highHalf)
        return Swift.max(two[0], two[1])
    }

    @inline(__always)
    private static func minimum4(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        a.replacing(with: b, where: b .< a)
    }

    @inline(__always)
    private static func maximum4(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
        a.replacing(with: b, where: b .> a)
    }

    @inline(__always)
    private static func minimum2(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(Swift.min(a[0], b[0]), Swift.min(a[1], b[1]))
    }

    @inline(__always)
    private static func maximum2(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> SIMD2<Float> {
        SIMD2(Swift.max(a[0], b[0]), Swift.max(a[1], b[1]))
    }

    /// `a + (b − a)·w/256` per channel, `w` in 0…256 per lane (truncated, so a blend of valid
    /// premultiplied pixels stays valid).
    @inline(__always)
    static func lerp(_ a: Pixels, _ b: Pixels, _ w: Pixels) -> Pixels {
        let keep = 256 &- w
        let even = ((a & evenMask) &* keep &+ (b & evenMask) &* w) &>> 8 & evenMask
        let odd = ((a &>> 8 & evenMask) &* keep &+ (b &>> 8 & evenMask) &* w) &>> 8 & evenMask
        return even | odd &<< 8
    }

    /// `t / 255` rounded to nearest in both 16-bit halves of every lane (each half ≤ 65025).
    @inline(__always)
    static func divideBy255Halves(_ t: Pixels) -> Pixels {
        let u = t &+ 0x0080_0080
        return (u &+ (u &>> 8 & evenMask)) &>> 8 & evenMask
    }

    /// Every channel times its lane's `factor / 255` (factor 0…255), rounded to nearest.
    @inline(__always)
    static func scale(_ p: Pixels, by factor: Pixels) -> Pixels {
        divideBy255Halves((p & evenMask) &* factor) | divideBy255Halves((p &>> 8 & evenMask) &* factor) &<< 8
    }

    /// The colour channels times `factor / 255`; alpha kept.
    @inline(__always)
    static func scaleColor(_ p: Pixels, by factor: Pixels) -> Pixels {
        scale(p, by: factor) & 0x00FF_FFFF | p & 0xFF00_0000
    }

    /// Each colour channel moved toward alpha (white at the pixel's opacity) by `k / 255`.
    @inline(__always)
    static func wash(_ p: Pixels, toward k: UInt32) -> Pixels {
        let alpha = p &>> 24
        let lift = (alpha &* k) &* 0x0001_0001
        let keep = Pixels(repeating: 255 &- k)
        let even = divideBy255Halves((p & evenMask) &* keep &+ lift)
        let green = divideBy255Halves((p &>> 8 & 0xFF) &* keep &+ (alpha &* k))
        return even | green &<< 8 | p & 0xFF00_0000
    }

    /// `a·(255 − w)/255 + b·w/255` per channel, rounded once (`Bitmap.mix`'s formula), with a
    /// weight (0…255) per lane: weight 0 gives exactly `a`, 255 exactly `b`.
    @inline(__always)
    static func mix(_ a: Pixels, _ b: Pixels, weight w: Pixels) -> Pixels {
        let keep = 255 &- w
        let even = divideBy255Halves((a & evenMask) &* keep &+ (b & evenMask) &* w)
        let odd = divideBy255Halves((a &>> 8 & evenMask) &* keep &+ (b &>> 8 & evenMask) &* w)
        return even | odd &<< 8
    }

    /// A black shadow laid over `p` (source-over), the shadow's alpha `255 − keep` per lane.
    @inline(__always)
    static func darken(_ p: Pixels, keep: Pixels) -> Pixels {
        let scaled = scale(p, by: keep)
        return scaled &+ (255 &- keep) &<< 24
    }

    /// Porter-Duff source-over.
    @inline(__always)
    static func sourceOver(_ s: Pixels, _ d: Pixels) -> Pixels {
        s &+ scale(d, by: 255 &- s &>> 24)
    }

    /// `image` read at eight continuous positions (texel centres at half-integers), bilinear
    /// with 8-bit weights, clamped to the edges. The image must not be empty; positions beyond
    /// ±2²¹ pixels clamp too. The pair of texels read is always one inside the image: at the
    /// last column (row) the pair starts one earlier with weight 256 on its second texel.
    @_transparent
    static func bilinear(_ image: PixelSource, x: Floats, y: Floats) -> Pixels {
        sample(image, taps(image, x: x, y: y))
    }

    /// Where a bilinear read takes its four texels (offset of the top-left one from the image's
    /// base) and its 8-bit weights (0…256); valid for every image of the same size and stride.
    struct Taps {
        var offset: Pixels, wx: Pixels, wy: Pixels
    }

    /// The taps of `bilinear` at eight positions.
    @_transparent
    static func taps(_ image: PixelSource, x: Floats, y: Floats) -> Taps {
        // The float clamp keeps the rounding trick in range; the integer clamp makes the
        // bounds exact (the arithmetic minimum is within an ulp of the larger operand).
        let ix = clampInteger(roundToInteger(clamp(x - 0.5, 0, Float(image.width - 1)) * 256), UInt32(image.width - 1) << 8)
        let iy = clampInteger(roundToInteger(clamp(y - 0.5, 0, Float(image.height - 1)) * 256), UInt32(image.height - 1) << 8)
        // Only a position exactly on the last column (row) has its integer part there, with
        // weight 0: start the pair one earlier and take all of its second texel (weight 256).
        let colEnd = ix &>> 8, rowEnd = iy &>> 8
        let colAtEnd = image.width > 1 ? (colEnd &+ (0x8000_0000 &- UInt32(image.width - 1))) &>> 31 : Pixels()
        let rowAtEnd = image.height > 1 ? (rowEnd &+ (0x8000_0000 &- UInt32(image.height - 1))) &>> 31 : Pixels()
        let col0 = colEnd &- colAtEnd, row0 = rowEnd &- rowAtEnd
        return Taps(offset: row0 &* UInt32(image.rowStride) &+ col0,
                    wx: (ix & 0xFF) &+ colAtEnd &<< 8, wy: (iy & 0xFF) &+ rowAtEnd &<< 8)
    }

    /// `taps` for positions known to lie within [0.5, width − 1.5] × [0.5, height − 1.5]: the
    /// same taps (no lane is clamped, no pair starts at the last column or row) without the
    /// clamps.
    @_transparent
    static func tapsInside(_ image: PixelSource, x: Floats, y: Floats) -> Taps {
        let ix = roundToInteger((x - Floats(repeating: 0.5)) * Floats(repeating: 256))
        let iy = roundToInteger((y - Floats(repeating: 0.5)) * Floats(repeating: 256))
        return Taps(offset: (iy &>> 8) &* Pixels(repeating: UInt32(image.rowStride)) &+ ix &>> 8,
                    wx: ix & Pixels(repeating: 0xFF), wy: iy & Pixels(repeating: 0xFF))
    }

    /// Asks the caches for the lines that `sample(image, taps)` reads: each lane's top row
    /// and the row below the first and last lanes, which covers every row the eight reads touch
    /// while neighbouring lanes' rows differ by at most one (the warps here: the page curl's
    /// folded part crosses a row every two pixels). A hint: it changes no result, and a lane
    /// beyond the image cannot fault. Issued a block of chunks ahead of the texel pass, it
    /// hides the reads' latency where the hardware prefetchers do not follow a slanted walk.
    @_transparent
    static func prefetch(_ image: PixelSource, _ taps: Taps) {
        prefetchNear(image, taps)
        for lane in 1..<7 { kinescope_prefetch(image.base + Int(taps.offset[lane])) }
    }

    /// `prefetch` for reads whose eight lanes stay within two rows and a cache line or two
    /// (a small displacement, as the ripple's): the first and last lanes' rows, four lines.
    @_transparent
    static func prefetchNear(_ image: PixelSource, _ taps: Taps) {
        let o = taps.offset, top = image.base, below = image.base + (image.height > 1 ? image.rowStride : 0)
        kinescope_prefetch(top + Int(o[0]))
        kinescope_prefetch(top + Int(o[7]))
        kinescope_prefetch(below + Int(o[0]))
        kinescope_prefetch(below + Int(o[7]))
    }

    /// The bilinear read at `taps`. Each lane's offset is taken out of the vector once and the
    /// four texels are addressed from four base pointers (right, below and below-right of the
    /// image's base), instead of four offset vectors taken apart lane by lane.
    @_transparent
    static func sample(_ image: PixelSource, _ taps: Taps) -> Pixels {
        let stepX = image.width > 1 ? 1 : 0, stepY = image.height > 1 ? image.rowStride : 0
        let a = image.base, b = a + stepX, c = a + stepY, d = c + stepX
        let o = taps.offset
        let i0 = Int(o[0]), i1 = Int(o[1]), i2 = Int(o[2]), i3 = Int(o[3])
        let i4 = Int(o[4]), i5 = Int(o[5]), i6 = Int(o[6]), i7 = Int(o[7])
        let top = lerp(Pixels(a[i0], a[i1], a[i2], a[i3], a[i4], a[i5], a[i6], a[i7]),
                       Pixels(b[i0], b[i1], b[i2], b[i3], b[i4], b[i5], b[i6], b[i7]), taps.wx)
        let bottom = lerp(Pixels(c[i0], c[i1], c[i2], c[i3], c[i4], c[i5], c[i6], c[i7]),
                          Pixels(d[i0], d[i1], d[i2], d[i3], d[i4], d[i5], d[i6], d[i7]), taps.wx)
        return lerp(top, bottom, taps.wy)
    }
}
