import Geometry

/// How `showGlyphs(_:at:)` paints glyphs (Apple's raw values).
public enum CGTextDrawingMode: Int32, Sendable {
    /// Filled with the fill colour (the default).
    case fill = 0
    /// Outlined with the stroke colour, line width, joins and dashes.
    case stroke = 1
    /// Filled, then outlined.
    case fillStroke = 2
    /// Not painted (the text still takes its place).
    case invisible = 3
    /// Filled, then added to the clip.
    case fillClip = 4
    /// Outlined, then added to the clip.
    case strokeClip = 5
    /// Filled and outlined, then added to the clip.
    case fillStrokeClip = 6
    /// Added to the clip only.
    case clip = 7
}

/// Glyphs drawn from a `CGFont`, as Core Graphics draws them: each glyph's outline at the font
/// size, at its position in text space, through `textMatrix` to user space and the CTM to the
/// device, y up as in all of Core Graphics. In a UIKit-flipped context (a `draw(_:)` or
/// `UIGraphicsImageRenderer` context) glyphs therefore come out upside down unless the text
/// matrix flips them back, as on Apple's platforms:
///
///     context.setFont(CGFont("DejaVuSans" as CFString)!)
///     context.setFontSize(24)
///     context.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
///     context.showGlyphs(glyphs, at: positions)
///
/// Painting goes through the path machinery (`fillPath`, `strokePath`, `clip`), so the fill
/// and stroke colours, alpha, blend mode, shadow, clip and line style apply; the current path
/// is left as it was.
extension CGContext {
    /// The font `showGlyphs(_:at:)` draws with (part of the graphics state). Default none:
    /// nothing is drawn until one is set.
    public func setFont(_ font: CGFont) { state.font = font }

    /// The font size in text-space units (part of the graphics state). Default 0 (nothing
    /// drawn); a size that is not finite counts as 0.
    public func setFontSize(_ size: CGFloat) { state.fontSize = size.isFinite ? size : 0 }

    /// How glyphs are painted (part of the graphics state). Default `.fill`.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }

    /// Text space to user space. Default identity. Not part of the graphics state: saving and
    /// restoring it is the caller's business, as in Core Graphics.
    public var textMatrix: CGAffineTransform {
        get { textMatrixStorage }
        set { textMatrixStorage = newValue }
    }

    /// The text matrix's translation: where text space's origin lies in user space.
    public var textPosition: CGPoint {
        get { CGPoint(x: textMatrixStorage.tx, y: textMatrixStorage.ty) }
        set {
            textMatrixStorage.tx = newValue.x
            textMatrixStorage.ty = newValue.y
        }
    }

    /// Draws `glyphs` of the current font, each at the same-index point of `positions` (text
    /// space), by the text drawing mode. Extra glyphs or positions beyond the shorter array
    /// are ignored; without a font, at size 0, or with a glyph the font lacks, those glyphs
    /// draw nothing. The clip modes intersect the clip with the union of the glyphs at once.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        let mode = state.textDrawingMode
        guard let font = state.font, state.fontSize != 0, mode != .invisible else { return }
        let size = state.fontSize
        let outlines = CGMutablePath()
        for (glyph, position) in zip(glyphs, positions) where position.x.isFinite && position.y.isFinite {
            let place = CGAffineTransform(a: size, b: 0, c: 0, d: size, tx: position.x, ty: position.y)
                .concatenating(textMatrixStorage)
            outlines.addPath(font.outline(of: glyph), transform: place)
        }
        guard !outlines.isEmpty else { return }
        let saved = devicePath
        defer { devicePath = saved }
        func paint(_ drawing: CGPathDrawingMode?) {
            beginPath()
            addPath(outlines)
            if let drawing { drawPath(using: drawing) } else { clip(using: .winding) }
        }
        switch mode {
        case .fill: paint(.fill)
        case .stroke: paint(.stroke)
        case .fillStroke: paint(.fillStroke)
        case .fillClip: paint(.fill); paint(nil)
        case .strokeClip: paint(.stroke); paint(nil)
        case .fillStrokeClip: paint(.fillStroke); paint(nil)
        case .clip: paint(nil)
        case .invisible: break
        }
    }
}
