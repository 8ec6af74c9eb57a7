import Geometry
import Graphics
import Layers

/// A view that shows read-only text, as UIKit's `UILabel`.
///
/// The text is drawn into an image that becomes the layer's contents, once per change of
/// `text` (or `attributedText`), `font`, `textColor`, `shadowColor`, `shadowOffset`,
/// `textAlignment`, `numberOfLines`, `lineBreakMode` or the bounds' size (labels use the `.redraw` content mode, as in UIKit); compositing a label that
/// did not change costs no text work. As in UIKit the text is centred vertically, lines wrap
/// at word boundaries when `numberOfLines` is not 1, and text that does not fit ends in "…"
/// (`lineBreakMode` `.byTruncatingTail`). Labels ignore touches and are not opaque.
///
/// ```swift
/// let label = UILabel(frame: CGRect(x: 20, y: 20, width: 280, height: 30))
/// label.text = "Kinescope — flipFromLeft"
/// label.font = .boldSystemFont(ofSize: 24)
/// label.textAlignment = .center
/// ```
@MainActor
open class UILabel: UIView {
    override class var drawsWithDrawRect: Bool { false }

    /// 251 along both axes, as UIKit gives labels: a label hugs its text more tightly than a
    /// plain view beside it.
    override class var defaultContentHugging: UILayoutPriority { UILayoutPriority(251) }

    /// The text shown; nil or empty shows nothing. Any Unicode the font has is drawn; a
    /// character it lacks shows the font's missing-glyph box.
    open var text: String? {
        didSet {
            attributedTextStorage = nil
            if text != oldValue {
                setNeedsDisplay()
                invalidateIntrinsicContentSize()
            }
        }
    }

    /// The text with its style, as UIKit's `attributedText`: every run is drawn in its own
    /// attributes (fonts, colours, kerning, paragraph styles, decorations, outlines, shadows),
    /// the label's `font`, `textColor` and `textAlignment` filling in what a run leaves out.
    /// Setting it sets `text` to its string and, as UIKit documents, `font` and `textColor` to
    /// the `.font` and `.foregroundColor` at location 0 (each kept when absent there). Setting
    /// `font` or `textColor` afterwards applies it to the whole string; setting `text` replaces
    /// it. When none was set, reading gives `text` with the label's font and colour (nil
    /// without text).
    open var attributedText: NSAttributedString? {
        get {
            if let attributedTextStorage { return attributedTextStorage }
            guard let text else { return nil }
            return NSAttributedString(string: text, attributes: [.font: fontStorage, .foregroundColor: textColorStorage])
        }
        set {
            guard let newValue else {
                text = nil
                return
            }
            text = newValue.string
            if newValue.length > 0 {
                let attributes = newValue.attributes(at: 0, effectiveRange: nil)
                if let font = attributes[.font] as? UIFont { self.font = font }
                if let color = attributes[.foregroundColor] as? UIColor {
                    textColor = color
                } else if let color = attributes[.foregroundColor] as? CGColor {
                    textColor = UIColor(cgColor: color)
                }
            }
            attributedTextStorage = NSAttributedString(attributedString: newValue)
        }
    }

    /// The font; setting nil restores the default, the 17-point system font.
    open var font: UIFont! {
        get { fontStorage }
        set {
            let font = newValue ?? UIFont.systemFont(ofSize: UIFont.labelFontSize)
            restyleAttributedText(.font, font)
            guard font != fontStorage else { return }
            fontStorage = font
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }

    /// The text colour; setting nil restores the default, black.
    open var textColor: UIColor! {
        get { textColorStorage }
        set {
            let color = newValue ?? .black
            restyleAttributedText(.foregroundColor, color)
            guard color != textColorStorage else { return }
            textColorStorage = color
            setNeedsDisplay()
        }
    }

    /// The colour of a shadow drawn under the text, offset by `shadowOffset` and not blurred, as
    /// UIKit's `shadowColor`. Default nil: no shadow. A shadow with a zero offset would lie exactly
    /// under the text and is not drawn.
    open var shadowColor: UIColor? {
        didSet { if shadowColor != oldValue { setNeedsDisplay() } }
    }

    /// Where the shadow lies relative to the text, in points (y down). Default (0, -1), UIKit's:
    /// one point above.
    open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet { if shadowOffset != oldValue { setNeedsDisplay() } }
    }

    /// How lines sit horizontally in the bounds. Default `.natural` (left to right: `.left`).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }

    /// The most lines shown: 1 by default; 0 for as many as the bounds' height holds.
    /// Negative values count as 0.
    open var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { setNeedsDisplay() } }
    }

    /// What happens to text that does not fit. Default `.byTruncatingTail`.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { if lineBreakMode != oldValue { setNeedsDisplay() } }
    }

    /// The width, in points, `intrinsicContentSize` wraps a multi-line label at; 0 (the default)
    /// wraps only at newlines.
    open var preferredMaxLayoutWidth: CGFloat = 0

    /// Whether the fonts shrink (down to `minimumScaleFactor`) until the text fits the bounds'
    /// width in `numberOfLines` lines without truncation. Default false.
    open var adjustsFontSizeToFitWidth = false {
        didSet { if adjustsFontSizeToFitWidth != oldValue { setNeedsDisplay() } }
    }

    /// The smallest factor `adjustsFontSizeToFitWidth` may scale the fonts by, in `0...1`; 0
    /// (the default) means the current size is the smallest, as in UIKit: no shrinking.
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { if minimumScaleFactor != oldValue { setNeedsDisplay() } }
    }

    private var attributedTextStorage: NSAttributedString?
    private var fontStorage = UIFont.systemFont(ofSize: UIFont.labelFontSize)
    private var textColorStorage = UIColor.black

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    /// Draws the text through `drawText(in:)` with the bounds, as UIKit's `UILabel` does.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// Draws the text into the current context, laid out in `rect` and centred vertically in
    /// it. Override to change the rectangle (insets) and call `super`.
    open func drawText(in rect: CGRect) {
        guard let text, !text.isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        let scale = Double(TextRenderer.scale(of: context))
        guard scale > 0 else { return }
        let layout = fittedLayout(scale: scale, width: rect.width, height: rect.height)
        let top = rect.minY + (rect.height - CGFloat(layout.height / scale)) / 2
        TextRenderer.draw(layout, in: context, at: CGPoint(x: rect.minX, y: top), containerWidth: rect.width)
    }

    /// Gives the whole of a set `attributedText` the attribute `key`, as UIKit does when `font` or
    /// `textColor` is set after it.
    private func restyleAttributedText(_ key: NSAttributedString.Key, _ value: Any) {
        guard let attributedTextStorage, attributedTextStorage.length > 0 else { return }
        let restyled = NSMutableAttributedString(attributedString: attributedTextStorage)
        restyled.addAttribute(key, value: value, range: NSRange(location: 0, length: restyled.length))
        self.attributedTextStorage = restyled
    }

    /// The rectangle the text takes in `bounds`: at its origin, as wide as the widest line and
    /// as tall as the lines shown (at most `numberOfLines` when that is above 0), within
    /// `bounds`' size.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let scale = Double(contentScale)
        let width = Double(bounds.width) * scale
        let layout = TextLayout(styledText, scale: scale,
                                options: TextLayoutOptions(maxWidth: width.isFinite && width > 0 ? width : nil,
                                                           maxLines: max(0, numberOfLines), lineBreakMode: lineBreakMode))
        let size = CGSize(width: min(bounds.width, CGFloat(layout.width / scale).rounded(.up)),
                          height: min(bounds.height, CGFloat(layout.height / scale).rounded(.up)))
        return CGRect(origin: bounds.origin, size: size)
    }

    /// The size of the text, in whole points. A single-line label gives the width of its whole
    /// first line (UIKit ignores `size` then); otherwise lines wrap at `size.width` when it is
    /// above 0, and there are at most `numberOfLines` of them. Empty text gives zero.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let scale = Double(contentScale)
        let wrap: Double? = numberOfLines == 1 || !(size.width > 0) || !size.width.isFinite ? nil : Double(size.width) * scale
        let layout = TextLayout(styledText, scale: scale,
                                options: TextLayoutOptions(maxWidth: wrap, maxLines: max(0, numberOfLines),
                                                           lineBreakMode: lineBreakMode))
        return CGSize(width: CGFloat(layout.width / scale).rounded(.up), height: CGFloat(layout.height / scale).rounded(.up))
    }

    /// The size the label wants: `sizeThatFits` with `preferredMaxLayoutWidth` as the width.
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: .greatestFiniteMagnitude))
    }

    /// The first and last lines' baselines below the top of the text block, and the block's
    /// height, in points: what Auto Layout's baseline attributes read (the block is centred
    /// vertically in the bounds). Without text, one line of the font.
    var baselineMetrics: (first: CGFloat, last: CGFloat, height: CGFloat) {
        let font = fontStorage
        let oneLine = (font.ascender, font.ascender, ceil(font.lineHeight))
        guard let text, !text.isEmpty else { return oneLine }
        let scale = Double(contentScale)
        let width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : bounds.width
        let wrap: Double? = numberOfLines == 1 || !(width > 0) ? nil : Double(width) * scale
        let layout = TextLayout(styledText, scale: scale,
                                options: TextLayoutOptions(maxWidth: wrap, maxLines: max(0, numberOfLines),
                                                           lineBreakMode: lineBreakMode))
        guard let first = layout.lines.first, let last = layout.lines.last else { return oneLine }
        return (CGFloat(first.baseline / scale), CGFloat(last.baseline / scale), CGFloat(layout.height / scale).rounded(.up))
    }

    /// The text with the label's font, colour, alignment and shadow under its own attributes.
    private var styledText: StyledText {
        let paragraph = NSMutableParagraphStyle()
        paragraph.alignment = textAlignment
        var base: [NSAttributedString.Key: Any] = [.font: fontStorage, .foregroundColor: textColorStorage,
                                                   .paragraphStyle: paragraph]
        if let shadowColor, shadowOffset != .zero {
            let shadow = NSShadow()
            shadow.shadowOffset = shadowOffset
            shadow.shadowColor = shadowColor
            base[.shadow] = shadow
        }
        if let attributedTextStorage { return StyledText(attributedTextStorage, base: base) }
        return StyledText(text ?? "", style: TextStyle(base))
    }

    /// The lines that fit `width`×`height` points: at most `numberOfLines` (when above 0) and
    /// at most as many whole lines as the height holds, but always one; with
    /// `adjustsFontSizeToFitWidth`, the fonts shrunk until nothing is cut off.
    private func fittedLayout(scale: Double, width: CGFloat, height: CGFloat) -> TextLayout {
        let w = Double(width) * scale, h = Double(height) * scale
        let options = TextLayoutOptions(maxWidth: w.isFinite ? w : nil, maxHeight: h.isFinite ? h : nil,
                                        maxLines: max(0, numberOfLines), lineBreakMode: lineBreakMode)
        let text = styledText
        var layout = TextLayout(text, scale: scale, options: options)
        let minimum = Double(minimumScaleFactor)
        guard adjustsFontSizeToFitWidth, minimum > 0, minimum < 1, w.isFinite, w > 0 else { return layout }
        var factor = 1.0
        var unclipped = options
        unclipped.lineBreakMode = numberOfLines == 1 ? .byClipping : lineBreakMode
        var probe = TextLayout(text, scale: scale, options: unclipped)
        while probe.isTruncated || probe.width > w + 1e-6, factor > minimum {
            factor = max(minimum, factor * min(0.97, w / max(1, probe.width)))
            probe = TextLayout(text, scale: scale, fontScale: factor, options: unclipped)
        }
        if factor < 1 { layout = TextLayout(text, scale: scale, fontScale: factor, options: options) }
        return layout
    }

    private var contentScale: CGFloat {
        let scale = layer.contentsScale
        return scale > 0 && scale.isFinite ? scale : 1
    }
}
