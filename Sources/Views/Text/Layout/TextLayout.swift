import Raster

/// What a layout may use: width, number of lines, what happens to text that does not fit.
struct TextLayoutOptions: Sendable {
    /// The width lines wrap at, in pixels; nil: lines break only at newlines.
    var maxWidth: Double?
    /// The most lines shown; 0 for no limit.
    var maxLines = 0
    var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// Pixels between tab stops (Apple's default paragraph style has one every 28 points).
    var tabInterval: Int
}

/// Lines of glyphs at whole-pixel positions, for one font at one pixel size. The block's top
/// left is the origin; baselines lie `ascender` below each line's top, lines `lineHeight` apart.
struct TextLayout: Sendable {
    struct PlacedGlyph: Sendable {
        var glyph: Glyph
        /// Pixels from the line's start to the glyph's pen position.
        var x: Int
        var isSpace: Bool
    }

    struct Line: Sendable {
        /// Glyphs with a font glyph, spaces included (trailing spaces removed).
        var glyphs: [PlacedGlyph]
        /// Advance width in pixels, without trailing whitespace.
        var width: Int
        /// Whether the line ends its paragraph (justification leaves such lines alone).
        var endsParagraph: Bool
    }

    var lines: [Line]
    /// Pixels from a line's top to its baseline (unrounded).
    var ascender: Double
    /// Pixels from one baseline to the next (unrounded).
    var lineHeight: Double
    /// Whether text was left out (lines beyond the limit, or a truncated or clipped last line).
    var isTruncated = false

    /// The widest line's advance width, in pixels.
    var width: Int { lines.reduce(0) { max($0, $1.width) } }
    /// The height of all lines, in pixels.
    var height: Double { lineHeight * Double(lines.count) }

    /// Line `index`'s baseline, in whole pixels below the block's top.
    func baseline(ofLine index: Int) -> Int { Int((ascender + Double(index) * lineHeight).rounded()) }

    /// Lays out `glyphs` (the text's scalars, shaped) under `options`; `ellipsis` is "…" shaped
    /// in the same font.
    init(glyphs: [ShapedGlyph], ellipsis: [ShapedGlyph], ascender: Double, lineHeight: Double, options: TextLayoutOptions) {
        self.ascender = ascender
        self.lineHeight = lineHeight
        lines = []
        guard !glyphs.isEmpty else { return }
        let breaker = LineBreaker(glyphs: glyphs, ellipsis: ellipsis, options: options)
        let paragraphs = breaker.paragraphs()
        var entries: [(range: Range<Int>, paragraph: Int, endsParagraph: Bool)] = []
        let limit = options.maxLines > 0 ? options.maxLines : Int.max
        for (index, paragraph) in paragraphs.enumerated() {
            let wrapped = breaker.wrap(paragraph)
            for (n, range) in wrapped.enumerated() {
                entries.append((range, index, n == wrapped.count - 1))
            }
            if entries.count > limit { break }
        }
        if entries.count <= limit {
            lines = entries.map { breaker.place(glyphs[$0.range], endsParagraph: $0.endsParagraph) }
            return
        }
        lines = entries[..<(limit - 1)].map { breaker.place(glyphs[$0.range], endsParagraph: $0.endsParagraph) }
        let last = entries[limit - 1]
        isTruncated = true
        let mode = options.lineBreakMode
        guard mode.truncates || mode == .byClipping else {
            lines.append(breaker.place(glyphs[last.range], endsParagraph: last.endsParagraph))
            return
        }
        let rest = last.range.lowerBound..<paragraphs[last.paragraph].upperBound
        let laterParagraphs = last.paragraph < paragraphs.count - 1
        switch mode {
        case .byClipping: lines.append(breaker.place(glyphs[rest], endsParagraph: true))
        case .byTruncatingHead where !laterParagraphs: lines.append(breaker.truncateHead(rest))
        case .byTruncatingMiddle where !laterParagraphs: lines.append(breaker.truncateMiddle(rest))
        default: lines.append(breaker.truncateTail(rest))
        }
    }

    /// The pixels from the block's left edge to line `line`'s start, for `alignment` in a box
    /// `containerWidth` pixels wide.
    func lineOffset(_ line: Line, containerWidth: Double, alignment: NSTextAlignment) -> Int {
        let free = containerWidth - Double(line.width)
        switch alignment {
        case .left, .natural, .justified: return 0
        case .center: return Int((free / 2).rounded(.down))
        case .right: return Int(free.rounded(.down))
        }
    }

    /// Calls `body` with each inked glyph, its pen position from the block's left edge and its
    /// baseline from the block's top, in pixels.
    func forEachGlyph(containerWidth: Double, alignment: NSTextAlignment,
                      _ body: (_ glyph: Glyph, _ mask: CoverageMask, _ x: Int, _ baseline: Int) -> Void) {
        for (index, line) in lines.enumerated() {
            let baseline = baseline(ofLine: index)
            let offset = lineOffset(line, containerWidth: containerWidth, alignment: alignment)
            var spread = JustificationSpread()
            if alignment == .justified, !line.endsParagraph, index < lines.count - 1 {
                let spaces = line.glyphs.reduce(0) { $0 + ($1.isSpace ? 1 : 0) }
                let extra = Int((containerWidth - Double(line.width)).rounded(.down))
                if spaces > 0, extra > 0 { spread = JustificationSpread(extra: extra, spaces: spaces) }
            }
            var shift = 0
            for placed in line.glyphs {
                if let mask = placed.glyph.mask { body(placed.glyph, mask, offset + placed.x + shift, baseline) }
                if placed.isSpace { shift += spread.next() }
            }
        }
    }

    /// The box of all ink, relative to the block's top left.
    func inkBounds(containerWidth: Double, alignment: NSTextAlignment) -> PixelRect {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        forEachGlyph(containerWidth: containerWidth, alignment: alignment) { glyph, mask, x, baseline in
            minX = min(minX, x + glyph.left)
            maxX = max(maxX, x + glyph.left + mask.width)
            minY = min(minY, baseline - glyph.top)
            maxY = max(maxY, baseline - glyph.top + mask.height)
        }
        guard minX < maxX, minY < maxY else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Blends every glyph's coverage in `color` into `bitmap`, the block's top left at
    /// (`originX`, `originY`); ink outside `bitmap` is skipped.
    func render(into bitmap: Bitmap, originX: Int, originY: Int, containerWidth: Double, alignment: NSTextAlignment,
                color: PremultipliedColor) {
        forEachGlyph(containerWidth: containerWidth, alignment: alignment) { glyph, mask, x, baseline in
            bitmap.fill(color, through: mask, atX: originX + x + glyph.left, y: originY + baseline - glyph.top)
        }
    }
}

/// Extra pixels shared out over a justified line's spaces, the first ones getting one more when
/// the division leaves a remainder.
private struct JustificationSpread {
    var extra = 0
    var spaces = 0
    private var given = 0

    init() {}
    init(extra: Int, spaces: Int) {
        self.extra = extra
        self.spaces = spaces
    }

    mutating func next() -> Int {
        guard spaces > 0 else { return 0 }
        let share = extra / spaces + (given < extra % spaces ? 1 : 0)
        given += 1
        return share
    }
}

/// Splits shaped text into paragraphs and lines and places glyphs on them.
private struct LineBreaker {
    let glyphs: [ShapedGlyph]
    let ellipsis: [ShapedGlyph]
    let maxWidth: Double?
    let mode: NSLineBreakMode
    let tab: Int

    init(glyphs: [ShapedGlyph], ellipsis: [ShapedGlyph], options: TextLayoutOptions) {
        self.glyphs = glyphs
        self.ellipsis = ellipsis
        maxWidth = options.maxWidth
        mode = options.lineBreakMode
        tab = max(1, options.tabInterval)
    }

    /// Ranges between newlines (a CR LF pair is one newline); the text after a final newline is
    /// an empty paragraph, as in TextKit.
    func paragraphs() -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0, i = 0
        while i < glyphs.count {
            if glyphs[i].kind == .newline {
                result.append(start..<i)
                if glyphs[i].scalar == "\r", i + 1 < glyphs.count, glyphs[i + 1].scalar == "\n" { i += 1 }
                start = i + 1
            }
            i += 1
        }
        result.append(start..<glyphs.count)
        return result
    }

    /// The pen position of glyph `i` after a pen at `x`, and the pen after it.
    private func advance(_ x: Int, _ i: Int, lineStart: Int) -> (glyphX: Int, next: Int) {
        let g = glyphs[i]
        if g.kind == .tab { return (x, (x / tab + 1) * tab) }
        let glyphX = i == lineStart ? x : x + g.pairAdjustment
        return (glyphX, glyphX + g.glyph.advance)
    }

    /// The lines of one paragraph: greedy, breaking at the last opportunity before the first
    /// glyph that would cross `maxWidth`, or before that glyph when the line has no opportunity
    /// (a word longer than the line) or the mode is `.byCharWrapping`. Whitespace at a break is
    /// dropped.
    func wrap(_ paragraph: Range<Int>) -> [Range<Int>] {
        guard let maxWidth else { return [paragraph] }
        var lines: [Range<Int>] = []
        var start = paragraph.lowerBound
        repeat {
            var x = 0, i = start, breakAt: Int?, end = paragraph.upperBound
            while i < paragraph.upperBound {
                let kind = glyphs[i].kind
                if kind.allowsBreakBefore, i > start { breakAt = i }
                let next = advance(x, i, lineStart: start).next
                if !kind.isWhitespace, i > start, Double(next) > maxWidth + 1e-9 {
                    end = (mode == .byCharWrapping ? nil : breakAt) ?? i
                    break
                }
                x = next
                if kind.allowsBreakAfter { breakAt = i + 1 }
                i += 1
            }
            lines.append(start..<end)
            start = end
            while start < paragraph.upperBound, glyphs[start].kind.isWhitespace || glyphs[start].kind == .zeroWidthBreak {
                start += 1
            }
        } while start < paragraph.upperBound
        return lines
    }

    /// Places `items` from pen 0, the first one without its pair adjustment.
    func place(_ items: some Collection<ShapedGlyph>, endsParagraph: Bool) -> TextLayout.Line {
        var x = 0, width = 0, first = true
        var placed: [TextLayout.PlacedGlyph] = []
        placed.reserveCapacity(items.count)
        for g in items {
            if g.kind == .tab {
                x = (x / tab + 1) * tab
                first = false
                continue
            }
            let glyphX = first ? x : x + g.pairAdjustment
            first = false
            x = glyphX + g.glyph.advance
            if g.kind.hasGlyph { placed.append(.init(glyph: g.glyph, x: glyphX, isSpace: g.kind == .space)) }
            if g.kind.isInk { width = x }
        }
        while placed.last?.isSpace == true { placed.removeLast() }
        return TextLayout.Line(glyphs: placed, width: width, endsParagraph: endsParagraph)
    }

    private var ellipsisWidth: Int { place(ellipsis, endsParagraph: true).width }

    /// `range` without trailing whitespace.
    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, !glyphs[end - 1].kind.isInk { end -= 1 }
        return range.lowerBound..<end
    }

    /// The longest start of `range` that fits with "…" after it.
    func truncateTail(_ range: Range<Int>) -> TextLayout.Line {
        let range = trimmed(range)
        var keep = range.upperBound
        if let maxWidth {
            let room = maxWidth - Double(ellipsisWidth)
            var x = 0
            keep = range.lowerBound
            for i in range {
                x = advance(x, i, lineStart: range.lowerBound).next
                guard glyphs[i].kind.isInk else { continue }
                if Double(x) <= room + 1e-9 { keep = i + 1 } else { break }
            }
        }
        return place(Array(glyphs[range.lowerBound..<keep]) + ellipsis, endsParagraph: true)
    }

    /// "…" then the longest end of `range` that fits after it.
    func truncateHead(_ range: Range<Int>) -> TextLayout.Line {
        let range = trimmed(range)
        guard let maxWidth else { return place(ellipsis + glyphs[range], endsParagraph: true) }
        let room = maxWidth - Double(ellipsisWidth)
        var width = 0, keepFrom = range.upperBound
        for i in range.reversed() {
            width += suffixStep(i, end: range.upperBound)
            guard glyphs[i].kind.isInk else { continue }
            if Double(width) <= room + 1e-9 { keepFrom = i } else { break }
        }
        return place(ellipsis + seamed(glyphs[keepFrom..<range.upperBound]), endsParagraph: true)
    }

    /// The start and the end of `range` around "…", grown alternately while they fit.
    func truncateMiddle(_ range: Range<Int>) -> TextLayout.Line {
        let range = trimmed(range)
        guard let maxWidth else { return place(Array(glyphs[range]) + ellipsis, endsParagraph: true) }
        let room = maxWidth - Double(ellipsisWidth)
        var head = range.lowerBound, tail = range.upperBound
        var headPen = 0, headWidth = 0, tailWidth = 0
        var growing = true
        while growing, head < tail {
            growing = false
            let next = advance(headPen, head, lineStart: range.lowerBound).next
            let newHeadWidth = glyphs[head].kind.isInk ? next : headWidth
            if Double(newHeadWidth + tailWidth) <= room + 1e-9 {
                headPen = next
                headWidth = newHeadWidth
                head += 1
                growing = true
            }
            guard head < tail else { break }
            let newTailWidth = tailWidth + suffixStep(tail - 1, end: range.upperBound)
            if Double(headWidth + newTailWidth) <= room + 1e-9 {
                tailWidth = newTailWidth
                tail -= 1
                growing = true
            }
        }
        var items = Array(glyphs[range.lowerBound..<head])
        while let last = items.last, !last.kind.isInk { items.removeLast() }
        return place(items + ellipsis + seamed(glyphs[tail..<range.upperBound]), endsParagraph: true)
    }

    /// The width glyph `i` adds in front of the glyphs after it up to `end` (its advance and its
    /// pair adjustment with the next one); a tab counts as one tab interval.
    private func suffixStep(_ i: Int, end: Int) -> Int {
        let g = glyphs[i]
        let own = g.kind == .tab ? tab : g.glyph.advance
        return own + (i + 1 < end ? glyphs[i + 1].pairAdjustment : 0)
    }

    /// `items` with leading whitespace dropped and no pair adjustment on the first glyph (it now
    /// follows "…", not its old neighbour).
    private func seamed(_ items: ArraySlice<ShapedGlyph>) -> [ShapedGlyph] {
        var result = Array(items.drop { !$0.kind.isInk })
        if !result.isEmpty { result[0].pairAdjustment = 0 }
        return result
    }
}

extension ScalarKind {
    /// Whether the scalar is a visible glyph that counts towards a line's width.
    var isInk: Bool { self == .glyph || self == .glyphBreakingAfter || self == .ideograph }
}
