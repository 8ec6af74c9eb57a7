@testable import Codecs
import CSPNG
import CTurboJPEG
import Foundation
import Raster
import XCTest

/// Builds test images at run time (no binary fixtures): PNGs through libspng's encoder with an
/// explicit IHDR, JPEGs through tjCompress2.
enum PNGFixture {
    struct Options {
        var colorType: spng_color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        var bitDepth: UInt8 = 8
        var interlaced = false
        var palette: [(UInt8, UInt8, UInt8)] = []
        var paletteAlpha: [UInt8] = []
        /// tRNS for grey (`gray`) or RGB (`red`, `green`, `blue`) images, in sample units.
        var transparentKey: (gray: UInt16, red: UInt16, green: UInt16, blue: UInt16)?
    }

    /// Encodes `raw` (samples packed as the PNG stores them, 16-bit samples big-endian) into a
    /// PNG file.
    static func encode(width: Int, height: Int, raw: [UInt8], options: Options) throws -> [UInt8] {
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw FixtureError("spng_ctx_new") }
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
        guard let out = spng_get_png_buffer(ctx, &length, &status) else { throw FixtureError("get buffer \(status)") }
        defer { free(out) }
        return Array(UnsafeRawBufferPointer(start: out, count: length))
    }

    private static func check(_ status: Int32, _ what: String) throws {
        if status != 0 {
            throw FixtureError("spng \(what): \(String(cString: spng_strerror(status)))")
        }
    }

    /// A `width`×`height` RGBA8 PNG whose every pixel is `pixel(x, y)` (straight R, G, B, A).
    static func rgba8(width: Int, height: Int, interlaced: Bool = false,
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

enum JPEGFixture {
    /// Compresses `pixels` (RGB bytes, or one grey byte a pixel when `grey`, or CMYK) with
    /// TurboJPEG at quality 95.
    static func compress(width: Int, height: Int, pixels: [UInt8], format: TJPF, subsampling: TJSAMP,
                         progressive: Bool = false, quality: Int32 = 95) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw FixtureError("tjInitCompress") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let flags = progressive ? TJFLAG_PROGRESSIVE : 0
        let status = pixels.withUnsafeBufferPointer { p in
            tjCompress2(handle, p.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue),
                        &output, &size, Int32(subsampling.rawValue), quality, Int32(flags))
        }
        guard status == 0, let output else {
            throw FixtureError("tjCompress2: \(String(cString: tjGetErrorStr2(handle)))")
        }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A smooth RGB gradient that JPEG reproduces closely.
    static func gradientRGB(width: Int, height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                rgb += [UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1)), 128]
            }
        }
        return rgb
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh folder under the system temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/kinescope-codecs-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FixtureError("mkdtemp failed")
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A bitmap of `size` with pixel (x, y) = `color(x, y)`.
func makeBitmap(width: Int, height: Int, _ color: (Int, Int) -> PremultipliedColor) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { bitmap[x: x, y: y] = color(x, y) }
    }
    return bitmap
}

/// Asserts that `body` throws an `ImageCodecError` matched by `matches`, and that its message
/// contains `mentioning`.
func assertCodecError<T>(_ body: @autoclosure () throws -> T, mentioning: String,
                         file: StaticString = #filePath, line: UInt = #line,
                         _ matches: (ImageCodecError) -> Bool) {
    do {
        _ = try body()
        XCTFail("expected an ImageCodecError, got a result", file: file, line: line)
    } catch let error as ImageCodecError {
        XCTAssertTrue(matches(error), "unexpected error case: \(error)", file: file, line: line)
        XCTAssertTrue(error.description.contains(mentioning), "message '\(error)' does not mention '\(mentioning)'",
                      file: file, line: line)
    } catch {
        XCTFail("unexpected error type \(type(of: error)): \(error)", file: file, line: line)
    }
}

/// PNG chunk surgery for the malformed-input tests.
enum PNGChunks {
    struct Chunk {
        let offset: Int
        let length: Int
        let type: String
        var dataOffset: Int { offset + 8 }
        var crcOffset: Int { offset + 8 + length }
    }

    static func list(_ bytes: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, at: offset))
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append(Chunk(offset: offset, length: length, type: type))
            offset += 12 + length
        }
        return chunks
    }

    static func first(_ type: String, in bytes: [UInt8]) -> Chunk? {
        list(bytes).first { $0.type == type }
    }

    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func writeUInt32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }

    /// Recomputes the CRC of `chunk` after its data was edited.
    static func fixCRC(_ chunk: Chunk, in bytes: inout [UInt8]) {
        let crc = crc32(bytes[chunk.offset + 4..<chunk.crcOffset])
        writeUInt32(crc, into: &bytes, at: chunk.crcOffset)
    }

    static func crc32<C: Collection>(_ data: C) -> UInt32 where C.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

/// A small deterministic generator (SplitMix64) so that fuzz cases repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
