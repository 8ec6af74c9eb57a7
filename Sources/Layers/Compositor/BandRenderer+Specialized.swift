// Particles are drawn one by one as turned, scaled, tinted sprites, each pixel of a particle's
// box mapped back into its image (bilinear, transparent outside the sprite's rectangle) and
// composited source-over or, in the additive render mode, with plusLighter (sum, clamped).
// Every pixel depends on its own position only (no value is accumulated along a row from where
// a span starts), so bands, thread counts and damage rectangles give the same bytes. Under a
// projective map each particle uses the map's affine approximation at its centre (particles are
// small; centres are exact).
//
// The fast kernel steps texel positions in 16.16 fixed point from the particle's centre column,
// samples a copy of the sprite with a transparent one-pixel border (no bounds test per texel),
// visits per row only the span where the sprite lands, and interpolates red/blue and
// alpha/green in pairs (pixman's bilinear layout); the float kernel (`drawParticleReference`)
// is the reference a test compares it with (±3 per channel). Measured (BENCHMARKS.md,
// "Specialized layers", 10 000 16×16 particles at 1080p, one thread): float 140 ms, 8-bit
// fixed point 81 ms, 16.16 steps 56 ms, level with cairo. A profile then showed half the time
// on one instruction, the load of the destination pixel: 10 000 particles scattered over an
// 8 MB frame miss the cache on every row they touch. So the particles are drawn band by band
// (32 rows, 240 KB at 1080p, which the L2 cache holds), each band drawing the particles that
// reach it in their order: every pixel still sees its particles in the batch's order, so the
// bytes are those of drawing them one by one. The bilinear sample, tint and blend run in 16-bit
// lanes (one horizontal lerp for both texel rows).

import Geometry
import Raster

extension BandRenderer {
    /// Draws one replicator instance whose colour factors are not white: the subtree into an
    /// off-screen buffer, multiplied by `factors`, then composited (the instance's alpha is in
    /// `opacity`, applied to each layer as the subtree is drawn).
    func drawInstance(_ node: RenderNode, factors: SIMD3<Float>, map: Homography, target: Bitmap, clip: PixelRect,
                      opacity: Float) {
        let extent = pixelExtent(of: node, map: map).intersection(clip)
        guard !extent.isEmpty else { return }
        let size = PixelSize(uncheckedWidth: extent.width, height: extent.height)
        let group = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        let toGroup = map.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-extent.minX),
                                                                      y: CGFloat(-extent.minY))))
        drawBody(node, map: toGroup, target: group, clip: PixelRect(size: size), opacity: opacity, castsShadow: true)
        Self.multiply(group, by: factors)
        target.composite(group, atX: extent.minX, y: extent.minY, opacityFraction: 1)
    }

    /// Multiplies the colour channels of every pixel of `bitmap` by `factors` (alpha unchanged,
    /// so premultiplied pixels stay valid).
    static func multiply(_ bitmap: Bitmap, by factors: SIMD3<Float>) {
        let r = UInt32(factors.x * 256 + 0.5), g = UInt32(factors.y * 256 + 0.5), b = UInt32(factors.z * 256 + 0.5)
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            for x in 0..<row.count {
                let p = row[x]
                guard p != 0 else { continue }
                let pr = ((p >> 16 & 0xFF) * r) >> 8, pg = ((p >> 8 & 0xFF) * g) >> 8, pb = ((p & 0xFF) * b) >> 8
                row[x] = p & 0xFF00_0000 | pr << 16 | pg << 8 | pb
            }
        }
    }

    /// Draws an emitter node's particles, if it has any: in bands of `particleBandHeight` rows,
    /// each band drawing the particles that reach it in their order (see the note at the top).
    func drawParticles(of node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard case let .particles(batch)? = node.specialized else { return }
        drawParticles(batch, map: map, target: target, clip: clip, opacity: opacity)
    }

    /// Draws `batch`'s particles band by band (see `drawParticles(of:…)`).
    func drawParticles(_ batch: ParticleBatch, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard opacity > 0 else { return }
        let bandHeight = Self.particleBandHeight
        let bandCount = (clip.height + bandHeight - 1) / bandHeight
        guard bandCount > 0 else { return }
        // Each particle's map once, and the bands its rows reach, bucketed in particle order.
        var prepared = scratch.particles.take()
        prepared.removeAll(keepingCapacity: true)
        var counts = scratch.particleBandCounts.take()
        counts.removeAll(keepingCapacity: true)
        counts.append(contentsOf: repeatElement(0, count: bandCount + 1))
        var sprites = scratch.particleSprites.take()
        sprites.removeAll(keepingCapacity: true)
        sprites.append(contentsOf: batch.sprites.lazy.map(\.pixels))
        for (index, particle) in batch.particles.enumerated() {
            let sprite = sprites[Int(particle.sprite)]
            guard let pm = ParticleMap(particle, width: sprite.width, height: sprite.height, map: map) else { continue }
            let y0 = max(clip.minY, Int((pm.py - pm.extentY).rounded(.down)))
            let y1 = min(clip.maxY, Int((pm.py + pm.extentY).rounded(.up)))
            guard y0 < y1 else { continue }
            prepared.append(PreparedParticle(index: Int32(index), map: pm, firstBand: Int32((y0 - clip.minY) / bandHeight),
                                             lastBand: Int32((y1 - 1 - clip.minY) / bandHeight)))
            for band in (y0 - clip.minY) / bandHeight...(y1 - 1 - clip.minY) / bandHeight { counts[band + 1] += 1 }
        }
        for band in 0..<bandCount { counts[band + 1] += counts[band] }
        var entries = scratch.particleBandEntries.take()
        entries.removeAll(keepingCapacity: true)
        entries.append(contentsOf: repeatElement(0, count: counts[bandCount]))
        var next = counts
        for (slot, particle) in prepared.enumerated() {
            for band in Int(particle.firstBand)...Int(particle.lastBand) {
                entries[next[band]] = Int32(slot)
                next[band] += 1
            }
        }
        for band in 0..<bandCount {
            let top = clip.minY + band * bandHeight
            let bandClip = PixelRect(x: clip.minX, y: top, width: clip.width, height: min(bandHeight, clip.maxY - top))
            for entry in counts[band]..<counts[band + 1] {
                let particle = prepared[Int(entries[entry])]
                let p = batch.particles[Int(particle.index)]
                if batch.sprites[Int(p.sprite)].nearest {
                    Self.drawParticleReference(p, sprite: batch.sprites[Int(p.sprite)], additive: batch.additive,
                                               map: map, target: target,
                                               clip: bandClip, opacity: opacity)
                } else {
                    Self.drawParticleFast(p, pm: particle.map, sprite: sprites[Int(p.sprite)], additive: batch.additive,
                                          target: target,
                                          clip: bandClip, opacity: opacity)
                }
            }
        }
        scratch.particles = prepared
        scratch.particleSprites = sprites
        scratch.particleBandCounts = counts
        scratch.particleBandEntries = entries
    }

    /// Rows a particle band holds: 32 rows of a 1080p frame (240 KB) stay in the L2 cache while
    /// the particles that reach them are drawn (see the note at the top).
    static let particleBandHeight = 32

    /// A particle about to be drawn: its index in the batch, its map, the bands it reaches.
    struct PreparedParticle {
        let index: Int32
        let map: ParticleMap
        let firstBand: Int32, lastBand: Int32
    }

    /// Draws one particle in floating point, texel by texel (the reference of
    /// `drawParticleFast`).
    static func drawParticleReference(_ p: ParticleBatch.Particle, sprite: ParticleBatch.Sprite, additive: Bool,
                             map m: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard let pm = ParticleMap(p, width: Int(sprite.width), height: Int(sprite.height), map: m) else { return }
        let px = pm.px, py = pm.py
        let x0 = max(clip.minX, Int((px - pm.extentX).rounded(.down))), x1 = min(clip.maxX, Int((px + pm.extentX).rounded(.up)))
        let y0 = max(clip.minY, Int((py - pm.extentY).rounded(.down))), y1 = min(clip.maxY, Int((py + pm.extentY).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        // Pixel offset from the centre → sprite pixels, within the image.
        let sx = Float(pm.ux), sxy = Float(pm.uy), ty = Float(pm.vx), tyy = Float(pm.vy)
        let cx = sprite.minX + Float(pm.u0), cy = sprite.minY + Float(pm.v0)
        let minX = sprite.minX, minY = sprite.minY, maxX = sprite.minX + sprite.width, maxY = sprite.minY + sprite.height
        let image = sprite.image.base
        let tint = p.color * opacity * (1.0 / 255.0)
        let fpx = Float(px), fpy = Float(py)
        for row in y0..<y1 {
            let dy = Float(row) + 0.5 - fpy
            let line = target.row(row)
            for column in x0..<x1 {
                let dx = Float(column) + 0.5 - fpx
                let u = cx + dx * sx + dy * sxy, v = cy + dx * ty + dy * tyy
                guard u > minX - 0.5, u < maxX + 0.5, v > minY - 0.5, v < maxY + 0.5 else { continue }
                let texel = sprite.nearest ? nearestTexel(image, u, v, minX, minY, maxX, maxY)
                    : bilinearTexel(image, u - 0.5, v - 0.5, minX, minY, maxX, maxY)
                guard texel.w > 0 else { continue }
                let s = texel * tint
                guard s.w > 0 || additive else { continue }
                let d = line[column]
                let da = Float(d >> 24), dr = Float(d >> 16 & 0xFF), dg = Float(d >> 8 & 0xFF), db = Float(d & 0xFF)
                let keep: Float = additive ? 1 : 1 - s.w
                let oa = min(255, s.w * 255 + da * keep), or = min(255, s.x * 255 + dr * keep)
                let og = min(255, s.y * 255 + dg * keep), ob = min(255, s.z * 255 + db * keep)
                line[column] = UInt32(oa + 0.5) << 24 | UInt32(or + 0.5) << 16 | UInt32(og + 0.5) << 8 | UInt32(ob + 0.5)
            }
        }
    }

    /// The texel under `(u, v)` (sprite pixels), premultiplied `0...255` floats; transparent
    /// outside the sprite's rectangle.
    private static func nearestTexel(_ image: Bitmap, _ u: Float, _ v: Float, _ minX: Float, _ minY: Float,
                                     _ maxX: Float, _ maxY: Float) -> SIMD4<Float> {
        guard u >= minX, u < maxX, v >= minY, v < maxY else { return .zero }
        return texel(image, Int(u), Int(v))
    }

    /// Bilinear sample at texel-centre coordinates `(u, v)`, transparent beyond the rectangle.
    private static func bilinearTexel(_ image: Bitmap, _ u: Float, _ v: Float, _ minX: Float, _ minY: Float,
                                      _ maxX: Float, _ maxY: Float) -> SIMD4<Float> {
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let ax = u - fu, ay = v - fv
        let ix = Int(fu), iy = Int(fv)
        let lox = Int(minX), loy = Int(minY), hix = Int(maxX.rounded(.up)), hiy = Int(maxY.rounded(.up))
        func at(_ x: Int, _ y: Int) -> SIMD4<Float> {
            x >= lox && x < hix && y >= loy && y < hiy ? texel(image, x, y) : .zero
        }
        let top = at(ix, iy) * (1 - ax) + at(ix + 1, iy) * ax
        let bottom = at(ix, iy + 1) * (1 - ax) + at(ix + 1, iy + 1) * ax
        return top * (1 - ay) + bottom * ay
    }

    /// Red, green, blue, alpha of the pixel at `(x, y)` (inside the image), `0...255`.
    private static func texel(_ image: Bitmap, _ x: Int, _ y: Int) -> SIMD4<Float> {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return .zero }
        let p = image.row(y)[x]
        return SIMD4(Float(p >> 16 & 0xFF), Float(p >> 8 & 0xFF), Float(p & 0xFF), Float(p >> 24))
    }

    /// The map from pixel offsets to sprite texel coordinates for one particle: the pixel
    /// centre `(x + 0.5, y + 0.5)` lands at texel coordinate `u = u0 + (x + 0.5 − px)·ux +
    /// (y + 0.5 − py)·uy` (likewise `v`), in the sprite's own pixels (0…width); nil when the
    /// particle is degenerate or behind the viewer.
    struct ParticleMap {
        let px: Double, py: Double
        let ux: Double, uy: Double, vx: Double, vy: Double
        let u0: Double, v0: Double
        let extentX: Double, extentY: Double

        init?(_ p: ParticleBatch.Particle, width: Int, height: Int, map m: Homography) {
            let x = Double(p.x), y = Double(p.y)
            let w = x * m.m13 + y * m.m23 + m.m33
            guard w > 1e-9 else { return nil }
            let px = (x * m.m11 + y * m.m21 + m.m31) / w, py = (x * m.m12 + y * m.m22 + m.m32) / w
            let dxdx = (m.m11 - px * m.m13) / w, dydx = (m.m12 - py * m.m13) / w
            let dxdy = (m.m21 - px * m.m23) / w, dydy = (m.m22 - py * m.m23) / w
            let ax = Double(p.ux) * dxdx + Double(p.uy) * dxdy, ay = Double(p.ux) * dydx + Double(p.uy) * dydy
            let bx = Double(p.vx) * dxdx + Double(p.vy) * dxdy, by = Double(p.vx) * dydx + Double(p.vy) * dydy
            let det = ax * by - ay * bx
            guard abs(det) > 1e-12, px.isFinite, py.isFinite else { return nil }
            let sw = Double(width), sh = Double(height)
            self.px = px
            self.py = py
            ux = by / det * sw / 2
            uy = -bx / det * sw / 2
            vx = -ay / det * sh / 2
            vy = ax / det * sh / 2
            u0 = sw / 2
            v0 = sh / 2
            extentX = abs(ax) + abs(bx) + 1
            extentY = abs(ay) + abs(by) + 1
        }
    }

    /// Narrows `lo...hi` (pixel offsets from the centre) to where `f0 + d·k` lies in
    /// `min...max`.
    @inline(__always)
    private static func narrow(_ lo: inout Double, _ hi: inout Double, _ f0: Double, _ k: Double, _ min: Double,
                               _ max: Double) {
        if abs(k) < 1e-12 {
            if f0 < min || f0 > max { hi = lo - 1 }
            return
        }
        let a = (min - f0) / k, b = (max - f0) / k
        lo = Swift.max(lo, Swift.min(a, b))
        hi = Swift.min(hi, Swift.max(a, b))
    }

    /// Draws one particle in 8-bit fixed point (see the note at the top of the file).
    static func drawParticleFast(_ p: ParticleBatch.Particle, sprite: ParticleBatch.Sprite, additive: Bool,
                                 map m: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        let pixels = sprite.pixels
        guard let pm = ParticleMap(p, width: pixels.width, height: pixels.height, map: m) else { return }
        drawParticleFast(p, pm: pm, sprite: pixels, additive: additive, target: target, clip: clip, opacity: opacity)
    }

    /// `drawParticleFast` with the particle's map already made: the coverage kernel for a white
    /// sprite whose positions fit its 32-bit lanes, the colour kernel otherwise (the two give the
    /// same bytes).
    static func drawParticleFast(_ p: ParticleBatch.Particle, pm: ParticleMap, sprite: ParticleBatch.Sprite.Pixels,
                                 additive: Bool, target: Bitmap, clip: PixelRect, opacity: Float) {
        if sprite.coverage != nil, CoverageParticleKernel.fits(pm, sprite: sprite) {
            CoverageParticleKernel.draw(p, pm: pm, sprite: sprite, additive: additive, target: target, clip: clip,
                                        opacity: opacity)
        } else {
            drawColourParticle(p, pm: pm, sprite: sprite, additive: additive, target: target, clip: clip,
                               opacity: opacity)
        }
    }

    /// The tint of a particle (its colour times `opacity`) in 8.8 fixed point, blue, green, red,
    /// alpha; nil when the particle adds nothing.
    @inline(__always)
    static func particleTint(_ p: ParticleBatch.Particle, opacity: Float, additive: Bool) -> SIMD4<UInt16>? {
        let tinted = p.color * opacity
        let tr = UInt32(min(256, max(0, tinted.x * 256 + 0.5))), tg = UInt32(min(256, max(0, tinted.y * 256 + 0.5)))
        let tb = UInt32(min(256, max(0, tinted.z * 256 + 0.5))), ta = UInt32(min(256, max(0, tinted.w * 256 + 0.5)))
        guard ta > 0 || (additive && (tr | tg | tb) > 0) else { return nil }
        return SIMD4<UInt16>(UInt16(tb), UInt16(tg), UInt16(tr), UInt16(ta))
    }

    /// Where one row of a particle lands: columns `x0..<x1`, and the 16.16 texel position in the
    /// padded sprite of column `centre` (`u0`, `v0`) with its step a column (`du`, `dv`).
    struct ParticleRowSpan {
        let x0: Int, x1: Int, centre: Int
        let u0: Int, du: Int, v0: Int, dv: Int
    }

    /// The span of `row` where a particle's padded `width × height` sprite lands inside `clip`;
    /// nil when it lands nowhere on that row. Positions are stepped from the particle's centre
    /// column, so a pixel's texel position depends on its column alone, not on where the span
    /// starts.
    @inline(__always)
    static func particleRowSpan(_ row: Int, pm: ParticleMap, width: Int, height: Int,
                                clip: PixelRect) -> ParticleRowSpan? {
        // Bilinear sample positions in the padded copy: texel centre i + 0.5 is padded index i + 1.
        let dy = Double(row) + 0.5 - pm.py
        let uRow = pm.u0 + dy * pm.uy + 0.5, vRow = pm.v0 + dy * pm.vy + 0.5
        var lo = Double(clip.minX) + 0.5 - pm.px, hi = Double(clip.maxX) - 0.5 - pm.px
        narrow(&lo, &hi, uRow, pm.ux, 0, Double(width) + 1)
        narrow(&lo, &hi, vRow, pm.vx, 0, Double(height) + 1)
        guard lo <= hi else { return nil }
        let x0 = max(clip.minX, Int((lo + pm.px - 0.5).rounded(.up)))
        let x1 = min(clip.maxX, Int((hi + pm.px - 0.5).rounded(.down)) + 1)
        guard x0 < x1 else { return nil }
        let centre = Int(pm.px.rounded(.down)), dx0 = Double(centre) + 0.5 - pm.px
        return ParticleRowSpan(x0: x0, x1: x1, centre: centre,
                               u0: Int(((uRow + dx0 * pm.ux) * 65536).rounded()), du: Int((pm.ux * 65536).rounded()),
                               v0: Int(((vRow + dx0 * pm.vx) * 65536).rounded()), dv: Int((pm.vx * 65536).rounded()))
    }

    /// Draws one particle of any sprite, one pixel a step, its four channels in 16-bit lanes.
    static func drawColourParticle(_ p: ParticleBatch.Particle, pm: ParticleMap, sprite: ParticleBatch.Sprite.Pixels,
                                   additive: Bool, target: Bitmap, clip: PixelRect, opacity: Float) {
        let y0 = max(clip.minY, Int((pm.py - pm.extentY).rounded(.down)))
        let y1 = min(clip.maxY, Int((pm.py + pm.extentY).rounded(.up)))
        guard y0 < y1, let tint = particleTint(p, opacity: opacity, additive: additive) else { return }
        let width = sprite.width, height = sprite.height
        let stride = sprite.paddedStride, base = sprite.padded
        for row in y0..<y1 {
            guard let span = particleRowSpan(row, pm: pm, width: width, height: height, clip: clip) else { continue }
            let x0 = span.x0, x1 = span.x1, centre = span.centre
            let u0 = span.u0, du = span.du, v0 = span.v0, dv = span.dv
            let line = target.baseAddress + row * target.rowStride
            for column in x0..<x1 {
                let u = u0 &+ (column &- centre) &* du, v = v0 &+ (column &- centre) &* dv
                let iu = min(width, max(0, u >> 16)), iv = min(height, max(0, v >> 16))
                let wx = UInt16(truncatingIfNeeded: (u >> 8) & 0xFF), wy = UInt16(truncatingIfNeeded: (v >> 8) & 0xFF)
                let top = UnsafeRawPointer(base + iv * stride + iu)
                // The four texels as 16-bit channels, the top pair in the low half and the bottom
                // pair in the high half: one horizontal lerp for both rows, then the vertical one.
                let topPair = SIMD8<UInt16>(truncatingIfNeeded: top.loadUnaligned(as: SIMD8<UInt8>.self))
                let bottomPair = SIMD8<UInt16>(truncatingIfNeeded: (top + stride * 4).loadUnaligned(as: SIMD8<UInt8>.self))
                let lefts = SIMD8(lowHalf: topPair.lowHalf, highHalf: bottomPair.lowHalf)
                let rights = SIMD8(lowHalf: topPair.highHalf, highHalf: bottomPair.highHalf)
                let rows = (lefts &* (256 &- wx) &+ rights &* wx &+ 128) &>> 8
                let t = (rows.lowHalf &* (256 &- wy) &+ rows.highHalf &* wy &+ 128) &>> 8
                guard t != .zero else { continue }
                let source = (t &* tint &+ 128) &>> 8
                let destination = line + column
                let d = SIMD4<UInt16>(truncatingIfNeeded: UnsafeRawPointer(destination).loadUnaligned(as: SIMD4<UInt8>.self))
                let result: SIMD4<UInt16>
                if additive {
                    result = (d &+ source).replacing(with: 255, where: d &+ source .> 255)
                } else {
                    let scaled = d &* (255 &- SIMD4(repeating: source[3])) &+ 128
                    let sum = source &+ ((scaled &+ (scaled &>> 8)) &>> 8)
                    result = sum.replacing(with: 255, where: sum .> 255)
                }
                UnsafeMutableRawPointer(destination).storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: result),
                                                                as: SIMD4<UInt8>.self)
            }
        }
    }
}
