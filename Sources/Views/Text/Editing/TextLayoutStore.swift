import Foundation
import Graphics

/// The laid-out text of an editor, one `TextLayout` per paragraph (text between newlines),
/// made only when a paragraph is first needed and remade only when an edit touches it.
///
/// Design note: a text view of 10⁶ characters must answer a keystroke within a frame. Laying
/// the whole text out again per keystroke costs seconds in a debug build, so the store keeps
/// paragraphs apart: an edit re-splits only the paragraphs it touches, paragraphs not yet
/// shown carry a height estimated from their length (made exact once they are laid out, as
/// TextKit 2 does), and the offsets and tops of the paragraphs are prefix sums refreshed in
/// one pass over the paragraph list (O(paragraphs), not O(characters)). Positions are UTF-16
/// offsets, as `NSRange` counts them; the layouts count Unicode scalars, mapped per paragraph.
/// Caret and hit-test geometry assume left-to-right lines (a right-to-left paragraph is drawn
/// correctly, but its caret follows logical order).
@MainActor
final class TextLayoutStore {
    struct Paragraph {
        var text: String
        /// UTF-16 length, the newline after it excluded.
        var length: Int
        var layout: TextLayout?
        /// Points; estimated until `layout` is made.
        var height: CGFloat
        /// The UTF-16 offset of each scalar (and one past the last), when the paragraph has
        /// scalars outside the BMP; nil when scalar and UTF-16 offsets agree.
        var utf16OfScalar: [Int]?
    }

    /// How the text looks: one font, colour and alignment for all of it.
    var font: UIFont = .systemFont(ofSize: 17) { didSet { invalidateAll() } }
    var textColor: UIColor = .black { didSet { invalidateAll() } }
    var alignment: NSTextAlignment = .natural { didSet { invalidateAll() } }
    /// The width lines wrap at, points; nil for one line per paragraph (a text field).
    var wrapWidth: CGFloat? { didSet { if wrapWidth != oldValue { invalidateAll() } } }
    /// Pixels per point the layouts are made at.
    var scale: Double = 1 { didSet { if scale != oldValue { invalidateAll() } } }

    private(set) var paragraphs: [Paragraph] = [Paragraph(text: "", length: 0, height: 0)]
    private var starts: [Int] = [0]
    private var tops: [CGFloat] = [0]
    private var geometryIsStale = false

    /// Lays out `text` afresh.
    func setText(_ text: String) {
        paragraphs = Self.split(text).map { makeParagraph($0) }
        geometryIsStale = true
    }

    /// Replaces `range` (UTF-16) with `replacement`, re-splitting only the paragraphs it touches.
    func replace(_ range: NSRange, with replacement: String) {
        refreshGeometry()
        let first = paragraphIndex(containing: range.location)
        let last = paragraphIndex(containing: range.location + range.length)
        var joined = paragraphs[first...last].map(\.text).joined(separator: "\n")
        let local = range.location - starts[first]
        let lower = String.Index(utf16Offset: local, in: joined)
        let upper = String.Index(utf16Offset: local + range.length, in: joined)
        joined.replaceSubrange(lower..<upper, with: replacement)
        paragraphs.replaceSubrange(first...last, with: Self.split(joined).map { makeParagraph($0) })
        geometryIsStale = true
    }

    /// The height of all paragraphs, points (estimated for those not laid out yet).
    var height: CGFloat {
        refreshGeometry()
        return tops[tops.count - 1]
    }

    /// The widest laid-out line, points.
    var usedWidth: CGFloat {
        paragraphs.reduce(0) { max($0, CGFloat(($1.layout?.width ?? 0) / scale)) }
    }

    /// The height of one line of the font, points.
    var lineHeight: CGFloat { font.lineHeight }

    /// Lays out the paragraphs that meet `top..<bottom` (points), so drawing and geometry there
    /// are exact; heights that change move the paragraphs below.
    func ensureLayout(from top: CGFloat, to bottom: CGFloat) {
        refreshGeometry()
        var index = paragraphIndex(atY: top)
        while index < paragraphs.count {
            if paragraphs[index].layout == nil { layOut(index) }
            if tops[index] + paragraphs[index].height >= bottom { break }
            index += 1
        }
    }

    /// The caret's rectangle for `offset`, `width` points wide, in the text's own coordinates.
    func caretRect(for offset: Int, width: CGFloat) -> CGRect {
        let (p, line, x) = locate(offset)
        guard let layout = paragraphs[p].layout, !layout.lines.isEmpty else {
            let h = lineHeight
            return CGRect(x: alignedEmptyX(width: width), y: tops[p], width: width, height: h)
        }
        let l = layout.lines[line]
        let s = CGFloat(scale)
        let left = min(max(0, x - width / 2), max(0, (wrapWidth ?? .infinity) - width))
        return CGRect(x: left, y: tops[p] + CGFloat(l.top) / s, width: width, height: CGFloat(l.height) / s)
    }

    /// The rectangles that cover `range`, one per line, in the text's own coordinates.
    func selectionRects(for range: NSRange) -> [CGRect] {
        guard range.length > 0 else { return [] }
        let (p0, l0, x0) = locate(range.location)
        let (p1, l1, x1) = locate(range.location + range.length)
        var rects: [CGRect] = []
        let s = CGFloat(scale)
        let full = wrapWidth ?? max(usedWidth, x1)
        for p in p0...p1 {
            guard let layout = paragraphs[p].layout else { continue }
            let lines = layout.lines.isEmpty ? [nil] : layout.lines.map { Optional($0) }
            for (k, line) in lines.enumerated() {
                if p == p0, k < l0 { continue }
                if p == p1, k > l1 { break }
                let top = tops[p] + CGFloat(line?.top ?? 0) / s
                let height = line.map { CGFloat($0.height) / s } ?? lineHeight
                let start = p == p0 && k == l0 ? x0 : lineStartX(p, k)
                let end = p == p1 && k == l1 ? x1 : max(start + 4, p == p1 && k == l1 ? x1 : full)
                rects.append(CGRect(x: start, y: top, width: max(0, end - start), height: height))
            }
        }
        return rects
    }

    /// The offset nearest to `point` (text coordinates).
    func offset(at point: CGPoint) -> Int {
        refreshGeometry()
        let p = paragraphIndex(atY: point.y)
        if paragraphs[p].layout == nil { layOut(p) }
        guard let layout = paragraphs[p].layout, !layout.lines.isEmpty else { return starts[p] }
        let s = CGFloat(scale)
        let localY = (point.y - tops[p]) * s
        let line = layout.lines.lastIndex { CGFloat($0.top) <= localY } ?? 0
        return nearestOffset(p, line, x: point.x)
    }

    /// The offset on the line `delta` lines above (negative) or below `offset`, nearest to `x`
    /// points; the text's start or end past the first or last line.
    func offset(from offset: Int, lines delta: Int, x: CGFloat) -> Int {
        var (p, line, _) = locate(offset)
        var remaining = delta
        while remaining != 0 {
            let count = lineCount(p)
            if remaining > 0 {
                if line + 1 < count { line += 1 } else if p + 1 < paragraphs.count { p += 1; line = 0 } else { return starts[p] + paragraphs[p].length }
                remaining -= 1
            } else {
                if line > 0 { line -= 1 } else if p > 0 { p -= 1; line = lineCount(p) - 1 } else { return 0 }
                remaining += 1
            }
        }
        return nearestOffset(p, line, x: x)
    }

    /// The UTF-16 range of the visual line holding `offset` (without its newline).
    func lineRange(containing offset: Int) -> NSRange {
        let (p, line, _) = locate(offset)
        guard let layout = paragraphs[p].layout, !layout.lines.isEmpty else {
            return NSRange(location: starts[p], length: paragraphs[p].length)
        }
        let start = starts[p] + utf16(p, scalar: layout.lines[line].firstScalar)
        let end = line + 1 < layout.lines.count ? starts[p] + utf16(p, scalar: layout.lines[line + 1].firstScalar)
            : starts[p] + paragraphs[p].length
        return NSRange(location: start, length: end - start)
    }

    /// The UTF-16 range of the paragraph holding `offset`, without its newline.
    func paragraphRange(containing offset: Int) -> NSRange {
        refreshGeometry()
        let p = paragraphIndex(containing: offset)
        return NSRange(location: starts[p], length: paragraphs[p].length)
    }

    /// Draws the paragraphs meeting `rect` (text coordinates) with the text's origin at
    /// `origin` in `context`, which must draw at `scale` pixels per point.
    func draw(in context: CGContext, rect: CGRect, origin: CGPoint) {
        ensureLayout(from: rect.minY, to: rect.maxY)
        var p = paragraphIndex(atY: rect.minY)
        while p < paragraphs.count, tops[p] < rect.maxY {
            if let layout = paragraphs[p].layout {
                TextRenderer.draw(layout, in: context, at: CGPoint(x: origin.x, y: origin.y + tops[p]),
                                  containerWidth: wrapWidth ?? CGFloat(layout.width / scale))
            }
            p += 1
        }
    }

    private func invalidateAll() {
        for i in paragraphs.indices {
            paragraphs[i].layout = nil
            paragraphs[i].height = estimatedHeight(paragraphs[i].length)
        }
        geometryIsStale = true
    }

    private static func split(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    private func makeParagraph(_ text: Substring) -> Paragraph {
        let string = String(text)
        let length = string.utf16.count
        var map: [Int]?
        if string.unicodeScalars.count != length {
            var offsets: [Int] = []
            offsets.reserveCapacity(length + 1)
            var u = 0
            for scalar in string.unicodeScalars {
                offsets.append(u)
                u += scalar.utf16.count
            }
            offsets.append(u)
            map = offsets
        }
        return Paragraph(text: string, length: length, height: estimatedHeight(length), utf16OfScalar: map)
    }

    /// A line per `wrapWidth` worth of average characters (half the font size each).
    private func estimatedHeight(_ length: Int) -> CGFloat {
        guard let wrapWidth, wrapWidth > 0 else { return lineHeight }
        let perLine = max(1, Int(wrapWidth / max(1, font.pointSize * 0.5)))
        return CGFloat(max(1, (length + perLine - 1) / perLine)) * lineHeight
    }

    private func layOut(_ index: Int) {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = alignment
        let style = TextStyle([.font: font, .foregroundColor: textColor, .paragraphStyle: paragraph])
        var options = TextLayoutOptions()
        options.maxWidth = wrapWidth.map { Double($0) * scale }
        options.keepsTrailingWhitespace = true
        let layout = TextLayout(StyledText(paragraphs[index].text, style: style), scale: scale, options: options)
        paragraphs[index].layout = layout
        let height = layout.lines.isEmpty ? lineHeight : CGFloat(layout.height / scale)
        if height != paragraphs[index].height {
            paragraphs[index].height = height
            geometryIsStale = true
        }
        refreshGeometry()
    }

    private func refreshGeometry() {
        guard geometryIsStale else { return }
        geometryIsStale = false
        starts = [Int](repeating: 0, count: paragraphs.count + 1)
        tops = [CGFloat](repeating: 0, count: paragraphs.count + 1)
        for (i, p) in paragraphs.enumerated() {
            starts[i + 1] = starts[i] + p.length + 1
            tops[i + 1] = tops[i] + p.height
        }
    }

    /// The last index in `0..<count` of the ascending `values` whose value is at most
    /// `value` (0 when none is).
    private static func lastIndex<T: Comparable>(in values: [T], count: Int, notAbove value: T) -> Int {
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if values[mid] <= value { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    private func paragraphIndex(containing offset: Int) -> Int {
        refreshGeometry()
        return Self.lastIndex(in: starts, count: paragraphs.count, notAbove: offset)
    }

    private func paragraphIndex(atY y: CGFloat) -> Int {
        refreshGeometry()
        return Self.lastIndex(in: tops, count: paragraphs.count, notAbove: y)
    }

    private func lineCount(_ p: Int) -> Int {
        if paragraphs[p].layout == nil { layOut(p) }
        return max(1, paragraphs[p].layout?.lines.count ?? 1)
    }

    private func utf16(_ p: Int, scalar: Int) -> Int {
        guard let map = paragraphs[p].utf16OfScalar else { return min(scalar, paragraphs[p].length) }
        return map[min(max(0, scalar), map.count - 1)]
    }

    private func scalar(_ p: Int, utf16 offset: Int) -> Int {
        guard let map = paragraphs[p].utf16OfScalar else { return offset }
        return Self.lastIndex(in: map, count: map.count, notAbove: offset)
    }

    /// The paragraph, line and caret x (points) of `offset`.
    private func locate(_ offset: Int) -> (paragraph: Int, line: Int, x: CGFloat) {
        let p = paragraphIndex(containing: offset)
        if paragraphs[p].layout == nil { layOut(p) }
        guard let layout = paragraphs[p].layout, !layout.lines.isEmpty else { return (p, 0, alignedEmptyX(width: 0)) }
        let s = scalar(p, utf16: offset - starts[p])
        let line = layout.lines.lastIndex { $0.firstScalar <= s } ?? 0
        return (p, line, caretX(layout, line, scalar: s))
    }

    private func caretX(_ layout: TextLayout, _ index: Int, scalar s: Int) -> CGFloat {
        let line = layout.lines[index]
        let start = layout.placement(of: line, container: container(layout)).x
        let x = line.glyphs.first { Int($0.cluster) >= s }?.x ?? line.width
        return CGFloat((start + x) / scale)
    }

    private func lineStartX(_ p: Int, _ index: Int) -> CGFloat {
        guard let layout = paragraphs[p].layout, !layout.lines.isEmpty else { return alignedEmptyX(width: 0) }
        return CGFloat(layout.placement(of: layout.lines[index], container: container(layout)).x / scale)
    }

    private func container(_ layout: TextLayout) -> Double {
        wrapWidth.map { Double($0) * scale } ?? layout.width
    }

    private func alignedEmptyX(width: CGFloat) -> CGFloat {
        guard let wrapWidth else { return 0 }
        switch alignment {
        case .center: return (wrapWidth - width) / 2
        case .right: return wrapWidth - width
        default: return 0
        }
    }

    /// The caret stop of line `index` of paragraph `p` nearest to `x` points.
    private func nearestOffset(_ p: Int, _ index: Int, x: CGFloat) -> Int {
        guard let layout = paragraphs[p].layout, !layout.lines.isEmpty else { return starts[p] }
        let line = layout.lines[index]
        let start = layout.placement(of: line, container: container(layout)).x
        let target = Double(x) * scale - start
        let isLast = index == layout.lines.count - 1
        var best = isLast ? paragraphs[p].text.unicodeScalars.count : (layout.lines[index + 1].firstScalar)
        var bestDistance = isLast ? abs(line.width - target) : .infinity
        if !isLast, let last = line.glyphs.last {
            best = Int(last.cluster)
            bestDistance = abs(last.x - target)
        }
        var seen = Int32.min
        for g in line.glyphs where g.cluster != seen {
            seen = g.cluster
            let d = abs(g.x - target)
            if d < bestDistance {
                bestDistance = d
                best = Int(g.cluster)
            }
        }
        return starts[p] + utf16(p, scalar: best)
    }
}
