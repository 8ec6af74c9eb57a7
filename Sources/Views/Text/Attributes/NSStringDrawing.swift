import Foundation
import Geometry

/// How `draw(with:options:context:)` and `boundingRect(with:options:context:)` lay text out,
/// with UIKit's raw values.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The rectangle's origin is the top left of the first line and lines wrap at its width;
    /// without it the origin is the first line's baseline and the text is one line.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Accepted for source compatibility: lines are always as tall as the font's line height
    /// with its leading here.
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// `boundingRect` returns the ink's box (the glyphs' pixels) instead of the typographic one.
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// The last line that fits the rectangle's height ends in "…" when text remains (with
    /// `.usesLineFragmentOrigin` and a wrapping line-break mode, as on Apple's).
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Scaling and measuring for one `draw(with:options:context:)` call, as UIKit's
/// `NSStringDrawingContext`.
open class NSStringDrawingContext: NSObject, @unchecked Sendable {
    /// The smallest factor the fonts may be scaled by so that the text fits the rectangle's
    /// width (0 or 1, the default: no scaling).
    open var minimumScaleFactor: CGFloat = 0
    /// The factor used by the last call (1 when the text fitted or no scaling was allowed).
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The box of the text drawn or measured by the last call, in the call's coordinates.
    open internal(set) var totalBounds: CGRect = .zero

    public override init() {}
}
