@testable import Codecs
import Raster
import XCTest

final class StraightConversionTests: XCTestCase {
    func testPremultiplyMatchesReferenceForEveryColourAndAlpha() {
        // Every (c, a) pair, with c in each channel position and different values in the others.
        var source: [UInt8] = []
        for a in 0...255 {
            for c in 0...255 { source += [UInt8(c), UInt8(255 - c), UInt8(c ^ 0x55), UInt8(a)] }
        }
        let count = source.count / 4
        var fast = [UInt32](repeating: 0, count: count)
        StraightConversion.premultiplyRGBA8(source, to: &fast, count: count)
        XCTAssertEqual(fast, StraightConversion.premultiplyRGBA8Reference(source))
    }

    func testStridedPremultiplyWritesOnlyItsColumns() {
        let source: [UInt8] = (0..<40).map { UInt8($0 * 6) }.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        var destination = [UInt32](repeating: 0xDEAD_BEEF, count: 10)
        source.withUnsafeBufferPointer { s in
            StraightConversion.premultiplyRGBA8(s.baseAddress! + 4, to: &destination[1], count: 3, step: 3)
        }
        let reference = StraightConversion.premultiplyRGBA8Reference(source)
        for x in 0..<10 {
            XCTAssertEqual(destination[x], [1, 4, 7].contains(x) ? reference[x] : 0xDEAD_BEEF, "column \(x)")
        }
    }

    func testUnpremultiplyMatchesReferenceForEveryPremultipliedPixel() {
        // Every valid (c ≤ a) pair, plus invalid c > a words, which must clamp like the reference.
        var words: [UInt32] = []
        for a in UInt32(0)...255 {
            for c in UInt32(0)...255 { words.append(a << 24 | c << 16 | (a - min(c, a)) << 8 | c / 3) }
        }
        var fast = [UInt8](repeating: 0, count: words.count * 4)
        StraightConversion.unpremultiply(words, to: &fast, count: words.count, dropAlpha: false)
        XCTAssertEqual(fast, StraightConversion.unpremultiplyReference(words))
    }

    func testReciprocalTableDividesExactlyForEveryNumerator() {
        for a in 1...255 {
            let m = UInt64(StraightConversion.reciprocals[a])
            // m·a − 2²⁴ ≤ 2⁸ makes (n·m) >> 24 == n / a for every n < 2¹⁶; check the bound and
            // every numerator the kernel forms (c·255 + a/2).
            XCTAssertLessThanOrEqual(m * UInt64(a) - (1 << 24), 1 << 8, "alpha \(a)")
            for c in 0...255 {
                let n = c * 255 + a / 2
                XCTAssertEqual((UInt64(n) &* m) >> 24, UInt64(n / a), "\(n) / \(a)")
            }
        }
    }

    func testOpaqueRowsDropAlphaToRGB() {
        let words: [UInt32] = [0xFF11_2233, 0xFFAA_BBCC]
        var out = [UInt8](repeating: 0, count: 6)
        StraightConversion.unpremultiply(words, to: &out, count: 2, dropAlpha: true)
        XCTAssertEqual(out, [0x11, 0x22, 0x33, 0xAA, 0xBB, 0xCC])
    }

    func testSixteenBitReductionRoundsToNearestForEverySample() {
        for c in 0...65535 where StraightConversion.reduce16(UInt16(c)) != StraightConversion.reduce16Reference(UInt16(c)) {
            return XCTFail("reduce16(\(c)) = \(StraightConversion.reduce16(UInt16(c)))")
        }
        XCTAssertEqual(StraightConversion.reduce16(128), 0)
        XCTAssertEqual(StraightConversion.reduce16(129), 1)
        XCTAssertEqual(StraightConversion.reduce16(0xFFFF), 255)
        var wide: [UInt16] = [0x0101, 0x8080, 0xFFFF, 0x0000]
        var narrow = [UInt8](repeating: 0, count: 4)
        StraightConversion.reduceRGBA16(&wide, to: &narrow, count: 1)
        XCTAssertEqual(narrow, [1, 128, 255, 0])
    }
}
