import BenchmarkSupport
import CCairo
import Foundation
import Kinescope

/// Strokes against cairo's `cairo_stroke`, on one thread over a whole frame: a long polyline
/// with round joins and caps, many thin circles, and dashed polylines ([10, 5], widths 1, 5 and
/// 20, in 1920×1080 and 256×256 frames). Ours is `CGContext.strokePath()` (the dasher, the
/// stroker, the coverage rasterizer, the masked fill); cairo's its own dasher, stroker and scan
/// converter, both anti-aliased, both drawing into the same kind of ARGB32 pixels.
struct StrokeBenchmarks {
    let options: BenchOptions

    static let notes = [
        "strokes: one thread, thread CPU time; ours is CGContext.strokePath (stroker + exact-area coverage + fill), cairo's is cairo_stroke with its default antialiasing",
    ]

    /// A path drawn both ways: a move to the first point then lines, for each subpath.
    struct Scene {
        let name: String
        let subpaths: [[CGPoint]]
        let closed: Bool
        let width: Double
        let round: Bool
        var dash: [Double] = []
        var frame = (width: 1920, height: 1080)
    }

    func run() -> [BenchRecord] {
        let polyline = Self.wave(segments: 2000, width: 1920, height: 1080)
        let circles = (0..<200).map { k -> [CGPoint] in
            let cx = 60 + Double(k % 20) * 90, cy = 60 + Double(k / 20) * 100, r = 20 + Double(k % 7) * 3
            return (0..<64).map { i in
                let a = Double(i) / 64 * 2 * .pi
                return CGPoint(x: cx + r * cos(a), y: cy + r * sin(a))
            }
        }
        var scenes = [
            Scene(name: "stroke polyline (2000 segments, width 6, round joins and caps)", subpaths: [polyline],
                  closed: false, width: 6, round: true),
            Scene(name: "stroke 200 circles (64 segments each, width 3, miter joins)", subpaths: circles,
                  closed: true, width: 3, round: false),
        ]
        let small = Self.wave(segments: 300, width: 256, height: 256)
        for frame in [(width: 1920, height: 1080), (width: 256, height: 256)] {
            let path = frame.width == 256 ? small : polyline
            for width in [1.0, 5, 20] {
                scenes.append(Scene(name: "dashed polyline [10, 5] (\(path.count - 1) segments, width \(Int(width)), miter joins)",
                                    subpaths: [path], closed: false, width: width, round: false, dash: [10, 5],
                                    frame: frame))
            }
        }
        var records: [BenchRecord] = []
        for scene in scenes where options.wants(scene.name) {
            let (width, height) = scene.frame
            let destination = Bitmap(width: width, height: height)
            let context = CGContext(bitmap: destination)
            context.setLineWidth(scene.width)
            context.setLineJoin(scene.round ? .round : .miter)
            context.setLineCap(scene.round ? .round : .butt)
            context.setStrokeColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
            context.setLineDash(phase: 0, lengths: scene.dash.map { CGFloat($0) })
            let ours = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
                for points in scene.subpaths {
                    context.addLines(between: points)
                    if scene.closed { context.closePath() }
                }
                context.strokePath()
            }
            let surface = Cairo.surface(destination)
            let cairo = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
                let cr = cairo_create(surface)
                cairo_set_line_width(cr, scene.width)
                cairo_set_line_join(cr, scene.round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
                cairo_set_line_cap(cr, scene.round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
                cairo_set_source_rgba(cr, 0.1, 0.2, 0.6, 1)
                scene.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
                for points in scene.subpaths {
                    cairo_move_to(cr, Double(points[0].x), Double(points[0].y))
                    for p in points.dropFirst() { cairo_line_to(cr, Double(p.x), Double(p.y)) }
                    if scene.closed { cairo_close_path(cr) }
                }
                cairo_stroke(cr)
                cairo_destroy(cr)
                cairo_surface_flush(surface)
            }
            Cairo.release(surface)
            records.append(BenchRecord(name: scene.name, size: sizeText(width, height), threads: 1, ours: ours,
                                       peer: "cairo", peerValue: cairo))
        }
        return records
    }

    /// A wave across a `width` × `height` frame, `segments` long, as the stroke cases draw it.
    static func wave(segments: Int, width: Int, height: Int) -> [CGPoint] {
        let w = Double(width), h = Double(height)
        return (0...segments).map { i -> CGPoint in
            let t = Double(i) / Double(segments)
            return CGPoint(x: w * (20 / 1920) + w * (1880 / 1920) * t, y: h / 2 + h * (400 / 1080) * sin(t * 40) * cos(t * 7))
        }
    }
}
