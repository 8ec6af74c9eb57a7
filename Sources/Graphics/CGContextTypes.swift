import Raster

/// Where alpha sits in a pixel (Apple's raw values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// Bitmap layout flags (Apple's raw values).
public struct CGBitmapInfo: OptionSet, Sendable {
    /// Apple's bit values.
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
}

/// Image sampling quality (Apple's raw values).
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0
    case none = 1
    case low = 2
    case high = 3
    case medium = 4
}

/// How the ends of open subpaths are stroked (Apple's raw values). Default `.butt`.
public enum CGLineCap: Int32, Sendable {
    /// Square at the end point.
    case butt = 0
    /// A half disc of the line width's diameter around the end point.
    case round = 1
    /// Square, half the line width past the end point.
    case square = 2

    /// The rasterizer's name for the same cap.
    public var rasterCap: LineCap {
        switch self {
        case .butt: .butt
        case .round: .round
        case .square: .square
        }
    }
}

/// How corners of stroked paths are drawn (Apple's raw values). Default `.miter`.
public enum CGLineJoin: Int32, Sendable {
    /// Outer edges extended to meet; beveled where the miter would exceed the miter limit.
    case miter = 0
    /// Rounded with a disc of the line width's diameter.
    case round = 1
    /// The outer corners joined by a straight line.
    case bevel = 2

    /// The rasterizer's name for the same join.
    public var rasterJoin: LineJoin {
        switch self {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
    }
}

/// What `CGContext.drawPath(using:)` paints (Apple's raw values).
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the non-zero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke.
    case stroke = 2
    /// Fill (non-zero), then stroke over it.
    case fillStroke = 3
    /// Fill (even-odd), then stroke over it.
    case eoFillStroke = 4
}

/// How painting combines with the pixels under it (Apple's 28 modes and raw values). The first
/// sixteen are the PDF blend modes, the rest Porter–Duff operators and Apple's additive modes;
/// `BlendOperator` gives each formula. Painting is bounded by the shape drawn: `.copy` or
/// `.clear` change nothing outside the filled path.
public enum CGBlendMode: Int32, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight,
         hardLight, difference, exclusion, hue, saturation, color, luminosity
    case clear = 16, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn,
         destinationOut, destinationAtop, xor, plusDarker, plusLighter

    /// The raster operator that paints this mode.
    public var `operator`: BlendOperator { BlendOperator(rawValue: rawValue) ?? .normal }
}

/// Whether a gradient also paints before its start and after its end (Apple's raw values).
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    /// Apple's bit values.
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Extends the start colour before the start point (or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1 << 0)
    /// Extends the end colour past the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 1 << 1)
}
