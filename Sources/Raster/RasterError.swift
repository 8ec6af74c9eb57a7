/// Errors raised by the raster core. Each message names the offending value and the valid range.
public enum RasterError: Error, Equatable, CustomStringConvertible {
    /// A size outside `0...PixelSize.maxDimension` on a side.
    case invalidSize(width: Int, height: Int)
    /// Two bitmaps that a kernel pairs pixel for pixel have different sizes.
    case sizeMismatch(PixelSize, PixelSize)
    /// A rectangle that does not lie inside the bitmap it addresses.
    case rectOutOfBounds(PixelRect, PixelSize)

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            "invalid pixel size \(width)x\(height): each side must be in 0...\(PixelSize.maxDimension)"
        case let .sizeMismatch(a, b):
            "bitmap sizes differ: \(a) and \(b)"
        case let .rectOutOfBounds(rect, size):
            "rectangle \(rect) does not lie inside a \(size) bitmap"
        }
    }
}
