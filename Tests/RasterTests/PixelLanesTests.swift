@testable import Raster
import XCTest

final class PixelLanesTests: XCTestCase {
    func testVectorDivideBy255MatchesTheScalarForEveryProductOfTwoBytes() throws {
        var t: UInt16 = 0
        while t <= 65025 - 15 {
            var lanes = ChannelVector()
            for i in 0..<16 { lanes[i] = t &+ UInt16(i) }
            let result = divideBy255(lanes)
            for i in 0..<16 {
                XCTAssertEqual(UInt32(result[i]), divideBy255(UInt32(lanes[i])), "t = \(lanes[i])")
            }
            t &+= 16
        }
    }

    func testCoverageBytesWidenInMemoryOrder() throws {
        let bytes: [UInt8] = [1, 2, 3, 0xFF, 5, 0, 7, 0x80]
        let word = bytes.withUnsafeBufferPointer { loadCoverage($0.baseAddress!) }
        XCTAssertEqual(widenCoverage(word), PixelVector(1, 2, 3, 0xFF, 5, 0, 7, 0x80))
    }

    func testOpaqueAndClearChecksLookAtEveryPixel() throws {
        let opaque = PixelVector(repeating: 0xFF12_3456)
        XCTAssertTrue(allOpaque(opaque))
        XCTAssertFalse(allClear(opaque))
        XCTAssertTrue(allClear(PixelVector()))
        for i in 0..<8 {
            var almostOpaque = opaque
            almostOpaque[i] = 0xFE12_3456
            XCTAssertFalse(allOpaque(almostOpaque), "lane \(i)")
            var almostClear = PixelVector()
            almostClear[i] = 0x0000_0100
            XCTAssertFalse(allClear(almostClear), "lane \(i)")
        }
    }

    func testSourceOverVectorMatchesTheReferencePixelFormula() throws {
        let sources: [UInt32] = [0x8080_8080, 0xFF12_3456, 0, 0x0101_0001, 0x7F7F_007F, 0xC080_40C0, 0x0100_0000, 0xFEFE_FEFE]
        let destinations: [UInt32] = [0xFF00_0000, 0x8040_2010, 0xFFFF_FFFF, 0, 0x1010_1010, 0xFF00_FF00, 0x0101_0101, 0xFFFE_FDFC]
        var s = PixelVector(), d = PixelVector()
        for i in 0..<8 { s[i] = sources[i]; d[i] = destinations[i] }
        let result = sourceOverVector(s, d)
        for i in 0..<8 {
            XCTAssertEqual(result[i], ReferenceKernels.sourceOver(sources[i], destinations[i]), "lane \(i)")
        }
    }
}
