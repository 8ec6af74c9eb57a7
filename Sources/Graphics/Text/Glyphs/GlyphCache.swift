// Design note. HarfBuzz shapes (ligatures, kerning, mark placement, Arabic joining, Indic
// reordering) with its own OpenType code at this cache's pixel size: its scale is the size in
// 26.6 fixed point, so every advance and offset it returns is in 1/64 pixel, unhinted, and pens
// keep fractional positions. FreeType rasterizes each glyph once per quarter-pixel phase of its
// pen position (light hinting: vertical snapping only, so a horizontal shift does not fight the
// hinter), and this cache keeps the coverage masks, stroked outlines included, for the life of
// the process. Drawing text already drawn once makes no FreeType call (tests count them), and
// shaping reuses one HarfBuzz buffer per cache.
//
// Measured here: see BENCHMARKS.md ("Text"): a 1 000-glyph paragraph shaped, laid out and drawn.
import CFreeType
import CHarfBuzz
import Geometry
import Raster
import Synchronization

/// One rasterized glyph: its coverage and where it goes relative to the pen on the baseline.
package struct Glyph: Sendable {
    /// Coverage, nil for glyphs without ink (spaces).
    package var mask: CoverageMask?
    /// Pixels from the pen's whole-pixel column to the mask's left column.
    package var left: Int
    /// Pixels from the baseline up to the mask's top row.
    package var top: Int

    package static let empty = Glyph(mask: nil, left: 0, top: 0)
}

/// A glyph as HarfBuzz placed it in a run, in pixels at the run's size.
package struct ShapedGlyph: Sendable {
    /// The glyph's index in its font.
    package var id: UInt32
    /// The first scalar (index in the paragraph) of the cluster the glyph belongs to.
    package var cluster: Int32
    /// The run (font, style, direction) the glyph was shaped in.
    package var run: Int32
    /// How far the pen moves after it, `.kern` included.
    package var advance: Double
    package var xOffset: Double
    /// Up from the baseline.
    package var yOffset: Double
}

/// The glyphs of one font file at one pixel size: HarfBuzz shaping at that size, and FreeType
/// masks rasterized on first use and kept.
package final class GlyphCache: Sendable {
    /// Pixels per em.
    package let pixelSize: Double
    /// Horizontal pen positions are rounded to this fraction of a pixel before rasterizing.
    package static let subpixelSteps = 4
    private let state: Mutex<State>

    /// Sendable because the face, font and buffer are reachable only through the mutex.
    fileprivate struct State: @unchecked Sendable {
        let face: FT_Face
        let font: OpaquePointer
        let buffer: OpaquePointer
        var glyphs: [UInt64: Glyph] = [:]
        /// FreeType calls made for glyph loads (for tests: a redraw makes none).
        var freeTypeCalls = 0
        var rasterizer: CoverageRasterizer?
    }

    /// A face of `file` at `size64` 1/64 pixels per em, or nil when FreeType refuses the size.
    /// Call with the library's lock held (face creation is not thread-safe).
    package init?(file: FontFile, size64: Int, library: FT_Library) {
        var face: FT_Face?
        guard FT_New_Memory_Face(library, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                 FT_Long(file.bytes.count), FT_Long(file.index), &face) == 0, let face else { return nil }
        _ = FT_Select_Charmap(face, FT_ENCODING_UNICODE)
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72) == 0 else {
            FT_Done_Face(face)
            return nil
        }
        let font = hb_font_create(file.harfBuzzFace)!
        hb_font_set_scale(font, Int32(size64), Int32(size64))
        hb_font_make_immutable(font)
        pixelSize = Double(size64) / 64
        state = Mutex(State(face: face, font: font, buffer: hb_buffer_create()))
    }

    /// How many FreeType glyph loads this cache has made so far.
    package var freeTypeCallCount: Int { state.withLock { $0.freeTypeCalls } }

    /// Shapes `text[range]` (UTF-32, the whole paragraph given as context for joining) and
    /// appends its glyphs to `glyphs` in logical order (a right-to-left run's glyphs reversed
    /// from HarfBuzz's visual order), each `kern` pixels wider at the end of its cluster.
    /// `ligatures` false turns the standard and contextual ligatures off (`.ligature: 0`).
    package func shape(_ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, rightToLeft: Bool, kern: Double,
               ligatures: Bool = true, run: Int32, into glyphs: inout [ShapedGlyph]) {
        state.withLock { state in
            let buffer = state.buffer
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf32(buffer, text.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_guess_segment_properties(buffer)
            if ligatures {
                hb_shape(state.font, buffer, nil, 0)
            } else {
                withUnsafeTemporaryAllocation(of: hb_feature_t.self, capacity: 2) { features in
                    for (i, tag) in [kinescope_hb_tag(0x6C, 0x69, 0x67, 0x61), kinescope_hb_tag(0x63, 0x6C, 0x69, 0x67)].enumerated() {
                        features[i] = hb_feature_t(tag: tag, value: 0, start: 0, end: UInt32.max)
                    }
                    hb_shape(state.font, buffer, features.baseAddress, 2)
                }
            }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
            let n = Int(count)
            let start = glyphs.count
            glyphs.reserveCapacity(start + n)
            for k in 0..<n {
                let i = rightToLeft ? n - 1 - k : k
                let p = positions[i]
                glyphs.append(ShapedGlyph(id: infos[i].codepoint, cluster: Int32(infos[i].cluster), run: run,
                                          advance: Double(p.x_advance) / 64, xOffset: Double(p.x_offset) / 64,
                                          yOffset: Double(p.y_offset) / 64))
            }
            guard kern != 0 else { return }
            for i in start..<glyphs.count where i + 1 == glyphs.count || glyphs[i + 1].cluster != glyphs[i].cluster {
                glyphs[i].advance += kern
            }
        }
    }

    /// Glyph `id` with its pen `phase` quarter pixels right of a whole pixel, filled, or its
    /// outline stroked `strokeWidth64` 1/64 pixels wide (round joins) when that is above 0.
    package func glyph(_ id: UInt32, phase: Int, strokeWidth64: Int = 0) -> Glyph {
        let key = UInt64(id) << 32 | UInt64(UInt32(truncatingIfNeeded: strokeWidth64)) << 3 | UInt64(phase & 7)
        return state.withLock { state in
            if let glyph = state.glyphs[key] { return glyph }
            state.freeTypeCalls += 1
            let glyph = strokeWidth64 > 0
                ? state.stroked(id, phase: phase, width: Double(strokeWidth64) / 64)
                : state.rasterize(id, phase: phase)
            state.glyphs[key] = glyph
            return glyph
        }
    }
}

private extension GlyphCache.State {
    func rasterize(_ index: UInt32, phase: Int) -> Glyph {
        guard FT_Load_Glyph(face, index, kinescope_ft_load_light()) == 0, let slot = face.pointee.glyph else { return .empty }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / GlyphCache.subpixelSteps), 0)
        }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, kinescope_ft_render_light()) == 0 else { return .empty }
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, rows > 0, UInt32(bitmap.pixel_mode) == FT_PIXEL_MODE_GRAY.rawValue,
              let buffer = bitmap.buffer, let size = try? PixelSize(width: width, height: rows) else { return .empty }
        let mask = CoverageMask(size: size)
        for y in 0..<rows {
            let source = pitch >= 0 ? buffer + y * pitch : buffer + (rows - 1 - y) * -pitch
            mask.row(y).baseAddress!.update(from: source, count: width)
        }
        return Glyph(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }

    /// The glyph's outline (light-hinted, as the fill) stroked `width` pixels wide with round
    /// joins, rasterized with the exact-area rasterizer.
    mutating func stroked(_ index: UInt32, phase: Int, width: Double) -> Glyph {
        guard FT_Load_Glyph(face, index, kinescope_ft_load_light()) == 0, let slot = face.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return .empty }
        var path = GlyphOutline.path(of: &slot.pointee.outline, shiftX: Double(phase) / Double(GlyphCache.subpixelSteps))
        guard !path.isEmpty else { return .empty }
        path = path.stroked(StrokeStyle(width: width, cap: .butt, join: .round))
        let bounds = path.bounds
        guard bounds.width.isFinite, bounds.height.isFinite else { return .empty }
        let left = Int(bounds.minX.rounded(.down)), top = Int(bounds.minY.rounded(.down))
        guard let size = try? PixelSize(width: Int(bounds.maxX.rounded(.up)) - left,
                                        height: Int(bounds.maxY.rounded(.up)) - top), !size.isEmpty else { return .empty }
        let mask = CoverageMask(size: size)
        if rasterizer == nil { rasterizer = CoverageRasterizer() }
        rasterizer!.fill(path, rule: .nonZero, into: mask, origin: CGPoint(x: left, y: top))
        return Glyph(mask: mask, left: left, top: -top)
    }
}
