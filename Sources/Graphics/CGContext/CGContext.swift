import Geometry
import Raster

/// A bitmap drawing context: Kinescope's `CGContext`, drawing into premultiplied BGRA8 pixels.
///
/// As in Core Graphics, user space starts with the origin at the bottom left and y growing
/// upwards (`ctm` is the identity); UIKit's image contexts (`UIGraphicsBeginImageContext…`)
/// flip it so that UIKit code draws y-down, and `CALayer.render(in:)` draws layer coordinates
/// straight through the current CTM. Drawing is anti-aliased and clipped to the current clip.
///
/// A greyscale or alpha-only context (see `init(data:…)`) keeps its 8-bit pixels in `data` and
/// draws through `bitmap`, a BGRA mirror: each drawing call reads the pixels it may touch from
/// `data` into the mirror, draws there as an RGB context would, and writes them back as 8-bit
/// values before returning. So `data` holds the drawing after every call, and bytes the caller
/// writes into `data` between calls are drawn over, as on Apple; the cost is two conversions of
/// the touched rectangle per call.
public final class CGContext {
    /// The pixels drawn into. Row 0 is the top row of the image `makeImage()` returns. For a
    /// greyscale or alpha-only context, the BGRA mirror of `data` (see the type's notes), valid
    /// for the pixels the last drawing call touched.
    public let bitmap: Bitmap

    /// Where drawing goes now: `bitmap`, or the innermost transparency layer's pixels.
    package var target: Bitmap
    /// Open transparency layers, innermost last.
    package var transparencyLayers: [TransparencyLayer] = []
    /// Base space to device pixels: 1 for a bitmap context, the scale of a UIKit image context
    /// (shadow offsets and blurs are in base space, as on Apple).
    package var baseScale: CGFloat = 1

    package var state = GraphicsState()
    /// A one-pixel image whose pixel is set to the colour before each rectangle fill.
    package let solidPixel = MipmappedImage(Bitmap(width: 1, height: 1))
    /// A renderer a client module keeps with the context for `paintExternally(_:)`, so that its
    /// scratch buffers are reused across calls (Layers keeps its layer-tree renderer here).
    package var externalPainter: AnyObject?
    /// Coverage for paths (`fillEllipse(in:)`), made on first use.
    package lazy var rasterizer = CoverageRasterizer()
    /// Coverage scratch for painting paths, grown to the largest area painted and reused.
    package var pathMaskScratch: CoverageMask?
    private var savedStates: [GraphicsState] = []
    /// The current path, in bitmap pixels (y down): each element was mapped through the CTM in
    /// force when it was added, as Core Graphics keeps it.
    package var devicePath = CGMutablePath()
    /// Text space to user space for `showGlyphs(_:at:)`; not part of the graphics state, as
    /// in Core Graphics.
    package var textMatrixStorage = CGAffineTransform.identity
    /// Where the context's pixels live (the mirror itself, or 8-bit memory).
    package let store: PixelStore
    /// The colour space the context was made with (sRGB for the convenience initialisers).
    public let colorSpace: CGColorSpace?

    /// A context drawing into `bitmap`'s pixels (which it shares, not copies).
    public convenience init(bitmap: Bitmap) {
        self.init(bitmap: bitmap, store: .native, colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
    }

    private init(bitmap: Bitmap, store: PixelStore, colorSpace: CGColorSpace?) {
        self.bitmap = bitmap
        self.target = bitmap
        self.store = store
        self.colorSpace = colorSpace
        state.clip = CGRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
    }

    deinit {
        if case let .eightBit(pixels) = store, pixels.owned { pixels.base.deallocate() }
    }

    /// A context over new transparent pixels, `width`×`height`; nil when a side is outside
    /// `1...PixelSize.maxDimension`.
    public convenience init?(width: Int, height: Int) {
        guard width > 0, height > 0, let size = try? PixelSize(width: width, height: height) else { return nil }
        self.init(bitmap: Bitmap(size: size))
    }

    /// Apple's bitmap-context initialiser, for the formats Kinescope draws (all 8 bits per
    /// component, as in Apple's table of supported bitmap-context formats):
    ///
    /// - RGB (`space.model == .rgb`), 32 bits per pixel, premultiplied alpha in native order
    ///   (`CGImageAlphaInfo.premultipliedFirst` with `CGBitmapInfo.byteOrder32Little`, or the
    ///   equivalent `premultipliedLast` request, drawn in the same native format), or the
    ///   `noneSkipFirst` / `noneSkipLast` requests;
    /// - greyscale (`space.model == .monochrome`, e.g. `CGColorSpaceCreateDeviceGray()` or
    ///   `CGColorSpace(name: CGColorSpace.linearGray)`) with `CGImageAlphaInfo.none`: 8 bits per
    ///   pixel, each byte the grey level 0 (black) … 255 (white). A colour drawn into it becomes
    ///   its luma, 0.299 R + 0.587 G + 0.114 B (Rec. 601, the weights of the PDF and PostScript
    ///   RGB-to-grey conversion, to within 1/100), computed on the 8-bit values and rounded;
    /// - alpha only (`CGImageAlphaInfo.alphaOnly`, any space): 8 bits per pixel, each byte the
    ///   alpha drawn there; colours are discarded.
    ///
    /// `data` nil allocates zeroed memory the context owns (read it through `data`); otherwise the
    /// caller's memory is drawn into and must outlive the context. `bytesPerRow` 0 means packed
    /// rows. Returns nil for other formats, bad sizes, or rows shorter than `width` pixels.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        guard bitsPerComponent == 8, width > 0, height > 0, bytesPerRow >= 0,
              let size = try? PixelSize(width: width, height: height) else { return nil }
        let alpha = bitmapInfo & CGBitmapInfo.alphaInfoMask.rawValue
        if alpha == CGImageAlphaInfo.alphaOnly.rawValue || space.model == .monochrome {
            let kind: EightBitPixels.Kind
            if alpha == CGImageAlphaInfo.alphaOnly.rawValue {
                kind = .alpha
            } else if alpha == CGImageAlphaInfo.none.rawValue {
                kind = .gray
            } else {
                return nil
            }
            let stride = bytesPerRow == 0 ? width : bytesPerRow
            guard stride >= width else { return nil }
            let (count, overflow) = stride.multipliedReportingOverflow(by: height)
            guard !overflow else { return nil }
            let base: UnsafeMutableRawPointer
            if let data {
                base = data
            } else {
                base = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
                base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            }
            let pixels = EightBitPixels(kind: kind, base: base, bytesPerRow: stride, size: size, owned: data == nil)
            self.init(bitmap: Bitmap(size: size), store: .eightBit(pixels), colorSpace: kind == .gray ? space : nil)
            return
        }
        guard space.model == .rgb else { return nil }
        guard alpha == CGImageAlphaInfo.premultipliedFirst.rawValue
                || alpha == CGImageAlphaInfo.premultipliedLast.rawValue
                || alpha == CGImageAlphaInfo.noneSkipFirst.rawValue
                || alpha == CGImageAlphaInfo.noneSkipLast.rawValue else { return nil }
        guard let data else {
            self.init(bitmap: Bitmap(size: size), store: .native, colorSpace: space)
            return
        }
        let stride = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard stride >= width * 4, stride % 4 == 0 else { return nil }
        self.init(bitmap: Bitmap(borrowing: data.assumingMemoryBound(to: UInt32.self), size: size,
                                 rowStride: stride / 4),
                  store: .native, colorSpace: space)
    }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
    public var bitsPerComponent: Int { 8 }
    /// 32 for an RGB context, 8 for a greyscale or alpha-only one.
    public var bitsPerPixel: Int { store.isNative ? 32 : 8 }
    public var bytesPerRow: Int {
        if case let .eightBit(pixels) = store { return pixels.bytesPerRow }
        return bitmap.rowStride * 4
    }

    /// The context's pixel memory: the caller's `data`, or what the context allocated. For an
    /// RGB context, BGRA words (premultiplied, native order); for a greyscale or alpha-only
    /// one, one byte a pixel, `bytesPerRow` apart, up to date after every drawing call.
    public var data: UnsafeMutableRawPointer? {
        if case let .eightBit(pixels) = store { return pixels.base }
        return UnsafeMutableRawPointer(bitmap.baseAddress)
    }

    /// `.premultipliedFirst` for RGB contexts, `.none` for greyscale ones, `.alphaOnly`.
    public var alphaInfo: CGImageAlphaInfo {
        switch store {
        case .native: .premultipliedFirst
        case let .eightBit(pixels): pixels.kind == .gray ? .none : .alphaOnly
        }
    }

    /// The alpha info with the byte order (native little-endian words for RGB).
    public var bitmapInfo: CGBitmapInfo {
        let alpha = CGBitmapInfo(rawValue: alphaInfo.rawValue)
        return store.isNative ? alpha.union(.byteOrder32Little) : alpha
    }

    /// A new image holding a copy of the pixels drawn so far, in the context's format: an RGB
    /// context gives an RGB image, a greyscale one an 8-bit grey image (`colorSpace` the
    /// context's, `bitsPerPixel` 8), an alpha-only one an 8-bit alpha-only image.
    public func makeImage() -> CGImage? {
        switch store {
        case .native:
            var format = CGImage.Format.rgb
            format.colorSpace = colorSpace
            return CGImage(bitmap: bitmap.copy(), format: format)
        case let .eightBit(pixels):
            let image = Bitmap(size: bitmap.size)
            pixels.read(bitmap.bounds, into: image)
            var format = pixels.kind == .gray ? CGImage.Format.gray : CGImage.Format.alphaOnly
            if pixels.kind == .gray { format.colorSpace = colorSpace }
            return CGImage(bitmap: image, format: format)
        }
    }

    /// Pushes a copy of the graphics state (CTM, clip, colours, alpha, blend mode, shadow, line
    /// width, cap, join, miter limit, dash, anti-aliasing, interpolation quality). The current
    /// path is not part of it, as in Core Graphics.
    public func saveGState() {
        savedStates.append(state)
    }

    /// Pops the graphics state; an unbalanced restore does nothing, as Core Graphics only logs.
    public func restoreGState() {
        if let saved = savedStates.popLast() { state = saved }
    }

    /// How many graphics states are saved.
    package var savedStateDepth: Int { savedStates.count }

    /// Drops saved states above `depth`.
    package func truncateSavedStates(to depth: Int) {
        if savedStates.count > depth { savedStates.removeLast(savedStates.count - depth) }
    }
}

/// What `saveGState()` saves.
package struct GraphicsState {
    /// User space to Core Graphics device space (origin bottom left).
    package var ctm: CGAffineTransform = .identity
    /// The clip's bounding rectangle, in device pixels with y down.
    package var clip: CGRect = .null
    /// The clip's coverage inside `clip`, when the clip is not just that rectangle.
    package var clipMask: ClipMask?
    package var blendMode: CGBlendMode = .normal
    package var shadow: ShadowStyle?
    package var shouldAntialias = true
    package var allowsAntialiasing = true
    package var fillColor: CGColor = .black
    package var strokeColor: CGColor = .black
    package var alpha: CGFloat = 1
    package var lineWidth: CGFloat = 1
    package var lineCap: CGLineCap = .butt
    package var lineJoin: CGLineJoin = .miter
    package var miterLimit: CGFloat = 10
    /// The stroke's dash pattern in user space; nil strokes solid.
    package var lineDash: DashPattern?
    package var interpolationQuality: CGInterpolationQuality = .default
    package var font: CGFont?
    package var fontSize: CGFloat = 0
    package var textDrawingMode: CGTextDrawingMode = .fill
}
