import Geometry
import Raster

/// A bitmap drawing context: Kinescope's `CGContext`, drawing into premultiplied BGRA8 pixels.
///
/// As in Core Graphics, user space starts with the origin at the bottom left and y growing
/// upwards (`ctm` is the identity); UIKit's image contexts (`UIGraphicsBeginImageContext…`)
/// flip it so that UIKit code draws y-down, and `CALayer.render(in:)` draws layer coordinates
/// straight through the current CTM. Drawing is anti-aliased and clipped to the current clip.
public final class CGContext {
    /// The pixels drawn into. Row 0 is the top row of the image `makeImage()` returns.
    public let bitmap: Bitmap

    var state = GraphicsState()
    /// Draws shapes, images and layer trees for this context, with its scratch buffers.
    let painter = BandRenderer()
    private var savedStates: [GraphicsState] = []

    /// A context drawing into `bitmap`'s pixels (which it shares, not copies).
    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
        state.clip = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
    }

    /// A context over new transparent pixels, `width`×`height`; nil when a side is outside
    /// `1...PixelSize.maxDimension`.
    public convenience init?(width: Int, height: Int) {
        guard width > 0, height > 0, let size = try? PixelSize(width: width, height: height) else { return nil }
        self.init(bitmap: Bitmap(size: size))
    }

    /// Apple's bitmap-context initialiser. Kinescope supports 8 bits per component, 32 bits per
    /// pixel, premultiplied alpha in native order (`CGImageAlphaInfo.premultipliedFirst` with
    /// `CGBitmapInfo.byteOrder32Little`, or the equivalent `premultipliedLast` request, which is
    /// drawn in the same native format). `data` nil allocates; otherwise the caller's memory is
    /// drawn into and must outlive the context. Returns nil for other formats or bad sizes.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard bitsPerComponent == 8, width > 0, height > 0,
              let size = try? PixelSize(width: width, height: height) else { return nil }
        let alpha = bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue
        guard alpha == CGImageAlphaInfo.premultipliedFirst.rawValue
                || alpha == CGImageAlphaInfo.premultipliedLast.rawValue
                || alpha == CGImageAlphaInfo.noneSkipFirst.rawValue
                || alpha == CGImageAlphaInfo.noneSkipLast.rawValue else { return nil }
        guard let data else {
            self.init(bitmap: Bitmap(size: size))
            return
        }
        let stride = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard stride >= width * 4, stride % 4 == 0 else { return nil }
        self.init(bitmap: Bitmap(borrowing: data.assumingMemoryBound(to: UInt32.self), size: size,
                                 rowStride: stride / 4))
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { 32 }
    public var bytesPerRow: Int { bitmap.rowStride * 4 }

    /// A new image holding a copy of the pixels drawn so far.
    public func makeImage() -> CGImage? {
        CGImage(bitmap: bitmap.copy())
    }

    /// Pushes a copy of the graphics state (CTM, clip, colours, alpha).
    public func saveGState() {
        savedStates.append(state)
    }

    /// Pops the graphics state; an unbalanced restore does nothing, as Core Graphics only logs.
    public func restoreGState() {
        if let saved = savedStates.popLast() { state = saved }
    }
}

/// What `saveGState()` saves.
struct GraphicsState {
    /// User space to Core Graphics device space (origin bottom left).
    var ctm: CGAffineTransform = .identity
    /// The clip, in device pixels with y down (an axis-aligned rectangle).
    var clip: CGRect = .null
    var fillColor: CGColor = .black
    var strokeColor: CGColor = .black
    var alpha: CGFloat = 1
    var lineWidth: CGFloat = 1
    var interpolationQuality: CGInterpolationQuality = .default
}
