import Geometry
import Raster

/// An immutable bitmap image: Kinescope's `CGImage`, backed by a premultiplied BGRA8 `Bitmap`
/// that nothing else writes.
///
/// Images are cheap to share between layers and threads. The compositor caches derived data
/// (such as down-scaled levels) per image, keyed by its identity.
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The pixels. Never written after the image is made.
    public let bitmap: Bitmap

    /// Takes ownership of `bitmap`: the caller must not write to it (or any view of it) again.
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        mipmaps = LazyMipmaps(bitmap)
    }

    /// Copies the pixels of `bitmap`, so the caller may go on drawing into it.
    public convenience init(copying bitmap: Bitmap) {
        self.init(bitmap: bitmap.copy())
    }

    /// The pixels with their down-scaled levels, built on first use and kept with the image,
    /// so that drawing it shrunk frame after frame builds them once.
    public var mipmapped: MipmappedImage { mipmaps.value }
    private let mipmaps: LazyMipmaps

    /// Width in pixels.
    public var width: Int { bitmap.width }
    /// Height in pixels.
    public var height: Int { bitmap.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    /// Bytes from one row to the next.
    public var bytesPerRow: Int { bitmap.rowStride * 4 }

    /// Whether every pixel is opaque; computed once, lazily.
    public var isOpaque: Bool {
        opacity.compute {
            for y in 0..<bitmap.height where bitmap.row(y).contains(where: { $0 < 0xFF00_0000 }) { return false }
            return true
        }
    }
    private let opacity = LazyOpacity()

    /// The part of the image inside `rect` (in pixels, clipped to the image), sharing its pixels;
    /// nil when the intersection is empty, as Apple returns.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite, rect.minY.isFinite else { return nil }
        // Clipped while still in CGFloat, so that coordinates beyond Int's range cannot trap.
        let integral = rect.integral.intersection(CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height)))
        guard !integral.isNull, !integral.isEmpty else { return nil }
        let pixels = PixelRect(x: Int(integral.minX), y: Int(integral.minY),
                               width: Int(integral.width), height: Int(integral.height))
            .intersection(bitmap.bounds)
        guard !pixels.isEmpty, let view = try? bitmap.view(of: pixels) else { return nil }
        return CGImage(bitmap: view)
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { "CGImage(\(width)x\(height))" }

    private final class LazyMipmaps: @unchecked Sendable {
        private let base: Bitmap
        private var cached: MipmappedImage?
        private let lock = NSLock()
        init(_ base: Bitmap) { self.base = base }
        var value: MipmappedImage {
            lock.withLock {
                if let cached { return cached }
                let made = MipmappedImage(base)
                cached = made
                return made
            }
        }
    }

    private final class LazyOpacity: @unchecked Sendable {
        private var cached: Bool?
        private let lock = NSLock()
        func compute(_ body: () -> Bool) -> Bool {
            lock.withLock {
                if let cached { return cached }
                let result = body()
                cached = result
                return result
            }
        }
    }
}
