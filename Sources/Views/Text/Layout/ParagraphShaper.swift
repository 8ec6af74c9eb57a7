import Graphics
import CFribidi
import Foundation

/// A font at the pixel size a layout draws it: its glyph cache (nil when its file could not be
/// used: it then draws nothing) and its metrics in pixels.
struct FontSlot {
    let file: FontFile?
    let cache: GlyphCache?
    /// Above the baseline; below it (positive); extra space between lines.
    let ascent, descent, leading: Double
    /// Below the baseline (positive) and thickness.
    let underlineOffset, underlineThickness: Double
    /// Above the baseline and thickness.
    let strikeOffset, strikeThickness: Double
}

/// One paragraph, shaped: its glyphs in logical order, the runs they came from and what each
/// scalar allows for line breaking.
struct ShapedParagraph {
    struct Run {
        var font: Int32
        var style: Int32
        /// The bidi embedding level: odd is right to left.
        var level: UInt8
    }

    var scalars: [UInt32]
    /// The index of the paragraph's first scalar in the shaped text.
    var start = 0
    var kinds: [ScalarKind]
    var glyphs: [ShapedGlyph] = []
    var runs: [Run] = []
    /// The paragraph's direction (rule P2/P3, or its style's base writing direction).
    var rightToLeft = false
    /// The style of the first scalar (whose paragraph style lays the paragraph out), or of the
    /// scalar before an empty paragraph.
    var style: Int32
}

/// Shapes paragraphs of one `StyledText` at one scale, choosing fonts (with per-character
/// fallback through fontconfig) and resolving directions (fribidi).
struct ParagraphShaper {
    let text: StyledText
    /// Pixels per point, font scaling (`adjustsFontSizeToFitWidth`) included.
    let scale: Double
    private(set) var fonts: [FontSlot] = []
    private var fontIndex: [FontKey: Int32] = [:]
    private var fallbackFiles: [FontFile] = []

    private struct FontKey: Hashable {
        let file: ObjectIdentifier?
        let size64: Int
        let postScriptName: String
    }

    init(text: StyledText, scale: Double) {
        self.text = text
        self.scale = scale
    }

    /// The slot of `file` (nil: the font draws nothing, with `metrics`) at `pointSize`.
    mutating func slot(file: FontFile?, metrics: DesignMetrics, name: String, pointSize: Double) -> Int32 {
        let pixels = pointSize * scale
        let size64 = pixels.isFinite ? Int(min(1e7, max(0, pixels * 64)).rounded()) : 0
        let key = FontKey(file: file.map(ObjectIdentifier.init), size64: size64, postScriptName: name)
        if let known = fontIndex[key] { return known }
        let cache = file.flatMap { FontLibrary.shared.glyphCache(for: $0, pixelSize: Double(size64) / 64) }
        let px = { (units: Double) in metrics.scaled(units, to: pixels) }
        let ascent = px(metrics.ascender), descent = -px(metrics.descender)
        let slot = FontSlot(file: file, cache: cache, ascent: ascent, descent: descent,
                            leading: max(0, px(metrics.lineHeight) - ascent - descent),
                            underlineOffset: -px(metrics.underlinePosition), underlineThickness: px(metrics.underlineThickness),
                            strikeOffset: px(metrics.strikeoutPosition), strikeThickness: px(metrics.strikeoutThickness))
        let index = Int32(fonts.count)
        fonts.append(slot)
        fontIndex[key] = index
        return index
    }

    /// The slot of `style`'s own font.
    mutating func primarySlot(_ style: Int32) -> Int32 {
        let font = text.styles[Int(style)].font
        return slot(file: font.file, metrics: font.design, name: font.fontName, pointSize: Double(font.pointSize))
    }

    /// Shapes `text.scalars[range]` (one paragraph, no line separators).
    mutating func shape(_ range: Range<Int>) -> ShapedParagraph {
        let styleBefore = range.lowerBound > 0 ? text.styleIndices[range.lowerBound - 1] : 0
        var paragraph = ShapedParagraph(scalars: Array(text.scalars[range]), kinds: [],
                                        style: range.isEmpty ? (range.lowerBound < text.styleIndices.count
                                            ? text.styleIndices[range.lowerBound] : styleBefore)
                                            : text.styleIndices[range.lowerBound])
        let n = paragraph.scalars.count
        paragraph.start = range.lowerBound
        paragraph.kinds = paragraph.scalars.map { ScalarKind(Unicode.Scalar($0) ?? " ") }
        let direction = text.styles[Int(paragraph.style)].paragraph.baseWritingDirection
        let levels = Self.bidiLevels(paragraph.scalars, direction: direction, rightToLeft: &paragraph.rightToLeft)
        guard n > 0 else { return paragraph }
        var shapingText = paragraph.scalars
        for i in 0..<n where paragraph.kinds[i] == .tab || paragraph.kinds[i] == .invisible && Unicode.Scalar(shapingText[i])?.properties.generalCategory == .control {
            shapingText[i] = paragraph.kinds[i] == .tab ? 0x20 : 0x200B
        }
        var fontOf = [Int32](repeating: 0, count: n)
        for i in 0..<n {
            let style = text.styleIndices[range.lowerBound + i]
            fontOf[i] = font(for: paragraph.scalars[i], kind: paragraph.kinds[i], style: style,
                             previous: i > 0 && text.styleIndices[range.lowerBound + i - 1] == style ? fontOf[i - 1] : nil)
        }
        shapingText.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < n {
                let style = text.styleIndices[range.lowerBound + start]
                var end = start + 1
                while end < n, text.styleIndices[range.lowerBound + end] == style, fontOf[end] == fontOf[start],
                      levels[end] == levels[start] { end += 1 }
                let runIndex = Int32(paragraph.runs.count)
                paragraph.runs.append(.init(font: fontOf[start], style: style, level: levels[start]))
                let s = text.styles[Int(style)]
                if let cache = fonts[Int(fontOf[start])].cache {
                    cache.shape(buffer, range: start..<end, rightToLeft: levels[start] & 1 == 1,
                                kern: Double(s.kern) * scale, ligatures: s.ligatures, run: runIndex, into: &paragraph.glyphs)
                }
                start = end
            }
        }
        return paragraph
    }

    /// The font slot for one scalar: its style's font when that has the character; else, for a
    /// mark, joiner or space, the previous scalar's font (so a cluster stays in one font); else a
    /// fallback face that has it; else the style's font (its `.notdef` box).
    private mutating func font(for value: UInt32, kind: ScalarKind, style: Int32, previous: Int32?) -> Int32 {
        let primary = primarySlot(style)
        guard let scalar = Unicode.Scalar(value), let file = fonts[Int(primary)].file else { return primary }
        let category = scalar.properties.generalCategory
        let attaches = category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
            || kind == .invisible || kind.isWhitespace || kind == .zeroWidthBreak
        if attaches, let previous { return previous }
        if file.hasGlyph(for: scalar) || attaches { return primary }
        let font = text.styles[Int(style)].font
        let fallback = fallbackFiles.first { $0.hasGlyph(for: scalar) } ?? FontCatalog.fallback(for: scalar).flatMap { face in
            guard case .success(let opened) = FontLibrary.shared.file(at: face.path, index: face.index, debianPackage: nil),
                  opened.hasGlyph(for: scalar) else { return nil }
            fallbackFiles.append(opened)
            return opened
        }
        guard let fallback else { return primary }
        return slot(file: fallback, metrics: fallback.metrics, name: fallback.postScriptName, pointSize: Double(font.pointSize))
    }

    /// Embedding levels per scalar (rules P2–I2 of UAX #9, by fribidi); all 0 without a
    /// right-to-left or explicit-direction character in a left-to-right paragraph.
    static func bidiLevels(_ scalars: [UInt32], direction: NSWritingDirection, rightToLeft: inout Bool) -> [UInt8] {
        let n = scalars.count
        rightToLeft = direction == .rightToLeft
        let needsBidi = direction == .rightToLeft || scalars.contains { $0 >= 0x0590 && ($0 <= 0x08FF || (0x200E...0x202E).contains($0) || (0x2066...0x2069).contains($0) || (0xFB1D...0xFEFF).contains($0) || (0x10800...0x10FFF).contains($0) || (0x1E800...0x1EFFF).contains($0)) }
        guard needsBidi, n > 0 else { return [UInt8](repeating: rightToLeft ? 1 : 0, count: n) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var base: FriBidiParType = switch direction {
        case .natural: kinescope_fribidi_par_auto()
        case .leftToRight: kinescope_fribidi_par_ltr()
        case .rightToLeft: kinescope_fribidi_par_rtl()
        }
        scalars.withUnsafeBufferPointer { fribidi_get_bidi_types($0.baseAddress, FriBidiStrIndex(n), &types) }
        let result = fribidi_get_par_embedding_levels_ex(types, nil, FriBidiStrIndex(n), &base, &levels)
        guard result > 0 else { return [UInt8](repeating: rightToLeft ? 1 : 0, count: n) }
        rightToLeft = base == kinescope_fribidi_par_rtl()
        return levels.map { UInt8(clamping: $0) }
    }
}
