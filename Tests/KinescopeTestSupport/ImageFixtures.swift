import CSPNG
import CTurboJPEG
import Foundation

/// Builds PNG files at run time (no binary fixtures) through libspng's encoder with an explicit
/// IHDR, so that a test can ask for any colour type, bit depth, interlacing or transparency.
public enum PNGFixture {
    public struct Options {
        public var colorType: spng_color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        public var bitDepth: UInt8 = 8
        public var interlaced = false
        public var palette: [(UInt8, UInt8, UInt8)] = []
        public var paletteAlpha: [UInt8] = []
        /// tRNS for grey (`gray`) or RGB (`red`, `green`, `blue`) images, in sample units.
        public var transparentKey: (gray: UInt16, red: UInt16, green: UInt16, blue: UInt16)?

        public init() {}
    }

    /// Encodes `raw` (samples packed as the PNG stores them, 16-bit samples big-endian) into a
    /// PNG file.
    public static func encode(width: Int, height: Int, raw: [UInt8], options: Options) throws -> [UInt8] {
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw TestSupportError("spng_ctx_new") }
        defer { spng_ctx_free(ctx) }
        var ihdr = spng_ihdr()
        ihdr.width = UInt32(width)
        ihdr.height = UInt32(height)
        ihdr.bit_depth = options.bitDepth
        ihdr.color_type = UInt8(options.colorType.rawValue)
        ihdr.interlace_method = options.interlaced ? 1 : 0
        try check(spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1), "option")
        try check(spng_set_ihdr(ctx, &ihdr), "ihdr")
        if !options.palette.isEmpty {
            var plte = spng_plte()
            plte.n_entries = UInt32(options.palette.count)
            withUnsafeMutableBytes(of: &plte.entries) { raw in
                let entries = raw.bindMemory(to: spng_plte_entry.self)
                for (i, c) in options.palette.enumerated() {
                    entries[i] = spng_plte_entry(red: c.0, green: c.1, blue: c.2, alpha: 255)
                }
            }
            try check(spng_set_plte(ctx, &plte), "plte")
        }
        if !options.paletteAlpha.isEmpty || options.transparentKey != nil {
            var trns = spng_trns()
            if let key = options.transparentKey {
                trns.gray = key.gray
                trns.red = key.red
                trns.green = key.green
                trns.blue = key.blue
            }
            trns.n_type3_entries = UInt32(options.paletteAlpha.count)
            withUnsafeMutableBytes(of: &trns.type3_alpha) { raw in
                for (i, a) in options.paletteAlpha.enumerated() { raw[i] = a }
            }
            try check(spng_set_trns(ctx, &trns), "trns")
        }
        try raw.withUnsafeBytes { buffer in
            try check(spng_encode_image(ctx, buffer.baseAddress, buffer.count, Int32(SPNG_FMT_RAW.rawValue),
                                        Int32(SPNG_ENCODE_FINALIZE.rawValue)), "encode")
        }
        var length = 0
        var status: Int32 = 0
        guard let out = spng_get_png_buffer(ctx, &length, &status) else {
            throw TestSupportError("spng_get_png_buffer: \(status)")
        }
        defer { free(out) }
        return Array(UnsafeRawBufferPointer(start: out, count: length))
    }

    private static func check(_ status: Int32, _ what: String) throws {
        if status != 0 {
            throw TestSupportError("spng \(what): \(String(cString: spng_strerror(status)))")
        }
    }

    /// A `width`×`height` RGBA8 PNG whose every pixel is `pixel(x, y)` (straight R, G, B, A).
    public static func rgba8(width: Int, height: Int, interlaced: Bool = false,
                             pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                raw += [p.0, p.1, p.2, p.3]
            }
        }
        var options = Options()
        options.interlaced = interlaced
        return try encode(width: width, height: height, raw: raw, options: options)
    }
}

/// Builds JPEG files at run time through TurboJPEG.
public enum JPEGFixture {
    /// Compresses `pixels` (RGB bytes, one grey byte a pixel for `TJPF_GRAY`, or CMYK).
    public static func compress(width: Int, height: Int, pixels: [UInt8], format: TJPF, subsampling: TJSAMP,
                                progressive: Bool = false, quality: Int32 = 95) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw TestSupportError("tjInitCompress") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = pixels.withUnsafeBufferPointer { p in
            tjCompress2(handle, p.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue),
                        &output, &size, Int32(subsampling.rawValue), quality, Int32(flags))
        }
        guard status == 0, let output else {
            throw TestSupportError("tjCompress2: \(String(cString: tjGetErrorStr2(handle)))")
        }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A smooth RGB gradient that JPEG reproduces closely.
    public static func gradientRGB(width: Int, height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgb += [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), 128]
            }
        }
        return rgb
    }
}

/// PNG chunk surgery for malformed-input tests and the fuzzer.
public enum PNGChunk {
    public struct Chunk {
        public let offset: Int
        public let length: Int
        public let type: String
        public var dataOffset: Int { offset + 8 }
        public var crcOffset: Int { offset + 8 + length }
        public var end: Int { offset + 12 + length }

        public init(offset: Int, length: Int, type: String) {
            self.offset = offset
            self.length = length
            self.type = type
        }
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks that fit in `bytes`, in order (a chunk running past the end ends the list).
    public static func list(_ bytes: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { break }
            chunks.append(Chunk(offset: offset, length: length,
                                type: String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)))
            offset += 12 + length
        }
        return chunks
    }

    public static func first(_ type: String, in bytes: [UInt8]) -> Chunk? {
        list(bytes).first { $0.type == type }
    }

    public static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    public static func writeUInt32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    /// A whole chunk (length, type, data, CRC) with a correct CRC.
    public static func make(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// Recomputes the CRC of `chunk` after its data was edited.
    public static func fixCRC(_ chunk: Chunk, in bytes: inout [UInt8]) {
        writeUInt32(crc32(bytes[chunk.offset + 4..<chunk.crcOffset]), into: &bytes, at: chunk.crcOffset)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func crc32<C: Collection>(_ data: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    public static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    /// A zlib stream of stored (uncompressed) blocks: lets a test put any scanline bytes,
    /// including invalid filter types, behind a valid zlib wrapper.
    public static func storedZlib(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let last: UInt8 = offset + count == data.count ? 1 : 0
            out += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }
}
