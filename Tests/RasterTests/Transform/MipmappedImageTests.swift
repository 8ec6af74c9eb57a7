@testable import Raster
import KinescopeTestSupport
import XCTest

final class MipmappedImageTests: XCTestCase {
    func testHalvingAveragesEachBlockWithRounding() {
        let image = Bitmap(width: 2, height: 2)
        image[x: 0, y: 0] = PremultipliedColor(packed: 0xFF00_0000)
        image[x: 1, y: 0] = PremultipliedColor(packed: 0xFFFF_FFFF)
        image[x: 0, y: 1] = PremultipliedColor(packed: 0x0000_0000)
        image[x: 1, y: 1] = PremultipliedColor(packed: 0x0101_0101)
        // Alpha (255+255+0+1)/4 = 127.75 → 128; colour (0+255+0+1)/4 = 64.
        XCTAssertEqual(MipmappedImage.halved(image)[x: 0, y: 0], PremultipliedColor(packed: 0x8040_4040))
    }

    func testOddSidesRepeatTheLastRowAndColumn() {
        let image = Bitmap(width: 3, height: 1)
        image[x: 0, y: 0] = PremultipliedColor(packed: 0x1010_1010)
        image[x: 1, y: 0] = PremultipliedColor(packed: 0x3030_3030)
        image[x: 2, y: 0] = PremultipliedColor(packed: 0x7070_7070)
        let half = MipmappedImage.halved(image)
        XCTAssertEqual(half.size, try PixelSize(width: 2, height: 1))
        XCTAssertEqual(half[x: 0, y: 0], PremultipliedColor(packed: 0x2020_2020))
        XCTAssertEqual(half[x: 1, y: 0], PremultipliedColor(packed: 0x7070_7070))
    }

    func testChainRunsDownToOnePixelAndBuildsLevelsOnDemand() {
        let chain = MipmappedImage(Bitmap(width: 1920, height: 1080))
        XCTAssertEqual(chain.levelCount, 12)
        XCTAssertEqual(chain.builtLevelCount, 1)
        XCTAssertEqual(chain.level(4).size, try PixelSize(width: 120, height: 68))
        XCTAssertEqual(chain.builtLevelCount, 5)
        XCTAssertEqual(chain.level(99).size, try PixelSize(width: 1, height: 1))
        XCTAssertEqual(MipmappedImage(Bitmap(width: 1, height: 1)).levelCount, 1)
    }

    func testConcurrentRequestsBuildEachLevelOnce() {
        var rng = SeededRandom(seed: 9)
        let chain = MipmappedImage(TransformFixtures.randomImage(width: 64, height: 64, using: &rng))
        let results = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 8)
        defer { results.deallocate() }
        nonisolated(unsafe) let out = results
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            out[i] = chain.level(3)[x: 2, y: 5].packed
        }
        XCTAssertEqual(Set(results).count, 1)
        XCTAssertEqual(chain.builtLevelCount, 4)
    }
}
