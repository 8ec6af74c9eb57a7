import Geometry
import Graphics
import Layers
import Raster

/// Draws laid-out text into a `CGContext`.
///
/// Everything a layout draws (backgrounds, shadows, fills, outlines, underlines and
/// strikethroughs, in that order) is first listed as coverage masks and rectangles at whole
/// pixels, then blended into one transparent image the size of the visible ink, which is drawn
/// like `UIImage.draw(in:)`: upright in a UIKit (y-down) context, through the CTM, the clip and
/// the context's alpha. The block's origin is moved to the nearest pixel, so in an unrotated
/// context the image is copied without resampling and glyphs keep their quarter-pixel phases.
enum TextRenderer {
    /// The context's user space (y down in UIKit contexts) to its pixel rows.
    static func userToPixels(_ context: CGContext) -> CGAffineTransform {
        context.ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(context.height)))
    }

    /// Pixels per point for text drawn into `context`: the square root of the CTM's area scale,
    /// 0 when the CTM is degenerate.
    static func scale(of context: CGContext) -> CGFloat {
        let s = abs(userToPixels(context).determinant).squareRoot()
        return s.isFinite ? s : 0
    }

    /// Draws `layout` (made at `scale(of: context)`) with the block's top left at `origin` in
    /// user space, lines placed in a box `containerWidth` points wide (nil: the layout's width).
    static func draw(_ layout: TextLayout, in context: CGContext, at origin: CGPoint, containerWidth: CGFloat?) {
        let toPixels = userToPixels(context)
        let s = scale(of: context)
        guard s > 0, !layout.lines.isEmpty else { return }
        let device = origin.applying(toPixels)
        guard device.x.isFinite, device.y.isFinite, abs(device.x) < 1e7, abs(device.y) < 1e7 else { return }
        let o = CGPoint(x: device.x.rounded(), y: device.y.rounded()).applying(toPixels.inverted())
        let container = containerWidth.map { Double($0 * s) } ?? layout.width
        var list = TextPaintList()
        list.collect(layout, container: container.isFinite ? min(1e7, container) : layout.width)
        var ink = list.bounds
        let clip = context.boundingBoxOfClipPath
        guard !ink.isEmpty, !clip.isNull, clip.width > 0, clip.height > 0 else { return }
        let limit: CGFloat = 1e7
        func pixel(_ value: CGFloat, _ rule: FloatingPointRoundingRule) -> Int {
            Int(min(limit, max(-limit, value.rounded(rule))))
        }
        let visible = PixelRect(x: pixel((clip.minX - o.x) * s, .down), y: pixel((clip.minY - o.y) * s, .down),
                                width: pixel((clip.maxX - o.x) * s, .up) - pixel((clip.minX - o.x) * s, .down),
                                height: pixel((clip.maxY - o.y) * s, .up) - pixel((clip.minY - o.y) * s, .down))
        ink = ink.intersection(visible)
        guard !ink.isEmpty, let size = try? PixelSize(width: ink.width, height: ink.height) else { return }
        let bitmap = Bitmap(size: size)
        list.paint(into: bitmap, originX: -ink.x, originY: -ink.y)
        let rect = CGRect(x: o.x + CGFloat(ink.x) / s, y: o.y + CGFloat(ink.y) / s,
                          width: CGFloat(ink.width) / s, height: CGFloat(ink.height) / s)
        if toPixels.b == 0, toPixels.c == 0, toPixels.a > 0, abs(toPixels.a - s) < 1e-9, abs(toPixels.d - s) < 1e-9 {
            // y-down user space at the layout's scale: the ink lands pixel for pixel.
            let corner = CGPoint(x: rect.minX, y: rect.minY).applying(toPixels)
            context.drawDevicePixels(bitmap, atX: Int(corner.x.rounded()), y: Int(corner.y.rounded()))
            return
        }
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(CGImage(bitmap: bitmap), in: rect)
        context.restoreGState()
    }
}

/// What a layout paints, at whole pixels relative to the block's top left, in painting order.
struct TextPaintList {
    struct MaskItem {
        var mask: CoverageMask
        var x: Int
        var y: Int
        var color: PremultipliedColor
        var shadow: Int32
    }

    struct RectItem {
        var rect: PixelRect
        var color: PremultipliedColor
        /// On/off lengths in pixels from `patternOrigin` (empty: solid).
        var pattern: [Int] = []
        var patternOrigin = 0
        var shadow: Int32 = -1
    }

    private(set) var backgrounds: [RectItem] = []
    private(set) var fills: [MaskItem] = []
    private(set) var strokes: [MaskItem] = []
    private(set) var decorations: [RectItem] = []
    private(set) var shadows: [TextStyle.Shadow] = []
    private var shadowPixels: [(dx: Int, dy: Int, blur: BoxBlur)] = []

    /// The box of everything painted, shadows included.
    var bounds: PixelRect {
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        func add(_ r: PixelRect) { box = box.isEmpty ? r : box.union(r) }
        for item in backgrounds { add(item.rect) }
        for item in decorations { add(item.rect) }
        for item in fills + strokes { add(PixelRect(x: item.x, y: item.y, width: item.mask.width, height: item.mask.height)) }
        for (index, shadow) in shadowPixels.enumerated() {
            let own = shadowBox(Int32(index))
            guard !own.isEmpty else { continue }
            let e = shadow.blur.extent
            add(PixelRect(x: own.x + shadow.dx - e, y: own.y + shadow.dy - e, width: own.width + 2 * e, height: own.height + 2 * e))
        }
        return box
    }

    /// Lists every glyph, outline and decoration of `layout`, its lines placed in a box
    /// `container` pixels wide.
    mutating func collect(_ layout: TextLayout, container: Double) {
        let steps = Double(GlyphCache.subpixelSteps)
        let scale = layout.scale
        var shadowIndex: [TextStyle.Shadow: Int32] = [:]
        let styleShadows: [Int32] = layout.styles.map { style in
            guard let shadow = style.shadow else { return -1 }
            if let known = shadowIndex[shadow] { return known }
            let index = Int32(shadows.count)
            shadows.append(shadow)
            shadowPixels.append((Int((Double(shadow.offset.width) * scale).rounded()),
                                 Int((Double(shadow.offset.height) * scale).rounded()),
                                 BoxBlur(standardDeviation: Double(shadow.blurRadius) / 2 * scale)))
            shadowIndex[shadow] = index
            return index
        }
        let colors = layout.styles.map { $0.color.premultipliedPixel }
        for line in layout.lines {
            let (start, spaceExtra) = layout.placement(of: line, container: container)
            let baseline = Int(line.baseline.rounded())
            let lineTop = Int(line.top.rounded()), lineBottom = Int((line.top + line.height).rounded())
            var shift = 0.0
            for g in line.glyphs {
                let style = layout.styles[Int(g.style)]
                let font = layout.fonts[Int(g.font)]
                let pen = start + g.x + shift
                let advance = g.advance + (g.isSpace ? spaceExtra : 0)
                if g.isSpace { shift += spaceExtra }
                let left = Int(pen.rounded()), right = Int((pen + advance).rounded())
                let shadow = styleShadows[Int(g.style)]
                if let background = style.background {
                    appendRect(&backgrounds, PixelRect(x: left, y: lineTop, width: right - left, height: lineBottom - lineTop),
                               background.premultipliedPixel, shadow: -1)
                }
                if let cache = font.cache, !g.isSpace {
                    let px = pen + g.xOffset
                    var whole = px.rounded(.down)
                    var phase = Int(((px - whole) * steps).rounded())
                    if phase == GlyphCache.subpixelSteps {
                        phase = 0
                        whole += 1
                    }
                    let y = baseline - Int(g.y.rounded())
                    if style.strokeWidth <= 0 {
                        let glyph = cache.glyph(g.id, phase: phase)
                        if let mask = glyph.mask {
                            fills.append(MaskItem(mask: mask, x: Int(whole) + glyph.left, y: y - glyph.top,
                                                  color: colors[Int(g.style)], shadow: shadow))
                        }
                    }
                    if style.strokeWidth != 0 {
                        let width = abs(Double(style.strokeWidth)) / 100 * Double(style.font.pointSize) * scale * layout.fontScale
                        let width64 = Int(min(64 * 1000, max(1, width * 64)).rounded())
                        let glyph = cache.glyph(g.id, phase: phase, strokeWidth64: width64)
                        if let mask = glyph.mask {
                            let color = (style.strokeColor ?? style.color).premultipliedPixel
                            strokes.append(MaskItem(mask: mask, x: Int(whole) + glyph.left, y: y - glyph.top, color: color,
                                                    shadow: style.strokeWidth > 0 ? shadow : -1))
                        }
                    }
                }
                let skip = g.isSpace
                for (kind, line) in [(style.underline, true), (style.strikethrough, false)] where kind.lines.count > 0 {
                    if skip, kind.contains(.byWord) { continue }
                    let thickness = max(1, Int(((line ? font.underlineThickness : font.strikeThickness)).rounded()))
                        * kind.lines.thickness
                    let centre = baseline + Int((line ? font.underlineOffset : -font.strikeOffset).rounded())
                    let color = ((line ? style.underlineColor : style.strikethroughColor) ?? style.color).premultipliedPixel
                    let pattern = kind.dashPattern.map { $0 * thickness }
                    let top = centre - thickness / 2
                    if kind.lines.count == 2 {
                        for offset in [0, 2 * thickness] {
                            appendRect(&decorations, PixelRect(x: left, y: top + offset, width: right - left, height: thickness),
                                       color, pattern: pattern, origin: Int(start.rounded()), shadow: shadow)
                        }
                    } else {
                        appendRect(&decorations, PixelRect(x: left, y: top, width: right - left, height: thickness),
                                   color, pattern: pattern, origin: Int(start.rounded()), shadow: shadow)
                    }
                }
            }
        }
    }

    /// Appends `rect`, merged into the last item when it continues it.
    private func appendRect(_ items: inout [RectItem], _ rect: PixelRect, _ color: PremultipliedColor, pattern: [Int] = [],
                            origin: Int = 0, shadow: Int32) {
        guard rect.width > 0, rect.height > 0 else { return }
        if let last = items.last, last.color == color, last.rect.minY == rect.minY, last.rect.height == rect.height,
           last.rect.maxX == rect.minX, last.pattern == pattern, last.patternOrigin == origin, last.shadow == shadow {
            items[items.count - 1].rect = PixelRect(x: last.rect.minX, y: rect.minY, width: rect.maxX - last.rect.minX,
                                                    height: rect.height)
            return
        }
        items.append(RectItem(rect: rect, color: color, pattern: pattern, patternOrigin: origin, shadow: shadow))
    }

    /// The box of what casts shadow `index`.
    private func shadowBox(_ index: Int32) -> PixelRect {
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        func add(_ r: PixelRect) { box = box.isEmpty ? r : box.union(r) }
        for item in fills + strokes where item.shadow == index {
            add(PixelRect(x: item.x, y: item.y, width: item.mask.width, height: item.mask.height))
        }
        for item in decorations where item.shadow == index { add(item.rect) }
        return box
    }

    /// Paints everything into `bitmap`, the block's top left at (`originX`, `originY`).
    func paint(into bitmap: Bitmap, originX: Int, originY: Int) {
        for item in backgrounds { fill(item, into: bitmap, originX, originY) }
        for (index, shadow) in shadows.enumerated() {
            paintShadow(Int32(index), color: shadow.color.premultipliedPixel, into: bitmap, originX, originY)
        }
        for item in fills { bitmap.fill(item.color, through: item.mask, atX: originX + item.x, y: originY + item.y) }
        for item in strokes { bitmap.fill(item.color, through: item.mask, atX: originX + item.x, y: originY + item.y) }
        for item in decorations { fill(item, into: bitmap, originX, originY) }
    }

    private func fill(_ item: RectItem, into bitmap: Bitmap, _ originX: Int, _ originY: Int) {
        guard let size = try? PixelSize(width: item.rect.width, height: item.rect.height) else { return }
        let mask = CoverageMask(size: size)
        draw(item, into: mask, atX: 0, y: 0)
        bitmap.fill(item.color, through: mask, atX: originX + item.rect.minX, y: originY + item.rect.minY)
    }

    /// Writes `item`'s coverage (its pattern's dashes) into `mask` with the rectangle's top
    /// left at (`x`, `y`), keeping the larger value where something is already there.
    private func draw(_ item: RectItem, into mask: CoverageMask, atX x: Int, y: Int) {
        let period = item.pattern.reduce(0, +)
        for row in 0..<item.rect.height {
            let my = y + row
            guard my >= 0, my < mask.height else { continue }
            let out = mask.row(my)
            for column in 0..<item.rect.width {
                let mx = x + column
                guard mx >= 0, mx < mask.width else { continue }
                if period > 0 {
                    var along = (item.rect.minX + column - item.patternOrigin) % period
                    if along < 0 { along += period }
                    var on = true
                    for length in item.pattern {
                        if along < length { break }
                        along -= length
                        on.toggle()
                    }
                    guard on else { continue }
                }
                out[mx] = 255
            }
        }
    }

    /// Blurs the coverage of everything casting shadow `index` and blends it in `color`.
    private func paintShadow(_ index: Int32, color: PremultipliedColor, into bitmap: Bitmap, _ originX: Int, _ originY: Int) {
        let box = shadowBox(index)
        guard !box.isEmpty, let size = try? PixelSize(width: box.width, height: box.height) else { return }
        let coverage = CoverageMask(size: size)
        for item in fills + strokes where item.shadow == index {
            for row in 0..<item.mask.height {
                let source = item.mask.row(row), out = coverage.row(item.y - box.minY + row)
                let x0 = item.x - box.minX
                for column in 0..<item.mask.width {
                    let sum = Int(out[x0 + column]) + Int(source[column])
                    out[x0 + column] = UInt8(min(255, sum))
                }
            }
        }
        for item in decorations where item.shadow == index {
            draw(item, into: coverage, atX: item.rect.minX - box.minX, y: item.rect.minY - box.minY)
        }
        let shift = shadowPixels[Int(index)]
        guard let blurred = try? coverage.blurred(shift.blur) else { return }
        let e = shift.blur.extent
        bitmap.fill(color, through: blurred, atX: originX + box.minX + shift.dx - e, y: originY + box.minY + shift.dy - e)
    }
}
