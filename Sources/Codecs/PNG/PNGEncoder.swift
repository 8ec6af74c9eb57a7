// Design note. Encoding streams rows through libspng (`SPNG_ENCODE_PROGRESSIVE`): each bitmap row
// is un-premultiplied into one reused row buffer and handed to `spng_encode_row`, so memory stays
// at one row plus the compressed output whatever the image size. A fully opaque bitmap is
// written as 8-bit RGB (colour type 2), a 25 % smaller raw stream; anything else as 8-bit RGBA.
// Time goes to filter selection and zlib, hardly to the pixel conversion. Measured here
// (release, thread CPU time, 1920×1080 synthetic gradients, shared machine): trying all five
// row filters made level 1 take 90 ms (opaque) / 150 ms (translucent) against 20 / 59 ms with
// Sub alone, at similar sizes (32 KB / 629 KB vs 30 KB / 667 KB), hence Sub only for levels
// 1–3. Level 6 with all filters: 150 ms / 345 ms, 8.5 KB / 416 KB. Decoding the same files
// takes 15–50 ms.

import CSPNG
import Glibc
import Raster

/// Writes bitmaps as PNG files.
///
/// Premultiplied pixels are converted back to straight alpha (`c · 255 / a`, rounded to nearest,
/// so decoding the file gives back the same premultiplied pixels for opaque images and within ±1
/// per channel for translucent ones); fully transparent pixels are stored as transparent black.
/// A bitmap whose pixels are all opaque is stored as 8-bit RGB without an alpha channel,
/// otherwise as 8-bit RGBA. No gamma, colour-profile or text chunks are written (like
/// `UIImage.pngData()`, the file is plain sRGB-by-convention).
///
/// ```swift
/// let bytes = try PNGEncoder.encode(frame, compressionLevel: 1)
/// try PNGEncoder.write(frame, to: "out/frame.png")
/// ```
public enum PNGEncoder {
    /// The PNG file for `bitmap`, in memory.
    ///
    /// - Parameter compressionLevel: zlib level, `0...9`: 0 stores without compression, 1 is
    ///   fastest, 6 (the default) balances size and speed, 9 is smallest and slowest.
    /// - Throws: `.invalidCompressionLevel` outside `0...9`; `.emptyBitmap` when a side is 0.
    public static func encode(_ bitmap: Bitmap, compressionLevel: Int = 6) throws(ImageCodecError) -> [UInt8] {
        try encode(bitmap, compressionLevel: compressionLevel, alwaysWithAlpha: false)
    }

    /// `encode`, optionally always as 8-bit RGBA (colour type 6) even when every pixel is opaque:
    /// the frames of an animated PNG must all share the header's colour type.
    package static func encode(_ bitmap: Bitmap, compressionLevel: Int, alwaysWithAlpha: Bool) throws(ImageCodecError) -> [UInt8] {
        guard (0...9).contains(compressionLevel) else { throw .invalidCompressionLevel(compressionLevel) }
        guard !bitmap.size.isEmpty else { throw .emptyBitmap(width: bitmap.width, height: bitmap.height) }
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw .encoderFailed(detail: "cannot create a libspng context (out of memory)")
        }
        defer { spng_ctx_free(ctx) }

        let opaque = !alwaysWithAlpha && StraightConversion.isOpaque(bitmap)
        var ihdr = spng_ihdr()
        ihdr.width = UInt32(bitmap.width)
        ihdr.height = UInt32(bitmap.height)
        ihdr.bit_depth = 8
        ihdr.color_type = UInt8(opaque ? SPNG_COLOR_TYPE_TRUECOLOR.rawValue : SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue)
        ihdr.compression_method = 0
        ihdr.filter_method = 0
        ihdr.interlace_method = UInt8(SPNG_INTERLACE_NONE.rawValue)

        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1))
        try check(spng_set_option(ctx, SPNG_IMG_COMPRESSION_LEVEL, Int32(compressionLevel)))
        try check(spng_set_ihdr(ctx, &ihdr))
        try check(spng_set_option(ctx, SPNG_FILTER_CHOICE, filterChoice(forLevel: compressionLevel)))
        let flags = Int32(SPNG_ENCODE_PROGRESSIVE.rawValue | SPNG_ENCODE_FINALIZE.rawValue)
        try check(spng_encode_image(ctx, nil, 0, Int32(SPNG_FMT_PNG.rawValue), flags))

        let rowBytes = bitmap.width * (opaque ? 3 : 4)
        let rowBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes)
        defer { rowBuffer.deallocate() }
        for y in 0..<bitmap.height {
            StraightConversion.unpremultiply(UnsafePointer(bitmap.row(y).baseAddress!), to: rowBuffer,
                                             count: bitmap.width, dropAlpha: opaque)
            let status = spng_encode_row(ctx, rowBuffer, rowBytes)
            if status == Int32(SPNG_EOI.rawValue) { break }
            try check(status)
        }

        var length = 0
        var status: Int32 = 0
        guard let buffer = spng_get_png_buffer(ctx, &length, &status) else {
            throw .encoderFailed(detail: libspngText(status))
        }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }

    /// Encodes `bitmap` and writes it to `path` atomically: the bytes go to a temporary file in
    /// the same folder, which is synced and renamed over `path`, so a failure never leaves a
    /// half-written file under `path` (an existing file there stays as it was).
    ///
    /// - Throws: the errors of `encode`; `.cannotCreate` when the folder is missing or not
    ///   writable or `path` is a folder; `.writeFailed` when writing or syncing fails part-way
    ///   (disk full, I/O error).
    public static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int = 6) throws(ImageCodecError) {
        try write(bitmap, to: path, compressionLevel: compressionLevel, sink: .system)
    }

    static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int, sink: FileSink) throws(ImageCodecError) {
        let bytes = try encode(bitmap, compressionLevel: compressionLevel)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageCodecError) in try AtomicFileWriter.write(buffer, to: path, sink: sink) }
        }
        try result.get()
    }

    /// Row filters libspng may choose from: none for level 0 (stored data gains nothing), only
    /// Sub for 1–3 (a third of the time of trying all five, similar size), all five, picked per
    /// row, from level 4 up.
    static func filterChoice(forLevel level: Int) -> Int32 {
        switch level {
        case 0: Int32(SPNG_DISABLE_FILTERING.rawValue)
        case 1...3: Int32(SPNG_FILTER_CHOICE_SUB.rawValue)
        default: Int32(SPNG_FILTER_CHOICE_ALL.rawValue)
        }
    }

    private static func check(_ status: Int32) throws(ImageCodecError) {
        guard status == 0 else { throw .encoderFailed(detail: libspngText(status)) }
    }
}

/// libspng's message for `status`, with the code.
func libspngText(_ status: Int32) -> String {
    let text = spng_strerror(status).map { String(cString: $0) } ?? "unknown error"
    return "\(text) (libspng \(status))"
}
