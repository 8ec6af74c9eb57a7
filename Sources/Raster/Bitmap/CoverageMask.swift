/// A rectangle of 8-bit coverage values with a row stride: 0 leaves the destination alone, 255
/// draws the source fully, values between scale it. It is an alpha-only image (what pixman calls
/// `a8` and Core Graphics a mask), used for antialiased edges, rounded corners and clipping.
///
/// Like `Bitmap`, a `CoverageMask` is a view onto memory: copies share values, `view(of:)` gives a
/// sub-rectangle without copying and `copy()` gives independent storage.
public struct CoverageMask: @unchecked Sendable {
    /// Width and height in pixels.
    public let size: PixelSize
    /// Distance from one row to the next, in bytes (≥ `width`).
    public let rowStride: Int
    /// The first value of the first row.
    public let baseAddress: UnsafeMutablePointer<UInt8>
    private let owner: AnyObject?

    @inlinable public var width: Int { size.width }
    @inlinable public var height: Int { size.height }
    /// The whole mask, at the origin.
    public var bounds: PixelRect { PixelRect(size: size) }

    /// Allocates a mask of zero coverage with a tight stride (`rowStride == width`).
    public init(size: PixelSize) {
        let storage = CoverageStorage(count: size.area)
        self.size = size
        self.rowStride = size.width
        self.baseAddress = storage.values
        self.owner = storage
    }

    /// Allocates a mask of zero coverage. Traps when a side lies outside
    /// `0...PixelSize.maxDimension`; validate outside input with `PixelSize(width:height:)`.
    public init(width: Int, height: Int) {
        self.init(size: PixelSize(uncheckedWidth: width, height: height))
    }

    /// Allocates a mask whose every value is `coverage`.
    public init(size: PixelSize, filledWith coverage: UInt8) {
        self.init(size: size)
        baseAddress.update(repeating: coverage, count: size.area)
    }

    /// Borrows memory that the caller keeps alive and writable for as long as any view of this
    /// mask is used. `rowStride` is in bytes and must be at least `size.width`.
    public init(borrowing values: UnsafeMutablePointer<UInt8>, size: PixelSize, rowStride: Int) {
        precondition(rowStride >= size.width, "row stride \(rowStride) is less than width \(size.width)")
        self.size = size
        self.rowStride = rowStride
        self.baseAddress = values
        self.owner = nil
    }

    private init(base: UnsafeMutablePointer<UInt8>, size: PixelSize, rowStride: Int, owner: AnyObject?) {
        self.size = size
        self.rowStride = rowStride
        self.baseAddress = base
        self.owner = owner
    }

    /// A view of `rect` that shares this mask's values. `rect` must lie inside `bounds`.
    public func view(of rect: PixelRect) throws(RasterError) -> CoverageMask {
        guard rect.minX >= 0, rect.minY >= 0, rect.maxX <= width, rect.maxY <= height
        else { throw .rectOutOfBounds(rect, size) }
        return CoverageMask(base: baseAddress + rect.y * rowStride + rect.x,
                            size: PixelSize(uncheckedWidth: rect.width, height: rect.height),
                            rowStride: rowStride, owner: owner)
    }

    /// Row `y` as a buffer of `width` values. `y` must lie in `0..<height`.
    @inlinable public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt8> {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        return UnsafeMutableBufferPointer(start: baseAddress + y * rowStride, count: width)
    }

    /// The coverage at (`x`, `y`), bounds-checked. For tests and tools; kernels use `row(_:)`.
    public subscript(x x: Int, y y: Int) -> UInt8 {
        get {
            precondition(bounds.contains(x: x, y: y), "coverage (\(x), \(y)) outside \(size)")
            return baseAddress[y * rowStride + x]
        }
        nonmutating set {
            precondition(bounds.contains(x: x, y: y), "coverage (\(x), \(y)) outside \(size)")
            baseAddress[y * rowStride + x] = newValue
        }
    }

    /// A new mask with its own tightly packed copy of these values.
    public func copy() -> CoverageMask {
        let result = CoverageMask(size: size)
        for y in 0..<height {
            result.row(y).baseAddress!.update(from: row(y).baseAddress!, count: width)
        }
        return result
    }

    /// Whether both masks have the same size and the same values (strides may differ).
    public func hasSameCoverage(as other: CoverageMask) -> Bool {
        guard size == other.size else { return false }
        for y in 0..<height where !row(y).elementsEqual(other.row(y)) { return false }
        return true
    }
}

/// Owned coverage memory: zeroed and 64-byte aligned, like `PixelStorage`.
final class CoverageStorage {
    let values: UnsafeMutablePointer<UInt8>
    private let raw: UnsafeMutableRawPointer

    init(count: Int) {
        let bytes = max(count, 1)
        raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        values = raw.bindMemory(to: UInt8.self, capacity: bytes)
    }

    deinit { raw.deallocate() }
}

extension CoverageMask {
    /// Makes every value 0 or 255: 255 where the coverage is at least one half (128), as aliased
    /// drawing covers a pixel when its centre is inside.
    public func threshold() {
        for y in 0..<height {
            let row = self.row(y)
            for x in 0..<width { row[x] = row[x] >= 128 ? 255 : 0 }
        }
    }
}
