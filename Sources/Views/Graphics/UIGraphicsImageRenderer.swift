import Foundation
import Geometry
import Graphics
import Layers

/// Renders images from drawing closures, as UIKit's `UIGraphicsImageRenderer`.
public final class UIGraphicsImageRenderer {
    /// Drawing options (UIKit's `UIGraphicsImageRendererFormat`).
    public final class Format {
        /// Pixels per point; default the screen's (1).
        public var scale: CGFloat = kinescopeScreenScale
        /// Whether the image is opaque (starts black rather than transparent).
        public var opaque = false
        public init() {}
        public static func `default`() -> Format { Format() }
    }

    /// What a drawing closure receives.
    public final class Context {
        public let cgContext: CGContext
        public let format: Format
        init(cgContext: CGContext, format: Format) {
            self.cgContext = cgContext
            self.format = format
        }
        /// The image drawn so far.
        public var currentImage: UIImage {
            UIImage(cgImage: cgContext.makeImage() ?? CGImage(bitmap: cgContext.bitmap.copy()), scale: format.scale)
        }

        /// Fills `rect` (points) with the context's fill colour in the normal blend mode, as
        /// UIKit's `UIGraphicsRendererContext.fill(_:)` does whatever blend mode is set.
        public func fill(_ rect: CGRect) { fill(rect, blendMode: .normal) }

        /// Fills `rect` with the context's fill colour in `blendMode`; the context's own blend
        /// mode is left as it was.
        public func fill(_ rect: CGRect, blendMode: CGBlendMode) {
            cgContext.saveGState()
            cgContext.setBlendMode(blendMode)
            cgContext.fill(rect)
            cgContext.restoreGState()
        }

        /// Strokes the outline of `rect` with the context's stroke colour and line width in the
        /// normal blend mode.
        public func stroke(_ rect: CGRect) { stroke(rect, blendMode: .normal) }

        /// Strokes the outline of `rect` in `blendMode`; the context's blend mode is kept.
        public func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
            cgContext.saveGState()
            cgContext.setBlendMode(blendMode)
            cgContext.stroke(rect)
            cgContext.restoreGState()
        }

        /// Intersects the context's clip with `rect`, for the rest of the drawing closure.
        public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
    }

    public let size: CGSize
    public let format: Format

    public init(size: CGSize, format: Format = Format()) {
        self.size = size
        self.format = format
    }

    public convenience init(bounds: CGRect, format: Format = Format()) {
        self.init(size: bounds.size, format: format)
    }

    /// Runs `actions` in a fresh y-down image context and returns the image; an empty size
    /// gives an empty image without running `actions` (and leaves any current context alone).
    public func image(actions: (Context) -> Void) -> UIImage {
        let stack = GraphicsContextStack.current
        let depth = stack.entries.count
        UIGraphicsBeginImageContextWithOptions(size, format.opaque, format.scale)
        guard stack.entries.count > depth, let ctx = UIGraphicsGetCurrentContext() else {
            return UIImage(cgImage: CGImage(bitmap: .init(width: 0, height: 0)), scale: format.scale)
        }
        actions(Context(cgContext: ctx, format: format))
        let image = UIGraphicsGetImageFromCurrentImageContext()!
        UIGraphicsEndImageContext()
        return image
    }

    /// Runs `actions` as `image(actions:)` does and returns the image as PNG data (empty for
    /// an empty size, where UIKit's would be an empty image's PNG).
    public func pngData(actions: (Context) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }
}
