/// How an open contour's two ends are drawn (Core Graphics' `CGLineCap`).
public enum LineCap: Hashable, Sendable {
    /// The stroke stops square at the end point.
    case butt
    /// A half disc of the line width's diameter is added around the end point.
    case round
    /// The stroke goes on half the line width past the end point, square.
    case square
}

/// How two segments meet at a corner (Core Graphics' `CGLineJoin`).
public enum LineJoin: Hashable, Sendable {
    /// The outer edges are extended until they meet, unless the corner is so sharp that the
    /// miter would be longer than `miterLimit` line widths; then the corner is beveled.
    case miter
    /// A disc of the line width's diameter rounds the corner.
    case round
    /// The outer corners of the two segments are joined by a straight line.
    case bevel
}

/// The parameters of a stroke, in the space the stroked path is given in.
///
///     let style = StrokeStyle(width: 4, cap: .round, join: .round)
///     let outline = path.stroked(style)   // fill it with `.nonZero`
public struct StrokeStyle: Hashable, Sendable {
    /// The full width of the stroke, centred on the path. 0 (or less, or NaN) strokes nothing:
    /// Core Graphics' hairline (one device pixel for width 0) is drawn by the caller with
    /// width 1 in device space.
    public var width: Double
    /// How the ends of open contours are drawn (Core Graphics' default: `.butt`).
    public var cap: LineCap
    /// How corners are drawn, closed contours' start included (default `.miter`).
    public var join: LineJoin
    /// The longest miter allowed, as a multiple of the line width: a miter join whose length
    /// `1 / sin(φ / 2)` (φ the angle between the segments) exceeds it is drawn beveled, as Core
    /// Graphics does. Default 10 (Core Graphics' default, a bevel below about 11.5°).
    public var miterLimit: Double

    /// A style with Core Graphics' defaults: butt caps, miter joins, miter limit 10.
    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }
}
