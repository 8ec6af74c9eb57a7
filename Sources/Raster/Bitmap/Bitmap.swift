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
///
/// Bitmaps of `hugeThreshold` bytes or more (a 1024×1024 frame and up) are mapped straight from
/// the kernel, starting on a 2 MB boundary and advised `MADV_HUGEPAGE`, so that where the kernel
/// offers transparent huge pages (in "always" or, as on this machine, "madvise" mode) each whole
/// 2 MB block is backed by one TLB entry. The warping transitions read their source along slanted
/// lines that cross a row every pixel or two, so a 1080p frame walks hundreds of 4 KB pages per
/// output row. Measured (speed harness, one thread, 1920×1080, both kinds of bitmap in one
/// process, frames alternated, best of 9 at progress 0.3 and 0.55): 43 of the 51
/// transition–subtype pairs faster, typically by 2–5 % (pageCurl fromLeft 5.50 → 4.53 ms, cube
/// fromBottom 5.74 → 4.88, crossDissolve 0.98 → 0.86), 7 slower by 1–6 % (curlUp 5.90 → 6.25),
/// which this machine's noise does not separate from zero. The tail of a mapping shorter than
/// 2 MB stays in small pages, so nothing is rounded up; a refused mapping falls back to the heap.
final class PixelStorage {
    let pixels: UnsafeMutablePointer<UInt32>
    private let raw: UnsafeMutableRawPointer
    /// The mapping's length, or 0 when `raw` came from the heap.
    private let mappedBytes: Int

    init(count: Int) {
        let bytes = max(count, 1) * MemoryLayout<UInt32>.stride
        if bytes >= PixelStorage.hugeThreshold, let mapping = PixelStorage.mapHuge(bytes) {
            // Anonymous mappings are zero-filled by the kernel, page by page as they are touched.
            raw = mapping.base
            mappedBytes = mapping.length
        } else {
            raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            // memset, not `initializeMemory(as:repeating:count:)`: in a debug build the generic
            // stdlib loop runs unspecialised, ≈ 0.75 s of CPU for a 64-megapixel bitmap (measured).
            memset(raw, 0, bytes)
            mappedBytes = 0
        }
        pixels = raw.bindMemory(to: UInt32.self, capacity: max(count, 1))
    }

    deinit {
        if mappedBytes > 0 { munmap(raw, mappedBytes) } else { raw.deallocate() }
    }

    /// The size from which pixel memory is mapped on huge-page boundaries: 4 MB, so that at
    /// least one whole huge page lies inside.
    static let hugeThreshold = 4 << 20
    /// The x86-64 huge page size.
    static let hugePage = 2 << 20

    /// `bytes` (rounded up to the page size) of zeroed memory starting on a 2 MB boundary and
    /// advised `MADV_HUGEPAGE`; nil if the kernel refuses the mapping. The reservation is one huge
    /// page longer than needed and its unaligned ends are unmapped again.
    static func mapHuge(_ bytes: Int) -> (base: UnsafeMutableRawPointer, length: Int)? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = (bytes + page - 1) / page * page
        let reserved = length + hugePage
        guard let start = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              start != MAP_FAILED else { return nil }
        let address = Int(bitPattern: start)
        let aligned = (address + hugePage - 1) / hugePage * hugePage
        if aligned > address { munmap(start, aligned - address) }
        let end = aligned + length, reservedEnd = address + reserved
        if reservedEnd > end { munmap(UnsafeMutableRawPointer(bitPattern: end), reservedEnd - end) }
        let base = UnsafeMutableRawPointer(bitPattern: aligned)!
        #if os(Linux)
        madvise(base, length, MADV_HUGEPAGE)
        #endif
        return (base, length)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
