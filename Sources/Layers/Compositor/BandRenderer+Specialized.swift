// Particles are drawn one by one as turned, scaled, tinted sprites, each pixel of a particle's
// box mapped back into its image (bilinear, transparent outside the sprite's rectangle) and
// composited source-over or, in the additive render mode, with plusLighter (sum, clamped).
// Every pixel depends on its own position only, so bands and thread counts give the same
// bytes. Under a projective map each particle uses the map's affine approximation at its
// centre (particles are small; their centres are exact). Measured figures: BENCHMARKS.md,
// "Specialized layers".

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

    /// Draws an emitter node's particles, if it has any.
    func drawParticles(of node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard case let .particles(batch)? = node.specialized, opacity > 0 else { return }
        for particle in batch.particles {
            Self.drawParticle(particle, sprite: batch.sprites[Int(particle.sprite)], additive: batch.additive,
                              map: map, target: target, clip: clip, opacity: opacity)
        }
    }

    /// Draws one particle (see the note at the top of the file).
    static func drawParticle(_ p: ParticleBatch.Particle, sprite: ParticleBatch.Sprite, additive: Bool,
                             map m: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        // The map's value and derivative at the particle's centre.
        let x = Double(p.x), y = Double(p.y)
        let w = x * m.m13 + y * m.m23 + m.m33
        guard w > 1e-9 else { return }
        let px = (x * m.m11 + y * m.m21 + m.m31) / w, py = (x * m.m12 + y * m.m22 + m.m32) / w
        let dxdx = (m.m11 - px * m.m13) / w, dydx = (m.m12 - py * m.m13) / w
        let dxdy = (m.m21 - px * m.m23) / w, dydy = (m.m22 - py * m.m23) / w
        // Half-axes in pixels.
        let ux = Double(p.ux) * dxdx + Double(p.uy) * dxdy, uy = Double(p.ux) * dydx + Double(p.uy) * dydy
        let vx = Double(p.vx) * dxdx + Double(p.vy) * dxdy, vy = Double(p.vx) * dydx + Double(p.vy) * dydy
        let det = ux * vy - uy * vx
        guard abs(det) > 1e-12, px.isFinite, py.isFinite else { return }
        let ex = abs(ux) + abs(vx) + 1, ey = abs(uy) + abs(vy) + 1
        let x0 = max(clip.minX, Int((px - ex).rounded(.down))), x1 = min(clip.maxX, Int((px + ex).rounded(.up)))
        let y0 = max(clip.minY, Int((py - ey).rounded(.down))), y1 = min(clip.maxY, Int((py + ey).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        // Pixel offset from the centre → sprite pixels: s = (d × v) / det, t = (u × d) / det in
        // −1…1, then onto the sprite rectangle.
        let sw = Double(sprite.width), sh = Double(sprite.height)
        let sx = Float(vy / det * sw / 2), sxy = Float(-vx / det * sw / 2)
        let ty = Float(-uy / det * sh / 2), tyy = Float(ux / det * sh / 2)
        let cx = Float(Double(sprite.minX) + sw / 2), cy = Float(Double(sprite.minY) + sh / 2)
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
}
