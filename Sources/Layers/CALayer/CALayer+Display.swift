import Geometry
import Raster

extension CALayer {
    /// Marks the contents for redrawing: `display()` runs before the next render.
    public func setNeedsDisplay() {
        needsDisplayFlag = true
        markNeedsRender()
    }

    /// Marks part of the contents for redrawing. Kinescope redraws the whole layer.
    public func setNeedsDisplay(_ rect: CGRect) {
        setNeedsDisplay()
    }

    /// Whether `setNeedsDisplay()` was called and `display()` has not run since.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Runs `display()` now if the layer is marked.
    public func displayIfNeeded() {
        if needsDisplayFlag { display() }
    }

    /// The default `display()`: a backing image of the bounds' size times `contentsScale`
    /// (rounded up), drawn by `draw(in:)` in y-down layer coordinates (flipped to y up when
    /// `contentsAreFlipped()`, as Core Animation does), set as `contents`.
    /// An empty or absurd bounds gives nil contents.
    public func drawContentsThroughContext() {
        let scale = properties.contentsScale > 0 && properties.contentsScale.isFinite ? properties.contentsScale : 1
        let b = properties.bounds
        let w = (b.width * scale).rounded(.up), h = (b.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w <= CGFloat(PixelSize.maxDimension), h <= CGFloat(PixelSize.maxDimension),
              let ctx = CGContext(width: Int(w), height: Int(h)) else {
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
        draw(in: ctx)
        contents = ctx.makeImage()
    }
}
