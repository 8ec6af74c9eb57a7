import Foundation
import Geometry
import Graphics
import Raster

/// A gradient layer's fill at one instant, as the compositor rasterizes it: the ramp of its
/// stops (built once per drawing) shaded over the layer's rounded bounds.
final class GradientDrawing: LayerDrawing, @unchecked Sendable {
    let gradient: CAGradientLayer.Gradient
    let bounds: CGRect
    let corners: CornerRadii
    let rasterCache: DeviceRasterCache
    private let ramp: GradientRamp

    var coverageBox: CGRect { bounds }

    init(gradient: CAGradientLayer.Gradient, colors: [CGColor], bounds: CGRect, corners: CornerRadii,
         cache: DeviceRasterCache) {
        self.gradient = gradient
        self.bounds = bounds
        self.corners = corners
        rasterCache = cache
        ramp = GradientRamp(stops: Self.stops(colors: colors, locations: gradient.locations))
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
