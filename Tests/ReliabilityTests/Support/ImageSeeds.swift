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

    /// Six PNGs, one per colour type (and two bit depths of grey).
    static func pngs() throws -> [Seed] {
        var random = SeededRandom(seed: 0x5EED_0001)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in random.nextByte() } }
        var seeds: [Seed] = []

        let rgba = PNGFixture.Options()
        seeds.append(Seed(name: "rgba8-32x32", bytes: try PNGFixture.encode(width: 32, height: 32, raw: smooth(32, 32, channels: 4), options: rgba)))

        var rgb = PNGFixture.Options()
        rgb.colorType = SPNG_COLOR_TYPE_TRUECOLOR
        rgb.interlaced = true
        seeds.append(Seed(name: "rgb8-adam7-48x40", bytes: try PNGFixture.encode(width: 48, height: 40, raw: smooth(48, 40, channels: 3), options: rgb)))

        var palette = PNGFixture.Options()
        palette.colorType = SPNG_COLOR_TYPE_INDEXED
        palette.bitDepth = 4
        palette.interlaced = true
        palette.palette = (0..<16).map { (i: Int) -> (UInt8, UInt8, UInt8) in
            let level = UInt8(i * 16)
            return (level, 255 - level, UInt8(i * 7))
        }
        palette.paletteAlpha = (0..<10).map { (i: Int) -> UInt8 in UInt8(i * 25) }
        seeds.append(Seed(name: "palette4-trns-adam7-40x33", bytes: try PNGFixture.encode(width: 40, height: 33, raw: bytes((40 + 1) / 2 * 33), options: palette)))

        var grey16 = PNGFixture.Options()
        grey16.colorType = SPNG_COLOR_TYPE_GRAYSCALE
        grey16.bitDepth = 16
        seeds.append(Seed(name: "grey16-33x31", bytes: try PNGFixture.encode(width: 33, height: 31, raw: bytes(33 * 2 * 31), options: grey16)))

        var grey1 = PNGFixture.Options()
        grey1.colorType = SPNG_COLOR_TYPE_GRAYSCALE
        grey1.bitDepth = 1
        grey1.interlaced = true
        seeds.append(Seed(name: "grey1-adam7-64x64", bytes: try PNGFixture.encode(width: 64, height: 64, raw: bytes(8 * 64), options: grey1)))

        var greyAlpha = PNGFixture.Options()
        greyAlpha.colorType = SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
        greyAlpha.bitDepth = 16
        seeds.append(Seed(name: "greyalpha16-37x29", bytes: try PNGFixture.encode(width: 37, height: 29, raw: smooth(37, 29, channels: 4), options: greyAlpha)))
        return seeds
    }

    /// Four JPEGs: baseline 4:2:0 and 4:4:4, greyscale, progressive 4:2:0.
    static func jpegs() throws -> [Seed] {
        [
            Seed(name: "baseline420-48x32", bytes: try JPEGFixture.compress(width: 48, height: 32, pixels: smooth(48, 32, channels: 3),
                                                                     format: TJPF_RGB, subsampling: TJSAMP_420, quality: 90)),
            Seed(name: "baseline444-64x64", bytes: try JPEGFixture.compress(width: 64, height: 64, pixels: smooth(64, 64, channels: 3),
                                                                     format: TJPF_RGB, subsampling: TJSAMP_444, quality: 90)),
            Seed(name: "grey-40x40", bytes: try JPEGFixture.compress(width: 40, height: 40, pixels: smooth(40, 40, channels: 1),
                                                              format: TJPF_GRAY, subsampling: TJSAMP_GRAY, quality: 90)),
            Seed(name: "progressive420-56x56", bytes: try JPEGFixture.compress(width: 56, height: 56, pixels: smooth(56, 56, channels: 3),
                                                                        format: TJPF_RGB, subsampling: TJSAMP_420, progressive: true, quality: 90)),
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
}
