// DESIGN NOTE — the pixel kernels every Core Image transition here is built from.
//
// A transition frame is mostly copies: rows or runs of `from` or `to` moved unchanged. Where the
// two meet, a transition computes a weight per pixel (0…255, in a `UInt32` row so that eight of
// them load as one 256-bit vector) and mixes; light and shadow are a second pass that pulls pixels
// toward a colour by a weight. So there are three row kernels — `mix` (per-pixel weight), `tint`
// (toward a colour, per-pixel weight) and `tint` with one weight for the row — each with a plain
// scalar reference and a SIMD version that computes the same integer formula eight pixels at a
// time (`SIMD8<UInt32>` bit-cast to `SIMD16<UInt16>`, exact `/255`), so they are byte-identical;
// `CIRowKernelTests` compares them on random rows. `KINESCOPE_REFERENCE_KERNELS=1` selects the
// references for the whole process, as it does for Raster's kernels.
//
// Weights come from float math done eight lanes at a time (`SIMD8<Float>`) and are converted with
// the 1.5·2²³ trick (NOTES-X11-SWIFT: the rounding initialisers are ~40× slower).
//
// Measured over a 1920×1080 frame, release, one core, thread CPU time, best of 15 (the machine
// was shared with other builds, load average 12–16 on 2 cores, so these are upper bounds):
//                              baseline x86-64        -target-cpu haswell
//   mix, per-pixel weights     SIMD 1.2–1.8 ms        SIMD 1.3–1.9 ms, reference 1.1–1.8 ms
//                              reference 3.0 ms
//   tint, per-pixel weights    SIMD 1.3 ms, ref 2.6   SIMD 1.1–1.3 ms, reference 0.8–1.0 ms
//   fillWeights (a few FMAs)   0.9–1.5 ms             0.7–1.2 ms
// With AVX2 LLVM vectorises the scalar references as well and both are bound by memory traffic
// (three 8 MB frames); the SIMD kernels are kept because they do not depend on the
// auto-vectoriser (2× at baseline) and copy runs of 0 or 255 weights without arithmetic.
// (This swiftc refuses `-target-cpu x86-64-v3`; `haswell` is the same feature level: AVX2, FMA.)
// Figures for whole transitions are in `CoreImageTransition.swift`.

import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Eight pixels, or eight weights, one per 32-bit lane.
typealias Lanes8 = SIMD8<UInt32>
/// Sixteen 16-bit lanes: two channels of each of eight pixels.
typealias Channels16 = SIMD16<UInt16>
/// Eight floats, one per pixel of a run.
typealias Floats8 = SIMD8<Float>

enum CIRowKernels {
    /// Whether the scalar references run instead of the SIMD kernels (`KINESCOPE_REFERENCE_KERNELS`).
    static let useReference: Bool = {
        guard let raw = getenv("KINESCOPE_REFERENCE_KERNELS") else { return false }
        return ["1", "true", "yes"].contains(String(cString: raw).lowercased())
    }()

    /// `out[i] = (from[i]·(255 − w) + to[i]·w) / 255` per channel, rounded exactly, with
    /// `w = weights[i]` in 0…255. `out` may be `from` or `to` (the same memory), not a partial overlap.
    @inline(__always)
    static func mix(_ out: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>,
                    weights: UnsafePointer<UInt32>, count: Int) {
        if useReference {
            mixReference(out, from: from, to: to, weights: weights, count: count)
        } else {
            mixFast(out, from: from, to: to, weights: weights, count: count)
        }
    }

    /// `mix` with one weight for every pixel (0 copies `from`, 255 copies `to`).
    @inline(__always)
    static func mix(_ out: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>,
                    weight: UInt32, count: Int) {
        if weight == 0 { return out.update(from: from, count: count) }
        if weight >= 255 { return out.update(from: to, count: count) }
        if useReference {
            for i in 0..<count { out[i] = mixPixel(from[i], to[i], weight) }
            return
        }
        var i = 0
        let w = Lanes8(repeating: weight)
        while i &+ 8 <= count {
            store(mixLanes(load(from + i), load(to + i), w), out + i)
            i &+= 8
        }
        while i < count {
            out[i] = mixPixel(from[i], to[i], weight)
            i &+= 1
        }
    }

    /// `out[i] = (out[i]·(255 − w) + color·w) / 255` per channel (premultiplied `color`), rounded
    /// exactly, `w = weights[i]`.
    @inline(__always)
    static func tint(_ out: UnsafeMutablePointer<UInt32>, color: UInt32, weights: UnsafePointer<UInt32>, count: Int) {
        if useReference {
            tintReference(out, color: color, weights: weights, count: count)
        } else {
            tintFast(out, color: color, weights: weights, count: count)
        }
    }

    /// `out[i] = (source[i]·(255 − w) + color·w) / 255`: `tint` reading from another row.
    @inline(__always)
    static func tint(_ out: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, color: UInt32,
                     weights: UnsafePointer<UInt32>, count: Int) {
        if useReference {
            for i in 0..<count { out[i] = mixPixel(source[i], color, weights[i]) }
            return
        }
        var i = 0
        let c = Lanes8(repeating: color)
        while i &+ 8 <= count {
            switch uniformity(weights + i) {
            case -1: store(load(source + i), out + i)
            case 1: store(c, out + i)
            default: store(mixLanes(load(source + i), c, load(weights + i)), out + i)
            }
            i &+= 8
        }
        while i < count {
            out[i] = mixPixel(source[i], color, weights[i])
            i &+= 1
        }
    }

    /// `tint` with one weight for every pixel.
    @inline(__always)
    static func tint(_ out: UnsafeMutablePointer<UInt32>, color: UInt32, weight: UInt32, count: Int) {
        guard weight != 0 else { return }
        if useReference {
            tintReference(out, color: color, weight: weight, count: count)
        } else {
            tintFast(out, color: color, weight: weight, count: count)
        }
    }

    // MARK: references

    @inline(__always)
    static func mixPixel(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let v = 255 &- w
        let even = ((a & 0x00FF_00FF) &* v) &+ ((b & 0x00FF_00FF) &* w)
        let odd = ((a >> 8 & 0x00FF_00FF) &* v) &+ ((b >> 8 & 0x00FF_00FF) &* w)
        return divideBy255(even & 0xFFFF) | divideBy255(even >> 16) << 16
            | divideBy255(odd & 0xFFFF) << 8 | divideBy255(odd >> 16) << 24
    }

    static func mixReference(_ out: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>,
                             to: UnsafePointer<UInt32>, weights: UnsafePointer<UInt32>, count: Int) {
        for i in 0..<count {
            out[i] = mixPixel(from[i], to[i], weights[i])
        }
    }

    static func tintReference(_ out: UnsafeMutablePointer<UInt32>, color: UInt32, weights: UnsafePointer<UInt32>,
                              count: Int) {
        for i in 0..<count {
            out[i] = mixPixel(out[i], color, weights[i])
        }
    }

    static func tintReference(_ out: UnsafeMutablePointer<UInt32>, color: UInt32, weight: UInt32, count: Int) {
        for i in 0..<count {
            out[i] = mixPixel(out[i], color, weight)
        }
    }

    // MARK: SIMD

    @inline(__always)
    static func load(_ p: UnsafePointer<UInt32>) -> Lanes8 {
        UnsafeRawPointer(p).loadUnaligned(as: Lanes8.self)
    }

    @inline(__always)
    static func store(_ v: Lanes8, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes8.self)
    }

    @inline(__always)
    static func divide255(_ t: Channels16) -> Channels16 {
        let u = t &+ 128
        return (u &+ (u &>> 8)) &>> 8
    }

    /// Mixes eight pixels by eight weights (each 0…255).
    @inline(__always)
    static func mixLanes(_ a: Lanes8, _ b: Lanes8, _ w: Lanes8) -> Lanes8 {
        let weight = unsafeBitCast(w | (w &<< 16), to: Channels16.self)
        let inverse = 255 &- weight
        let ca = unsafeBitCast(a, to: Channels16.self), cb = unsafeBitCast(b, to: Channels16.self)
        let even = divide255((ca & 0x00FF) &* inverse &+ (cb & 0x00FF) &* weight)
        let odd = divide255((ca &>> 8) &* inverse &+ (cb &>> 8) &* weight)
        return unsafeBitCast(even | (odd &<< 8), to: Lanes8.self)
    }

    /// Whether eight weights are all 0 (−1), all 255 (+1) or mixed (0). Four 64-bit loads, because
    /// `SIMD8 ==` compiles to a lane-by-lane loop with early exits (it dominated the mod transition).
    @inline(__always)
    static func uniformity(_ weights: UnsafePointer<UInt32>) -> Int {
        let raw = UnsafeRawPointer(weights)
        let a = raw.loadUnaligned(as: UInt64.self), b = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let c = raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), d = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        if a | b | c | d == 0 { return -1 }
        if a & b & c & d == 0x0000_00FF_0000_00FF { return 1 }
        return 0
    }

    static func mixFast(_ out: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>, to: UnsafePointer<UInt32>,
                        weights: UnsafePointer<UInt32>, count: Int) {
        var i = 0
        while i &+ 8 <= count {
            switch uniformity(weights + i) {
            case -1: store(load(from + i), out + i)
            case 1: store(load(to + i), out + i)
            default: store(mixLanes(load(from + i), load(to + i), load(weights + i)), out + i)
            }
            i &+= 8
        }
        mixReference(out + i, from: from + i, to: to + i, weights: weights + i, count: count &- i)
    }

    static func tintFast(_ out: UnsafeMutablePointer<UInt32>, color: UInt32, weights: UnsafePointer<UInt32>, count: Int) {
        var i = 0
        let c = Lanes8(repeating: color)
        while i &+ 8 <= count {
            let kind = uniformity(weights + i)
            if kind == 1 {
                store(c, out + i)
            } else if kind == 0 {
                store(mixLanes(load(out + i), c, load(weights + i)), out + i)
            }
            i &+= 8
        }
        tintReference(out + i, color: color, weights: weights + i, count: count &- i)
    }

    static func tintFast(_ out: UnsafeMutablePointer<UInt32>, color: UInt32, weight: UInt32, count: Int) {
        var i = 0
        let c = Lanes8(repeating: color), w = Lanes8(repeating: weight)
        while i &+ 8 <= count {
            store(mixLanes(load(out + i), c, w), out + i)
            i &+= 8
        }
        tintReference(out + i, color: color, weight: weight, count: count &- i)
    }

    // MARK: weights from floats

    /// Eight fractions (clamped to 0…1, NaN gives an unspecified byte) as weights 0…255, rounded
    /// to nearest.
    @inline(__always)
    static func weights(_ f: Floats8) -> Lanes8 {
        let biased = clamp01(f) * 255 + 12_582_912
        return unsafeBitCast(biased, to: Lanes8.self) & 0xFF
    }

    /// `f` clamped to 0…1 lane by lane (NaN stays NaN). `SIMD.clamped` and `pointwiseMin` compile
    /// to scalar loops here (≈ 3 ms per 1920×1080 floats); masked replacement is vectorised (≈ 0.2 ms).
    @inline(__always)
    static func clamp01(_ f: Floats8) -> Floats8 {
        var v = f
        v.replace(with: 0, where: v .< 0)
        v.replace(with: 1, where: v .> 1)
        return v
    }

    /// The square root of each lane (non-negative lanes; 0 gives 0), relative error below 10⁻⁵:
    /// an inverse-square-root estimate from the bit pattern refined by two Newton steps.
    /// `SIMD.squareRoot()` is scalarised here (≈ 3.3 ms per 1920×1080 floats against ≈ 0.5 ms).
    @inline(__always)
    static func squareRoot(_ x: Floats8) -> Floats8 {
        let estimate = Lanes8(repeating: 0x5F37_59DF) &- (unsafeBitCast(x, to: Lanes8.self) &>> 1)
        var y = unsafeBitCast(estimate, to: Floats8.self)
        let half = x * 0.5
        y = y * (1.5 - half * y * y)
        y = y * (1.5 - half * y * y)
        return x * y
    }

    /// One fraction as a weight 0…255 (the scalar twin of `weights(_:)`).
    @inline(__always)
    static func weight(_ f: Float) -> UInt32 {
        guard f > 0 else { return 0 }
        guard f < 1 else { return 255 }
        return UInt32((f * 255).rounded())
    }

    /// The largest whole number not above each lane, as a float and as an integer (bit pattern of
    /// an `Int32`); exact for |x| < 2²², which callers ensure by clamping.
    @inline(__always)
    static func floor(_ x: Floats8) -> (value: Floats8, bits: Lanes8) {
        let magic: Float = 12_582_912
        var n = (x + magic) - magic
        n.replace(with: n - 1, where: n .> x)
        return (n, unsafeBitCast(n + magic, to: Lanes8.self) &- 0x4B40_0000)
    }

    /// Each lane (0…2²²) rounded to the nearest whole number, as an integer.
    @inline(__always)
    static func roundedBits(_ x: Floats8) -> Lanes8 {
        unsafeBitCast(x + 12_582_912, to: Lanes8.self) &- 0x4B40_0000
    }

    /// `table[index]` for each lane (eight scalar loads: AVX2 gathers are not reachable from Swift).
    @inline(__always)
    static func gather(_ table: UnsafePointer<Float>, _ index: Lanes8) -> Floats8 {
        Floats8(table[Int(index[0])], table[Int(index[1])], table[Int(index[2])], table[Int(index[3])],
                table[Int(index[4])], table[Int(index[5])], table[Int(index[6])], table[Int(index[7])])
    }

    /// `squareRoot` with one Newton step: relative error below 2·10⁻³, for distances that only
    /// place an anti-aliased edge.
    @inline(__always)
    static func roughSquareRoot(_ x: Floats8) -> Floats8 {
        let estimate = Lanes8(repeating: 0x5F37_59DF) &- (unsafeBitCast(x, to: Lanes8.self) &>> 1)
        let y = unsafeBitCast(estimate, to: Floats8.self)
        return x * y * (1.5 - x * 0.5 * y * y)
    }

    /// The lane offsets 0…7 as floats.
    static let laneOffsets = Floats8(0, 1, 2, 3, 4, 5, 6, 7)

    /// Fills `count` weights with `f(x)` for the pixels `x0, x0+1, …`, eight at a time; `f`
    /// receives the pixels' x coordinates (as floats) and returns fractions. Whole vectors are
    /// stored, so `weights` must have room for `count` rounded up to a multiple of 8 (see
    /// `TransitionScratch.laneRows`): a partial last store made LLVM split the loop into 128-bit
    /// halves with shuffles.
    @inline(__always)
    static func fillWeights(_ weights: UnsafeMutablePointer<UInt32>, x0: Int, count: Int,
                            _ f: (Floats8) -> Floats8) {
        var i = 0
        while i < count {
            let xs = Floats8(repeating: Float(x0 &+ i)) + laneOffsets
            store(Self.weights(f(xs)), weights + i)
            i &+= 8
        }
    }
}

extension TransitionScratch {
    /// `count` rows of at least `length` words each, for weights and other per-pixel lanes, with
    /// room for whole-vector stores past `length`; returns the first row and the distance between
    /// rows. Contents are undefined. Reused from call to call.
    func laneRows(_ count: Int, length: Int) -> (base: UnsafeMutablePointer<UInt32>, stride: Int) {
        let rows = offscreen(PixelSize(uncheckedWidth: length + 8, height: count))
        return (rows.baseAddress, rows.rowStride)
    }
}

extension TransitionColor {
    /// The colour as one premultiplied BGRA8 word (components clamped to 0…1, rounded).
    var premultipliedWord: UInt32 {
        func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
        return StraightColor(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha)).premultiplied.packed
    }
}
