import Geometry
import Raster

/// An immutable bitmap image: Kinescope's `CGImage`, backed by a premultiplied BGRA8 `Bitmap`
/// that nothing else writes.
///
/// Images are cheap to share between layers and threads. The compositor caches derived data
/// (such as down-scaled levels) per image, keyed by its identity.
///
/// Every image is drawn from its BGRA `bitmap`; what it reports of itself (`colorSpace`,
/// `bitsPerPixel`, `alphaInfo`, `isMask`…) is the format it was made in, as Apple reports it:
/// - an RGB image (the default): 32 bits per pixel, premultiplied alpha first, little-endian words;
/// - a greyscale image (from a grey bitmap context): 8 bits per pixel, no alpha, its `bitmap`
///   holding opaque greys (r = g = b);
/// - an alpha-only image (from an `.alphaOnly` context): 8 bits per pixel, no colour space, its
///   `bitmap` holding black at each pixel's alpha;
/// - an image mask (`init(maskWidth:…)`): no colour space, its `bitmap` holding black at alpha
///   1 − S for each decoded sample S, which is the mask painted with a black fill colour.
public final class CGImage: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The pixels. Never written after the image is made.
    public let bitmap: Bitmap

    /// What the image says it is; the pixels are always `bitmap`.
    package struct Format: Sendable {
        enum Kind: Sendable { case rgb, gray, alphaOnly, mask }
        var kind: Kind
        var colorSpace: CGColorSpace?
        var bitsPerComponent = 8
        var bitsPerPixel: Int
        /// Bytes a row takes in the described format; nil means packed rows (`width × bitsPerPixel / 8`).
        var bytesPerRow: Int?
        var shouldInterpolate = true
        /// Made by `masking(_:)`: Apple refuses to mask such an image again.
        var isMasked = false

        static let rgb = Format(kind: .rgb, colorSpace: CGColorSpace(name: CGColorSpace.sRGB), bitsPerPixel: 32)
        static let gray = Format(kind: .gray, colorSpace: .deviceGray, bitsPerPixel: 8)
        static let alphaOnly = Format(kind: .alphaOnly, colorSpace: nil, bitsPerPixel: 8)
    }
    package let format: Format
    /// The provider an image mask was made from, handed back by `dataProvider`.
    package let maskProvider: CGDataProvider?

    /// Takes ownership of `bitmap`: the caller must not write to it (or any view of it) again.
    /// The image is an RGB image in sRGB.
    public convenience init(bitmap: Bitmap) {
        self.init(bitmap: bitmap, format: .rgb)
    }

    package init(bitmap: Bitmap, format: Format, maskProvider: CGDataProvider? = nil) {
        self.bitmap = bitmap
        self.format = format
        self.maskProvider = maskProvider
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
    /// 8, or what an image mask was made with (1, 2, 4 or 8).
    public var bitsPerComponent: Int { format.bitsPerComponent }
    /// 32 for an RGB image, 8 for a greyscale or alpha-only one; what an image mask was made with.
    public var bitsPerPixel: Int { format.bitsPerPixel }
    /// Bytes from one row to the next in the image's format: the bitmap's stride for an RGB
    /// image, packed rows for a greyscale or alpha-only one, what an image mask was made with.
    public var bytesPerRow: Int {
        if let rowBytes = format.bytesPerRow { return rowBytes }
        return format.kind == .rgb ? bitmap.rowStride * 4 : (width * format.bitsPerPixel + 7) / 8
    }
    /// The image's colour space: sRGB for RGB images, device grey for greyscale ones, nil for
    /// image masks and alpha-only images, as Apple returns.
    public var colorSpace: CGColorSpace? { format.colorSpace }
    /// Whether the image is an image mask (`init(maskWidth:…)`), a stencil painted with the fill
    /// colour when drawn.
    public var isMask: Bool { format.kind == .mask }
    /// `.premultipliedFirst` for RGB images, `.none` for greyscale images and masks, `.alphaOnly`
    /// for alpha-only images. An image from `masking(_:)` keeps its source's value, as on Apple.
    public var alphaInfo: CGImageAlphaInfo {
        switch format.kind {
        case .rgb: .premultipliedFirst
        case .gray, .mask: .none
        case .alphaOnly: .alphaOnly
        }
    }
    /// The alpha info with the byte order: RGB pixels are native little-endian 32-bit words.
    public var bitmapInfo: CGBitmapInfo {
        let alpha = CGBitmapInfo(rawValue: alphaInfo.rawValue)
        return format.kind == .rgb ? alpha.union(.byteOrder32Little) : alpha
    }
    /// Whether the image is smoothed when scaled; masks keep what they were made with, other
    /// images say true.
    public var shouldInterpolate: Bool { format.shouldInterpolate }

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
        var cropped = format
        cropped.bytesPerRow = nil
        if format.kind == .mask {
            // The source samples no longer describe the part: the part's samples are 8-bit.
            cropped.bitsPerComponent = 8
            cropped.bitsPerPixel = 8
        }
        return CGImage(bitmap: view, format: cropped)
    }

    public static func == (lhs: CGImage, rhs: CGImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String {
        let kind = switch format.kind { case .rgb: "" case .gray: ", gray" case .alphaOnly: ", alpha only" case .mask: ", mask" }
        return "CGImage(\(width)x\(height)\(kind))"
    }

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
