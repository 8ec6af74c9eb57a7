// DESIGN NOTE — the fast row kernels.
//
// Eight pixels per step in a `SIMD8<UInt32>`, bit-cast to `SIMD16<UInt16>` so that every channel
// has a 16-bit lane (blue/red by mask, green/alpha by shift; see `PixelLanes`): 8-bit × 8-bit
// products fit, and `/255` is the exact `(t + 128 + ((t + 128) >> 8)) >> 8`, so each kernel runs
// the reference's integer formula and matches it byte for byte; a row's last `count % 8` pixels go
// through the reference itself. Shortcuts only skip or copy where the formula gives exactly the
// destination or the source: per 8-pixel block, source-over stores the source when all eight are
// opaque (at full opacity and coverage) and skips blocks of transparent black. Those block tests
// reduce four 64-bit words with scalar `&`/`|`: `all(v .== w)` compiled to a scalar loop through
// the stack and held opaque source-over to 43 frames/s (2060 now).
//
// Measured at 1920×1080 on one core of this shared 2-core AMD EPYC, release build, frames/s as
// the minimum over 300 single frames (other builds kept the load at 8–15; batch averages were
// 1.5–3× lower and noisy). "haswell" is `-Xswiftc -target-cpu -Xswiftc haswell` (AVX2; this
// toolchain rejects `x86-64-v3`), "baseline" no CPU flag (SSE2), "reference" the scalar path
// (with haswell; LLVM auto-vectorises some of it):
//
//     kernel                                      haswell  baseline  reference
//     fill, copy                                     7115      6191       7090   memset-bound
//     fill, source-over 50 % grey                    2877      1540       1405
//     copy                                           2376      2774       1493   memmove
//     source-over, opaque source, opacity 255        2060      2716        623
//     source-over, random alpha, opacity 255         1594       986        620
//     source-over, random alpha, opacity 128         1193       630        621
//     masked, random coverage, opacity 255            939       564        501
//     masked, random coverage, opacity 200            741       463        500
//     masked, full coverage, opaque source           1958      2404        500
//     mix into a third bitmap                        1091       997       1035   25 MB/frame: memory-bound
//     mix in place (into `from`)                     1618      1044         97
//     pixman 0.42 dissolve, same run: SRC `from` then OVER `to` through a 50 % solid mask: 452
//
// Plain and tuned builds (issue 22; kinescope-bench, one thread, thread CPU time, median of 21,
// one hour at load ≈ 8.7, 1920×1080): opacity blend 1.48 ms baseline → 0.68 haswell, dissolve
// 0.79 → 0.48, fill 0.10 → 0.09. Baseline x86-64 has no SSSE3/SSE4.1 (no `pmulld`, no byte
// shuffle, no 256-bit lanes), and Swift cannot compile a function for two CPUs and pick one at
// run time, so the build picks: `scripts/env.sh` passes `-target-cpu haswell` where the CPU has
// AVX2 + FMA (BENCHMARKS.md, "Plain and tuned builds").
//
// Widening coverage bytes by broadcast and per-lane shift counts needs AVX2's `vpsrlvd` and was
// scalarised on SSE2 (masked baseline ≈ 180 frames/s); building the vector from constant lane
// indices gives `vpmovzxbd` or two unpacks (564).

/// SIMD row kernels; see `ReferenceKernels` for the contract of each.
enum FastKernels {
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        destination.update(repeating: color, count: count)
    }

    static func fillSourceOver(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        if color >> 24 == 255 { return fill(destination, count: count, color: color) }
        if color == 0 { return }
        let source = PixelVector(repeating: color)
        let inverseAlpha = spreadInverseAlpha(source)
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let d = loadPixels(destination + i)
            storePixels(source &+ scalePixels(d, by: inverseAlpha), to: destination + i)
            i &+= pixelVectorWidth
        }
        ReferenceKernels.fillSourceOver(destination + i, count: count &- i, color: color)
    }

    /// `memmove` semantics: the ranges may overlap.
    static func copy(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
        destination.update(from: source, count: count)
    }

    static func sourceOver(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>,
                           count: Int, opacity: UInt8) {
        if opacity == 0 { return }
        var i = 0
        if opacity == 255 {
            while i &+ pixelVectorWidth <= count {
                let s = loadPixels(source + i)
                if allOpaque(s) {
                    storePixels(s, to: destination + i)
                } else if !allClear(s) {
                    storePixels(sourceOverVector(s, loadPixels(destination + i)), to: destination + i)
                }
                i &+= pixelVectorWidth
            }
        } else {
            let factor = ChannelVector(repeating: UInt16(opacity))
            while i &+ pixelVectorWidth <= count {
                let s = loadPixels(source + i)
                if !allClear(s) {
                    let scaled = scalePixels(s, by: factor)
                    storePixels(sourceOverVector(scaled, loadPixels(destination + i)), to: destination + i)
                }
                i &+= pixelVectorWidth
            }
        }
        ReferenceKernels.sourceOver(destination + i, from: source + i, count: count &- i, opacity: opacity)
    }

    static func sourceOver(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>,
                           coverage: UnsafePointer<UInt8>, count: Int, opacity: UInt8) {
        if opacity == 0 { return }
        let opacityLanes = ChannelVector(repeating: UInt16(opacity))
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let m = loadCoverage(coverage + i)
            let s = loadPixels(source + i)
            if opacity == 255 && m == ~0 && allOpaque(s) {
                storePixels(s, to: destination + i)
            } else if m != 0 && !allClear(s) {
                var factor = spreadFactor(widenCoverage(m))
                if opacity != 255 { factor = divideBy255(factor &* opacityLanes) }
                let scaled = scalePixels(s, by: factor)
                storePixels(sourceOverVector(scaled, loadPixels(destination + i)), to: destination + i)
            }
            i &+= pixelVectorWidth
        }
        ReferenceKernels.sourceOver(destination + i, from: source + i, coverage: coverage + i,
                                    count: count &- i, opacity: opacity)
    }

    /// Skips eight-pixel blocks of zero coverage (a stroke's mask is mostly empty) and stores the
    /// colour where an opaque colour covers a whole block at full opacity.
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, color: UInt32, coverage: UnsafePointer<UInt8>,
                     count: Int, opacity: UInt8) {
        if opacity == 0 || color == 0 { return }
        let source = PixelVector(repeating: color)
        let opaque = color >> 24 == 255 && opacity == 255
        let opacityLanes = ChannelVector(repeating: UInt16(opacity))
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let m = loadCoverage(coverage + i)
            if m == 0 {
                i &+= pixelVectorWidth
                continue
            }
            if opaque && m == ~0 {
                storePixels(source, to: destination + i)
            } else {
                var factor = spreadFactor(widenCoverage(m))
                if opacity != 255 { factor = divideBy255(factor &* opacityLanes) }
                storePixels(sourceOverVector(scalePixels(source, by: factor), loadPixels(destination + i)),
                            to: destination + i)
            }
            i &+= pixelVectorWidth
        }
        ReferenceKernels.fill(destination + i, color: color, coverage: coverage + i, count: count &- i, opacity: opacity)
    }

    static func mix(_ destination: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>,
                    to: UnsafePointer<UInt32>, count: Int, weight: UInt8) {
        if weight == 0 { return copy(destination, from: from, count: count) }
        if weight == 255 { return copy(destination, from: to, count: count) }
        let toWeight = ChannelVector(repeating: UInt16(weight))
        let fromWeight = ChannelVector(repeating: 255 &- UInt16(weight))
        var i = 0
        while i &+ pixelVectorWidth <= count {
            let (fromEven, fromOdd) = splitChannels(loadPixels(from + i))
            let (toEven, toOdd) = splitChannels(loadPixels(to + i))
            let even = divideBy255(fromEven &* fromWeight &+ toEven &* toWeight)
            let odd = divideBy255(fromOdd &* fromWeight &+ toOdd &* toWeight)
            storePixels(joinChannels(even: even, odd: odd), to: destination + i)
            i &+= pixelVectorWidth
        }
        ReferenceKernels.mix(destination + i, from: from + i, to: to + i, count: count &- i, weight: weight)
    }
}
