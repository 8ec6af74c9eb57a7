import Geometry
import Raster

/// Where a context's pixels live.
package enum PixelStore {
    /// In `bitmap` itself (BGRA, premultiplied): RGB contexts.
    case native
    /// In 8-bit memory, `bitmap` being a mirror updated around each drawing call.
    case eightBit(EightBitPixels)

    package var isNative: Bool {
        if case .native = self { return true }
        return false
    }
}

/// A greyscale or alpha-only context's memory: one byte a pixel.
package struct EightBitPixels {
    package enum Kind { case gray, alpha }
    package let kind: Kind
    package let base: UnsafeMutableRawPointer
    package let bytesPerRow: Int
    package let size: PixelSize
    /// Allocated by the context (and freed by it), rather than the caller's.
    package let owned: Bool

    /// Fills `rect` of `mirror` from the bytes: a grey g becomes the opaque pixel (g, g, g), an
    /// alpha a becomes black at alpha a (premultiplied, so its colour channels are 0).
    package func read(_ rect: PixelRect, into mirror: Bitmap) {
        for y in rect.minY..<rect.maxY {
            let bytes = (base + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let out = mirror.row(y)
            for x in rect.minX..<rect.maxX {
                let v = UInt32(bytes[x])
                out[x] = kind == .gray ? 0xFF00_0000 | v << 16 | v << 8 | v : v << 24
            }
        }
    }

    /// Stores `rect` of `mirror` into the bytes: the luma of each premultiplied pixel (which is
    /// the pixel over black: a cleared pixel is black) for grey, the alpha for alpha-only.
    package func write(_ rect: PixelRect, from mirror: Bitmap) {
        for y in rect.minY..<rect.maxY {
            let bytes = (base + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
            let pixels = mirror.row(y)
            for x in rect.minX..<rect.maxX {
                let p = pixels[x]
                bytes[x] = kind == .gray ? luma(p) : UInt8(truncatingIfNeeded: p >> 24)
            }
        }
    }
}

/// Rec. 601 luma of a premultiplied BGRA word's colour channels, rounded: weights 19595, 38470
/// and 7471 in 1/65536 (0.299, 0.587, 0.114, summing to exactly 1, so greys map to themselves).
@inline(__always) package func luma(_ pixel: UInt32) -> UInt8 {
    let r = pixel >> 16 & 0xFF, g = pixel >> 8 & 0xFF, b = pixel & 0xFF
    return UInt8(truncatingIfNeeded: (19595 &* r &+ 38470 &* g &+ 7471 &* b &+ 32768) >> 16)
}

extension CGContext {
    /// Runs one drawing call that changes at most the pixels of `touched` (already clipped):
    /// for an 8-bit context drawing into its own pixels (not a transparency layer), those
    /// pixels are read from memory into the mirror first and written back after.
    package func drawing(touching touched: PixelRect?, _ body: () -> Void) {
        guard case let .eightBit(pixels) = store, transparencyLayers.isEmpty else {
            body()
            return
        }
        guard let touched, !touched.isEmpty else { return }
        pixels.read(touched, into: bitmap)
        body()
        pixels.write(touched, from: bitmap)
    }

    /// The pixels a drawing into `rect` (user space) may change: its device bounding box grown
    /// by one pixel (for anti-aliased and filtered edges), within the clip; nil when none.
    package func touchedPixels(of rect: CGRect) -> PixelRect? {
        touchedPixels(ofPixelBox: rect.standardized.applying(userToPixels))
    }

    /// The pixels a drawing inside `box` (pixels, y down) may change: the box grown by one pixel,
    /// within the clip; nil when none.
    package func touchedPixels(ofPixelBox box: CGRect) -> PixelRect? {
        guard let clip = pixelClip else { return nil }
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let limit: CGFloat = 1e7
        let x0 = Int(max(-limit, box.minX.rounded(.down))) - 1, y0 = Int(max(-limit, box.minY.rounded(.down))) - 1
        let x1 = Int(min(limit, box.maxX.rounded(.up))) + 1, y1 = Int(min(limit, box.maxY.rounded(.up))) + 1
        let rect = PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)).intersection(clip)
        return rect.isEmpty ? nil : rect
    }
}
