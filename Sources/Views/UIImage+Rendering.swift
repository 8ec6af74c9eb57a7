import Graphics
import Raster

extension UIImage {
    /// How an image is drawn, with UIKit's raw values.
    public enum RenderingMode: Int, Sendable {
        /// As the context decides: a template in `.system` buttons (and tab bars), the image
        /// itself elsewhere, as in UIKit.
        case automatic = 0
        /// Always the image itself.
        case alwaysOriginal = 1
        /// Always a template: the image's alpha filled with the view's `tintColor`.
        case alwaysTemplate = 2
    }

    /// The same pixels drawn with `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        guard renderingMode != self.renderingMode, let cgImage else { return self }
        return UIImage(cgImage: cgImage, scale: scale, renderingMode: renderingMode)
    }

    /// A new image: `color` wherever this image has alpha, at that alpha (UIKit paints the tint,
    /// then the image with `.destinationIn`). It keeps this image's rendering mode, as UIKit's
    /// does.
    public func withTintColor(_ color: UIColor) -> UIImage {
        withTintColor(color, renderingMode: renderingMode)
    }

    /// A new image of `color` through this image's alpha, drawn with `renderingMode`.
    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        guard let cgImage else { return self }
        return UIImage(cgImage: Self.tinted(cgImage, with: color), scale: scale, renderingMode: renderingMode)
    }

    /// `image`'s alpha filled with `color`: the premultiplied tint pixel scaled by each pixel's
    /// alpha (the tint painted, then the image `.destinationIn`).
    static func tinted(_ image: CGImage, with color: UIColor) -> CGImage {
        let result = image.bitmap.copy()
        let tint = color.cgColor.premultipliedPixel.packed
        let channels = [tint >> 24, (tint >> 16) & 0xFF, (tint >> 8) & 0xFF, tint & 0xFF]
        for y in 0..<result.height {
            let row = result.row(y)
            for x in 0..<row.count {
                let coverage = row[x] >> 24
                func scaled(_ v: UInt32) -> UInt32 { (v * coverage + 127) / 255 }
                row[x] = scaled(channels[0]) << 24 | scaled(channels[1]) << 16 | scaled(channels[2]) << 8 | scaled(channels[3])
            }
        }
        return CGImage(bitmap: result)
    }
}
