// The particle kernel for white sprites: most particle images are white with an alpha shape (a
// spark, a snowflake, a smoke puff) that the cell's colour tints, so one byte a texel carries
// the whole sprite. This kernel samples that byte plane (`ParticleBatch.Sprite.coverage`) eight
// pixels a step: the eight texel positions in 32-bit lanes, one 16-bit load for the top pair of
// texels and one for the bottom pair of each pixel, the two bilinear lerps in 32-bit lanes, the
// tint as two multiplies of packed red/blue and alpha/green halves, and the blend (source-over,
// or plus clamped at 255) on 32 bytes of destination in 16-bit lanes.
//
// Its arithmetic is the colour kernel's (`BandRenderer.drawColourParticle`) on a sprite whose
// four channels are equal, rounding for rounding, so the two give the same bytes (test:
// `testWhiteSpriteKernelGivesTheColourKernelsBytes`) and a frame does not change with the kernel
// a sprite takes. Swift's lane conversions (`init(truncatingIfNeeded:)` between widths), masks
// (`replacing(with:where:)`, `pointwiseMin`) and lane loops compiled to scalar code through the
// stack here: a first version with them took 490 ms a frame; clamps and saturation are shifts
// and ORs instead, and channels are split by mask and shift as in Raster's kernels.
//
// Measured (BENCHMARKS.md, "Specialized layers, session 17"; kinescope-bench, tuned build,
// 10 000 16×16 white particles at 1080p, additive, simulate + composite): one thread 61 ms with
// the colour kernel (cairo 112 ms in that run) → 33–36 ms (cairo 92–97); two threads 30 →
// 18 ms, most of that from the sprites' raw pointers (`ParticleBatch.Sprite.Pixels`): before,
// each particle drawn retained its sprite's images, and two threads retaining the same objects
// fought over their reference counts' cache lines. A fifth of the kernel's samples stall on
// the destination's load (each particle row is a line not yet in L1); band heights of 4, 8 and
// 32 rows gave the same figures.

import Raster

/// The eight-pixel kernel for particles whose sprite is premultiplied white (see the note at the
/// top of the file).
enum CoverageParticleKernel {
    /// Whether the kernel's 32-bit 16.16 texel positions hold every position `pm` reaches in
    /// `sprite`: sprites up to 8 192 texels a side, and a row's position at the particle's
    /// centre column (where its steps start) within 8 192 texels of the sprite, so below 2³¹.
    /// Any particle of a sane size fits; a degenerate one (sheared to a sliver under a
    /// perspective map) takes the colour kernel.
    static func fits(_ pm: BandRenderer.ParticleMap, sprite: ParticleBatch.Sprite.Pixels) -> Bool {
        sprite.width <= 8192 && sprite.height <= 8192 && (pm.extentX + 2) * (abs(pm.ux) + abs(pm.vx)) < 8192
    }

    /// Draws one particle from the sprite's border-padded coverage plane (see the note at the top
    /// of the file); the sprite must have one and `fits(pm, sprite:)` must hold.
    static func draw(_ p: ParticleBatch.Particle, pm: BandRenderer.ParticleMap, sprite: ParticleBatch.Sprite.Pixels,
                     additive: Bool, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard let base = sprite.coverage else { return }
        let y0 = max(clip.minY, Int((pm.py - pm.extentY).rounded(.down)))
        let y1 = min(clip.maxY, Int((pm.py + pm.extentY).rounded(.up)))
        guard y0 < y1, let tint = BandRenderer.particleTint(p, opacity: opacity, additive: additive) else { return }
        let redBlue = SIMD8<UInt32>(repeating: UInt32(tint[2]) << 16 | UInt32(tint[0]))
        let alphaGreen = SIMD8<UInt32>(repeating: UInt32(tint[3]) << 16 | UInt32(tint[1]))
        let width = sprite.width, height = sprite.height, stride = sprite.coverageStride
        let lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let maxU = SIMD8<Int32>(repeating: Int32(width)), maxV = SIMD8<Int32>(repeating: Int32(height))
        for row in y0..<y1 {
            guard let span = BandRenderer.particleRowSpan(row, pm: pm, width: width, height: height, clip: clip)
            else { continue }
            let line = target.baseAddress + row * target.rowStride
            let u0 = SIMD8(repeating: Int32(truncatingIfNeeded: span.u0)), du = SIMD8(repeating: Int32(truncatingIfNeeded: span.du))
            let v0 = SIMD8(repeating: Int32(truncatingIfNeeded: span.v0)), dv = SIMD8(repeating: Int32(truncatingIfNeeded: span.dv))
            var column = span.x0
            while column < span.x1 {
                let k = SIMD8(repeating: Int32(truncatingIfNeeded: column &- span.centre)) &+ lanes
                let u = u0 &+ k &* du, v = v0 &+ k &* dv
                let offsets = clamp(v &>> 16, maxV) &* Int32(truncatingIfNeeded: stride) &+ clamp(u &>> 16, maxU)
                let count = span.x1 &- column
                // Each pixel's four texels, top pair in the low half and bottom pair in the high;
                // none past the span's end.
                let inSpan = unsafeBitCast((lanes &- Int32(truncatingIfNeeded: min(count, 8))) &>> 31,
                                           to: SIMD8<UInt32>.self)
                let quads = SIMD8(texels(base, offsets[0], stride), texels(base, offsets[1], stride),
                                  texels(base, offsets[2], stride), texels(base, offsets[3], stride),
                                  texels(base, offsets[4], stride), texels(base, offsets[5], stride),
                                  texels(base, offsets[6], stride), texels(base, offsets[7], stride)) & inSpan
                let words = unsafeBitCast(quads, to: SIMD4<UInt64>.self)
                guard words[0] | words[1] | words[2] | words[3] != 0 else {
                    column &+= 8
                    continue
                }
                let wx = unsafeBitCast((u &>> 8) & 0xFF, to: SIMD8<UInt32>.self)
                let wy = unsafeBitCast((v &>> 8) & 0xFF, to: SIMD8<UInt32>.self)
                let top = ((quads & 0xFF) &* (256 &- wx) &+ (quads &>> 8 & 0xFF) &* wx &+ 128) &>> 8
                let bottom = ((quads &>> 16 & 0xFF) &* (256 &- wx) &+ (quads &>> 24) &* wx &+ 128) &>> 8
                let t = (top &* (256 &- wy) &+ bottom &* wy &+ 128) &>> 8
                let source = ((t &* redBlue &+ 0x0080_0080) &>> 8) & 0x00FF_00FF
                    | (t &* alphaGreen &+ 0x0080_0080) & 0xFF00_FF00
                let destination = UnsafeMutableRawPointer(line + column)
                if count >= 8 {
                    let d = destination.loadUnaligned(as: SIMD8<UInt32>.self)
                    destination.storeBytes(of: blend(d, source, additive: additive), as: SIMD8<UInt32>.self)
                } else {
                    // The span's last pixels, lane by lane from constant indices (a copy through
                    // memory would stall on the store to load forwarding).
                    let d = SIMD8(line[column], count > 1 ? line[column &+ 1] : 0, count > 2 ? line[column &+ 2] : 0,
                                  count > 3 ? line[column &+ 3] : 0, count > 4 ? line[column &+ 4] : 0,
                                  count > 5 ? line[column &+ 5] : 0, count > 6 ? line[column &+ 6] : 0, 0)
                    let result = blend(d, source, additive: additive)
                    line[column] = result[0]
                    if count > 1 { line[column &+ 1] = result[1] }
                    if count > 2 { line[column &+ 2] = result[2] }
                    if count > 3 { line[column &+ 3] = result[3] }
                    if count > 4 { line[column &+ 4] = result[4] }
                    if count > 5 { line[column &+ 5] = result[5] }
                    if count > 6 { line[column &+ 6] = result[6] }
                }
                column &+= 8
            }
        }
    }

    /// `x` clamped to `0...limit` per lane, without masks (which Swift's SIMD types lower lane by
    /// lane).
    @inline(__always)
    static func clamp(_ x: SIMD8<Int32>, _ limit: SIMD8<Int32>) -> SIMD8<Int32> {
        let positive = x & ~(x &>> 31)
        let over = positive &- limit
        return positive &- (over & ~(over &>> 31))
    }

    /// The four texels at `offset` in the plane: the top pair in the low half, the bottom pair
    /// (one row of `stride` bytes below) in the high half.
    @inline(__always)
    static func texels(_ base: UnsafeRawPointer, _ offset: Int32, _ stride: Int) -> UInt32 {
        let top = base + Int(offset)
        return UInt32(top.loadUnaligned(as: UInt16.self)) | UInt32((top + stride).loadUnaligned(as: UInt16.self)) << 16
    }

    /// `source` over, or plus (clamped), `destination`, eight premultiplied pixels: the colour
    /// kernel's arithmetic per channel, in 16-bit lanes split by mask and shift (blue and red,
    /// green and alpha), as the Raster kernels do: Swift's lane conversions and masks compile to
    /// scalar code through the stack (docs/NOTES.md).
    @inline(__always)
    static func blend(_ destination: SIMD8<UInt32>, _ source: SIMD8<UInt32>, additive: Bool) -> SIMD8<UInt32> {
        let d = unsafeBitCast(destination, to: SIMD16<UInt16>.self), s = unsafeBitCast(source, to: SIMD16<UInt16>.self)
        var even = d & 0x00FF, odd = d &>> 8
        if additive {
            even &+= s & 0x00FF
            odd &+= s &>> 8
        } else {
            let inverse = ~source &>> 24
            let factor = unsafeBitCast(inverse | inverse &<< 16, to: SIMD16<UInt16>.self)
            even = (s & 0x00FF) &+ divideBy255(even &* factor)
            odd = (s &>> 8) &+ divideBy255(odd &* factor)
        }
        return unsafeBitCast(clamped(even) | clamped(odd) &<< 8, to: SIMD8<UInt32>.self)
    }

    /// `t / 255` rounded to nearest in every lane, exact for `t` in `0...65025`.
    @inline(__always)
    static func divideBy255(_ t: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let u = t &+ 128
        return (u &+ (u &>> 8)) &>> 8
    }

    /// `min(x, 255)` in every lane for `x` below 512, without masks: 256 or more becomes all ones,
    /// then the low byte.
    @inline(__always)
    static func clamped(_ x: SIMD16<UInt16>) -> SIMD16<UInt16> {
        (x | (0 &- (x &>> 8))) & 0x00FF
    }
}
