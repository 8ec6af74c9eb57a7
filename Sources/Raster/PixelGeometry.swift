/// The size of a pixel buffer, in pixels, validated once so that every `Bitmap` is allocatable.
///
/// Both sides lie in `0...PixelSize.maxDimension`; a zero side makes an empty bitmap, which every
/// kernel accepts and leaves alone.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// The largest side Kinescope allocates (16384 pixels, 1 GiB at 16384×16384).
    public static let maxDimension = 16384

    public let width: Int
    public let height: Int

    /// Validates a size that comes from outside (a file header, a command line, a caller).
    public init(width: Int, height: Int) throws(RasterError) {
        guard (0...Self.maxDimension).contains(width), (0...Self.maxDimension).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        self.width = width
        self.height = height
    }

    /// A size already known to be valid (derived from valid sizes); traps otherwise.
    package init(uncheckedWidth width: Int, height: Int) {
        precondition((0...Self.maxDimension).contains(width) && (0...Self.maxDimension).contains(height),
                     "pixel size \(width)x\(height) outside 0...\(Self.maxDimension)")
        self.width = width
        self.height = height
    }

    /// Number of pixels, `width * height`.
    public var area: Int { width * height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var description: String { "\(width)x\(height)" }
}

/// An integer rectangle of pixels: `x..<x+width` by `y..<y+height`. Width and height are never
/// negative; an empty rectangle has one of them zero.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int { didSet { width = max(0, width) } }
    public var height: Int { didSet { height = max(0, height) } }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    public var minX: Int { x }
    public var minY: Int { y }
    /// `x + width`, saturating at `Int.max` (a rectangle reaching past the largest `Int` ends
    /// there instead of trapping).
    public var maxX: Int { x.addingReportingOverflow(width).overflow ? .max : x + width }
    /// `y + height`, saturating at `Int.max`.
    public var maxY: Int { y.addingReportingOverflow(height).overflow ? .max : y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The common part of two rectangles; empty (at the origin of `self`) when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty operand is ignored.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}
