import CTurboJPEG
import Raster

/// JPEG decoding through TurboJPEG, straight into the bitmap's memory as opaque BGRA8.
///
/// Baseline, extended-sequential and progressive JPEGs in YCbCr, RGB or greyscale decode
/// directly (TurboJPEG fills alpha with 255 for `TJPF_BGRA`). CMYK and YCCK JPEGs decode to CMYK
/// and are converted without a colour profile, assuming Adobe's inverted storage (255 = no ink,
/// as Photoshop and libjpeg-turbo write them): `r = c · k / 255`, and likewise for green and
/// blue. Corrupt data is an error, not a grey patch (`TJFLAG_STOPONWARNING`), and progressive
/// files are limited to 500 scans (`TJFLAG_LIMITSCANS`) so that a crafted file cannot keep the
/// decoder busy for minutes.
enum JPEGDecoder {
    static func isJPEG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, name: String) throws(ImageCodecError) -> Bitmap {
        guard let handle = tjInitDecompress() else {
            throw .unsupported(name: name, detail: "cannot create a TurboJPEG decompressor (out of memory)")
        }
        defer { tjDestroy(handle) }
        let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let length = UInt(bytes.count)

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        guard tjDecompressHeader3(handle, source, length, &width, &height, &subsampling, &colorspace) == 0 else {
            throw classify(handle, name: name)
        }
        guard width > 0, height > 0 else {
            // libjpeg treats a stream that ends inside the tables as "tables only", with no size.
            throw .truncated(name: name, detail: "the data ends before the frame header (SOF)")
        }
        try ImageLimits.check(width: Int(width), height: Int(height), name: name)
        let bitmap = Bitmap(size: try! PixelSize(width: Int(width), height: Int(height)))
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT

        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            let count = Int(width) * Int(height)
            let cmyk = UnsafeMutablePointer<UInt8>.allocate(capacity: count * 4)
            defer { cmyk.deallocate() }
            guard tjDecompress2(handle, source, length, cmyk, width, width * 4, height,
                                Int32(TJPF_CMYK.rawValue), flags) == 0 else {
                throw classify(handle, name: name)
            }
            convertInvertedCMYK(cmyk, to: bitmap.baseAddress, count: count)
        } else {
            let destination = UnsafeMutableRawPointer(bitmap.baseAddress).assumingMemoryBound(to: UInt8.self)
            guard tjDecompress2(handle, source, length, destination, width, Int32(bitmap.rowStride * 4), height,
                                Int32(TJPF_BGRA.rawValue), flags) == 0 else {
                throw classify(handle, name: name)
            }
        }
        return bitmap
    }

    /// Adobe-inverted CMYK bytes to opaque BGRA words: `r = round(c · k / 255)`, etc.
    static func convertInvertedCMYK(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt32>, count: Int) {
        var i = 0
        while i < count {
            let p = source + i &* 4
            let k = UInt32(p[3])
            let r = divideBy255(UInt32(p[0]) &* k)
            let g = divideBy255(UInt32(p[1]) &* k)
            let b = divideBy255(UInt32(p[2]) &* k)
            destination[i] = 0xFF00_0000 | r << 16 | g << 8 | b
            i &+= 1
        }
    }

    /// Classifies TurboJPEG's last error by its libjpeg message.
    static func classify(_ handle: tjhandle, name: String) -> ImageCodecError {
        let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown TurboJPEG error"
        let lower = message.lowercased()
        if lower.hasPrefix("premature end") {
            return .truncated(name: name, detail: message)
        }
        if lower.contains("unsupported") || lower.contains("not supported") || lower.contains("sorry")
            || lower.contains("requested features are incompatible") {
            return .unsupported(name: name, detail: message)
        }
        return .corrupt(name: name, detail: message)
    }
}
