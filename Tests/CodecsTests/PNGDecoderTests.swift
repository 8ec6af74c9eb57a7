@testable import Codecs
import CSPNG
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

final class PNGDecoderTests: XCTestCase {
    /// Packs `samples` of `depth` bits (1, 2, 4, 8 or 16) into PNG rows of `width` samples each.
    private func pack(_ samples: [Int], width: Int, depth: Int) -> [UInt8] {
        var out: [UInt8] = []
        let rows = samples.count / width
        for y in 0..<rows {
            let row = samples[y * width..<(y + 1) * width]
            if depth == 16 {
                for s in row { out += [UInt8(s >> 8), UInt8(s & 0xFF)] }
            } else if depth == 8 {
                out += row.map { UInt8($0) }
            } else {
                var byte = 0, bits = 0
                for s in row {
                    byte = byte << depth | s
                    bits += depth
                    if bits == 8 { out.append(UInt8(byte)); byte = 0; bits = 0 }
                }
                if bits > 0 { out.append(UInt8(byte << (8 - bits))) }
            }
        }
        return out
    }

    private func round16(_ v: Int) -> UInt8 { UInt8((2 * v + 257) / 514) }

    func testGreyscaleAtEveryBitDepthScalesToFullRange() throws {
        for depth in [1, 2, 4, 8, 16] {
            let maxValue = (1 << depth) - 1
            let width = 13, height = 3
            let samples = (0..<width * height).map { ($0 * 2654435761) % (maxValue + 1) }
            var options = PNGFixture.Options()
            options.colorType = SPNG_COLOR_TYPE_GRAYSCALE
            options.bitDepth = UInt8(depth)
            let png = try PNGFixture.encode(width: width, height: height, raw: pack(samples, width: width, depth: depth), options: options)
            let bitmap = try ImageFile.decode(png, name: "grey\(depth)")
            for (i, s) in samples.enumerated() {
                let expected: UInt8 = depth == 16 ? round16(s) : UInt8(s * 255 / maxValue)
                XCTAssertEqual(bitmap[x: i % width, y: i / width], StraightColor(red: expected, green: expected, blue: expected).premultiplied,
                               "depth \(depth) sample \(i) = \(s)")
            }
        }
    }

    func testSixteenBitRGBAIsRoundedToNearestThenPremultiplied() throws {
        let values = [0, 128, 129, 257, 0x1234, 0x80FF, 0xFF7F, 0xFF80, 0xFFFF]
        var raw: [UInt8] = []
        var expected: [PremultipliedColor] = []
        for (i, v) in values.enumerated() {
            let a = values[(i + 4) % values.count]
            let g = 0xFFFF - v
            for s in [v, g, v / 2, a] { raw += [UInt8(s >> 8), UInt8(s & 0xFF)] }
            expected.append(StraightColor(red: round16(v), green: round16(g), blue: round16(v / 2), alpha: round16(a)).premultiplied)
        }
        var options = PNGFixture.Options()
        options.bitDepth = 16
        let bitmap = try ImageFile.decode(try PNGFixture.encode(width: values.count, height: 1, raw: raw, options: options), name: "rgba16")
        XCTAssertEqual((0..<values.count).map { bitmap[x: $0, y: 0] }, expected)
    }

    func testGreyAlphaAndRGBAtEightAndSixteenBits() throws {
        for depth in [8, 16] {
            let scale = depth == 16 ? 257 : 1
            // Grey + alpha: grey 200, alpha 100.
            var options = PNGFixture.Options()
            options.colorType = SPNG_COLOR_TYPE_GRAYSCALE_ALPHA
            options.bitDepth = UInt8(depth)
            var png = try PNGFixture.encode(width: 2, height: 1, raw: pack([200 * scale, 100 * scale, 10 * scale, 255 * scale], width: 4, depth: depth), options: options)
            var bitmap = try ImageFile.decode(png, name: "ga\(depth)")
            XCTAssertEqual(bitmap[x: 0, y: 0], StraightColor(red: 200, green: 200, blue: 200, alpha: 100).premultiplied)
            XCTAssertEqual(bitmap[x: 1, y: 0], StraightColor(red: 10, green: 10, blue: 10, alpha: 255).premultiplied)
            // RGB: opaque.
            options.colorType = SPNG_COLOR_TYPE_TRUECOLOR
            png = try PNGFixture.encode(width: 1, height: 2, raw: pack([1, 2, 3, 250, 251, 252].map { $0 * scale }, width: 3, depth: depth), options: options)
            bitmap = try ImageFile.decode(png, name: "rgb\(depth)")
            XCTAssertEqual(bitmap[x: 0, y: 0], PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 255))
            XCTAssertEqual(bitmap[x: 0, y: 1], PremultipliedColor(red: 250, green: 251, blue: 252, alpha: 255))
        }
    }

    func testPaletteWithTransparencyAtEveryBitDepth() throws {
        let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        let alphas: [UInt8] = [255, 128, 0] // the fourth entry has no tRNS value: opaque
        for depth in [2, 4, 8] {
            let indices = [0, 1, 2, 3, 3, 2, 1]
            var options = PNGFixture.Options()
            options.colorType = SPNG_COLOR_TYPE_INDEXED
            options.bitDepth = UInt8(depth)
            options.palette = palette
            options.paletteAlpha = alphas
            let png = try PNGFixture.encode(width: indices.count, height: 1, raw: pack(indices, width: indices.count, depth: depth), options: options)
            let bitmap = try ImageFile.decode(png, name: "palette\(depth)")
            for (x, index) in indices.enumerated() {
                let c = palette[index]
                let a = index < alphas.count ? alphas[index] : 255
                XCTAssertEqual(bitmap[x: x, y: 0], StraightColor(red: c.0, green: c.1, blue: c.2, alpha: a).premultiplied, "depth \(depth) x \(x)")
            }
        }
        var options = PNGFixture.Options()
        options.colorType = SPNG_COLOR_TYPE_INDEXED
        options.bitDepth = 1
        options.palette = [(10, 20, 30), (40, 50, 60)]
        let png = try PNGFixture.encode(width: 9, height: 1, raw: pack([0, 1, 1, 0, 0, 0, 0, 0, 1], width: 9, depth: 1), options: options)
        let bitmap = try ImageFile.decode(png, name: "palette1")
        XCTAssertEqual(bitmap[x: 8, y: 0], PremultipliedColor(red: 40, green: 50, blue: 60, alpha: 255))
        XCTAssertEqual(bitmap[x: 7, y: 0], PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255))
    }

    func testTransparentColourKeyForGreyAndRGB() throws {
        var options = PNGFixture.Options()
        options.colorType = SPNG_COLOR_TYPE_GRAYSCALE
        options.transparentKey = (gray: 7, red: 0, green: 0, blue: 0)
        var bitmap = try ImageFile.decode(try PNGFixture.encode(width: 2, height: 1, raw: [7, 8], options: options), name: "greykey")
        XCTAssertEqual(bitmap[x: 0, y: 0], .clear)
        XCTAssertEqual(bitmap[x: 1, y: 0], PremultipliedColor(red: 8, green: 8, blue: 8, alpha: 255))

        options.colorType = SPNG_COLOR_TYPE_TRUECOLOR
        options.transparentKey = (gray: 0, red: 1, green: 2, blue: 3)
        bitmap = try ImageFile.decode(try PNGFixture.encode(width: 2, height: 1, raw: [1, 2, 3, 1, 2, 4], options: options), name: "rgbkey")
        XCTAssertEqual(bitmap[x: 0, y: 0], .clear)
        XCTAssertEqual(bitmap[x: 1, y: 0], PremultipliedColor(red: 1, green: 2, blue: 4, alpha: 255))
    }

    func testInterlacedImagesDecodeLikeTheirProgressiveTwins() throws {
        // Sizes that leave some Adam7 passes empty or partial.
        for (width, height) in [(1, 1), (3, 2), (13, 11), (17, 9), (64, 33)] {
            for (colorType, depth, channels) in [(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 8, 4), (SPNG_COLOR_TYPE_TRUECOLOR_ALPHA, 16, 4),
                                                  (SPNG_COLOR_TYPE_GRAYSCALE, 1, 1), (SPNG_COLOR_TYPE_TRUECOLOR, 8, 3)] {
                let maxValue = (1 << depth) - 1
                var rng = SeededRandom(seed: UInt64(width * 1000 + height))
                let samples = (0..<width * height * channels).map { _ in Int.random(in: 0...maxValue, using: &rng) }
                let raw = pack(samples, width: width * channels, depth: depth)
                var options = PNGFixture.Options()
                options.colorType = colorType
                options.bitDepth = UInt8(depth)
                let plain = try ImageFile.decode(try PNGFixture.encode(width: width, height: height, raw: raw, options: options), name: "plain")
                options.interlaced = true
                let adam7 = try PNGFixture.encode(width: width, height: height, raw: raw, options: options)
                XCTAssertEqual(adam7[8 + 8 + 12], 1, "IHDR interlace method")
                let interlaced = try ImageFile.decode(adam7, name: "adam7")
                XCTAssertTrue(interlaced.hasSamePixels(as: plain), "\(width)x\(height) type \(colorType.rawValue) depth \(depth)")
            }
        }
    }

    func testImageMagickInterlacedPNGDecodesToTheSamePixels() throws {
        let convert = ["/usr/local/bin/convert", "/usr/bin/convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let convert else { throw XCTSkip("ImageMagick convert is not installed") }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bitmap = makeBitmap(width: 29, height: 19) { x, y in
            StraightColor(red: UInt8(x * 8), green: UInt8(y * 13), blue: UInt8((x * y) & 0xFF), alpha: UInt8(55 + x * 7)).premultiplied
        }
        let source = folder.file("source.png"), target = folder.file("adam7.png")
        try PNGEncoder.write(bitmap, to: source)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = [source, "-interlace", "PNG", "PNG32:\(target)"]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: target)))
        XCTAssertEqual(bytes[8 + 8 + 12], 1, "ImageMagick wrote a non-interlaced PNG")
        XCTAssertTrue(try ImageFile.read(contentsOf: target).hasSamePixels(as: try ImageFile.read(contentsOf: source)))
    }

    func testUnknownCriticalChunkIsUnsupported() throws {
        let png = try PNGFixture.rgba8(width: 2, height: 2) { _, _ in (1, 2, 3, 4) }
        let idat = try XCTUnwrap(PNGChunk.first("IDAT", in: png))
        var chunk: [UInt8] = [0, 0, 0, 1] + Array("ZZZZ".utf8) + [0, 0, 0, 0, 0]
        PNGChunk.fixCRC(PNGChunk.Chunk(offset: 0, length: 1, type: "ZZZZ"), in: &chunk)
        let patched = Array(png[..<idat.offset]) + chunk + Array(png[idat.offset...])
        assertCodecError(try ImageFile.decode(patched, name: "critical.png"), mentioning: "critical.png") {
            if case .unsupported = $0 { true } else { false }
        }
    }
}
