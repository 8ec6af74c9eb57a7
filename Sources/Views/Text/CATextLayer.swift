import Foundation
import Geometry
import Graphics
import Layers

/// How a `CATextLayer` shortens text too wide for its bounds, with Apple's raw strings.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No ellipsis: the text is clipped at the bounds (`"none"`), the default.
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// "…" replaces the start of the line (`"start"`).
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// "…" replaces the middle (`"middle"`).
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
    /// "…" replaces the end (`"end"`).
    public static let end = CATextLayerTruncationMode(rawValue: "end")
}

/// How a `CATextLayer` aligns its lines, with Apple's raw strings.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// By the writing direction: left for left-to-right text (`"natural"`), the default.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Both edges, by stretching the spaces of every line but a paragraph's last
    /// (`"justified"`).
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A layer that draws text, laid out in its bounds with the first line at the top, as Core
/// Animation's `CATextLayer`.
///
/// It lives in Views (not Layers, where `CALayer` is) because it draws with Kinescope's text
/// stack (HarfBuzz shaping, FreeType glyphs, fontconfig fallback, CJK included), which is
/// Views' and which Layers cannot import; it is still a plain `CALayer` subclass, usable
/// without any view and from any thread, like QuartzCore's. The text is drawn into the layer's
/// contents at `contentsScale` pixels per point (set it to the screen's scale to keep text
/// sharp, as on Apple's platforms) and redrawn when a text property or the bounds change; while
/// `fontSize` or `foregroundColor` animate it is redrawn every frame.
///
///     let label = CATextLayer()
///     label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
///     label.string = "Hello, Core Animation"
///     label.fontSize = 18
///     label.alignmentMode = .center
///     label.contentsScale = 2
open class CATextLayer: CALayer, AnimatedContentsSource {
    private struct Text {
        var string: Any?
        var font: Any? = "Helvetica"
        var fontSize: CGFloat = 36
        var foregroundColor: CGColor? = .white
        var isWrapped = false
        var truncationMode = CATextLayerTruncationMode.none
        var alignmentMode = CATextLayerAlignmentMode.natural
        var allowsFontSubpixelQuantization = false
    }

    private var text = Text()

    /// A text layer with Apple's defaults; `needsDisplayOnBoundsChange` is true, so the text is
    /// laid out again when the bounds change.
    public required init() {
        super.init()
    }

    /// A copy of `layer`'s properties, the text's included (see `CALayer.init(layer:)`).
    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATextLayer { text = other.text }
    }

    /// The text: a `String` (or `NSString`) drawn in `font`, `fontSize` and `foregroundColor`,
    /// or an `NSAttributedString` drawn with its own attributes (the layer's font and colour
    /// fill in only what its runs leave out). Default nil. Other values draw nothing. Not
    /// animatable.
    open var string: Any? {
        get { shown.string }
        set { change("string") { text.string = newValue } }
    }

    /// The font, as Apple types it `CFTypeRef?`: here a font name (`String`, `NSString`), whose
    /// family and style fontconfig finds (falling back to the system font when it knows none),
    /// or a `UIFont` (its name; its size is ignored, `fontSize` applies, as with Apple's
    /// `CTFont`), or a `CGFont` (the face; `fontSize` gives the size, as on Apple's platforms).
    /// Apple's iOS documentation says a `UIFont` cannot be assigned; Kinescope accepts one,
    /// since ported code often does. Default "Helvetica". Used only for a plain string. Not
    /// animatable.
    open var font: Any? {
        get { shown.font }
        set { change("font") { text.font = newValue } }
    }

    /// The font size in points. Default 36. Animatable (the text is redrawn at each frame's
    /// size). Sizes that are not finite or not positive draw nothing.
    open var fontSize: CGFloat {
        get {
            guard let model = presentationModel as? CATextLayer else { return text.fontSize }
            return CGFloat(model.animatedScalar(Double(model.text.fontSize), forKey: "fontSize", forRender: false))
        }
        set {
            guard newValue != text.fontSize else { return }
            let shownBefore = fontSize(forRender: false)
            changeProperty("fontSize", shownScalar: Double(shownBefore)) { text.fontSize = newValue }
        }
    }

    /// The colour of a plain string. Default opaque white. Animatable.
    open var foregroundColor: CGColor? {
        get {
            guard let model = presentationModel as? CATextLayer else { return text.foregroundColor }
            return model.animatedColor(model.text.foregroundColor, forKey: "foregroundColor", forRender: false)
        }
        set {
            guard newValue != text.foregroundColor else { return }
            let shownBefore = animatedColor(text.foregroundColor, forKey: "foregroundColor", forRender: false)
            changeProperty("foregroundColor", shownColor: .some(shownBefore)) { text.foregroundColor = newValue }
        }
    }

    /// Whether lines wrap at the bounds' width (at word boundaries). Default false: lines break
    /// only at newlines. Not animatable.
    open var isWrapped: Bool {
        get { shown.isWrapped }
        set { change("wrapped") { text.isWrapped = newValue } }
    }

    /// How a line too wide for the bounds is shortened. Default `.none` (clipped). With
    /// `isWrapped`, only the last line that fits the bounds' height is truncated, and
    /// `.start` and `.middle` truncate it as `.end` does (a wrapped paragraph has no middle of
    /// one line to cut). An unknown raw value behaves as `.none`. Not animatable.
    open var truncationMode: CATextLayerTruncationMode {
        get { shown.truncationMode }
        set { change("truncationMode") { text.truncationMode = newValue } }
    }

    /// How lines are aligned in the bounds. Default `.natural`. An unknown raw value behaves
    /// as `.natural`. Not animatable.
    open var alignmentMode: CATextLayerAlignmentMode {
        get { shown.alignmentMode }
        set { change("alignmentMode") { text.alignmentMode = newValue } }
    }

    /// Whether glyphs are snapped to whole pixels. Default false. Stored for ported code:
    /// Kinescope always places glyphs at quarter-pixel phases.
    open var allowsFontSubpixelQuantization: Bool {
        get { shown.allowsFontSubpixelQuantization }
        set { text.allowsFontSubpixelQuantization = newValue }
    }

    /// True for the text keys (`string`, `font`, `fontSize`, `foregroundColor`, `wrapped`,
    /// `truncationMode`, `alignmentMode`), whose changes redraw the layer.
    open override class func needsDisplay(forKey key: String) -> Bool {
        Self.textKeys.contains(key) || super.needsDisplay(forKey: key)
    }

    /// Apple's defaults: `"fontSize"` 36, `"foregroundColor"` opaque white, `"font"`
    /// "Helvetica", `"wrapped"` false, `"truncationMode"` `.none`, `"alignmentMode"`
    /// `.natural`; then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        let t = Text()
        switch key {
        case "fontSize": return t.fontSize
        case "foregroundColor": return t.foregroundColor
        case "font": return t.font
        case "wrapped": return t.isWrapped
        case "truncationMode": return t.truncationMode
        case "alignmentMode": return t.alignmentMode
        case "needsDisplayOnBoundsChange": return true
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The implicit animations of `fontSize` and `foregroundColor`; none for the other text
    /// keys.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        if event == "fontSize" || event == "foregroundColor" { return CALayer.implicitAnimation(forSpecializedKey: event) }
        return super.defaultAction(forKey: event)
    }

    private static let textKeys: Set<String> = ["string", "font", "fontSize", "foregroundColor", "wrapped",
                                                 "truncationMode", "alignmentMode"]

    /// Whether `fontSize` or `foregroundColor` is animating: the render tree redraws the text on
    /// every frame then.
    package var redisplaysForAnimations: Bool { hasAnimation(ofKeys: ["fontSize", "foregroundColor"]) }

    private var shown: Text { (presentationModel as? CATextLayer)?.text ?? text }

    private func fontSize(forRender: Bool) -> CGFloat {
        CGFloat(animatedScalar(Double(text.fontSize), forKey: "fontSize", forRender: forRender))
    }

    private func change(_ key: String, _ body: () -> Void) {
        changeProperty(key, change: body)
    }

    /// Draws the text into the contents through `draw(in:)`, as Core Animation's text layer
    /// does itself, even when the layer has a delegate (a view whose `layerClass` is
    /// `CATextLayer`: UIKit views draw their own content only through `draw(_:)`).
    open override func display() {
        let owner = delegate
        delegate = nil
        super.display()
        delegate = owner
    }

    /// Draws the text at the values shown now (animated `fontSize` and `foregroundColor`
    /// included): the lines laid out in the bounds from the top, aligned, wrapped and truncated
    /// as the layer says. Subclasses may override it and call `super`.
    open override func draw(in ctx: CGContext) {
        let size = fontSize(forRender: true)
        let color = animatedColor(text.foregroundColor, forKey: "foregroundColor", forRender: true)
        guard let styled = styledText(fontSize: size, color: color) else { return }
        let b = bounds
        let scale = Double(TextRenderer.scale(of: ctx))
        guard scale > 0, b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite else { return }
        var options = TextLayoutOptions()
        let width = Double(b.width) * scale, height = Double(b.height) * scale
        options.maxHeight = height
        switch (text.isWrapped, text.truncationMode) {
        case (true, let mode):
            options.maxWidth = width
            options.lineBreakMode = .byWordWrapping
            options.truncatesLastLine = mode == .start || mode == .middle || mode == .end
        case (false, .start):
            options.maxWidth = width
            options.lineBreakMode = .byTruncatingHead
        case (false, .middle):
            options.maxWidth = width
            options.lineBreakMode = .byTruncatingMiddle
        case (false, .end):
            options.maxWidth = width
            options.lineBreakMode = .byTruncatingTail
        default:
            options.lineBreakMode = .byClipping
        }
        if !text.isWrapped {
            // Unwrapped: one line per paragraph, each truncated or clipped on its own line.
            options.maxLines = 1 + styled.scalars.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        let layout = TextLayout(styled, scale: scale, options: options)
        ctx.saveGState()
        ctx.clip(to: b)
        TextRenderer.draw(layout, in: ctx, at: b.origin, containerWidth: b.width)
        ctx.restoreGState()
    }

    /// The string with the layer's font, size, colour and alignment; nil when there is
    /// nothing to draw.
    private func styledText(fontSize: CGFloat, color: CGColor?) -> StyledText? {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = switch text.alignmentMode {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        default: .natural
        }
        var base: [NSAttributedString.Key: Any] = [.paragraphStyle: paragraph]
        if let color { base[.foregroundColor] = color } else { base[.foregroundColor] = CGColor(gray: 0, alpha: 0) }
        if fontSize > 0, fontSize.isFinite, fontSize < 1e4 { base[.font] = resolvedFont(size: fontSize) }
        switch text.string {
        case let attributed as NSAttributedString:
            guard attributed.length > 0 else { return nil }
            return StyledText(attributed, base: base)
        case let plain as String:
            guard !plain.isEmpty, base[.font] != nil else { return nil }
            return StyledText(NSAttributedString(string: plain), base: base)
        case let plain as NSString:
            guard plain.length > 0, base[.font] != nil else { return nil }
            return StyledText(NSAttributedString(string: plain as String), base: base)
        default:
            return nil
        }
    }

    private func resolvedFont(size: CGFloat) -> UIFont {
        if let face = text.font as? CGFont {
            return (try? UIFont(contentsOfFile: face.file.path, size: size)) ?? UIFont.systemFont(ofSize: size)
        }
        let name: String? = switch text.font {
        case let font as UIFont: font.fontName
        case let name as String: name
        case let name as NSString: name as String
        default: nil
        }
        return name.flatMap { UIFont(name: $0, size: size) } ?? UIFont.systemFont(ofSize: size)
    }
}
