import Foundation

/// What a layout may use: width, lines, what happens to text that does not fit.
struct TextLayoutOptions: Sendable {
    /// The width lines wrap at, in pixels; nil: lines break only at newlines.
    var maxWidth: Double?
    /// The height whole lines must fit in, in pixels (at least one line is laid out); nil: any.
    var maxHeight: Double?
    /// The most lines shown; 0 for no limit.
    var maxLines = 0
    /// Replaces every paragraph's own line-break mode (UILabel's `lineBreakMode`); nil keeps them.
    var lineBreakMode: NSLineBreakMode?
    /// Truncate the last line shown with "…" even under a wrapping mode
    /// (`.truncatesLastVisibleLine`).
    var truncatesLastLine = false
    /// Keep whitespace at line ends (an editor's caret goes after a typed space); false trims
    /// it as drawing does.
    var keepsTrailingWhitespace = false
}

/// Lines of shaped glyphs at fractional pixel positions, for one `StyledText` at one scale. The
/// block's top left is the origin; each line knows its baseline and where it sits between the
/// paragraph's indents.
struct TextLayout {
    struct PlacedGlyph {
        var id: UInt32
        var font: Int32
        var style: Int32
        /// The pen position from the line's start, and the glyph's offset from it, in pixels.
        var x: Double
        var xOffset: Double
        /// Up from the baseline: HarfBuzz's offset plus `.baselineOffset`.
        var y: Double
        var advance: Double
        var isSpace: Bool
        /// The index in the layout's text of the first scalar this glyph shows.
        var cluster: Int32
    }

    struct Line {
        /// In visual order, left to right; trailing whitespace removed.
        var glyphs: [PlacedGlyph]
        var width: Double
        var top: Double
        var height: Double
        var baseline: Double
        /// Pixels from the leading margin to the line's start; from it to the line's end
        /// (nil: the container's width plus `tailOffset`).
        var headIndent: Double
        var tailIndent: Double?
        var tailOffset: Double
        var alignment: NSTextAlignment
        var rightToLeft: Bool
        var endsParagraph: Bool
        /// The index in the layout's text of the line's first scalar in logical order.
        var firstScalar: Int
    }

    var lines: [Line] = []
    var fonts: [FontSlot] = []
    var styles: [TextStyle] = []
    /// Whether text was left out (lines beyond the limit, or a truncated or clipped last line).
    var isTruncated = false
    /// Pixels per point the layout was made at (fonts scaled by `adjustsFontSizeToFitWidth`
    /// excluded).
    var scale: Double = 1
    /// The factor fonts were scaled by (`adjustsFontSizeToFitWidth`, `minimumScaleFactor`).
    var fontScale: Double = 1

    /// The widest line with its indents, in pixels.
    var width: Double { lines.reduce(0) { max($0, $1.width + $1.headIndent + max(0, -$1.tailOffset)) } }
    /// The bottom of the last line, in pixels.
    var height: Double { lines.last.map { $0.top + $0.height } ?? 0 }

    init(_ text: StyledText, scale: Double, fontScale: Double = 1, options: TextLayoutOptions) {
        self.scale = scale
        self.fontScale = fontScale
        styles = text.styles
        guard !text.isEmpty else { return }
        var shaper = ParagraphShaper(text: text, scale: scale * fontScale)
        var builder = LineBuilder(scale: scale, options: options)
        var start = 0
        var paragraphs: [Range<Int>] = []
        var i = 0
        let scalars = text.scalars
        while i < scalars.count {
            if ScalarKind(Unicode.Scalar(scalars[i]) ?? " ") == .newline {
                paragraphs.append(start..<i)
                if scalars[i] == 0x0D, i + 1 < scalars.count, scalars[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        paragraphs.append(start..<scalars.count)
        for (index, range) in paragraphs.enumerated() {
            let paragraph = shaper.shape(range)
            let done = builder.add(paragraph, isLast: index == paragraphs.count - 1, shaper: &shaper)
            if done { break }
        }
        lines = builder.lines
        isTruncated = builder.truncated
        fonts = shaper.fonts
    }
}

/// Breaks shaped paragraphs into lines, stacks them and truncates the last one shown.
private struct LineBuilder {
    let scale: Double
    let options: TextLayoutOptions
    var lines: [TextLayout.Line] = []
    var truncated = false
    var top = 0.0
    private var pendingSpacing = 0.0

    init(scale: Double, options: TextLayoutOptions) {
        self.scale = scale
        self.options = options
    }

    /// Adds `paragraph`'s lines; true when the line limit was reached (later paragraphs are not
    /// shown).
    mutating func add(_ paragraph: ShapedParagraph, isLast: Bool, shaper: inout ParagraphShaper) -> Bool {
        var paragraph = paragraph
        let style = shaper.text.styles[Int(paragraph.style)]
        let p = style.paragraph
        let mode = options.lineBreakMode ?? p.lineBreakMode
        if !lines.isEmpty { top += pendingSpacing + max(0, Double(p.paragraphSpacingBefore) * scale) }
        let head = max(0, Double(p.headIndent) * scale), first = max(0, Double(p.firstLineHeadIndent) * scale)
        let tail = Double(p.tailIndent) * scale
        func available(_ isFirst: Bool) -> Double? {
            guard let maxWidth = options.maxWidth else { return tail > 0 ? tail - (isFirst ? first : head) : nil }
            let end = tail > 0 ? tail : maxWidth + tail
            return end - (isFirst ? first : head)
        }
        let ranges = wrap(paragraph, mode: mode, style: p, indent: { $0 ? first : head }, available: available)
        let limit = options.maxLines > 0 ? options.maxLines : Int.max
        for (n, range) in ranges.enumerated() {
            let isFirst = n == 0, ends = n == ranges.count - 1
            var line = makeLine(paragraph, indices: Array(range), isFirst: isFirst, endsParagraph: ends,
                                style: style, shaper: &shaper)
            let remains = !ends || !isLast
            let lastAllowed = lines.count + 1 == limit
            let nextWouldNotFit = options.maxHeight.map { line.top + 2 * line.height > $0 + 1e-6 } ?? false
            if remains, lastAllowed || nextWouldNotFit {
                truncated = true
                let rest = Array(range.lowerBound..<paragraph.glyphs.count)
                let truncates = mode.truncates
                    || options.truncatesLastLine && (mode == .byWordWrapping || mode == .byCharWrapping)
                if truncates || mode == .byClipping {
                    let kept = truncates ? truncate(&paragraph, rest, mode: mode.truncates ? mode : .byTruncatingTail,
                                                    room: available(isFirst), shaper: &shaper) : rest
                    line = makeLine(paragraph, indices: kept, isFirst: isFirst, endsParagraph: true, style: style,
                                    shaper: &shaper)
                }
                lines.append(line)
                return true
            }
            lines.append(line)
            top = line.top + line.height + (ends && isLast ? 0 : max(0, Double(p.lineSpacing) * scale))
        }
        pendingSpacing = max(0, Double(p.paragraphSpacing) * scale)
        return false
    }

    /// Greedy line breaking over the paragraph's glyphs in logical order: a line ends at the
    /// last break opportunity before the first cluster that would cross the available width,
    /// or before that cluster when there is none (or the mode is `.byCharWrapping`);
    /// whitespace at a break goes with the line before it.
    private func wrap(_ paragraph: ShapedParagraph, mode: NSLineBreakMode, style: NSParagraphStyle.Storage,
                      indent: (Bool) -> Double, available: (Bool) -> Double?) -> [Range<Int>] {
        let glyphs = paragraph.glyphs
        let n = glyphs.count
        guard n > 0 else { return [0..<0] }
        var result: [Range<Int>] = []
        var start = 0
        while start < n {
            let lineIndent = indent(result.isEmpty)
            guard let room = available(result.isEmpty) else {
                result.append(start..<n)
                break
            }
            var x = 0.0, i = start, breakAt: Int?, end = n
            while i < n {
                let g = glyphs[i]
                let kind = paragraph.kinds[Int(g.cluster)]
                let clusterStart = i == start || glyphs[i - 1].cluster != g.cluster
                if clusterStart, i > start {
                    let before = paragraph.kinds[max(0, Int(g.cluster) - 1)]
                    if before.allowsBreakAfter || kind.allowsBreakBefore { breakAt = i }
                }
                let next = kind == .tab
                    ? x + tabAdvance(paragraph, following: (i + 1)..<n, x: x, indent: lineIndent, style: style,
                                     natural: g.advance)
                    : x + g.advance
                if clusterStart, i > start, !kind.isWhitespace, next > room + 1e-6 {
                    end = (mode == .byCharWrapping ? nil : breakAt) ?? i
                    break
                }
                x = next
                i += 1
            }
            result.append(start..<end)
            start = end
        }
        return result
    }

    /// The advance of a tab glyph that starts `x` pixels into a line indented `indent` pixels
    /// from the leading margin, with the glyphs `following` it on the line (logical or visual
    /// order): up to the first of `style.tabStops` past it, placed by that stop's alignment (see
    /// `NSTextTab`), else to the next multiple of `defaultTabInterval`, else the glyph's own
    /// `natural` advance.
    private func tabAdvance<Following: Sequence<Int>>(_ paragraph: ShapedParagraph, following: Following, x: Double,
                                                      indent: Double, style: NSParagraphStyle.Storage,
                                                      natural: Double) -> Double {
        let position = x + indent
        guard let stop = style.tabStops.first(where: { Double($0.location) * scale > position + 1e-6 }) else {
            let interval = Double(style.defaultTabInterval) * scale
            guard interval > 1e-6, interval.isFinite else { return natural }
            return (position / interval + 1).rounded(.down) * interval - position
        }
        let location = Double(stop.location) * scale
        let terminators = stop.terminators
        guard stop.alignment == .right || stop.alignment == .center || terminators != nil else { return location - position }
        // The text the stop aligns: up to the next tab; for a decimal tab, its width before the
        // first terminator too.
        var width = 0.0
        var lead: Double?
        for k in following {
            let g = paragraph.glyphs[k]
            let cluster = Int(g.cluster)
            if paragraph.kinds[cluster] == .tab { break }
            if lead == nil, let terminators, let scalar = Unicode.Scalar(paragraph.scalars[cluster]),
               terminators.contains(scalar) {
                lead = width
            }
            width += g.advance
        }
        let start: Double
        if terminators != nil, let lead {
            start = location - lead
        } else if stop.alignment == .center, terminators == nil {
            start = location - width / 2
        } else {
            start = location - width
        }
        return max(0, start - position)
    }

    private func isWhitespace(_ paragraph: ShapedParagraph, _ index: Int) -> Bool {
        let kind = paragraph.kinds[Int(paragraph.glyphs[index].cluster)]
        return kind.isWhitespace || kind == .zeroWidthBreak
    }

    /// The glyphs of `indices` with "…" in the run's style: the start kept (tail), the end
    /// (head) or both ends (middle), as much as fits `room` pixels.
    private func truncate(_ paragraph: inout ShapedParagraph, _ indices: [Int], mode: NSLineBreakMode, room: Double?,
                          shaper: inout ParagraphShaper) -> [Int] {
        var trimmed = indices
        while let last = trimmed.last, isWhitespace(paragraph, last) { trimmed.removeLast() }
        guard let room, !trimmed.isEmpty else { return trimmed }
        let anchor = mode == .byTruncatingHead ? trimmed[0] : trimmed[trimmed.count - 1]
        let ellipsis = appendEllipsis(&paragraph, after: anchor, shaper: &shaper)
        let ellipsisWidth = ellipsis.reduce(0.0) { $0 + paragraph.glyphs[$1].advance }
        let space = room - ellipsisWidth
        func clusterStart(_ k: Int) -> Bool {
            k == 0 || k == trimmed.count || paragraph.glyphs[trimmed[k]].cluster != paragraph.glyphs[trimmed[k - 1]].cluster
        }
        func dropSpaces(_ part: ArraySlice<Int>, atEnd: Bool) -> [Int] {
            var part = Array(part)
            while let k = atEnd ? part.last : part.first, isWhitespace(paragraph, k) {
                if atEnd { part.removeLast() } else { part.removeFirst() }
            }
            return part
        }
        switch mode {
        case .byTruncatingHead:
            var width = 0.0, from = trimmed.count
            for k in stride(from: trimmed.count - 1, through: 0, by: -1) {
                width += paragraph.glyphs[trimmed[k]].advance
                if width > space + 1e-6 { break }
                if clusterStart(k) { from = k }
            }
            return ellipsis + dropSpaces(trimmed[from...], atEnd: false)
        case .byTruncatingMiddle:
            var head = 0, tail = trimmed.count, used = 0.0, growing = true
            while growing, head < tail {
                growing = false
                var k = head + 1
                while k < tail, !clusterStart(k) { k += 1 }
                let w = trimmed[head..<k].reduce(0.0) { $0 + paragraph.glyphs[$1].advance }
                if used + w <= space + 1e-6 {
                    used += w
                    head = k
                    growing = true
                }
                guard head < tail else { break }
                var j = tail - 1
                while j > head, !clusterStart(j) { j -= 1 }
                let v = trimmed[j..<tail].reduce(0.0) { $0 + paragraph.glyphs[$1].advance }
                if used + v <= space + 1e-6 {
                    used += v
                    tail = j
                    growing = true
                }
            }
            return dropSpaces(trimmed[..<head], atEnd: true) + ellipsis + dropSpaces(trimmed[tail...], atEnd: false)
        default:
            var width = 0.0, keep = 0
            for k in 0..<trimmed.count {
                if clusterStart(k) { keep = k }
                width += paragraph.glyphs[trimmed[k]].advance
                if width > space + 1e-6 { break }
                if k == trimmed.count - 1 { keep = trimmed.count }
            }
            return dropSpaces(trimmed[..<keep], atEnd: true) + ellipsis
        }
    }

    /// Shapes "…" in the style and font of glyph `anchor` and appends it to the paragraph's
    /// glyphs, in a run at the paragraph's own level; returns its glyph indices.
    private func appendEllipsis(_ paragraph: inout ShapedParagraph, after anchor: Int,
                                shaper: inout ParagraphShaper) -> [Int] {
        let run = paragraph.runs[Int(paragraph.glyphs[anchor].run)]
        let runIndex = Int32(paragraph.runs.count)
        paragraph.runs.append(.init(font: run.font, style: run.style, level: paragraph.rightToLeft ? 1 : 0))
        let start = paragraph.glyphs.count
        let cluster = paragraph.glyphs[anchor].cluster
        if let cache = shaper.fonts[Int(run.font)].cache {
            [UInt32(0x2026)].withUnsafeBufferPointer { text in
                cache.shape(text, range: 0..<1, rightToLeft: false, kern: 0, run: runIndex, into: &paragraph.glyphs)
            }
        }
        for k in start..<paragraph.glyphs.count { paragraph.glyphs[k].cluster = cluster }
        return Array(start..<paragraph.glyphs.count)
    }

    /// A line of the glyphs `indices` (logical order): reordered for display (rule L2), placed
    /// from pen 0, and stacked below the previous line.
    private func makeLine(_ paragraph: ShapedParagraph, indices: [Int], isFirst: Bool, endsParagraph: Bool,
                          style: TextStyle, shaper: inout ParagraphShaper) -> TextLayout.Line {
        var logical = indices
        let firstScalar = paragraph.start + (indices.lazy.map { Int(paragraph.glyphs[$0].cluster) }.min() ?? 0)
        while !options.keepsTrailingWhitespace, let last = logical.last, isWhitespace(paragraph, last) { logical.removeLast() }
        while !options.keepsTrailingWhitespace, let first = logical.first, !isFirst, isWhitespace(paragraph, first) {
            logical.removeFirst()
        }
        let levels = logical.map { paragraph.runs[Int(paragraph.glyphs[$0].run)].level }
        var visual = logical
        if let highest = levels.max(), highest > 0 {
            var order = Array(0..<logical.count)
            let lowestOdd = (levels.min() ?? 0) | 1
            var level = highest
            while level >= lowestOdd {
                var k = 0
                while k < order.count {
                    guard levels[order[k]] >= level else { k += 1; continue }
                    var e = k
                    while e < order.count, levels[order[e]] >= level { e += 1 }
                    order[k..<e].reverse()
                    k = e
                }
                level -= 1
            }
            visual = order.map { logical[$0] }
        }
        var placed: [TextLayout.PlacedGlyph] = []
        placed.reserveCapacity(visual.count)
        var x = 0.0
        var ascent = 0.0, descent = 0.0, leading = 0.0
        var seenFonts: Set<Int32> = []
        let p = style.paragraph
        let indent = max(0, Double(isFirst ? p.firstLineHeadIndent : p.headIndent) * scale)
        for (position, index) in visual.enumerated() {
            let g = paragraph.glyphs[index]
            let run = paragraph.runs[Int(g.run)]
            let kind = paragraph.kinds[Int(g.cluster)]
            if seenFonts.insert(run.font).inserted {
                let f = shaper.fonts[Int(run.font)]
                ascent = max(ascent, f.ascent)
                descent = max(descent, f.descent)
                leading = max(leading, f.leading)
            }
            let advance = kind == .tab
                ? tabAdvance(paragraph, following: visual[(position + 1)...], x: x, indent: indent, style: p, natural: g.advance)
                : g.advance
            let raise = Double(shaper.text.styles[Int(run.style)].baselineOffset) * scale
            placed.append(.init(id: g.id, font: run.font, style: run.style, x: x, xOffset: g.xOffset, y: g.yOffset + raise,
                                advance: advance, isSpace: kind.isWhitespace, cluster: Int32(paragraph.start) + g.cluster))
            x += advance
        }
        if seenFonts.isEmpty {
            let f = shaper.fonts[Int(shaper.primarySlot(paragraph.style))]
            (ascent, descent, leading) = (f.ascent, f.descent, f.leading)
        }
        let natural = ascent + descent + leading
        var height = natural
        if p.lineHeightMultiple > 0 { height *= Double(p.lineHeightMultiple) }
        if p.minimumLineHeight > 0 { height = max(height, Double(p.minimumLineHeight) * scale) }
        if p.maximumLineHeight > 0 { height = min(height, Double(p.maximumLineHeight) * scale) }
        let tail = Double(p.tailIndent) * scale
        return TextLayout.Line(glyphs: placed, width: x, top: top, height: height, baseline: top + height - descent - leading,
                               headIndent: max(0, Double(isFirst ? p.firstLineHeadIndent : p.headIndent) * scale),
                               tailIndent: tail > 0 ? tail : nil, tailOffset: tail > 0 ? 0 : tail,
                               alignment: p.alignment, rightToLeft: paragraph.rightToLeft, endsParagraph: endsParagraph,
                               firstScalar: firstScalar)
    }
}

extension TextLayout {
    /// Where line `line` starts, in pixels from the block's left edge, in a box `container`
    /// pixels wide, and the extra pixels each space gets when the line is justified.
    func placement(of line: Line, container: Double) -> (x: Double, spaceExtra: Double) {
        let end = line.tailIndent ?? container + line.tailOffset
        let start = line.headIndent
        let boxMin = line.rightToLeft ? container - end : start
        let boxMax = line.rightToLeft ? container - start : end
        let free = boxMax - boxMin - line.width
        let natural: NSTextAlignment = line.rightToLeft ? .right : .left
        switch line.alignment {
        case .left: return (boxMin, 0)
        case .right: return (boxMax - line.width, 0)
        case .center: return (boxMin + free / 2, 0)
        case .natural: return (natural == .right ? boxMax - line.width : boxMin, 0)
        case .justified:
            let spaces = line.glyphs.reduce(0) { $0 + ($1.isSpace ? 1 : 0) }
            guard !line.endsParagraph, spaces > 0, free > 0 else {
                return (natural == .right ? boxMax - line.width : boxMin, 0)
            }
            return (boxMin, free / Double(spaces))
        }
    }
}
