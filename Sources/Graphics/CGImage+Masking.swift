import Foundation
import Geometry
import Raster

extension CGImage {
    /// Apple's image-mask initialiser (`CGImageMaskCreate`): a stencil of `width` × `height`
    /// samples read from `provider`, which paints the fill colour where it is drawn, and masks an
    /// image in `masking(_:)`, with 1 masking out and 0 letting paint through.
    ///
    /// Samples are `bitsPerComponent` bits (1, 2, 4 or 8), the first ones of each pixel of
    /// `bitsPerPixel` bits (the same, or a whole number of bytes), most significant bit first,
    /// rows `bytesPerRow` bytes apart (0 means packed rows). `decode`, when given, points at two values [Dmin, Dmax] mapping a sample s
    /// of n bits to Dmin + s × (Dmax − Dmin) / (2ⁿ − 1), clamped to 0…1; nil means [0, 1].
    /// `shouldInterpolate` chooses bilinear (true) or nearest (false) sampling when the mask is
    /// scaled to an image of another size.
    ///
    /// Returns nil, where Apple returns NULL or stops, for a side outside
    /// `1...PixelSize.maxDimension`, other bit depths, other pixel sizes, rows
    /// shorter than a row of samples, a provider with fewer bytes than the rows need, or a
    /// non-finite decode value.
    public convenience init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool) {
        guard [1, 2, 4, 8].contains(bitsPerComponent),
              bitsPerPixel == bitsPerComponent || (bitsPerPixel > 0 && bitsPerPixel % 8 == 0 && bitsPerPixel <= 128),
              width > 0, height > 0, let size = try? PixelSize(width: width, height: height) else { return nil }
        let packedRow = (width * bitsPerPixel + 7) / 8
        let stride = bytesPerRow == 0 ? packedRow : bytesPerRow
        let (rowsBefore, overflow) = stride.multipliedReportingOverflow(by: height - 1)
        guard stride >= packedRow, !overflow, let bytes = provider.data,
              bytes.count - packedRow >= rowsBefore else { return nil }
        var low: CGFloat = 0, high: CGFloat = 1
        if let decode {
            low = decode[0]
            high = decode[1]
            guard low.isFinite, high.isFinite else { return nil }
        }
        let maximum = CGFloat((1 << bitsPerComponent) - 1)
        // One table entry per possible sample: the alpha left after masking, 255 · (1 − S).
        let alphaOf: [UInt32] = (0...Int(maximum)).map { sample in
            let s = clampUnit(low + CGFloat(sample) * (high - low) / maximum)
            return UInt32(toByte(1 - s))
        }
        let bitmap = Bitmap(size: size)
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            for y in 0..<height {
                let rowStart = y * stride
                let out = bitmap.row(y)
                for x in 0..<width {
                    let bit = x * bitsPerPixel
                    let sample: Int
                    if bitsPerComponent == 8 {
                        sample = Int(raw[rowStart + bit / 8])
                    } else {
                        let byte = Int(raw[rowStart + bit / 8])
                        sample = byte >> (8 - bitsPerComponent - bit % 8) & Int(maximum)
                    }
                    out[x] = alphaOf[sample] << 24
                }
            }
        }
        self.init(bitmap: bitmap, format: Format(kind: .mask, colorSpace: nil, bitsPerComponent: bitsPerComponent,
                                                 bitsPerPixel: bitsPerPixel, bytesPerRow: stride,
                                                 shouldInterpolate: shouldInterpolate),
                  maskProvider: provider)
    }

    /// Apple's `masking(_:)` (`CGImageCreateWithMask`): this image with parts made transparent.
    ///
    /// With an image mask (`isMask`), each sample S acts as an inverse alpha: the image is kept
    /// at alpha 1 − S (1 masks out, 0 paints). With a greyscale image (device grey, no alpha, not
    /// itself masked), each grey value S acts as an alpha: white keeps the image, black removes
    /// it. A mask of another size is scaled to this image's size (bilinear, or nearest for a
    /// mask made with `shouldInterpolate: false`), each pixel centre sampling the mask at the same
    /// relative position.
    ///
    /// The result has this image's size, format and colour space, with the mask applied to its
    /// pixels (premultiplied, each channel rounded exactly). Returns nil, as Apple does, when
    /// this image is an image mask or was already masked, or when `mask` is neither an image mask
    /// nor a greyscale image without alpha (an RGB image, an alpha-only image, a masked image).
    public func masking(_ mask: CGImage) -> CGImage? {
        guard format.kind != .mask, !format.isMasked, !mask.format.isMasked else { return nil }
        // The alpha each mask pixel leaves, as a function of its BGRA word.
        let coverage: (UInt32) -> UInt32
        switch mask.format.kind {
        case .mask: coverage = { $0 >> 24 }
        case .gray: coverage = { $0 >> 16 & 0xFF }
        case .rgb, .alphaOnly: return nil
        }
        let result = Bitmap(size: bitmap.size)
        let scaled = mask.width != width || mask.height != height
        let sx = Double(mask.width) / Double(width), sy = Double(mask.height) / Double(height)
        for y in 0..<height {
            let source = bitmap.row(y), out = result.row(y)
            let my = (Double(y) + 0.5) * sy
            for x in 0..<width {
                let k: UInt32
                if !scaled {
                    k = coverage(mask.bitmap.row(y)[x])
                } else if mask.shouldInterpolate {
                    k = mask.bilinearCoverage(x: (Double(x) + 0.5) * sx, y: my, coverage)
                } else {
                    let mx = min(mask.width - 1, Int((Double(x) + 0.5) * sx))
                    k = coverage(mask.bitmap.row(min(mask.height - 1, Int(my)))[mx])
                }
                out[x] = Self.scale(source[x], by: k)
            }
        }
        var masked = format
        masked.isMasked = true
        masked.bytesPerRow = nil
        return CGImage(bitmap: result, format: masked)
    }

    /// Apple's `copy(colorSpace:)` (`CGImageCreateCopyWithColorSpace`): the same pixels, now said
    /// to be in `space`. Nothing is converted: as Apple documents, this returns nil when the
    /// image is an image mask, has no colour space (alpha-only), or when `space` has another
    /// number of components than the image's space (an RGB image copied into a grey space, or
    /// the reverse). To convert an RGB image to grey, draw it into a grey bitmap context.
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        guard format.kind != .mask, let current = format.colorSpace,
              current.numberOfComponents == space.numberOfComponents else { return nil }
        var copied = format
        copied.colorSpace = space
        return CGImage(bitmap: bitmap, format: copied)
    }

    /// A premultiplied pixel times `k / 255`, each channel rounded exactly.
    @inline(__always) package static func scale(_ pixel: UInt32, by k: UInt32) -> UInt32 {
        if k == 255 { return pixel }
        if k == 0 { return 0 }
        return divideBy255((pixel >> 24) &* k) << 24 | divideBy255((pixel >> 16 & 0xFF) &* k) << 16
            | divideBy255((pixel >> 8 & 0xFF) &* k) << 8 | divideBy255((pixel & 0xFF) &* k)
    }

    /// The coverage at (`x`, `y`) in pixel units (centres at half-integers), interpolated
    /// between the four nearest pixels, edges clamped.
    private func bilinearCoverage(x: Double, y: Double, _ coverage: (UInt32) -> UInt32) -> UInt32 {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = fx - Double(x0), ty = fy - Double(y0)
        @inline(__always) func at(_ px: Int, _ py: Int) -> Double {
            Double(coverage(bitmap.row(min(max(py, 0), height - 1))[min(max(px, 0), width - 1)]))
        }
        let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
        let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
        return UInt32((top * (1 - ty) + bottom * ty).rounded())
    }
}
