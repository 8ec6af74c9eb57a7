@testable import Codecs
import CTurboJPEG
import KinescopeTestSupport
import Raster
import XCTest

final class JPEGDecoderTests: XCTestCase {
    private func assertClose(_ bitmap: Bitmap, toRGB rgb: [UInt8], maxMeanError: Double, maxError: Int,
                             file: StaticString = #filePath, line: UInt = #line) {
        var total = 0, worst = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x: x, y: y]
                XCTAssertEqual(p.alpha, 255, file: file, line: line)
                let i = (y * bitmap.width + x) * 3
                for (a, b) in [(p.red, rgb[i]), (p.green, rgb[i + 1]), (p.blue, rgb[i + 2])] {
                    let d = abs(Int(a) - Int(b))
                    total += d
                    worst = max(worst, d)
                }
            }
        }
        let mean = Double(total) / Double(bitmap.width * bitmap.height * 3)
        XCTAssertLessThanOrEqual(mean, maxMeanError, "mean error", file: file, line: line)
        XCTAssertLessThanOrEqual(worst, maxError, "largest error", file: file, line: line)
    }

    func testBaselineJPEGDecodesToOpaquePixelsCloseToTheSource() throws {
        for (width, height, sampling) in [(64, 48, TJSAMP_420), (17, 9, TJSAMP_422), (33, 31, TJSAMP_444)] {
            let rgb = JPEGFixture.gradientRGB(width: width, height: height)
            let jpeg = try JPEGFixture.compress(width: width, height: height, pixels: rgb, format: TJPF_RGB, subsampling: sampling)
            let bitmap = try ImageFile.decode(jpeg, name: "baseline.jpg")
            XCTAssertEqual(bitmap.size, try PixelSize(width: width, height: height))
            assertClose(bitmap, toRGB: rgb, maxMeanError: 2, maxError: 12)
        }
    }

    func testProgressiveJPEGDecodesToTheSamePixelsAsBaseline() throws {
        let rgb = JPEGFixture.gradientRGB(width: 40, height: 30)
        let baseline = try JPEGFixture.compress(width: 40, height: 30, pixels: rgb, format: TJPF_RGB, subsampling: TJSAMP_420)
        let progressive = try JPEGFixture.compress(width: 40, height: 30, pixels: rgb, format: TJPF_RGB,
                                                   subsampling: TJSAMP_420, progressive: true)
        XCTAssertNotEqual(baseline, progressive)
        XCTAssertTrue(progressive.windows(ofCount: 2).contains { $0.first == 0xFF && $0.last == 0xC2 },
                      "no SOF2 marker: the fixture is not progressive")
        let a = try ImageFile.decode(baseline, name: "baseline.jpg")
        let b = try ImageFile.decode(progressive, name: "progressive.jpg")
        XCTAssertTrue(a.hasSamePixels(as: b))
    }

    func testGreyscaleJPEGDecodesToGreyOpaquePixels() throws {
        let grey = (0..<(20 * 10)).map { UInt8(($0 % 20) * 12) }
        let jpeg = try JPEGFixture.compress(width: 20, height: 10, pixels: grey, format: TJPF_GRAY, subsampling: TJSAMP_GRAY)
        let bitmap = try ImageFile.decode(jpeg, name: "grey.jpg")
        assertClose(bitmap, toRGB: grey.flatMap { [$0, $0, $0] }, maxMeanError: 2, maxError: 10)
        for y in 0..<10 {
            for x in 0..<20 {
                let p = bitmap[x: x, y: y]
                XCTAssertTrue(p.red == p.green && p.green == p.blue, "\(p) is not grey")
            }
        }
    }

    func testCMYKJPEGIsConvertedAsAdobeInvertedInk() throws {
        // Inverted CMYK (255 = no ink): c=200, m=100, y=255, k=128 gives r=c·k/255 etc.
        let cmyk = [UInt8](repeating: 0, count: 16 * 16 * 4).enumerated().map { i, _ in [200, 100, 255, 128][i % 4] as UInt8 }
        let jpeg = try JPEGFixture.compress(width: 16, height: 16, pixels: cmyk, format: TJPF_CMYK, subsampling: TJSAMP_444)
        let bitmap = try ImageFile.decode(jpeg, name: "cmyk.jpg")
        let expected = [UInt8(200 * 128 / 255), UInt8(100 * 128 / 255), 128]
        assertClose(bitmap, toRGB: Array([[UInt8]](repeating: expected, count: 256).joined()), maxMeanError: 2, maxError: 4)
    }

    func testInvertedCMYKConversionMatchesTheFormula() {
        let source: [UInt8] = [255, 255, 255, 255, 0, 0, 0, 0, 255, 128, 0, 255, 200, 100, 50, 128]
        var out = [UInt32](repeating: 0, count: 4)
        JPEGDecoder.convertInvertedCMYK(source, to: &out, count: 4)
        XCTAssertEqual(out, [0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_8000,
                             0xFF00_0000 | divideBy255(200 * 128) << 16 | divideBy255(100 * 128) << 8 | divideBy255(50 * 128)])
    }
}

extension Array where Element == UInt8 {
    /// Consecutive slices of `count` elements.
    func windows(ofCount count: Int) -> [ArraySlice<UInt8>] {
        guard self.count >= count else { return [] }
        return (0...(self.count - count)).map { self[$0..<$0 + count] }
    }
}
