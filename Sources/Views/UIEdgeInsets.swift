import Geometry

/// Distances inward from each edge of a rectangle, as UIKit's `UIEdgeInsets`: positive values
/// shrink the rectangle, negative values grow it. Top and bottom are in UIKit's y-down sense.
///
/// ```swift
/// button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 12, bottom: 4, right: 12)
/// let inner = button.bounds.inset(by: button.contentEdgeInsets)
/// ```
public struct UIEdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    /// All four insets zero, as UIKit's `init()`.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge: UIKit's `UIEdgeInsets.zero`.
    public static let zero = UIEdgeInsets()

    /// UIKit prints insets as `{top, left, bottom, right}` (`NSCoder.string(for:)`).
    public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
    /// The rectangle moved in from each edge by `insets`, as UIKit's `inset(by:)`
    /// (`UIEdgeInsetsInsetRect`). As there, insets larger than the rectangle give a negative
    /// width or height, which `CGRect`'s `minX`/`width` accessors read as standardized.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// Distances inward from each edge in the reading direction, as UIKit's
/// `NSDirectionalEdgeInsets`: `leading` and `trailing` are left and right here (Kinescope lays
/// text out left to right).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    /// All four insets zero.
    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = NSDirectionalEdgeInsets()

    /// The same insets with leading as left and trailing as right.
    var edgeInsets: UIEdgeInsets { UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing) }
}

/// Edges of a rectangle in the reading direction, as UIKit's `NSDirectionalRectEdge`, with
/// Apple's raw values; `leading` is the left edge here (Kinescope lays text out left to right).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    /// All four edges.
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
