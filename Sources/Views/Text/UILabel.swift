import Geometry
import Layers

/// A view that shows read-only text, as UIKit's `UILabel`.
///
/// The text is drawn into an image that becomes the layer's contents, once per change of
/// `text`, `font`, `textColor`, `textAlignment`, `numberOfLines`, `lineBreakMode` or the
/// bounds' size (labels use the `.redraw` content mode, as in UIKit); compositing a label that
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

    /// The text shown; nil or empty shows nothing. Any Unicode the font has is drawn; a
    /// character it lacks shows the font's missing-glyph box.
    open var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    /// The font; setting nil restores the default, the 17-point system font.
    open var font: UIFont! {
        get { fontStorage }
        set {
            let font = newValue ?? UIFont.systemFont(ofSize: UIFont.labelFontSize)
            guard font != fontStorage else { return }
            fontStorage = font
            setNeedsDisplay()
        }
    }

    /// The text colour; setting nil restores the default, black.
    open var textColor: UIColor! {
        get { textColorStorage }
        set {
            let color = newValue ?? .black
            guard color != textColorStorage else { return }
            textColorStorage = color
            setNeedsDisplay()
        }
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
        let scale = TextRenderer.scale(of: context)
        guard scale > 0 else { return }
        let layout = layout(text, scale: scale, width: rect.width, height: rect.height)
        let top = rect.minY + (rect.height - CGFloat(layout.height) / scale) / 2
        TextRenderer.draw(layout, in: context, at: CGPoint(x: rect.minX, y: top), containerWidth: rect.width,
                          alignment: textAlignment, color: textColorStorage.cgColor)
    }

    /// The rectangle the text takes in `bounds`: at its origin, as wide as the widest line and
    /// as tall as the lines shown (at most `numberOfLines` when that is above 0), within
    /// `bounds`' size.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let scale = contentScale
        let layout = fontStorage.layout(text, scale: scale, maxWidth: bounds.width, maxLines: max(0, numberOfLines),
                                        lineBreakMode: lineBreakMode)
        let size = CGSize(width: min(bounds.width, (CGFloat(layout.width) / scale).rounded(.up)),
                          height: min(bounds.height, (CGFloat(layout.height) / scale).rounded(.up)))
        return CGRect(origin: bounds.origin, size: size)
    }

    /// The size of the text, in whole points. A single-line label gives the width of its whole
    /// first line (UIKit ignores `size` then); otherwise lines wrap at `size.width` when it is
    /// above 0, and there are at most `numberOfLines` of them. Empty text gives zero.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let scale = contentScale
        let wrapWidth: CGFloat? = numberOfLines == 1 || !(size.width > 0) || !size.width.isFinite ? nil : size.width
        let layout = fontStorage.layout(text, scale: scale, maxWidth: wrapWidth, maxLines: max(0, numberOfLines),
                                        lineBreakMode: lineBreakMode)
        return CGSize(width: (CGFloat(layout.width) / scale).rounded(.up),
                      height: (CGFloat(layout.height) / scale).rounded(.up))
    }

    /// The size the label wants: `sizeThatFits` with `preferredMaxLayoutWidth` as the width.
    open var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: .greatestFiniteMagnitude))
    }

    /// The lines that fit `width`×`height` points: at most `numberOfLines` (when above 0) and at
    /// most as many whole lines as the height holds, but always one.
    private func layout(_ text: String, scale: CGFloat, width: CGFloat, height: CGFloat) -> TextLayout {
        let lineHeight = fontStorage.lineHeight
        let ratio = height / lineHeight
        let fitting = ratio.isFinite ? max(1, Int(min(1e6, ratio + 1e-6).rounded(.down))) : 1_000_000
        let lines = numberOfLines > 0 ? min(numberOfLines, fitting) : fitting
        return fontStorage.layout(text, scale: scale, maxWidth: width, maxLines: lines, lineBreakMode: lineBreakMode)
    }

    private var contentScale: CGFloat {
        let scale = layer.contentsScale
        return scale > 0 && scale.isFinite ? scale : 1
    }
}
