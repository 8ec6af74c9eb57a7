import Foundation
import Geometry
import Graphics
import Layers
import Raster

/// Core Image's image: a recipe for pixels with an extent in Core Image coordinates (origin at
/// the bottom left, y up). Here it is backed by a bitmap — either the `CGImage` it was made from,
/// or a filter's output, rendered on first use and then kept. Immutable and safe to share between
/// threads, as Apple's is.
///
///     let filter = CIFilter(name: "CIDissolveTransition")!
///     filter.setValue(CIImage(cgImage: before), forKey: kCIInputImageKey)
///     filter.setValue(CIImage(cgImage: after), forKey: kCIInputTargetImageKey)
///     filter.setValue(0.5, forKey: kCIInputTimeKey)
///     let frame = CIContext().createCGImage(filter.outputImage!, from: filter.outputImage!.extent)
public final class CIImage: @unchecked Sendable, CustomStringConvertible {
    /// The image's rectangle: origin (0, 0), size in pixels.
    public let extent: CGRect
    /// The image this one was made from with `init(cgImage:)`; nil for a filter's output, as on Apple.
    public let cgImage: CGImage?
    private let size: PixelSize
    private let lock = NSLock()
    private var pixels: Bitmap?
    private let render: (@Sendable () -> Bitmap)?

    /// An image of `cgImage`'s pixels (shared, not copied).
    public init(cgImage: CGImage) {
        self.cgImage = cgImage
        size = cgImage.bitmap.size
        extent = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        pixels = cgImage.bitmap
        render = nil
    }

    /// An image whose pixels `render` makes on first use (a filter's output).
    init(size: PixelSize, render: @escaping @Sendable () -> Bitmap) {
        cgImage = nil
        self.size = size
        extent = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        self.render = render
    }

    /// An image with no pixels and an empty extent.
    public static func empty() -> CIImage {
        CIImage(cgImage: CGImage(bitmap: Bitmap(size: PixelSize(uncheckedWidth: 0, height: 0))))
    }

    /// The pixels (top row first), rendering them if this is a filter's output. Do not write to them.
    var bitmap: Bitmap {
        lock.withLock {
            if let pixels { return pixels }
            let made = render!()
            pixels = made
            return made
        }
    }

    var pixelSize: PixelSize { size }

    /// `CIImage(extent: [0 0 w h])`.
    public var description: String { "CIImage(extent: [0 0 \(size.width) \(size.height)])" }
}

/// Core Image's rendering context: turns a `CIImage` into a `CGImage`.
public final class CIContext {
    /// Options are accepted for source compatibility and ignored (there is one renderer).
    public init(options: [String: Any]? = nil) {}

    /// The part of `image` inside `fromRect` (Core Image coordinates: origin bottom left, y up,
    /// in pixels; rounded out to whole pixels and clipped to the extent) as a new `CGImage`; nil
    /// when nothing of the image lies inside.
    public func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
        let size = image.pixelSize
        guard fromRect.minX.isFinite, fromRect.minY.isFinite, fromRect.width.isFinite, fromRect.height.isFinite
        else { return nil }
        let r = fromRect.standardized.integral
        let flipped = PixelRect(x: Int(r.minX), y: size.height - Int(r.maxY), width: Int(r.width), height: Int(r.height))
            .intersection(PixelRect(size: size))
        guard !flipped.isEmpty, let view = try? image.bitmap.view(of: flipped) else { return nil }
        return CGImage(copying: view)
    }
}
