// DESIGN NOTE — contents that only move are copied, not resampled.
//
// In a push or pop the sliding screen moves by whole pixels from frame to frame (`snapsToPixels`),
// so the pixels of its scaled photo are the same every frame, only elsewhere. Resampling that
// photo through the new map every frame was a quarter of a push's compositing (profile of the
// navigation benchmark, issue 20). Inside a snapping subtree the compositor therefore draws a
// layer's contents in two steps: a resample through the map minus its whole-pixel translation
// into a bitmap of the contents' whole extent (its origin at a whole pixel of the target), then a
// source-over blit of the part inside the band at that translation, with the layer's opacity.
// `TranslatedContentsCache` keeps the resample while only the translation changes, so a frame of
// the slide costs one blit per image.
//
// The resample is made the same way with the cache and without it (`KINESCOPE_NO_CACHES=1`): the
// bitmap is always the contents' whole extent in the same local coordinates, and without the cache
// only the band's part of it is drawn (the image kernels give each pixel from its position alone),
// so both give the same bytes (tested), for any band count. The sub-pixel part of the translation
// is rounded to 2⁻¹⁶ pixel, so that it is the same whatever whole pixels the layer moved by. A map with perspective, a nine-part
// image or an extent beyond `maximumSide` is drawn directly, as outside snapping subtrees.

import Foundation
import Geometry
import Raster

/// Resamples of layer contents kept while only their whole-pixel translation changes (see the
/// design note above), shared by the bands of one compositor. Bounded: at most `byteLimit`
/// bytes of pixels, least recently used first out, and an entry unused for
/// `maximumIdleRenders` renders is dropped.
final class TranslatedContentsCache: @unchecked Sendable {
    /// What a resample depends on. The map is the layer plane's map to the resample's pixels
    /// (the map to the target minus a whole-pixel translation), so equal keys mean equal pixels.
    struct Key: Equatable {
        let source: ObjectIdentifier
        let sourceRect: CGRect
        let destination: CGRect
        /// The options without the opacity, which the blit applies.
        let options: ImageDrawOptions
        let map: Homography
        let size: PixelSize
    }

    /// A resample, held by a band while it blits it (eviction only drops the cache's reference).
    typealias Pixels = DeviceRasterCache.Pixels

    private struct Entry {
        let key: Key
        /// The image resampled, to tell a new image at a freed image's address from it.
        weak var image: MipmappedImage?
        let pixels: Pixels
        var lastUse: Int
        var byteCount: Int { pixels.bitmap.rowStride * pixels.bitmap.height * 4 }
    }

    /// The most bytes of pixels kept; a resample larger than this is not kept.
    let byteLimit: Int
    /// Renders an entry may go unused before it is dropped.
    static let maximumIdleRenders = 30

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var renders = 0
    private var resamples = 0

    init(byteLimit: Int = 64 << 20) {
        self.byteLimit = byteLimit
    }

    /// Counts a render (`Compositor.render` calls it once per frame band set) and drops the
    /// entries unused for `maximumIdleRenders` renders.
    func beginRender() {
        lock.lock()
        defer { lock.unlock() }
        renders += 1
        entries.removeAll { renders - $0.lastUse > Self.maximumIdleRenders || $0.image == nil }
    }

    /// How many resamples have been made (tests count them).
    var resampleCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return resamples
    }

    /// Bytes of pixels held now.
    var byteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.reduce(0) { $0 + $1.byteCount }
    }

    /// The resample for `key` of `image`, drawn by `paint` into a transparent bitmap of
    /// `key.size` when not kept; nil when it would exceed `byteLimit` (draw without the cache
    /// then). The first band that needs it draws it under the lock; the others wait for it.
    func pixels(for key: Key, of image: MipmappedImage, paint: (Bitmap) -> Void) -> Pixels? {
        lock.lock()
        defer { lock.unlock() }
        if let index = entries.firstIndex(where: { $0.key == key && $0.image === image }) {
            entries[index].lastUse = renders
            return entries[index].pixels
        }
        let bitmap = Bitmap(size: key.size)
        let bytes = bitmap.rowStride * bitmap.height * 4
        guard bytes <= byteLimit else { return nil }
        var held = entries.reduce(0) { $0 + $1.byteCount }
        while held + bytes > byteLimit, let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            held -= entries[oldest].byteCount
            entries.remove(at: oldest)
        }
        paint(bitmap)
        resamples += 1
        let pixels = Pixels(bitmap)
        entries.append(Entry(key: key, image: image, pixels: pixels, lastUse: renders))
        return pixels
    }
}

extension BandRenderer {
    /// The largest side, in pixels, of a resample drawn for a translated copy.
    static let maximumTranslatedSide = 4096

    /// Draws the pixels `s` of `image` onto the layer rectangle `d` through the affine `map` as a
    /// translated copy of a resample (see the design note above), from `contentsCache` when
    /// there is one. False, having drawn nothing, when the map or the extent does not allow it.
    func drawTranslatedCopy(_ image: MipmappedImage, _ s: CGRect, onto d: CGRect, map: Homography, target: Bitmap,
                            clip: PixelRect, options: ImageDrawOptions) -> Bool {
        guard map.m13 == 0, map.m23 == 0, map.m33 == 1, map.isFinite else { return false }
        let corners = [CGPoint(x: d.minX, y: d.minY), CGPoint(x: d.maxX, y: d.minY),
                       CGPoint(x: d.minX, y: d.maxY), CGPoint(x: d.maxX, y: d.maxY)].map {
            (x: Double($0.x) * map.m11 + Double($0.y) * map.m21 + map.m31,
             y: Double($0.x) * map.m12 + Double($0.y) * map.m22 + map.m32)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        // One pixel around the quad for its anti-aliased edges.
        let minX = xs.min()!.rounded(.down) - 1, minY = ys.min()!.rounded(.down) - 1
        let maxX = xs.max()!.rounded(.up) + 1, maxY = ys.max()!.rounded(.up) + 1
        guard minX.isFinite, maxY.isFinite, abs(minX) < 1e7, abs(minY) < 1e7, abs(maxX) < 1e7, abs(maxY) < 1e7,
              maxX - minX <= Double(Self.maximumTranslatedSide), maxY - minY <= Double(Self.maximumTranslatedSide),
              let size = try? PixelSize(width: Int(maxX - minX), height: Int(maxY - minY))
        else { return false }
        let origin = (x: Int(minX), y: Int(minY))
        let extent = PixelRect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        let visible = extent.intersection(clip).intersection(target.bounds)
        guard !visible.isEmpty else { return true }
        // The translation left after the whole pixels are taken out, put on a 2⁻¹⁶-pixel grid:
        // the same sub-pixel offset reached through other whole numbers differs in its last bits.
        var local = map.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-minX), y: CGFloat(-minY))))
        local.m31 = (local.m31 * 65536).rounded() / 65536
        local.m32 = (local.m32 * 65536).rounded() / 65536
        guard let inverse = imageToLayer(s, d).concatenating(local).inverted() else { return true }
        var resampleOptions = options
        resampleOptions.opacity = 1
        let inBitmap = visible.offsetBy(-origin.x, -origin.y)
        let blit = { (bitmap: Bitmap) in
            guard let source = try? bitmap.view(of: inBitmap), let destination = try? target.view(of: visible) else { return }
            destination.composite(source, atX: 0, y: 0, opacityFraction: options.opacity)
        }
        if let cache = contentsCache {
            let key = TranslatedContentsCache.Key(source: ObjectIdentifier(image), sourceRect: s, destination: d,
                                                  options: resampleOptions, map: local, size: size)
            if let pixels = cache.pixels(for: key, of: image, paint: {
                $0.drawImage(image, inverseTransform: ProjectiveTransform(inverse), options: resampleOptions)
            }) {
                withExtendedLifetime(pixels) { blit(pixels.bitmap) }
                return true
            }
        }
        let bitmap = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        bitmap.drawImage(image, inverseTransform: ProjectiveTransform(inverse), options: resampleOptions, clip: inBitmap)
        blit(bitmap)
        return true
    }

    /// The map from the pixels `s` of an image to the layer rectangle `d` they are drawn onto.
    func imageToLayer(_ s: CGRect, _ d: CGRect) -> Homography {
        Homography(m11: Double(d.width / s.width), m12: 0, m13: 0,
                   m21: 0, m22: Double(d.height / s.height), m23: 0,
                   m31: Double(d.minX - s.minX * d.width / s.width),
                   m32: Double(d.minY - s.minY * d.height / s.height), m33: 1)
    }
}
