// DESIGN NOTE — specialized layers drawn at device resolution, once per change.
//
// A `CAShapeLayer` or `CAGradientLayer` hands the render tree a `LayerDrawing`: an immutable
// description of what it draws (path and style, or colours and geometry). The compositor
// rasterizes it through the node's map straight into device pixels, so a shape under a 4×
// scale transform is as sharp as one drawn at 4× (Core Animation, too, renders shape layers in
// screen space). The result is kept in the layer's `DeviceRasterCache`, keyed by the drawing
// (by identity: the layer hands back the same drawing while its content is unchanged), the
// affine map and the pixel region, so an unchanged shape is only composited again.
//
// The region rasterized is the drawing's box on the whole target (not on a band), so every band
// composites the same pixels and the frame is byte-identical for any thread count; the first
// band that needs the raster draws it under the cache's lock and the others wait for it.
// Under a perspective map the drawing is rasterized in its own plane at the map's approximate
// scale and drawn through the map like contents.

import Foundation
import Geometry
import Raster

/// What a specialized layer draws between its contents and its first sublayer (see the design
/// note above). Immutable once made.
protocol LayerDrawing: AnyObject, Sendable {
    /// The box, in the layer's coordinates, that the drawing can paint.
    var coverageBox: CGRect { get }
    /// The layer's cache of this drawing's pixels.
    var rasterCache: DeviceRasterCache { get }
    /// Paints the drawing into `bitmap` (transparent on entry), with `transform` mapping the
    /// layer's coordinates to `bitmap`'s pixels; `renderer` lends its rasterizer and scratch.
    func rasterize(into bitmap: Bitmap, transform: CGAffineTransform, renderer: BandRenderer)
    /// Draws the drawing through the affine `transform` (layer → target pixels) onto the part
    /// `visible` of `target`, where `region` is the drawing's whole box on the target, multiplied
    /// by `opacity`, without an RGBA raster; false when it cannot (the caller then composites
    /// `rasterize`'s pixels). Each pixel must depend on `transform` and `region` only, not on
    /// `visible`, so that bands and damage rectangles give the same bytes.
    func drawDirectly(transform: CGAffineTransform, region: PixelRect, visible: PixelRect, target: Bitmap,
                      opacity: Float, renderer: BandRenderer) -> Bool
}

extension LayerDrawing {
    func drawDirectly(transform: CGAffineTransform, region: PixelRect, visible: PixelRect, target: Bitmap,
                      opacity: Float, renderer: BandRenderer) -> Bool { false }
}

/// A layer that draws a `LayerDrawing` (shape and gradient layers).
protocol LayerDrawingSource: CALayer {
    /// The drawing for the render tree now, for a layer whose (model or presentation)
    /// properties are `properties`: of the model values when `model` (for `render(in:)`), else
    /// of the presentation at the frame time. The same object as last time when nothing it
    /// shows has changed.
    func layerDrawing(properties: LayerProperties, model: Bool) -> (any LayerDrawing)?
}

/// The pixels of a layer's last drawing at one map and region, reused while they match: as
/// premultiplied colour (`raster`), or, for a drawing that paints solid colours, as one coverage
/// mask per colour (`coverage`), which is a quarter of the memory and is painted straight onto
/// the frame.
final class DeviceRasterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var pixelsEntry = Entry<Pixels>()
    private var masksEntry = Entry<Masks>()
    private var count = 0

    /// The raster, as a reference: a band holds it while compositing, so that the cache knows
    /// not to overwrite it (`isKnownUniquelyReferenced`).
    final class Pixels: @unchecked Sendable {
        let bitmap: Bitmap
        init(_ bitmap: Bitmap) { self.bitmap = bitmap }
    }

    /// Coverage masks of one size, one per colour a drawing paints (a shape's fill and stroke),
    /// held like `Pixels`.
    final class Masks: @unchecked Sendable {
        let masks: [CoverageMask]
        init(_ masks: [CoverageMask]) { self.masks = masks }
    }

    /// What one kind of payload was made from.
    private struct Entry<Payload: AnyObject> {
        weak var drawn: AnyObject?
        var transform = CGAffineTransform.identity
        var region = PixelRect(x: 0, y: 0, width: 0, height: 0)
        var payload: Payload?

        func matches(_ drawing: AnyObject, _ transform: CGAffineTransform, _ region: PixelRect) -> Payload? {
            guard let payload, let drawn, drawn === drawing, self.transform == transform, self.region == region
            else { return nil }
            return payload
        }
    }

    /// How many times a drawing has been rasterized into this cache (tests count them).
    var rasterizationCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// The pixels of `drawing` through `transform` over `region` (target pixels), drawn by
    /// `paint` when the cache does not hold them. A bitmap still held by a band that is
    /// compositing it is never written: a new one is made instead.
    func raster(of drawing: any LayerDrawing, transform: CGAffineTransform, region: PixelRect,
                paint: (Bitmap) -> Void) -> Pixels? {
        lock.lock()
        defer { lock.unlock() }
        if let pixels = pixelsEntry.matches(drawing, transform, region) { return pixels }
        guard let size = try? PixelSize(width: region.width, height: region.height) else { return nil }
        var pixels = pixelsEntry.payload
        pixelsEntry.payload = nil
        if pixels == nil || pixels!.bitmap.size != size || !isKnownUniquelyReferenced(&pixels!) {
            pixels = Pixels(Bitmap(size: size))
        } else {
            pixels!.bitmap.fill(with: .clear)
        }
        paint(pixels!.bitmap)
        pixelsEntry = Entry(drawn: drawing, transform: transform, region: region, payload: pixels)
        count += 1
        return pixels
    }

    /// `count` coverage masks of `drawing` (a drawing, or the immutable part of one that its
    /// masks depend on) through `transform` over `region`, written by `paint` (which must set
    /// every value of each) when the cache does not hold them; masks still held by a band are
    /// never written, as in `raster`.
    func coverage(of drawing: AnyObject, count maskCount: Int, transform: CGAffineTransform, region: PixelRect,
                  paint: ([CoverageMask]) -> Void) -> Masks? {
        lock.lock()
        defer { lock.unlock() }
        if let masks = masksEntry.matches(drawing, transform, region), masks.masks.count == maskCount { return masks }
        guard let size = try? PixelSize(width: region.width, height: region.height) else { return nil }
        var masks = masksEntry.payload
        masksEntry.payload = nil
        if masks == nil || masks!.masks.count != maskCount || masks!.masks.first?.size != size
            || !isKnownUniquelyReferenced(&masks!) {
            masks = Masks((0..<maskCount).map { _ in CoverageMask(size: size) })
        }
        paint(masks!.masks)
        masksEntry = Entry(drawn: drawing, transform: transform, region: region, payload: masks)
        count += 1
        return masks
    }
}

extension BandRenderer {
    /// The largest side of a drawing's raster, in pixels, under a perspective map (affine ones
    /// are bounded by the target).
    static let maximumDrawingSide = 4096

    /// Draws `drawing` (a node's, in the node's plane) through `map` onto `target` inside
    /// `clip`, multiplied by `opacity`.
    func draw(_ drawing: any LayerDrawing, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        let box = drawing.coverageBox
        guard !box.isNull, !box.isEmpty, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite
        else { return }
        if map.isAffine && map.m33 > 0 {
            let w = map.m33
            let affine = CGAffineTransform(a: CGFloat(map.m11 / w), b: CGFloat(map.m12 / w), c: CGFloat(map.m21 / w),
                                           d: CGFloat(map.m22 / w), tx: CGFloat(map.m31 / w), ty: CGFloat(map.m32 / w))
            let region = pixelRect(enclosing: box.applying(affine)).intersection(target.bounds)
            let visible = region.intersection(clip)
            guard !visible.isEmpty else { return }
            if drawing.drawDirectly(transform: affine, region: region, visible: visible, target: target,
                                    opacity: opacity, renderer: self) { return }
            let toRegion = affine.concatenating(CGAffineTransform(translationX: CGFloat(-region.minX),
                                                                   y: CGFloat(-region.minY)))
            guard let pixels = drawing.rasterCache.raster(of: drawing, transform: affine, region: region, paint: {
                drawing.rasterize(into: $0, transform: toRegion, renderer: self)
            }), let source = try? pixels.bitmap.view(of: visible.offsetBy(-region.minX, -region.minY)),
                  let destination = try? target.view(of: visible) else { return }
            withExtendedLifetime(pixels) {
                destination.composite(source, atX: 0, y: 0, opacityFraction: opacity)
            }
            return
        }
        // Perspective: rasterize in the plane, at the map's scale, and sample through the map.
        let scale = min(approximateScale(map), 64)
        let planeToPixels = CGAffineTransform(scaleX: CGFloat(scale), y: CGFloat(scale))
        let region = pixelRect(enclosing: box.applying(planeToPixels))
        guard !region.isEmpty, region.width <= Self.maximumDrawingSide, region.height <= Self.maximumDrawingSide
        else { return }
        let toRegion = planeToPixels.concatenating(CGAffineTransform(translationX: CGFloat(-region.minX),
                                                                      y: CGFloat(-region.minY)))
        guard let pixels = drawing.rasterCache.raster(of: drawing, transform: planeToPixels, region: region, paint: {
            drawing.rasterize(into: $0, transform: toRegion, renderer: self)
        }) else { return }
        let pixelsToPlane = Homography(toRegion.inverted())
        guard let inverse = pixelsToPlane.concatenating(map).inverted() else { return }
        withExtendedLifetime(pixels) {
            target.drawImage(MipmappedImage(pixels.bitmap), inverseTransform: ProjectiveTransform(inverse),
                             options: ImageDrawOptions(opacity: opacity, filter: .mipmappedBilinear,
                                                       edgeAntialiasing: true),
                             clip: clip)
        }
    }
}
