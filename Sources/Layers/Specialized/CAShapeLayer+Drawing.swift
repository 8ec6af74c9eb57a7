import Foundation
import Geometry
import Graphics
import Raster

/// A shape layer's path and style at one instant, as the compositor rasterizes it: the fill
/// (with the fill rule), then the stroke (trimmed to `strokeStart...strokeEnd`, dashed, then
/// stroked in the layer's space and mapped to device pixels), source-over.
final class ShapeDrawing: LayerDrawing, @unchecked Sendable {
    let shape: CAShapeLayer.Shape
    let path: CGPath
    let rasterCache: DeviceRasterCache
    let coverageBox: CGRect
    private let fillPixel: PremultipliedColor?
    private let strokePixel: PremultipliedColor?
    private let strokeStyle: StrokeStyle?

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
