/// Which points a set of closed contours covers, from the winding number of each point (how many
/// times the contours turn around it, counting direction).
///
/// Core Graphics calls these `CGPathFillRule.winding` and `.evenOdd`; SVG and Skia use the same
/// two rules under these names.
public enum FillRule: Hashable, Sendable, CustomStringConvertible {
    /// Covered where the winding number is not zero: overlapping contours drawn in the same
    /// direction stay filled, a contour drawn the opposite way inside another cuts a hole.
    case nonZero
    /// Covered where the winding number is odd: every nested contour toggles, whatever its
    /// direction.
    case evenOdd

    public var description: String {
        switch self {
        case .nonZero: "nonZero"
        case .evenOdd: "evenOdd"
        }
    }
}
