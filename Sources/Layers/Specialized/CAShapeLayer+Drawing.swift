import Foundation
import Geometry
import Graphics
import Raster

// A changed shape costs its coverage: under an affine map (the common case) the fill and the
// stroke are rasterized once into one coverage mask each over the shape's device box (1 byte a
// pixel, cached while the shape and map stay), and every band paints their colours through its
// part of the masks straight onto the frame, skipping eight-pixel blocks the outline does not
// touch. The first version rasterized into an RGBA raster: clearing it (4 bytes a pixel), the
// masked fill into it, then compositing it onto the frame, four passes over a box that, for a
// stroke, is mostly empty. Measured (kinescope-bench `--only specialized`, one thread, a 2-core
// machine, before and after on the same one; BENCHMARKS.md, "Specialized layers, session 16"):
// a 2 000-segment `strokeEnd` 5.30 → 1.16–1.27 ms, marching ants on a 1880×1040 rectangle
// 6.67 → 0.54–0.94 ms. Under a perspective map the RGBA raster stays (it is sampled through the
// map like contents).

/// A shape layer's path and style at one instant, as the compositor rasterizes it: the fill
/// (with the fill rule), then the stroke (trimmed to `strokeStart...strokeEnd`, dashed, then
/// stroked in the layer's space and mapped to device pixels), source-over; with the layer's
/// opacity applied to the two together (where the stroke covers the fill, the fill does not show
/// through a half-transparent layer).
final class ShapeDrawing: LayerDrawing, @unchecked Sendable {
    let shape: CAShapeLayer.Shape
    let path: CGPath
    let rasterCache: DeviceRasterCache
    let coverageBox: CGRect
    private let fillPixel: PremultipliedColor?
    private let strokePixel: PremultipliedColor?
    private let strokeStyle: StrokeStyle?
    /// The colours painted through the coverage masks, in order: the fill's, then the stroke's
    /// (made once per drawing, not per band and frame).
    private let maskColors: [PremultipliedColor]

    init(shape: CAShapeLayer.Shape, path: CGPath, cache: DeviceRasterCache) {
        self.shape = shape
        self.path = path
        rasterCache = cache
        fillPixel = shape.fillColor.map(\.premultipliedPixel).flatMap { $0.alpha == 0 ? nil : $0 }
        strokePixel = shape.strokeColor.map(\.premultipliedPixel).flatMap { $0.alpha == 0 ? nil : $0 }
        let width = Double(shape.lineWidth)
        if strokePixel != nil, width > 0, width.isFinite, width < 1e7 {
            let cap: LineCap = switch shape.lineCap {
            case .round: .round
            case .square: .square
            default: .butt
            }
            let join: LineJoin = switch shape.lineJoin {
            case .round: .round
            case .bevel: .bevel
            default: .miter
            }
            let miter = Double(shape.miterLimit)
            strokeStyle = StrokeStyle(width: width, cap: cap, join: join, miterLimit: miter.isFinite ? max(miter, 0) : 10)
        } else {
            strokeStyle = nil
        }
        var box = CGRect.null
        let pathBox = path.boundingBox
        if fillPixel != nil { box = pathBox }
        if let style = strokeStyle, !pathBox.isNull {
            // A miter reaches at most miterLimit × half the width out (square caps √2 × half).
            let reach = style.width / 2 * max(style.join == .miter ? max(style.miterLimit, 1) : 1, 1.5) + 1
            box = box.union(pathBox.insetBy(dx: -CGFloat(reach), dy: -CGFloat(reach)))
        }
        coverageBox = box
        maskColors = [fillPixel, strokeStyle == nil ? nil : strokePixel].compactMap { $0 }
    }


    func drawDirectly(transform: CGAffineTransform, region: PixelRect, visible: PixelRect, target: Bitmap,
                      opacity: Float, renderer: BandRenderer) -> Bool {
        let colors = maskColors
        guard !colors.isEmpty else { return true }
        let toRegion = transform.concatenating(CGAffineTransform(translationX: CGFloat(-region.minX),
                                                                  y: CGFloat(-region.minY)))
        guard let coverage = rasterCache.coverage(of: self, count: colors.count, transform: transform, region: region,
                                                  paint: { rasterize(into: $0, transform: toRegion, renderer: renderer) })
        else { return true }
        let part = visible.offsetBy(-region.minX, -region.minY)
        let alpha = UInt8(max(0, min(255, (opacity * 255).rounded())))
        guard alpha > 0 else { return true }
        withExtendedLifetime(coverage) {
            if colors.count == 1 || alpha == 255 {
                for (color, mask) in zip(colors, coverage.masks) {
                    guard let view = try? mask.view(of: part) else { continue }
                    target.fill(color, through: view, atX: visible.minX, y: visible.minY, opacity: alpha)
                }
                return
            }
            // Fill and stroke under a partial opacity: drawn together, then faded as one.
            let size = PixelSize(uncheckedWidth: visible.width, height: visible.height)
            let group = renderer.scratch.acquireBitmap(size)
            defer { renderer.scratch.releaseBitmap() }
            for (color, mask) in zip(colors, coverage.masks) {
                guard let view = try? mask.view(of: part) else { continue }
                group.fill(color, through: view, atX: 0, y: 0)
            }
            target.composite(group, atX: visible.minX, y: visible.minY, opacityFraction: opacity)
        }
        return true
    }

    /// Writes the coverage of the fill and of the stroke (in `maskColors`' order) through
    /// `transform` (layer → mask pixels) into `masks`, every value of each.
    private func rasterize(into masks: [CoverageMask], transform: CGAffineTransform, renderer: BandRenderer) {
        var next = 0
        if fillPixel != nil {
            let outline = path.flattened(transform: transform, tolerance: 0.1)
            renderer.rasterizer.fill(outline, rule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero, into: masks[next])
            next += 1
        }
        if strokePixel != nil, let strokeStyle {
            renderer.rasterizer.fill(strokeOutline(strokeStyle, transform: transform), rule: .nonZero, into: masks[next])
        }
    }

    func rasterize(into bitmap: Bitmap, transform: CGAffineTransform, renderer: BandRenderer) {
        let mask = renderer.scratch.acquireMask(bitmap.size)
        defer { renderer.scratch.releaseMask() }
        if let fillPixel {
            let outline = path.flattened(transform: transform, tolerance: 0.1)
            renderer.rasterizer.fill(outline, rule: shape.fillRule == .evenOdd ? .evenOdd : .nonZero, into: mask)
            bitmap.fill(fillPixel, through: mask, atX: 0, y: 0)
        }
        if let strokePixel, let strokeStyle {
            let outline = strokeOutline(strokeStyle, transform: transform)
            guard !outline.isEmpty else { return }
            renderer.rasterizer.fill(outline, rule: .nonZero, into: mask)
            bitmap.fill(strokePixel, through: mask, atX: 0, y: 0)
        }
    }

    /// The stroke's outline in device pixels: the path flattened in the layer's space (finely
    /// enough for `transform`'s scale), trimmed, dashed, stroked, then mapped.
    func strokeOutline(_ style: StrokeStyle, transform: CGAffineTransform) -> FlattenedPath {
        let t = transform
        let scale = max(Double(t.a * t.a + t.b * t.b), Double(t.c * t.c + t.d * t.d)).squareRoot()
        guard scale.isFinite, scale > 0 else { return FlattenedPath() }
        var line = path.flattened(tolerance: 0.1 / scale)
        let start = Double(shape.strokeStart), end = Double(shape.strokeEnd)
        let clampedStart = start.isNaN ? 0 : min(max(start, 0), 1)
        let startDistance = clampedStart > 0 ? clampedStart * line.length : 0
        line = line.trimmed(from: start, to: end)
        if let lengths = shape.lineDashPattern, !lengths.isEmpty, !line.isEmpty,
           let pattern = DashPattern(lengths: lengths, phase: Double(shape.lineDashPhase) + startDistance) {
            line = line.dashed(pattern, strokeCap: style.cap)
        }
        guard !line.isEmpty else { return line }
        return line.stroked(style, transform: t, tolerance: 0.1)
    }
}
