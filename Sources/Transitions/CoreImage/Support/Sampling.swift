import Raster

/// Scalar bilinear sampling of a premultiplied bitmap, for the few transitions that warp pixels
/// (the ripple): 8-bit weights, two channels per 32-bit word, edges clamped.
enum BilinearSampler {
    /// Linear interpolation of two pixels by `t` in 0…256 (0 gives `a`, 256 gives `b`).
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let s = 256 &- t
        let even = ((a & 0x00FF_00FF) &* s &+ (b & 0x00FF_00FF) &* t) >> 8 & 0x00FF_00FF
        let odd = ((a >> 8 & 0x00FF_00FF) &* s &+ (b >> 8 & 0x00FF_00FF) &* t) & 0xFF00_FF00
        return even | odd
    }

    /// The colour at continuous position (`x`, `y`) in pixels (pixel `i` covers `i…i+1`), with the
    /// edge pixels repeated outside the bitmap; transparent for a non-finite position. `bitmap`
    /// must not be empty.
    @inline(__always)
    static func sample(_ bitmap: Bitmap, x: Float, y: Float) -> UInt32 {
        guard x.isFinite, y.isFinite else { return 0 }
        let fx = x - 0.5, fy = y - 0.5
        let floorX = fx.rounded(.down), floorY = fy.rounded(.down)
        let tx = UInt32(((fx - floorX) * 256).rounded()), ty = UInt32(((fy - floorY) * 256).rounded())
        let maxX = bitmap.width &- 1, maxY = bitmap.height &- 1
        let ix = Int(max(-1, min(Float(maxX), floorX))), iy = Int(max(-1, min(Float(maxY), floorY)))
        let x0 = max(0, ix), x1 = min(maxX, ix &+ 1), y0 = max(0, iy), y1 = min(maxY, iy &+ 1)
        let row0 = bitmap.baseAddress + y0 &* bitmap.rowStride, row1 = bitmap.baseAddress + y1 &* bitmap.rowStride
        let top = lerp(row0[x0], row0[x1], tx), bottom = lerp(row1[x0], row1[x1], tx)
        return lerp(top, bottom, ty)
    }

    /// `pixel` scaled by `k` / 255 per channel, rounded exactly.
    @inline(__always)
    static func scale(_ pixel: UInt32, _ k: UInt32) -> UInt32 {
        CIRowKernels.mixPixel(0, pixel, k)
    }

    /// Porter-Duff source-over of premultiplied pixels.
    @inline(__always)
    static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let a = source >> 24
        if a == 0 { return destination }
        if a == 255 { return source }
        return source &+ CIRowKernels.mixPixel(destination, 0, a)
    }
}

/// Per-pixel inputs of a warped two-image row (the ripple): for each pixel the top-left texel
/// `(ix, iy)` (bit patterns of `Int32`, clamped to the image when read), 8-bit fractions `tx`,
/// `ty` (0…256), the `to` weight `blend` (0…255), and a shading lookup `light` (`index << 8 |
/// strength`, strength 0…255 scaling the shading texel laid over the result).
struct WarpLanes {
    var ix, iy, tx, ty, blend, light: UnsafeMutablePointer<UInt32>
}

/// Bilinear samples of `from` and `to` at the positions in `WarpLanes`, mixed by `blend`, with
/// an optional shading texel laid over (source-over). A scalar reference and an eight-lane
/// version with the same integer formulas (the texel loads are scalar: AVX2 gathers are not
/// reachable from Swift); `RippleSamplerTests` checks that they agree byte for byte.
enum WarpSampler {
    static func run(_ lanes: WarpLanes, count: Int, from: Bitmap, to: Bitmap, shading: UnsafePointer<UInt32>?,
                    into out: UnsafeMutablePointer<UInt32>) {
        if CIRowKernels.useReference {
            reference(lanes, count: count, from: from, to: to, shading: shading, into: out)
        } else {
            fast(lanes, count: count, from: from, to: to, shading: shading, into: out)
        }
    }

    static func reference(_ lanes: WarpLanes, count: Int, from: Bitmap, to: Bitmap, shading: UnsafePointer<UInt32>?,
                          into out: UnsafeMutablePointer<UInt32>) {
        for j in 0..<count {
            out[j] = pixel(lanes, j, from: from, to: to, shading: shading)
        }
    }

    @inline(__always)
    static func pixel(_ lanes: WarpLanes, _ j: Int, from: Bitmap, to: Bitmap, shading: UnsafePointer<UInt32>?) -> UInt32 {
        let maxX = from.width &- 1, maxY = from.height &- 1
        let ix = Int(Int32(bitPattern: lanes.ix[j])), iy = Int(Int32(bitPattern: lanes.iy[j]))
        let x0 = min(maxX, max(0, ix)), x1 = min(maxX, max(0, ix &+ 1))
        let y0 = min(maxY, max(0, iy)), y1 = min(maxY, max(0, iy &+ 1))
        let tx = lanes.tx[j], ty = lanes.ty[j]
        func sample(_ b: Bitmap) -> UInt32 {
            let r0 = b.baseAddress + y0 &* b.rowStride, r1 = b.baseAddress + y1 &* b.rowStride
            return BilinearSampler.lerp(BilinearSampler.lerp(r0[x0], r0[x1], tx), BilinearSampler.lerp(r1[x0], r1[x1], tx), ty)
        }
        var result = CIRowKernels.mixPixel(sample(from), sample(to), lanes.blend[j])
        if let shading {
            let packed = lanes.light[j], strength = packed & 0xFF
            if strength != 0 {
                result = BilinearSampler.sourceOver(BilinearSampler.scale(shading[Int(packed >> 8)], strength), result)
            }
        }
        return result
    }

    @inline(__always)
    static func lerpLanes(_ a: Lanes8, _ b: Lanes8, _ t: Lanes8) -> Lanes8 {
        let tt = unsafeBitCast(t | (t &<< 16), to: Channels16.self)
        let ss = 256 &- tt
        let ca = unsafeBitCast(a, to: Channels16.self), cb = unsafeBitCast(b, to: Channels16.self)
        let even = ((ca & 0x00FF) &* ss &+ (cb & 0x00FF) &* tt) &>> 8
        let odd = ((ca &>> 8) &* ss &+ (cb &>> 8) &* tt) &>> 8
        return unsafeBitCast(even | (odd &<< 8), to: Lanes8.self)
    }

    @inline(__always)
    static func gather(_ base: UnsafeMutablePointer<UInt32>, _ o: SIMD8<Int32>) -> Lanes8 {
        Lanes8(base[Int(o[0])], base[Int(o[1])], base[Int(o[2])], base[Int(o[3])],
               base[Int(o[4])], base[Int(o[5])], base[Int(o[6])], base[Int(o[7])])
    }

    static func fast(_ lanes: WarpLanes, count: Int, from: Bitmap, to: Bitmap, shading: UnsafePointer<UInt32>?,
                     into out: UnsafeMutablePointer<UInt32>) {
        guard from.rowStride == to.rowStride else {
            return reference(lanes, count: count, from: from, to: to, shading: shading, into: out)
        }
        let maxX = SIMD8<Int32>(repeating: Int32(from.width - 1)), maxY = SIMD8<Int32>(repeating: Int32(from.height - 1))
        let zero = SIMD8<Int32>(repeating: 0), stride = SIMD8<Int32>(repeating: Int32(from.rowStride))
        @inline(__always) func clamp(_ v: SIMD8<Int32>, _ upper: SIMD8<Int32>) -> SIMD8<Int32> {
            var r = v
            r.replace(with: zero, where: r .< zero)
            r.replace(with: upper, where: r .> upper)
            return r
        }
        let fromSource = PixelSource(from), toSource = PixelSource(to)
        let sameSize = from.size == to.size
        let lastX = maxX &- 1, lastY = maxY &- 1
        @inline(__always) func group(_ j: Int) {
            let ix = unsafeBitCast(CIRowKernels.load(lanes.ix + j), to: SIMD8<Int32>.self)
            let iy = unsafeBitCast(CIRowKernels.load(lanes.iy + j), to: SIMD8<Int32>.self)
            let tx = CIRowKernels.load(lanes.tx + j), ty = CIRowKernels.load(lanes.ty + j)
            let mixed: Lanes8
            // Every texel pair inside both images (a negative lane below, or past the last pair,
            // sets a sign bit): one offset per lane, taken out once for both images and all four
            // texels (`Lanes.sample`, the same formula as `lerpLanes`).
            let outside = ix | (lastX &- ix) | iy | (lastY &- iy)
            let four = outside.lowHalf | outside.highHalf, two = four.lowHalf | four.highHalf
            if sameSize && two[0] | two[1] >= 0 {
                let taps = Lanes.Taps(offset: unsafeBitCast(iy &* stride &+ ix, to: Lanes8.self), wx: tx, wy: ty)
                mixed = CIRowKernels.mixLanes(Lanes.sample(fromSource, taps), Lanes.sample(toSource, taps),
                                              CIRowKernels.load(lanes.blend + j))
            } else {
                let x0 = clamp(ix, maxX), x1 = clamp(ix &+ 1, maxX)
                let r0 = clamp(iy, maxY) &* stride, r1 = clamp(iy &+ 1, maxY) &* stride
                @inline(__always) func sample(_ base: UnsafeMutablePointer<UInt32>) -> Lanes8 {
                    lerpLanes(lerpLanes(gather(base, r0 &+ x0), gather(base, r0 &+ x1), tx),
                              lerpLanes(gather(base, r1 &+ x0), gather(base, r1 &+ x1), tx), ty)
                }
                mixed = CIRowKernels.mixLanes(sample(from.baseAddress), sample(to.baseAddress),
                                              CIRowKernels.load(lanes.blend + j))
            }
            var result = mixed
            if let shading {
                // Zero strength gives a clear shade, which leaves the result as it is, as in `pixel`.
                let packed = CIRowKernels.load(lanes.light + j)
                let index = unsafeBitCast(packed &>> 8, to: SIMD8<Int32>.self)
                let shade = CIRowKernels.mixLanes(Lanes8(repeating: 0),
                                                  gather(UnsafeMutablePointer(mutating: shading), index), packed & 0xFF)
                result = shade &+ CIRowKernels.mixLanes(result, Lanes8(repeating: 0), shade &>> 24)
            }
            CIRowKernels.store(result, out + j)
        }
        var j = 0
        while j &+ 8 <= count {
            group(j)
            j &+= 8
        }
        guard j < count else { return }
        // The last pixels as the eight ending the run: the lanes they share with the group before
        // are written again with the same bytes (nothing here reads `out`), instead of up to
        // seven scalar pixels (5 % of CIRippleTransition's frame at 0.45, perf).
        if count >= 8 {
            group(count &- 8)
        } else {
            for k in j..<count { out[k] = pixel(lanes, k, from: from, to: to, shading: shading) }
        }
    }
}
