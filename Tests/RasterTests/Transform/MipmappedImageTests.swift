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

    /// Every level and transposed level of `chain` equals that of a chain built afresh.
    private func assertSameAsFresh(_ chain: MipmappedImage, _ label: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
        let fresh = MipmappedImage(chain.base)
        for level in 0..<chain.levelCount {
            XCTAssertTrue(chain.level(level).hasSamePixels(as: fresh.level(level)), "\(label): level \(level)",
                          file: file, line: line)
            XCTAssertTrue(chain.transposed.level(level).hasSamePixels(as: fresh.transposed.level(level)),
                          "\(label): transposed level \(level)", file: file, line: line)
        }
    }

    func testChainBuiltInTheBuffersOfASpentChainIsTheFreshChain() throws {
        var rng = SeededRandom(seed: 0x5EA5)
        for (width, height) in [(37, 22), (16, 16), (1, 9), (130, 3)] {
            let old = MipmappedImage(TransformFixtures.randomImage(width: width, height: height, using: &rng))
            _ = old.level(old.levelCount - 1)
            _ = old.transposed.level(old.levelCount - 1)
            // Addresses only: holding the bitmaps would keep the buffers from being reused.
            let levelAddress = old.level(1).baseAddress, copyAddress = old.transposed.base.baseAddress
            let spares = old.takeBuffers()
            XCTAssertEqual(spares.count, 2 * (old.levelCount - 1) + 1, "\(width)×\(height): every buffer is free")
            XCTAssertEqual(old.builtLevelCount, 1)
            let chain = MipmappedImage(TransformFixtures.randomImage(width: width, height: height, using: &rng),
                                       reusing: spares)
            XCTAssertEqual(chain.level(1).baseAddress, levelAddress, "\(width)×\(height): level 1 reused")
            XCTAssertEqual(chain.transposed.base.baseAddress, copyAddress, "\(width)×\(height): transposed copy reused")
            assertSameAsFresh(chain, "\(width)×\(height)")
        }
    }

    func testBuffersSomeoneStillHoldsAreNotReused() throws {
        var rng = SeededRandom(seed: 0x5EA6)
        let old = MipmappedImage(TransformFixtures.randomImage(width: 24, height: 20, using: &rng))
        let kept = old.level(1), keptCopy = old.transposed.base
        let keptPixels = kept.copy(), keptCopyPixels = keptCopy.copy()
        _ = old.level(3)
        let spares = old.takeBuffers()
        XCTAssertEqual(spares.count, 2, "levels 2 and 3; level 1 and the transposed copy are held")
        let chain = MipmappedImage(TransformFixtures.randomImage(width: 24, height: 20, using: &rng), reusing: spares)
        assertSameAsFresh(chain, "24×20")
        XCTAssertNotEqual(chain.level(1).baseAddress, kept.baseAddress)
        XCTAssertTrue(kept.hasSamePixels(as: keptPixels) && keptCopy.hasSamePixels(as: keptCopyPixels),
                      "a held level must not be written over")
        // Spares of another size are not used.
        let other = MipmappedImage(TransformFixtures.randomImage(width: 25, height: 20, using: &rng),
                                   reusing: chain.takeBuffers())
        assertSameAsFresh(other, "25×20")
    }
}
