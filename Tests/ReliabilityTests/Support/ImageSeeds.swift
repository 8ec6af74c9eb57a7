import CSPNG
import CTurboJPEG
import Foundation
import KinescopeTestSupport
import Raster

/// Valid PNG and JPEG files made at run time (no binary fixtures), the starting points of the
/// image fuzzer. Small on purpose (32…64 pixels a side) so that ten thousand decodes take
/// seconds, yet every decoder path is met: each PNG colour type, bit depths 1 to 16, Adam7,
/// palettes with `tRNS`; baseline and progressive JPEG, 4:2:0, 4:4:4 and greyscale.
enum ImageSeeds {
    struct Seed {
        let name: String
        let bytes: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Six PNGs, one per colour type (and two bit depths of grey).
    static func pngs() throws -> [Seed] {
        var random = SeededRandom(seed: 0x5EED_0001)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in random.nextByte() } }
        var seeds: [Seed] = []

        let rgba = PNGOptions()
        seeds.append(Seed(name: "rgba8-32x32", bytes: try encodePNG(width: 32, height: 32, raw: smooth(32, 32, channels: 4), options: rgba)))

        var rgb = PNGOptions()
        rgb.colorType = SPNG_COLOR_TYPE_TRUECOLOR
        rgb.interlaced = true
        seeds.append(Seed(name: "rgb8-adam7-48x40", bytes: try encodePNG(width: 48, height: 40, raw: smooth(48, 40, channels: 3), options: rgb)))

        var palette = PNGOptions()
        palette.colorType = SPNG_COLOR_TYPE_INDEXED
        palette.bitDepth = 4
        palette.interlaced = true
        palette.palette = (0..<16).map { (i: Int) -> (UInt8, UInt8, UInt8) in
            let level = UInt8(i * 16)
            return (level, 255 - level, UInt8(i * 7))
        }
        palette.paletteAlpha = (0..<10).map { (i: Int) -> UInt8 in UInt8(i * 25) }
        seeds.append(Seed(name: "palette4-trns-adam7-40x33", bytes: try encodePNG(width: 40, height: 33, raw: bytes((40 + 1) / 2 * 33), options: palette)))

        var grey16 = PNGOptions()
        grey16.colorType = SPNG_COLOR_TYPE_GRAYSCALE
        grey16.bitDepth = 16
        seeds.append(Seed(name: "grey16-33x31", bytes: try encodePNG(width: 33, height: 31, raw: bytes(33 * 2 * 31), options: grey16)))

        var grey1 = PNGOptions()
        grey1.colorType = SPNG_COLOR_TYPE_GRAYSCALE
        grey1.bitDepth = 1
        grey1.interlaced = true
        seeds.append(Seed(name: "grey1-adam7-64x64", bytes: try encodePNG(width: 64, height: 64, raw: bytes(8 * 64), options: grey1)))

        var greyAlpha = PNGOptions()
        greyAlpha.colorType = SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
        greyAlpha.bitDepth = 16
        seeds.append(Seed(name: "greyalpha16-37x29", bytes: try encodePNG(width: 37, height: 29, raw: smooth(37, 29, channels: 4), options: greyAlpha)))
        return seeds
    }

    /// Four JPEGs: baseline 4:2:0 and 4:4:4, greyscale, progressive 4:2:0.
    static func jpegs() throws -> [Seed] {
        [
            Seed(name: "baseline420-48x32", bytes: try compressJPEG(width: 48, height: 32, rgb: smooth(48, 32, channels: 3),
                                                                     format: TJPF_RGB, subsampling: TJSAMP_420)),
            Seed(name: "baseline444-64x64", bytes: try compressJPEG(width: 64, height: 64, rgb: smooth(64, 64, channels: 3),
                                                                     format: TJPF_RGB, subsampling: TJSAMP_444)),
            Seed(name: "grey-40x40", bytes: try compressJPEG(width: 40, height: 40, rgb: smooth(40, 40, channels: 1),
                                                              format: TJPF_GRAY, subsampling: TJSAMP_GRAY)),
            Seed(name: "progressive420-56x56", bytes: try compressJPEG(width: 56, height: 56, rgb: smooth(56, 56, channels: 3),
                                                                        format: TJPF_RGB, subsampling: TJSAMP_420, progressive: true)),
        ]
    }

    /// Gradients with some texture, so that every compressed stream has real content.
    static func smooth(_ width: Int, _ height: Int, channels: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity(width * height * channels)
        for y in 0..<height {
            for x in 0..<width {
                for c in 0..<channels {
                    raw.append(UInt8(truncatingIfNeeded: x * 255 / width + y * (c + 1) * 3 + ((x ^ y) & 7) * c))
                }
            }
        }
        return raw
    }

    struct PNGOptions {
        var colorType: spng_color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA
        var bitDepth: UInt8 = 8
        var interlaced = false
        var palette: [(UInt8, UInt8, UInt8)] = []
        var paletteAlpha: [UInt8] = []
    }

    /// Encodes `raw` samples (packed as PNG stores them) with libspng.
    static func encodePNG(width: Int, height: Int, raw: [UInt8], options: PNGOptions) throws -> [UInt8] {
        guard let ctx = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else { throw Failure("spng_ctx_new") }
        defer { spng_ctx_free(ctx) }
        func check(_ status: Int32, _ what: String) throws {
            if status != 0 { throw Failure("spng \(what): \(String(cString: spng_strerror(status)))") }
        }
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
        if !options.paletteAlpha.isEmpty {
            var trns = spng_trns()
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
        guard let out = spng_get_png_buffer(ctx, &length, &status) else { throw Failure("spng_get_png_buffer: \(status)") }
        defer { free(out) }
        return Array(UnsafeRawBufferPointer(start: out, count: length))
    }

    /// Compresses with TurboJPEG at quality 90.
    static func compressJPEG(width: Int, height: Int, rgb: [UInt8], format: TJPF, subsampling: TJSAMP,
                             progressive: Bool = false) throws -> [UInt8] {
        guard let handle = tjInitCompress() else { throw Failure("tjInitCompress") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer { p in
            tjCompress2(handle, p.baseAddress, Int32(width), 0, Int32(height), Int32(format.rawValue),
                        &output, &size, Int32(subsampling.rawValue), 90, progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        guard status == 0, let output else { throw Failure("tjCompress2: \(String(cString: tjGetErrorStr2(handle)))") }
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
