import BenchmarkSupport
import CCairo
import Foundation
import Kinescope

/// Gradients, clip paths and blend modes against cairo, on one thread, at 1920×1080 and 256×256:
/// full-frame axial and radial gradients (`CGContext.drawLinearGradient` / `drawRadialGradient`
/// against `cairo_pattern_create_linear` / `_radial` painted with `cairo_paint`), a fill through
/// a circular clip path, and a multiply-blended fill.
struct PaintBenchmarks {
    let options: BenchOptions

    static let notes = [
        "paint: one thread, thread CPU time; gradients are three-stop opaque ramps over the whole frame; the clip case fills the frame through a circle clip; cairo with its default antialiasing and EXTEND_PAD for the extended gradients",
    ]

    enum Case: CaseIterable {
        case axial, radial, clippedFill, multiplyFill

        var name: String {
            switch self {
            case .axial: "axial gradient, whole frame"
            case .radial: "radial gradient (two circles), whole frame"
            case .clippedFill: "fill through a circle clip path"
            case .multiplyFill: "fill with the multiply blend mode"
            }
        }
    }

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        for (width, height) in [(1920, 1080), (256, 256)] {
            for test in Case.allCases where options.wants(test.name) {
                let destination = Bitmap(width: width, height: height)
                destination.fill(with: PremultipliedColor(packed: 0xFF80_8080))
                let w = Double(width), h = Double(height)
                let context = CGContext(bitmap: destination)
                let gradient = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                                          colorComponents: [1, 0.2, 0.1, 1, 1, 0.9, 0.2, 1, 0.1, 0.4, 1, 1],
                                          locations: [0, 0.5, 1], count: 3)!
                let ours = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
                    switch test {
                    case .axial:
                        context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: w, y: h),
                                                   options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                    case .radial:
                        context.drawRadialGradient(gradient, startCenter: CGPoint(x: w * 0.4, y: h * 0.4),
                                                   startRadius: 0, endCenter: CGPoint(x: w / 2, y: h / 2),
                                                   endRadius: h / 2,
                                                   options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                    case .clippedFill:
                        context.saveGState()
                        context.addEllipse(in: CGRect(x: w / 2 - h / 2, y: 0, width: h, height: h))
                        context.clip()
                        context.setFillColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 0.8)
                        context.fill(CGRect(x: 0, y: 0, width: w, height: h))
                        context.restoreGState()
                    case .multiplyFill:
                        context.saveGState()
                        context.setBlendMode(.multiply)
                        context.setFillColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 0.9)
                        context.fill(CGRect(x: 0, y: 0, width: w, height: h))
                        context.restoreGState()
                    }
                }
                let surface = Cairo.surface(destination)
                let cairo = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
                    let cr = cairo_create(surface)
                    switch test {
                    case .axial, .radial:
                        let pattern = test == .axial
                            ? cairo_pattern_create_linear(0, 0, w, h)
                            : cairo_pattern_create_radial(w * 0.4, h * 0.4, 0, w / 2, h / 2, h / 2)
                        cairo_pattern_add_color_stop_rgba(pattern, 0, 1, 0.2, 0.1, 1)
                        cairo_pattern_add_color_stop_rgba(pattern, 0.5, 1, 0.9, 0.2, 1)
                        cairo_pattern_add_color_stop_rgba(pattern, 1, 0.1, 0.4, 1, 1)
                        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                        cairo_set_source(cr, pattern)
                        cairo_paint(cr)
                        cairo_pattern_destroy(pattern)
                    case .clippedFill:
                        cairo_arc(cr, w / 2, h / 2, h / 2, 0, 2 * .pi)
                        cairo_clip(cr)
                        cairo_set_source_rgba(cr, 0.1, 0.2, 0.6, 0.8)
                        cairo_paint(cr)
                    case .multiplyFill:
                        cairo_set_operator(cr, CAIRO_OPERATOR_MULTIPLY)
                        cairo_set_source_rgba(cr, 0.9, 0.5, 0.2, 0.9)
                        cairo_paint(cr)
                    }
                    cairo_destroy(cr)
                    cairo_surface_flush(surface)
                }
                Cairo.release(surface)
                records.append(BenchRecord(name: test.name, size: sizeText(width, height), threads: 1, ours: ours,
                                           peer: "cairo", peerValue: cairo))
            }
        }
        return records
    }
}
