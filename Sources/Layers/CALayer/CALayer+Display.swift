import Geometry
import Graphics
import Raster

extension CALayer {
    /// Marks the contents for redrawing: `display()` runs before the next render.
    public func setNeedsDisplay() {
        needsDisplayFlag = true
        needsDisplayRegion = nil
        markNeedsRender()
    }

    /// Marks part of the contents, `rect` in the layer's coordinates, for redrawing. When only
    /// parts are marked, the default `display()` keeps the rest of the backing image and
    /// `draw(in:)` gets a context clipped to the union of the parts (its
    /// `boundingBoxOfClipPath`), as on Apple's platforms. An empty or non-finite `rect` marks
    /// nothing.
    public func setNeedsDisplay(_ rect: CGRect) {
        let r = rect.standardized
        guard !r.isEmpty, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        if needsDisplayFlag {
            needsDisplayRegion = needsDisplayRegion?.union(r)
        } else {
            needsDisplayRegion = r
        }
        needsDisplayFlag = true
        markNeedsRender()
    }

    /// Whether `setNeedsDisplay()` was called and `display()` has not run since.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Runs `display()` now if the layer is marked.
    public func displayIfNeeded() {
        if needsDisplayFlag { display() }
    }

    /// The default `display()`: a backing image of the bounds' size times `contentsScale`
    /// (rounded up), in `contentsFormat` (8-bit grey for `.gray8Uint`, else premultiplied
    /// BGRA), drawn by `draw(in:)` in y-down layer coordinates (flipped to y up when
    /// `contentsAreFlipped()`, as Core Animation does), set as `contents`.
    /// An empty or absurd bounds gives nil contents.
    public func drawContentsThroughContext() {
        let scale = properties.contentsScale > 0 && properties.contentsScale.isFinite ? properties.contentsScale : 1
        let b = properties.bounds
        let w = (b.width * scale).rounded(.up), h = (b.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w <= CGFloat(PixelSize.maxDimension), h <= CGFloat(PixelSize.maxDimension),
              let ctx = contentsFormat == .gray8Uint
                ? CGContext(data: nil, width: Int(w), height: Int(h), bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue)
                : CGContext(width: Int(w), height: Int(h)) else {
            contents = nil
            return
        }
        if contentsAreFlipped() {
            // The image will be shown upside down within a mirrored plane: y up in the context,
            // so that a point drawn lands where a sublayer at that point sits.
            ctx.scaleBy(x: scale, y: scale)
        } else {
            ctx.translateBy(x: 0, y: h)
            ctx.scaleBy(x: scale, y: -scale)
        }
        ctx.translateBy(x: -b.minX, y: -b.minY)
        if let region = needsDisplayRegion, let old = contents as? CGImage, old.width == Int(w), old.height == Int(h),
           old.bitsPerPixel == 32, ctx.bitsPerPixel == 32 {
            // Only part is dirty: keep the rest of the old backing image (source-over onto
            // transparent pixels is an exact copy).
            ctx.bitmap.composite(old.bitmap, atX: 0, y: 0)
            ctx.clip(to: region)
        }
        needsDisplayRegion = nil
        draw(in: ctx)
        contents = ctx.makeImage()
    }
}
