// The scalar reference of the image kernels: the per-pixel formulas of `SamplerSetup`, written
// plainly. It visits every pixel of the clipped area and decides coverage pixel by pixel, so it
// shares no span logic with the fast kernels; the fast kernels call `samplePixel`/`blendPixel`
// only for the few pixels at the ends of a span.

/// Scalar helpers on packed words: two 8-bit channels per 32-bit word in 16-bit halves
/// (`0x00RR00BB` and `0x00AA00GG`), the same arithmetic the SIMD lanes do on `SIMD16<UInt16>`.
enum SamplerScalar {
    /// Round-to-nearest-even of `v` for |v| ≤ 2²², as the SIMD kernels compute it (add 1.5·2²³).
    @inline(__always)
    static func roundToInt(_ v: Float) -> Int32 {
        Int32(bitPattern: (v + 12_582_912).bitPattern) &- 0x4B40_0000
    }

    /// `v` clamped to 0…`hi`; NaN gives `hi`.
    @inline(__always)
    static func clamp(_ v: Float, _ hi: Float) -> Float {
        let t = v < hi ? v : hi
        return t > 0 ? t : 0
    }

    /// `(a·(256 − f) + b·f + 128) / 256` per channel, f in 0…256.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g: UInt32 = 256 &- f, mask: UInt32 = 0x00FF_00FF, half: UInt32 = 0x0080_0080
        let ae: UInt32 = a & mask, be: UInt32 = b & mask
        let ao: UInt32 = (a >> 8) & mask, bo: UInt32 = (b >> 8) & mask
        let even: UInt32 = ((ae &* g &+ be &* f &+ half) >> 8) & mask
        let odd: UInt32 = ((ao &* g &+ bo &* f &+ half) >> 8) & mask
        return even | (odd << 8)
    }

    /// `t/255` rounded, per 16-bit half, for halves in 0…65025.
    @inline(__always)
    static func divide255(_ t: UInt32) -> UInt32 {
        let u: UInt32 = t &+ 0x0080_0080
        let carry: UInt32 = (u >> 8) & 0x00FF_00FF
        return ((u &+ carry) >> 8) & 0x00FF_00FF
    }

    /// Every channel of `p` times `m`/255, rounded.
    @inline(__always)
    static func scale(_ p: UInt32, by m: UInt32) -> UInt32 {
        let even: UInt32 = divide255((p & 0x00FF_00FF) &* m)
        let odd: UInt32 = divide255(((p >> 8) & 0x00FF_00FF) &* m)
        return even | (odd << 8)
    }

    /// Source-over of premultiplied `s` on `d`.
    @inline(__always)
    static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 &- (s >> 24)
        return s &+ scale(d, by: ia)
    }
}

extension SamplerSetup {
    /// Edge coverage of pixel `x` of a row, 0…255.
    @inline(__always)
    func coverage(x: Int, row: SamplerRow) -> UInt32 {
        let xf = Float(x)
        var c: Float = 1
        for k in 0..<4 {
            let d = row.e0[k] + xf * row.de[k]
            let ck: Float
            if antialiased {
                ck = SamplerScalar.clamp(d, 1)
            } else {
                ck = d >= 0.5 ? 1 : 0
            }
            c = k == 0 ? ck : c * ck
        }
        return UInt32(SamplerScalar.roundToInt(c * 255))
    }

    /// The mip level of a projective map at one pixel, from the larger squared derivative.
    @inline(__always)
    func level(r: Float, s: Float, invW: Float) -> Int {
        let d = derivative
        let ax = d.a00 - r * d.m20, bx = d.a10 - s * d.m20
        let ay = d.a01 - r * d.m21, by = d.a11 - s * d.m21
        let qx = ax * ax + bx * bx, qy = ay * ay + by * by
        let q = (qx > qy ? qx : qy) * (invW * invW)
        var level = 0
        while level < maxLevel, q >= levelThresholds[level] { level += 1 }
        return level
    }

    /// The filtered source colour seen by pixel `x` of a row (premultiplied word).
    @inline(__always)
    func samplePixel(x: Int, row: SamplerRow, levels: inout SamplerLevels) -> UInt32 {
        let xf = Float(x)
        var r = row.u0 + xf * row.du
        var s = row.v0 + xf * row.dv
        var l = constantLevel
        if !isAffine {
            let invW = 1 / (row.w0 + xf * row.dw)
            r = r * invW
            s = s * invW
            if perPixelLevels { l = level(r: r, s: s, invW: invW) }
        }
        let lv = levels.level(l)
        let ix = SamplerScalar.roundToInt(SamplerScalar.clamp(r * lv.scale - 128, lv.maxFX))
        let iy = SamplerScalar.roundToInt(SamplerScalar.clamp(s * lv.scale - 128, lv.maxFY))
        if filter == .nearest {
            return lv.base[Int((iy &+ 128) >> 8) * lv.rowStride + Int((ix &+ 128) >> 8)]
        }
        let i0 = min(ix >> 8, lv.maxI0), j0 = min(iy >> 8, lv.maxJ0)
        let fx = UInt32(ix &- i0 << 8), fy = UInt32(iy &- j0 << 8)
        let p = lv.base + Int(j0) * lv.rowStride + Int(i0)
        let sx = Int(lv.stepX), sy = Int(lv.stepY)
        let left = SamplerScalar.lerp(p[0], p[sy], fy)
        let right = SamplerScalar.lerp(p[sx], p[sy + sx], fy)
        return SamplerScalar.lerp(left, right, fx)
    }

    /// Composites `sample` with coverage `coverage` (0…255) onto `destination`.
    @inline(__always)
    func blendPixel(_ sample: UInt32, coverage: UInt32, onto destination: UnsafeMutablePointer<UInt32>) {
        let m = SamplerScalar.divide255(opacity &* coverage)
        destination.pointee = SamplerScalar.sourceOver(SamplerScalar.scale(sample, by: m), destination.pointee)
    }
}

/// The reference image kernel: per pixel, the formulas of `SamplerSetup`, over the whole area.
enum SamplerReference {
    static func draw(_ setup: SamplerSetup, image: MipmappedImage, onto destination: Bitmap) {
        var levels = SamplerLevels(image)
        let area = setup.clipArea
        for y in area.minY..<area.maxY {
            let row = setup.row(y)
            let out = destination.baseAddress + y * destination.rowStride
            for x in area.minX..<area.maxX where setup.isInFront(x: x, y: y) {
                let c = setup.coverage(x: x, row: row)
                guard c > 0 else { continue }
                setup.blendPixel(setup.samplePixel(x: x, row: row, levels: &levels), coverage: c, onto: out + x)
            }
        }
    }
}
