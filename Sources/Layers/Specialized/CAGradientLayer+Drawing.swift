// A gradient drawn under an affine map is its rounded bounds' coverage mask (rasterized once per
// shape and map, kept while only the colours or locations change) and its shading, composited
// through the mask. The shading of a drawing shown for the first time goes straight onto the
// frame, each band shading its own rows (a gradient animated every frame is shaded once a frame,
// in parallel, with no raster); a drawing shown again (static) is shaded once into an RGBA
// raster kept in the cache and composited from it. The shader colours a pixel from its position
// alone (`GradientShader.shadeRow`), and both ways composite the same colours through the same
// mask with the same kernel, so the bytes are the same whichever way a band takes. Measured:
// BENCHMARKS.md, "Specialized layers".

import Foundation
import Geometry
import Graphics
import Raster
import Synchronization

/// A gradient layer's fill at one instant, as the compositor rasterizes it: the ramp of its
/// stops (built once per drawing) shaded over the layer's rounded bounds.
final class GradientDrawing: LayerDrawing, @unchecked Sendable {
    /// The rounded bounds the gradient fills, shared by the drawings of a layer while they do not
    /// change, so that their coverage mask is kept when only the colours move.
    final class Shape: Sendable {
        let bounds: CGRect
        let corners: CornerRadii
        init(bounds: CGRect, corners: CornerRadii) {
            self.bounds = bounds
            self.corners = corners
        }
    }

    let gradient: CAGradientLayer.Gradient
    let shape: Shape
    let rasterCache: DeviceRasterCache
    private let ramp: GradientRamp
    /// The serial of the first frame that drew this drawing (0 before; see the note).
    private let firstFrame = Atomic<UInt64>(0)

    var bounds: CGRect { shape.bounds }
    var corners: CornerRadii { shape.corners }
    var coverageBox: CGRect { bounds }

    init(gradient: CAGradientLayer.Gradient, colors: [CGColor], shape: Shape, cache: DeviceRasterCache) {
        self.gradient = gradient
        self.shape = shape
        rasterCache = cache
        ramp = GradientRamp(stops: Self.stops(colors: colors, locations: gradient.locations))
    }

    /// Whether a frame before `serial` drew this drawing (recording `serial` as the first one when
    /// none did); always false outside a compositor's frame (serial 0).
    private func wasDrawnBefore(frame serial: UInt64) -> Bool {
        guard serial != 0 else { return false }
        let (exchanged, first) = firstFrame.compareExchange(expected: 0, desired: serial, ordering: .relaxed)
        return !exchanged && first != serial
    }

    /// The stops: `locations` when there is one per colour, else evenly spread.
    static func stops(colors: [CGColor], locations: [Double]?) -> [GradientRamp.Stop] {
        let count = colors.count
        let spots = locations?.count == count ? locations! : (0..<count).map { count > 1 ? Double($0) / Double(count - 1) : 0 }
        return zip(colors, spots).map { color, location in
            GradientRamp.Stop(location: location, red: Double(color.red), green: Double(color.green),
                              blue: Double(color.blue), alpha: Double(color.alpha))
        }
    }

    /// The shader for pixels reached through `transform` (layer → pixels): gradient space is
    /// the unit square of the bounds (axial), the unit circle of the ellipse (radial), or the
    /// layer's points (conic); nil when the map or the points are degenerate.
    func shader(transform: CGAffineTransform) -> GradientShader? {
        let b = bounds
        let s = gradient.startPoint, e = gradient.endPoint
        guard s.x.isFinite, s.y.isFinite, e.x.isFinite, e.y.isFinite else { return nil }
        let unitToLayer = CGAffineTransform(a: b.width, b: 0, c: 0, d: b.height, tx: b.minX, ty: b.minY)
        let shape: GradientShader.Shape
        var gradientToLayer = unitToLayer
        switch gradient.type {
        case .radial:
            var rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            if rx == 0 { rx = 1e-9; ry = 1e-9 }
            // Gradient space: the ellipse as the unit circle about the origin.
            gradientToLayer = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: s.x, ty: s.y).concatenating(unitToLayer)
            shape = .radial(startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1)
        case .conic:
            gradientToLayer = .identity
            let center = s.applying(unitToLayer), toward = e.applying(unitToLayer)
            let dx = toward.x - center.x, dy = toward.y - center.y
            shape = .conic(center: center, angle: dx == 0 && dy == 0 ? 0 : atan2(dy, dx))
        default:
            shape = .axial(start: s, end: e)
        }
        let toPixels = gradientToLayer.concatenating(transform)
        guard abs(toPixels.determinant) > 1e-12, toPixels.determinant.isFinite else { return nil }
        return GradientShader(shape: shape, ramp: ramp, extendsBefore: true, extendsAfter: true,
                              pixelToGradient: toPixels.inverted())
    }

    func drawDirectly(transform: CGAffineTransform, region: PixelRect, visible: PixelRect, target: Bitmap,
                      opacity: Float, renderer: BandRenderer) -> Bool {
        let alpha = UInt8(max(0, min(255, (opacity * 255).rounded())))
        let toRegion = transform.concatenating(CGAffineTransform(translationX: CGFloat(-region.minX),
                                                                  y: CGFloat(-region.minY)))
        guard alpha > 0, let shader = shader(transform: toRegion) else { return true }
        guard let coverage = rasterCache.coverage(of: shape, count: 1, transform: transform, region: region, paint: {
            let scratch = renderer.scratch
            scratch.beginShape(tolerance: 0.1)
            scratch.shape.addRoundedRect(bounds, radii: corners, transform: toRegion, workspace: &scratch.contour)
            renderer.rasterizer.fill(scratch.shape, rule: .nonZero, into: $0[0])
            scratch.endShape()
        }) else { return true }
        let part = visible.offsetBy(-region.minX, -region.minY)
        withExtendedLifetime(coverage) {
            guard let mask = try? coverage.masks[0].view(of: part) else { return }
            if wasDrawnBefore(frame: renderer.frameSerial) {
                guard let pixels = rasterCache.raster(of: self, transform: transform, region: region, paint: {
                    Self.shade(shader, into: $0, originX: 0, originY: 0, renderer: renderer)
                }), let source = try? pixels.bitmap.view(of: part) else { return }
                withExtendedLifetime(pixels) {
                    try? target.composite(source, atX: visible.minX, y: visible.minY, mask: mask, opacity: alpha)
                }
                return
            }
            let row = renderer.scratch.acquireBitmap(PixelSize(uncheckedWidth: part.width, height: 1))
            defer { renderer.scratch.releaseBitmap() }
            for y in 0..<part.height {
                Self.shade(shader, into: row, originX: part.minX, originY: part.minY + y, renderer: renderer)
                guard let maskRow = try? mask.view(of: PixelRect(x: 0, y: y, width: part.width, height: 1)) else { continue }
                try? target.composite(row, atX: visible.minX, y: visible.minY + y, mask: maskRow, opacity: alpha)
            }
        }
        return true
    }

    /// Shades `bitmap`'s pixels as the pixels from (`originX`, `originY`) of the shader's space,
    /// transparent where the shader draws nothing.
    private static func shade(_ shader: GradientShader, into bitmap: Bitmap, originX: Int, originY: Int,
                              renderer: BandRenderer) {
        let width = bitmap.width
        let covered = renderer.scratch.acquireMask(PixelSize(uncheckedWidth: width, height: 1))
        defer { renderer.scratch.releaseMask() }
        for y in 0..<bitmap.height {
            let colors = bitmap.baseAddress + y * bitmap.rowStride
            guard shader.shadeRow(y: originY + y, x: originX, count: width, colors: colors,
                                  coverage: covered.baseAddress) else {
                colors.update(repeating: 0, count: width)
                continue
            }
            for x in 0..<width where covered.baseAddress[x] == 0 { colors[x] = 0 }
        }
    }

    func rasterize(into bitmap: Bitmap, transform: CGAffineTransform, renderer: BandRenderer) {
        guard let shader = shader(transform: transform) else { return }
        let width = bitmap.width
        let scratch = renderer.scratch
        let shapeMask = scratch.acquireMask(bitmap.size)
        defer { scratch.releaseMask() }
        scratch.beginShape(tolerance: 0.1)
        scratch.shape.addRoundedRect(bounds, radii: corners, transform: transform, workspace: &scratch.contour)
        renderer.rasterizer.fill(scratch.shape, rule: .nonZero, into: shapeMask)
        scratch.endShape()
        let row = scratch.acquireBitmap(PixelSize(uncheckedWidth: width, height: 1))
        defer { scratch.releaseBitmap() }
        let coverage = scratch.acquireMask(PixelSize(uncheckedWidth: width, height: 1))
        defer { scratch.releaseMask() }
        for y in 0..<bitmap.height {
            guard shader.shadeRow(y: y, x: 0, count: width, colors: row.baseAddress, coverage: coverage.baseAddress),
                  let maskRow = try? shapeMask.view(of: PixelRect(x: 0, y: y, width: width, height: 1)) else { continue }
            try? bitmap.composite(row, atX: 0, y: y, mask: maskRow, opacity: 255)
        }
    }
}
