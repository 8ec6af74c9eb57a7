import BenchmarkSupport
import CCairo
import CPangoCairo
import Foundation
import Kinescope

/// A paragraph of about 1 000 glyphs shaped, wrapped and drawn, against pango + cairo: ours is
/// `NSAttributedString.draw(in:)` (HarfBuzz shaping, fontconfig fallback, line breaking, cached
/// glyph masks blended into the context); pango's a fresh `PangoLayout` (HarfBuzz shaping,
/// line breaking) shown with `pango_cairo_show_layout` (cairo's glyph cache and pixman
/// compositing). Both use DejaVu Sans at 14 px in a 600 px wide box, on one thread, glyph
/// caches warm (the first run of each is not timed) and the layout made anew every run.
struct TextBenchmarks {
    let options: BenchOptions

    static let notes = [
        "text: one thread; ours is NSAttributedString.draw(in:) (shape + wrap + draw, new layout each run, warm glyph cache), pango's a new PangoLayout per run + pango_cairo_show_layout (DejaVu Sans 14 px, 600 px box)",
    ]

    static let paragraph: String = {
        let words = "The quick brown fox jumps over the lazy dog; waltz, bad nymph, for quick jigs vex. Affine office flights".split(separator: " ")
        var text = ""
        var k = 0
        while text.unicodeScalars.count < 1000 {
            text += (text.isEmpty ? "" : " ") + words[k % words.count]
            k += 1
        }
        return text
    }()

    func run() -> [BenchRecord] {
        let name = "text paragraph (1 000 glyphs, shaped, wrapped at 600 px, drawn)"
        guard options.wants(name) else { return [] }
        let (width, height) = (640, 400)
        let destination = Bitmap(width: width, height: height)
        let context = CGContext(bitmap: destination)
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        let text = NSAttributedString(string: Self.paragraph,
                                      attributes: [.font: UIFont.systemFont(ofSize: 14), .foregroundColor: UIColor.black])
        let box = CGRect(x: 20, y: 10, width: 600, height: 380)
        let ours = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
            UIGraphicsPushContext(context)
            text.draw(in: box)
            UIGraphicsPopContext()
        }
        let surface = Cairo.surface(destination)
        let description = pango_font_description_from_string("DejaVu Sans 14px")
        let pango = Stopwatch.medianMilliseconds(runs: options.runs) { _ in
            let cr = cairo_create(surface)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_move_to(cr, 20, 10)
            let layout = pango_cairo_create_layout(cr)
            pango_layout_set_font_description(layout, description)
            pango_layout_set_width(layout, 600 * PANGO_SCALE)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            pango_layout_set_text(layout, Self.paragraph, -1)
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        pango_font_description_free(description)
        Cairo.release(surface)
        return [BenchRecord(name: name, size: sizeText(width, height), threads: 1, ours: ours, peer: "pango+cairo",
                            peerValue: pango)]
    }
}
