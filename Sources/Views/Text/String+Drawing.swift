import Geometry
import Layers

extension NSAttributedString.Key {
    /// The font of the text: a `UIFont`. UIKit declares this key (Foundation does not), and so
    /// does Kinescope. Without it text is drawn in the 12-point system font, Apple's default.
    public static let font = NSAttributedString.Key(rawValue: "NSFont")
    /// The colour of the text: a `UIColor` (or a `CGColor`). Without it text is black.
    public static let foregroundColor = NSAttributedString.Key(rawValue: "NSColor")
}

extension String {
    /// Draws the string into the current UIKit context with its top left at `point`, as UIKit's
    /// `NSString.draw(at:withAttributes:)`: one line per paragraph, no wrapping. Kinescope reads
    /// `.font` and `.foregroundColor` and ignores other attributes. Without a current context it
    /// does nothing.
    ///
    /// ```swift
    /// UIGraphicsImageRenderer(size: CGSize(width: 200, height: 40)).image { _ in
    ///     "Hello".draw(at: CGPoint(x: 8, y: 8), withAttributes: [.font: UIFont.systemFont(ofSize: 20)])
    /// }
    /// ```
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        guard !isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        let (font, color) = TextStyle.resolve(attrs)
        let scale = TextRenderer.scale(of: context)
        guard scale > 0 else { return }
        let layout = font.layout(self, scale: scale, maxWidth: nil, maxLines: 0, lineBreakMode: .byWordWrapping)
        TextRenderer.draw(layout, in: context, at: point, containerWidth: nil, alignment: .left, color: color)
    }

    /// Draws the string into the current UIKit context inside `rect`, as UIKit's
    /// `NSString.draw(in:withAttributes:)`: from the top left, lines wrapped at word boundaries
    /// at `rect`'s width, as many whole lines as its height holds (at least one), clipped to it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        let r = rect.standardized
        guard !isEmpty, !r.isNull, r.width > 0, let context = UIGraphicsGetCurrentContext() else { return }
        let (font, color) = TextStyle.resolve(attrs)
        let scale = TextRenderer.scale(of: context)
        guard scale > 0 else { return }
        let ratio = r.height / font.lineHeight
        let lines = ratio.isFinite ? max(1, Int(min(1e6, ratio + 1e-6).rounded(.down))) : 0
        let layout = font.layout(self, scale: scale, maxWidth: r.width, maxLines: lines, lineBreakMode: .byWordWrapping)
        context.saveGState()
        context.clip(to: r)
        TextRenderer.draw(layout, in: context, at: r.origin, containerWidth: r.width, alignment: .left, color: color)
        context.restoreGState()
    }

    /// The size the string takes when drawn with `draw(at:withAttributes:)`, in points: the
    /// widest line's advance width and the height of all lines (line height × lines). Empty
    /// text has size zero.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        guard !isEmpty else { return .zero }
        let layout = TextStyle.resolve(attrs).font.layout(self, scale: 1, maxWidth: nil, maxLines: 0,
                                                          lineBreakMode: .byWordWrapping)
        return CGSize(width: CGFloat(layout.width), height: CGFloat(layout.height))
    }
}

/// The attributes Kinescope's string drawing reads.
private enum TextStyle {
    static func resolve(_ attrs: [NSAttributedString.Key: Any]?) -> (font: UIFont, color: CGColor) {
        let font = attrs?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        let value = attrs?[.foregroundColor]
        let color = (value as? UIColor)?.cgColor ?? (value.flatMap { $0 as? CGColor }) ?? .black
        return (font, color)
    }
}
