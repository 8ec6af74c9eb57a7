import Geometry
import Layers
import Raster

extension UIFont {
    /// `text` laid out in this font at `scale` pixels per point. `maxWidth` (points) is where
    /// lines wrap, nil for no wrapping; `maxLines` 0 means no limit.
    func layout(_ text: String, scale: CGFloat, maxWidth: CGFloat?, maxLines: Int,
                lineBreakMode: NSLineBreakMode) -> TextLayout {
        let pixelSize = Double(pointSize * scale)
        let cache = glyphCache(scale: scale)
        let scalars = text.unicodeScalars
        let glyphs = cache?.shape(scalars)
            ?? scalars.map { ShapedGlyph(scalar: $0, kind: ScalarKind($0), glyph: .empty, pairAdjustment: 0) }
        let ellipsis = cache?.shape(CollectionOfOne("\u{2026}")) ?? []
        let options = TextLayoutOptions(maxWidth: maxWidth.map { Double($0 * scale) }, maxLines: max(0, maxLines),
                                        lineBreakMode: lineBreakMode,
                                        tabInterval: max(1, Int((28 * scale).rounded())))
        return TextLayout(glyphs: glyphs, ellipsis: ellipsis, ascender: design.scaled(design.ascender, to: pixelSize),
                          lineHeight: design.scaled(design.lineHeight, to: pixelSize), options: options)
    }
}

/// Draws laid-out text into a `CGContext`.
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

    /// Draws `layout` (made at `scale(of: context)`) with the block's top left at `origin` in user
    /// space, lines aligned in a box `containerWidth` points wide (nil: the layout's width).
    ///
    /// The glyphs go into a transparent image the size of the visible ink, which is then drawn
    /// like `UIImage.draw(in:)`: upright in a UIKit (y-down) context, through the CTM, the clip
    /// and the context's alpha. The origin is moved to the nearest pixel, so in an unrotated
    /// context every glyph lands on whole pixels and the image is copied without resampling.
    static func draw(_ layout: TextLayout, in context: CGContext, at origin: CGPoint, containerWidth: CGFloat?,
                     alignment: NSTextAlignment, color: CGColor) {
        let toPixels = userToPixels(context)
        let s = scale(of: context)
        guard s > 0, color.alpha > 0, !layout.lines.isEmpty else { return }
        let device = origin.applying(toPixels)
        guard device.x.isFinite, device.y.isFinite, abs(device.x) < 1e7, abs(device.y) < 1e7 else { return }
        let o = CGPoint(x: device.x.rounded(), y: device.y.rounded()).applying(toPixels.inverted())
        let container = containerWidth.map { Double($0 * s) } ?? Double(layout.width)
        var ink = layout.inkBounds(containerWidth: container, alignment: alignment)
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
        layout.render(into: bitmap, originX: -ink.x, originY: -ink.y, containerWidth: container, alignment: alignment,
                      color: color.premultipliedPixel)
        let rect = CGRect(x: o.x + CGFloat(ink.x) / s, y: o.y + CGFloat(ink.y) / s,
                          width: CGFloat(ink.width) / s, height: CGFloat(ink.height) / s)
        context.saveGState()
        context.translateBy(x: 0, y: rect.minY + rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(CGImage(bitmap: bitmap), in: rect)
        context.restoreGState()
    }
}
