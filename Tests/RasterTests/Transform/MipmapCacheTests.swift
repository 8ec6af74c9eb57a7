@testable import Raster
import KinescopeTestSupport
import XCTest

final class MipmapCacheTests: XCTestCase {
    func testVectorHalvingMatchesScalarReferenceOnSeededImages() throws {
        var rng = SeededRandom(seed: 0xA11CE)
        for trial in 0..<60 {
            let width = trial < 20 ? trial + 1 : Int.random(in: 1...70, using: &rng)
            let height = Int.random(in: 1...9, using: &rng)
            let padded = TransformFixtures.randomImage(width: width + 3, height: height, using: &rng)
            // A view with a stride wider than its width, as a band or a sub-image has.
            let image = try padded.view(of: PixelRect(x: 1, y: 0, width: width, height: height))
            let fast = MipmappedImage.halved(image), reference = MipmappedImage.halvedReference(image)
            XCTAssertEqual(fast.size, reference.size)
            XCTAssertTrue(fast.hasSamePixels(as: reference), "\(width)x\(height): vector halving differs from the reference")
        }
    }

    func testSameGenerationReusesTheChainAndItsLevels() throws {
        var rng = SeededRandom(seed: 3)
        let image = TransformFixtures.randomImage(width: 40, height: 30, using: &rng)
        let cache = MipmapCache()
        cache.begin(generation: 5)
        let first = cache.chain(for: image)
        _ = first.level(2)
        cache.begin(generation: 5)
        let second = cache.chain(for: image)
        XCTAssertTrue(first === second, "a still input should keep its chain")
        XCTAssertEqual(second.builtLevelCount, 3, "levels built for an earlier frame should be kept")
    }

    func testNewOrNilGenerationRebuildsFromCurrentPixels() throws {
        var rng = SeededRandom(seed: 4)
        let image = TransformFixtures.randomImage(width: 16, height: 16, opaque: true, using: &rng)
        let cache = MipmapCache()
        cache.begin(generation: 1)
        let before = cache.chain(for: image).level(1).copy()
        image.fill(image.bounds, with: PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255))
        cache.begin(generation: 2)
        let after = cache.chain(for: image).level(1)
        XCTAssertFalse(after.hasSamePixels(as: before))
        XCTAssertEqual(after[x: 3, y: 3], PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255))
        let held = cache.chain(for: image)
        cache.begin(generation: nil)
        XCTAssertEqual(cache.count, 0)
        XCTAssertFalse(cache.chain(for: image) === held, "a nil generation keeps nothing from the last frame")
    }

    func testViewsOfOneBufferAreDistinctEntriesAndCapacityIsBounded() throws {
        let image = Bitmap(width: 32, height: 32)
        let cache = MipmapCache()
        cache.begin(generation: 0)
        let whole = cache.chain(for: image)
        let part = cache.chain(for: try image.view(of: PixelRect(x: 0, y: 0, width: 16, height: 32)))
        XCTAssertFalse(whole === part, "same address, other size: another image")
        for x in 1...MipmapCache.capacity + 2 {
            _ = cache.chain(for: try image.view(of: PixelRect(x: x, y: 0, width: 8, height: 8)))
        }
        XCTAssertEqual(cache.count, MipmapCache.capacity)
    }

    func testNewGenerationOfTheSameSizeWritesOverTheLastGenerationsBuffers() throws {
        var rng = SeededRandom(seed: 6)
        let image = TransformFixtures.randomImage(width: 40, height: 30, using: &rng)
        let cache = MipmapCache()
        cache.begin(generation: 1)
        let address = cache.chain(for: image).level(2).baseAddress
        _ = cache.chain(for: image).transposed.level(1)
        cache.begin(generation: 2)
        XCTAssertEqual(cache.spareBufferCount, 4, "levels 1-2, the transposed copy and its level 1")
        image.copy(from: TransformFixtures.randomImage(width: 40, height: 30, using: &rng), atX: 0, y: 0)
        let chain = cache.chain(for: image)
        XCTAssertEqual(cache.spareBufferCount, 0)
        XCTAssertEqual(chain.level(2).baseAddress, address, "the level's buffer is reused")
        let fresh = MipmappedImage(image)
        for level in 0..<chain.levelCount {
            XCTAssertTrue(chain.level(level).hasSamePixels(as: fresh.level(level)), "level \(level)")
            XCTAssertTrue(chain.transposed.level(level).hasSamePixels(as: fresh.transposed.level(level)),
                          "transposed level \(level)")
        }
    }

    func testSparesLastOneGenerationAndHeldChainsKeepTheirBuffers() throws {
        var rng = SeededRandom(seed: 7)
        let image = TransformFixtures.randomImage(width: 20, height: 20, using: &rng)
        let cache = MipmapCache()
        cache.begin(generation: nil)
        _ = cache.chain(for: image).level(1)
        cache.begin(generation: nil)
        XCTAssertEqual(cache.spareBufferCount, 1, "a nil generation keeps buffers, not chains")
        XCTAssertEqual(cache.count, 0)
        cache.begin(generation: nil)
        XCTAssertEqual(cache.spareBufferCount, 1, "spares outlive one generation change unused")
        cache.begin(generation: 3)
        XCTAssertEqual(cache.spareBufferCount, 0, "and are freed at the next")
        let held = cache.chain(for: image)
        let level = held.level(1).copy()
        cache.begin(generation: 4)
        XCTAssertEqual(cache.spareBufferCount, 0, "a chain the caller holds keeps its buffers")
        _ = cache.chain(for: Bitmap(width: 20, height: 20)).level(1)
        XCTAssertTrue(held.level(1).hasSamePixels(as: level))
    }

    func testForgetDropsOneChainKeepsTheOthersAndLendsItsBuffersToTheNext() throws {
        var rng = SeededRandom(seed: 8)
        let still = TransformFixtures.randomImage(width: 24, height: 16, using: &rng)
        let live = TransformFixtures.randomImage(width: 24, height: 16, using: &rng)
        let cache = MipmapCache()
        cache.begin(generation: 0)
        let kept = cache.chain(for: still)
        _ = kept.level(1)
        let address = cache.chain(for: live).level(1).baseAddress
        cache.forget(live)
        XCTAssertEqual(cache.count, 1)
        XCTAssertTrue(cache.chain(for: still) === kept, "the other chain and its levels stay")
        XCTAssertEqual(cache.spareBufferCount, 1)
        live.copy(from: TransformFixtures.randomImage(width: 24, height: 16, using: &rng), atX: 0, y: 0)
        let rebuilt = cache.chain(for: live)
        XCTAssertEqual(rebuilt.level(1).baseAddress, address, "the forgotten chain's level buffer is reused")
        XCTAssertTrue(rebuilt.level(1).hasSamePixels(as: MipmappedImage.halved(live)), "from the new pixels")
        cache.forget(Bitmap(width: 24, height: 16))
        XCTAssertEqual(cache.count, 2, "an image with no chain: nothing happens")
        let held = cache.chain(for: live)
        cache.forget(live)
        XCTAssertEqual(cache.spareBufferCount, 0, "a chain the caller holds keeps its buffers")
        XCTAssertEqual(held.level(1).baseAddress, address)
        for width in 1...MipmapCache.capacity + 2 {
            // Each of another size, so no chain takes the last one's spare.
            let other = TransformFixtures.randomImage(width: width, height: 16, using: &rng)
            _ = cache.chain(for: other).level(1)
            cache.forget(other)
        }
        XCTAssertEqual(cache.spareBufferCount, MipmapCache.capacity, "spares are bounded, the oldest freed")
    }
}
