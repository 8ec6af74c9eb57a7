// Design note. Our own PNG writer over libdeflate: each bitmap row is un-premultiplied into one of
// two reused row buffers, filtered into one reused buffer holding the whole filtered image, which
// libdeflate compresses as one zlib stream in one call (whole-buffer compression is what makes it
// fast: no streaming state, and its level 1 parses better than zlib's). The file is the
// signature, IHDR, one IDAT per GiB of data, IEND; CRCs from libdeflate. A fully opaque bitmap is
// written as 8-bit RGB (colour type 2), a 25 % smaller raw stream; anything else as 8-bit RGBA.
// Filters: none at level 0, Sub alone at levels 1–3 (measured with libspng and zlib: trying all
// five row filters made level 1 take 90 ms (opaque) / 150 ms (translucent) for 1920×1080
// gradients against 20 / 59 ms with Sub, at similar sizes), all five from level 4, chosen per row
// by the smallest sum of absolute signed bytes (libpng's heuristic). Levels map one to one onto
// libdeflate's 0–9.
// Measured here (release, one thread, 1920×1080 photographic fade frames, level 1): see
// BENCHMARKS.md "Recording" (libspng + zlib before, this after).

import CDeflate
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
/// `UIImage.pngData()`, the file is plain sRGB-by-convention). The bytes depend only on the
/// pixels and the level.
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
        try Workspace().encode(bitmap, compressionLevel: compressionLevel, alwaysWithAlpha: false)
    }

    /// `encode`, optionally always as 8-bit RGBA (colour type 6) even when every pixel is opaque:
    /// the frames of an animated PNG must all share the header's colour type.
    package static func encode(_ bitmap: Bitmap, compressionLevel: Int, alwaysWithAlpha: Bool) throws(ImageCodecError) -> [UInt8] {
        try Workspace().encode(bitmap, compressionLevel: compressionLevel, alwaysWithAlpha: alwaysWithAlpha)
    }

    /// The buffers and compressor of one encoder, kept between images so that a recording
    /// allocates them once rather than per frame. Not thread-safe: one per encoding thread.
    package final class Workspace {
        private var compressor: OpaquePointer?
        private var compressorLevel = -1
        private var filtered: UnsafeMutablePointer<UInt8>?
        private var filteredCapacity = 0
        private var rows: UnsafeMutablePointer<UInt8>?
        private var rowsCapacity = 0

        package init() {}

        deinit {
            if let compressor { libdeflate_free_compressor(compressor) }
            filtered?.deallocate()
            rows?.deallocate()
        }

        /// The PNG file for `bitmap` (see `PNGEncoder.encode(_:compressionLevel:alwaysWithAlpha:)`).
        package func encode(_ bitmap: Bitmap, compressionLevel: Int, alwaysWithAlpha: Bool) throws(ImageCodecError) -> [UInt8] {
            guard (0...9).contains(compressionLevel) else { throw .invalidCompressionLevel(compressionLevel) }
            guard !bitmap.size.isEmpty else { throw .emptyBitmap(width: bitmap.width, height: bitmap.height) }
            let opaque = !alwaysWithAlpha && StraightConversion.isOpaque(bitmap)
            let channels = opaque ? 3 : 4
            let (rowBytes, overflowRow) = bitmap.width.multipliedReportingOverflow(by: channels)
            let (total, overflowTotal) = (rowBytes + 1).multipliedReportingOverflow(by: bitmap.height)
            guard !overflowRow, !overflowTotal, total < Int(Int32.max) * 4 else {
                throw .encoderFailed(detail: "a \(bitmap.width)x\(bitmap.height) image is too large to encode")
            }
            let compressor = try compressor(level: compressionLevel)
            let filtered = buffer(&self.filtered, capacity: &filteredCapacity, count: total)
            let rows = buffer(&self.rows, capacity: &rowsCapacity, count: 2 * rowBytes)
            let strategy: PNGRowFilter.Strategy = switch compressionLevel {
            case 0: .none
            case 1...3: .sub
            default: .adaptive
            }
            var previous = rows, current = rows + rowBytes
            for y in 0..<bitmap.height {
                StraightConversion.unpremultiply(UnsafePointer(bitmap.row(y).baseAddress!), to: current,
                                                 count: bitmap.width, dropAlpha: opaque)
                PNGRowFilter.filter(current, previous: y == 0 ? nil : UnsafePointer(previous), count: rowBytes,
                                    bytesPerPixel: channels, strategy: strategy, into: filtered + y * (rowBytes + 1))
                swap(&previous, &current)
            }

            let bound = libdeflate_zlib_compress_bound(compressor, total)
            let idatCount = max(1, (bound + Self.idatLimit - 1) / Self.idatLimit)
            let capacity = 8 + 25 + bound + 12 * idatCount + 12
            return try [UInt8](unsafeUninitializedCapacity: capacity) { (out, initialized) throws(ImageCodecError) in
                let base = out.baseAddress!
                var o = 0
                for byte in PNGChunks.signature {
                    base[o] = byte
                    o += 1
                }
                var ihdr: [UInt8] = []
                PNGChunks.appendBigEndian(UInt32(bitmap.width), to: &ihdr)
                PNGChunks.appendBigEndian(UInt32(bitmap.height), to: &ihdr)
                ihdr += [8, opaque ? 2 : 6, 0, 0, 0]
                o = Self.writeChunk("IHDR", data: ihdr, at: o, in: base)
                // Compressed after the first IDAT's header, then spread in place into chunks of
                // at most `idatLimit` bytes (a real image has one), the last chunk moved first.
                let dataStart = o + 8, limit = Self.idatLimit
                let compressed = libdeflate_zlib_compress(compressor, filtered, total, base + dataStart, bound)
                guard compressed > 0 else { throw .encoderFailed(detail: "libdeflate could not compress the image") }
                let chunkCount = max(1, (compressed + limit - 1) / limit)
                for k in stride(from: chunkCount - 1, through: 1, by: -1) {
                    memmove(base + dataStart + k * (limit + 12), base + dataStart + k * limit, min(limit, compressed - k * limit))
                }
                for k in 0..<chunkCount {
                    let start = dataStart + k * (limit + 12), length = min(limit, compressed - k * limit)
                    Self.store(UInt32(length), at: base + start - 8)
                    for (i, byte) in "IDAT".utf8.enumerated() { base[start - 4 + i] = byte }
                    Self.store(libdeflate_crc32(0, base + start - 4, 4 + length), at: base + start + length)
                    o = start + length + 4
                }
                o = Self.writeChunk("IEND", data: [], at: o, in: base)
                initialized = o
            }
        }

        private static let idatLimit = 1 << 30

        private func compressor(level: Int) throws(ImageCodecError) -> OpaquePointer {
            if let compressor, compressorLevel == level { return compressor }
            if let compressor { libdeflate_free_compressor(compressor) }
            compressor = libdeflate_alloc_compressor(Int32(level))
            compressorLevel = level
            guard let compressor else { throw .encoderFailed(detail: "cannot create a libdeflate compressor (out of memory)") }
            return compressor
        }

        private func buffer(_ pointer: inout UnsafeMutablePointer<UInt8>?, capacity: inout Int, count: Int) -> UnsafeMutablePointer<UInt8> {
            if let pointer, capacity >= count { return pointer }
            pointer?.deallocate()
            pointer = .allocate(capacity: count)
            capacity = count
            return pointer!
        }

        private static func store(_ value: UInt32, at pointer: UnsafeMutablePointer<UInt8>) {
            pointer[0] = UInt8(value >> 24)
            pointer[1] = UInt8((value >> 16) & 0xFF)
            pointer[2] = UInt8((value >> 8) & 0xFF)
            pointer[3] = UInt8(value & 0xFF)
        }

        private static func writeChunk(_ type: String, data: [UInt8], at offset: Int, in base: UnsafeMutablePointer<UInt8>) -> Int {
            store(UInt32(data.count), at: base + offset)
            var o = offset + 4
            for byte in type.utf8 + data {
                base[o] = byte
                o += 1
            }
            store(libdeflate_crc32(0, base + offset + 4, 4 + data.count), at: base + o)
            return o + 4
        }
    }

    /// Encodes `bitmap` and writes it to `path` atomically: the bytes go to a temporary file in
    /// the same folder, which is synced and renamed over `path`, so a failure never leaves a
    /// half-written file under `path` (an existing file there stays as it was).
    ///
    /// - Throws: the errors of `encode`; `.cannotCreate` when the folder is missing or not
    ///   writable or `path` is a folder; `.writeFailed` when writing or syncing fails part-way
    ///   (disk full, I/O error).
    public static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int = 6) throws(ImageCodecError) {
        try write(bitmap, to: path, compressionLevel: compressionLevel, workspace: Workspace(), sink: .system)
    }

    /// `write` with the caller's workspace (a recording's encoder thread keeps one).
    package static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int,
                              workspace: Workspace) throws(ImageCodecError) {
        try write(bitmap, to: path, compressionLevel: compressionLevel, workspace: workspace, sink: .system)
    }

    static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int, sink: FileSink) throws(ImageCodecError) {
        try write(bitmap, to: path, compressionLevel: compressionLevel, workspace: Workspace(), sink: sink)
    }

    static func write(_ bitmap: Bitmap, to path: String, compressionLevel: Int, workspace: Workspace,
                      sink: FileSink) throws(ImageCodecError) {
        let bytes = try workspace.encode(bitmap, compressionLevel: compressionLevel, alwaysWithAlpha: false)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageCodecError) in try AtomicFileWriter.write(buffer, to: path, sink: sink) }
        }
        try result.get()
    }
}

/// libspng's message for `status`, with the code.
func libspngText(_ status: Int32) -> String {
    let text = spng_strerror(status).map { String(cString: $0) } ?? "unknown error"
    return "\(text) (libspng \(status))"
}
