import KinescopeTestSupport
import Raster
import XCTest

final class SeededRandomTests: XCTestCase {
    func testSequenceMatchesThePublishedSplitMix64Values() throws {
        var random = SeededRandom(seed: 1_234_567)
        XCTAssertEqual((0..<5).map { _ in random.next() },
                       [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                        4_593_380_528_125_082_431, 16_408_922_859_458_223_821])
    }

    func testBoundedNumbersStayInRangeAndReachBothEnds() throws {
        var random = SeededRandom(seed: 3)
        var seen = Set<Int>()
        for _ in 0..<2000 {
            let n = random.next(in: -3...4)
            XCTAssertTrue((-3...4).contains(n), "\(n)")
            seen.insert(n)
        }
        XCTAssertEqual(seen, Set(-3...4))
    }

    func testRandomBitmapsAreValidPremultipliedAndIncludeOpaqueAndClearRuns() throws {
        var random = SeededRandom(seed: 9)
        let image = random.bitmap(width: 256, height: 8)
        var opaqueRun = 0, clearRun = 0, longestOpaque = 0, longestClear = 0, partial = 0
        for y in 0..<image.height {
            for pixel in image.row(y) {
                let color = PremultipliedColor(packed: pixel)
                XCTAssertTrue(color.red <= color.alpha && color.green <= color.alpha && color.blue <= color.alpha,
                              "\(color)")
                opaqueRun = color.isOpaque ? opaqueRun + 1 : 0
                clearRun = pixel == 0 ? clearRun + 1 : 0
                longestOpaque = max(longestOpaque, opaqueRun)
                longestClear = max(longestClear, clearRun)
                if !color.isOpaque && pixel != 0 { partial += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(longestOpaque, 16, "opaque runs long enough for whole vectors")
        XCTAssertGreaterThanOrEqual(longestClear, 16, "clear runs long enough for whole vectors")
        XCTAssertGreaterThan(partial, 256, "plenty of translucent pixels")
    }

    func testSameSeedGivesSameBitmap() throws {
        var a = SeededRandom(seed: 77), b = SeededRandom(seed: 77)
        XCTAssertTrue(a.bitmap(width: 31, height: 5).hasSamePixels(as: b.bitmap(width: 31, height: 5)))
        XCTAssertTrue(a.coverageMask(width: 9, height: 2).hasSameCoverage(as: b.coverageMask(width: 9, height: 2)))
    }
}
