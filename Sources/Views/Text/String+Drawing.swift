import Foundation
import Geometry
import Layers

extension String {
    /// Draws the string into the current UIKit context with its top left at `point`, as UIKit's
    /// `NSString.draw(at:withAttributes:)`: one line per paragraph, no wrapping. Without a
    /// current context it does nothing.
    ///
    /// ```swift
    /// UIGraphicsImageRenderer(size: CGSize(width: 200, height: 40)).image { _ in
    ///     "Hello".draw(at: CGPoint(x: 8, y: 8), withAttributes: [.font: UIFont.systemFont(ofSize: 20)])
    /// }
    /// ```
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(StyledText(self, style: TextStyle(attrs)), at: point)
    }

    /// Draws the string into the current UIKit context inside `rect`, as UIKit's
    /// `NSString.draw(in:withAttributes:)`: from the top left, lines wrapped at `rect`'s width
    /// and placed by the paragraph style's alignment in it, as many whole lines as its height
    /// holds (at least one), clipped to it.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        TextDrawing.draw(StyledText(self, style: TextStyle(attrs)), in: rect)
    }

    /// Draws the string in `rect` with `options`, as UIKit's
    /// `NSString.draw(with:options:attributes:context:)`: with `.usesLineFragmentOrigin` as
    /// `draw(in:)` (lines wrapped at the width; whole lines within a finite height above 0,
    /// unclipped), `.truncatesLastVisibleLine` ending the last one in "…"; without it, one
    /// line per paragraph with the first baseline at `rect.origin`. `context`'s
    /// `minimumScaleFactor` shrinks the fonts until the text fits the width.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        TextDrawing.draw(StyledText(self, style: TextStyle(attributes)), with: rect, options: options, context: context)
    }

    /// The size the string takes when drawn with `draw(at:withAttributes:)`, in points
    /// (fractional, as UIKit's: round up to place views): the widest line's advance width and
    /// the height of all lines. Empty text has size zero.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        TextDrawing.size(StyledText(self, style: TextStyle(attrs)))
    }

    /// The box the string takes when drawn in a rectangle of `size` with `options`, as UIKit's
    /// `NSString.boundingRect(with:options:attributes:context:)`: with
    /// `.usesLineFragmentOrigin`, lines wrap at `size.width` and the box starts at (0, 0);
    /// without it, the text is one line per paragraph and the box starts at (0, −ascender)
    /// (its origin is the baseline). `.usesDeviceMetrics` gives the ink's box instead.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        TextDrawing.boundingRect(StyledText(self, style: TextStyle(attributes)), size: size, options: options, context: context)
    }
}

/// UIKit's drawing additions on `NSString`, which Swift code reaches as
/// `(text as NSString).draw(at:withAttributes:)`: the same as `String`'s.
extension NSString {
    /// `String.draw(at:withAttributes:)`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attrs)
    }

    /// `String.draw(in:withAttributes:)`.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attrs)
    }

    /// `String.draw(with:options:attributes:context:)`.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [],
                     attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) {
        (self as String).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// `String.size(withAttributes:)`.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attrs)
    }

    /// `String.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}

extension NSAttributedString {
    /// Draws the text into the current UIKit context with its top left at `point`, as UIKit's
    /// `draw(at:)`: one line per paragraph, each run in its attributes.
    public func draw(at point: CGPoint) {
        TextDrawing.draw(StyledText(self), at: point)
    }

    /// Draws the text inside `rect`, wrapped at its width, as many whole lines as its height
    /// holds (at least one), clipped to it; as UIKit's `draw(in:)`.
    public func draw(in rect: CGRect) {
        TextDrawing.draw(StyledText(self), in: rect)
    }

    /// Draws the text in `rect` with `options`; see `String.draw(with:options:attributes:context:)`.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        TextDrawing.draw(StyledText(self), with: rect, options: options, context: context)
    }

    /// The size the text takes when drawn with `draw(at:)`, in points (fractional).
    public func size() -> CGSize {
        TextDrawing.size(StyledText(self))
    }

    /// The box the text takes in a rectangle of `size`; see
    /// `String.boundingRect(with:options:attributes:context:)`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             context: NSStringDrawingContext?) -> CGRect {
        TextDrawing.boundingRect(StyledText(self), size: size, options: options, context: context)
    }
}

/// The string-drawing functions' shared work: layouts at the current context's scale, placed
/// as UIKit places them.
enum TextDrawing {
    static func draw(_ text: StyledText, at point: CGPoint) {
        guard !text.isEmpty, let context = UIGraphicsGetCurrentContext() else { return }
        let scale = Double(TextRenderer.scale(of: context))
        guard scale > 0 else { return }
        TextRenderer.draw(TextLayout(text, scale: scale, options: TextLayoutOptions()), in: context, at: point,
                          containerWidth: nil)
    }

    static func draw(_ text: StyledText, in rect: CGRect) {
        let r = rect.standardized
        guard !text.isEmpty, !r.isNull, r.width > 0, r.width.isFinite, let context = UIGraphicsGetCurrentContext() else { return }
        let scale = Double(TextRenderer.scale(of: context))
        guard scale > 0 else { return }
        let height = Double(r.height) * scale
        let layout = TextLayout(text, scale: scale, options: TextLayoutOptions(maxWidth: Double(r.width) * scale,
                                                                               maxHeight: height.isFinite ? height : nil))
        context.saveGState()
        context.clip(to: r)
        TextRenderer.draw(layout, in: context, at: r.origin, containerWidth: r.width)
        context.restoreGState()
    }

    static func draw(_ text: StyledText, with rect: CGRect, options: NSStringDrawingOptions, context drawing: NSStringDrawingContext?) {
        let r = rect.standardized
        guard !text.isEmpty, !r.isNull, let context = UIGraphicsGetCurrentContext() else { return }
        let scale = Double(TextRenderer.scale(of: context))
        guard scale > 0 else { return }
        let (layout, fontScale) = fitted(text, scale: scale, size: r.size, options: options, context: drawing)
        let lineFragment = options.contains(.usesLineFragmentOrigin)
        var origin = r.origin
        if !lineFragment, let first = layout.lines.first { origin.y -= CGFloat(first.baseline / scale) }
        let width = lineFragment && r.width > 0 && r.width.isFinite ? r.width : nil
        TextRenderer.draw(layout, in: context, at: origin, containerWidth: width)
        drawing?.actualScaleFactor = CGFloat(fontScale)
        drawing?.totalBounds = CGRect(x: origin.x, y: origin.y, width: CGFloat(layout.width / scale),
                                      height: CGFloat(layout.height / scale))
    }

    static func size(_ text: StyledText) -> CGSize {
        guard !text.isEmpty else { return .zero }
        let layout = TextLayout(text, scale: 1, options: TextLayoutOptions())
        return CGSize(width: CGFloat(layout.width), height: CGFloat(layout.height))
    }

    static func boundingRect(_ text: StyledText, size: CGSize, options: NSStringDrawingOptions,
                             context drawing: NSStringDrawingContext?) -> CGRect {
        guard !text.isEmpty else { return .zero }
        let (layout, fontScale) = fitted(text, scale: 1, size: size, options: options, context: drawing)
        let lineFragment = options.contains(.usesLineFragmentOrigin)
        let top = lineFragment ? 0 : -(layout.lines.first?.baseline ?? 0)
        var box = CGRect(x: 0, y: CGFloat(top), width: CGFloat(layout.width), height: CGFloat(layout.height))
        if options.contains(.usesDeviceMetrics) {
            var list = TextPaintList()
            let width = lineFragment && size.width > 0 && size.width.isFinite ? Double(size.width) : layout.width
            list.collect(layout, container: width)
            let ink = list.bounds
            box = ink.isEmpty ? .zero : CGRect(x: CGFloat(ink.x), y: CGFloat(Double(ink.y) + top),
                                                width: CGFloat(ink.width), height: CGFloat(ink.height))
        }
        drawing?.actualScaleFactor = CGFloat(fontScale)
        drawing?.totalBounds = box
        return box
    }

    /// The layout for a `draw(with:)`/`boundingRect` rectangle of `size` points, with its fonts
    /// shrunk (down to the context's `minimumScaleFactor`) until the widest line fits the width.
    private static func fitted(_ text: StyledText, scale: Double, size: CGSize, options: NSStringDrawingOptions,
                               context: NSStringDrawingContext?) -> (TextLayout, Double) {
        let lineFragment = options.contains(.usesLineFragmentOrigin)
        let width = Double(size.width) * scale, height = Double(size.height) * scale
        var layoutOptions = TextLayoutOptions()
        if lineFragment {
            layoutOptions.maxWidth = width > 0 && width.isFinite ? width : nil
            layoutOptions.maxHeight = height > 0 && height.isFinite ? height : nil
            layoutOptions.truncatesLastLine = options.contains(.truncatesLastVisibleLine)
        }
        var layout = TextLayout(text, scale: scale, options: layoutOptions)
        let minimum = Double(context?.minimumScaleFactor ?? 0)
        guard minimum > 0, minimum < 1, width > 0, width.isFinite else { return (layout, 1) }
        var factor = 1.0
        func tooWide(_ l: TextLayout) -> Bool { l.width > width + 1e-6 || (lineFragment && l.isTruncated) }
        while tooWide(layout), factor > minimum {
            factor = max(minimum, factor * min(0.97, width / max(1, layout.width)))
            layout = TextLayout(text, scale: scale, fontScale: factor, options: layoutOptions)
        }
        return (layout, factor)
    }
}
