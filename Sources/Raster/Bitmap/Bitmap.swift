/// A rectangle of premultiplied BGRA8 pixels (`PremultipliedColor` words) with a row stride.
///
/// A `Bitmap` is a view onto pixel memory, like a pointer with a size: copies of it share the
/// same pixels, and writing through one is seen through the others. It either owns its memory
/// (allocated zeroed, 64-byte aligned, freed when the last view goes) or borrows memory that
/// someone else keeps alive, such as an X11 shared-memory segment. `view(of:)` gives a
/// sub-rectangle without copying; `copy()` gives independent pixels.
///
/// It is `Sendable` so that compositor bands can run on worker threads; writing the same pixels
/// from two threads at once is a data race that the caller must avoid (bands never overlap).
public struct Bitmap: @unchecked Sendable {
    /// Width and height in pixels.
    public let size: PixelSize
    /// Distance from one row to the next, in pixels (≥ `width`).
    public let rowStride: Int
    /// The first pixel of the first row.
    public let baseAddress: UnsafeMutablePointer<UInt32>
    private var owner: AnyObject?

    @inlinable public var width: Int { size.width }
    @inlinable public var height: Int { size.height }
    /// The whole bitmap, at the origin.
    public var bounds: PixelRect { PixelRect(size: size) }

    /// Allocates a bitmap of transparent black pixels with a tight stride (`rowStride == width`).
    public init(size: PixelSize) {
        let storage = PixelStorage(count: size.area)
        self.size = size
        self.rowStride = size.width
        self.baseAddress = storage.pixels
        self.owner = storage
    }

    /// Allocates a bitmap of transparent black pixels. Traps when a side lies outside
    /// `0...PixelSize.maxDimension`; validate outside input with `PixelSize(width:height:)`.
    public init(width: Int, height: Int) {
        self.init(size: PixelSize(uncheckedWidth: width, height: height))
    }

    /// Allocates a bitmap filled with `color`.
    public init(size: PixelSize, filledWith color: PremultipliedColor) {
        self.init(size: size)
        let count = size.area
        baseAddress.update(repeating: color.packed, count: count)
    }

    /// Borrows memory that the caller keeps alive and writable for as long as any view of this
    /// bitmap is used. `rowStride` is in pixels and must be at least `size.width`.
    public init(borrowing pixels: UnsafeMutablePointer<UInt32>, size: PixelSize, rowStride: Int) {
        precondition(rowStride >= size.width, "row stride \(rowStride) is less than width \(size.width)")
        self.size = size
        self.rowStride = rowStride
        self.baseAddress = pixels
        self.owner = nil
    }

    private init(base: UnsafeMutablePointer<UInt32>, size: PixelSize, rowStride: Int, owner: AnyObject?) {
        self.size = size
        self.rowStride = rowStride
        self.baseAddress = base
        self.owner = owner
    }

    /// A view of `rect` that shares this bitmap's pixels. `rect` must lie inside `bounds`.
    public func view(of rect: PixelRect) throws(RasterError) -> Bitmap {
        guard rect.minX >= 0, rect.minY >= 0, rect.maxX <= width, rect.maxY <= height
        else { throw .rectOutOfBounds(rect, size) }
        return Bitmap(base: baseAddress + rect.y * rowStride + rect.x,
                      size: PixelSize(uncheckedWidth: rect.width, height: rect.height),
                      rowStride: rowStride, owner: owner)
    }

    /// Row `y` as a buffer of `width` pixels. `y` must lie in `0..<height`.
    @inlinable public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        precondition(y >= 0 && y < height, "row \(y) outside 0..<\(height)")
        return UnsafeMutableBufferPointer(start: baseAddress + y * rowStride, count: width)
    }

    /// The pixel at (`x`, `y`), bounds-checked. For tests and tools; kernels use `row(_:)`.
    public subscript(x x: Int, y y: Int) -> PremultipliedColor {
        get {
            precondition(bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(size)")
            return PremultipliedColor(packed: baseAddress[y * rowStride + x])
        }
        nonmutating set {
            precondition(bounds.contains(x: x, y: y), "pixel (\(x), \(y)) outside \(size)")
            baseAddress[y * rowStride + x] = newValue.packed
        }
    }

    /// Whether this bitmap owns its memory and no other `Bitmap` (copy or view) shares it: then
    /// nothing else can read or write these pixels, and the memory may be reused for others.
    package mutating func isUniquelyOwned() -> Bool { isKnownUniquelyReferenced(&owner) }

    /// A new bitmap with its own tightly packed copy of these pixels.
    public func copy() -> Bitmap {
        let result = Bitmap(size: size)
        for y in 0..<height {
            result.row(y).baseAddress!.update(from: row(y).baseAddress!, count: width)
        }
        return result
    }

    /// Whether both bitmaps have the same size and the same pixel words (strides may differ).
    public func hasSamePixels(as other: Bitmap) -> Bool {
        guard size == other.size else { return false }
        for y in 0..<height where !row(y).elementsEqual(other.row(y)) { return false }
        return true
    }
}

/// Owned pixel memory: zeroed, 64-byte aligned so that rows of tight bitmaps start on cache lines
/// when the width is a multiple of 16.
final class PixelStorage {
    let pixels: UnsafeMutablePointer<UInt32>
    private let raw: UnsafeMutableRawPointer

    init(count: Int) {
        let bytes = max(count, 1) * MemoryLayout<UInt32>.stride
        raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        // memset, not `initializeMemory(as:repeating:count:)`: in a debug build the generic
        // stdlib loop runs unspecialised, ≈ 0.75 s of CPU for a 64-megapixel bitmap (measured).
        memset(raw, 0, bytes)
        pixels = raw.bindMemory(to: UInt32.self, capacity: max(count, 1))
    }

    deinit { raw.deallocate() }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
