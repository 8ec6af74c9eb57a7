import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `snapsToPixels` and the compositor's `TranslatedContentsCache`: a snapping layer's contents
/// are drawn as translated copies of one resample, with the same bytes with and without the cache.
final class TranslatedContentsCacheTests: XCTestCase {
    func testSnappingLayerIsPlacedAtWholeUnits() throws {
        let (_, slider, _) = slidingScene()
        slider.position = CGPoint(x: 70.3, y: 60.6)
        let node = try XCTUnwrap(slider.makeRenderNode())
        let origin = (x: node.planeToParent.m31, y: node.planeToParent.m32)
        XCTAssertEqual(origin.x, origin.x.rounded(), "x at a whole unit")
        XCTAssertEqual(origin.y, origin.y.rounded(), "y at a whole unit")
        XCTAssertEqual(origin.x, 20, "20.3 rounds to 20")
        slider.snapsToPixels = false
        let free = try XCTUnwrap(slider.makeRenderNode())
        XCTAssertEqual(free.planeToParent.m31, 20.3, accuracy: 1e-9, "without snapping the position is kept")
    }

    func testCachedCopiesEqualTheUncachedDrawAtRandomPositions() throws {
        for threads in [1, 2, 3] {
            var random = SeededRandom(seed: 0x5A1D + UInt64(threads))
            let (root, slider, photo) = slidingScene()
            let cached = Compositor(threadCount: threads, cachesEnabled: true)
            let uncached = Compositor(threadCount: threads, cachesEnabled: false)
            for step in 0..<40 {
                slider.position = CGPoint(x: Double.random(in: -60...200, using: &random),
                                          y: Double.random(in: 20...100, using: &random))
                // Every fourth frame the photo itself moves by a fraction of a pixel inside the
                // slider: a new resample; every seventh, the slider does not snap (direct draw).
                if step % 4 == 3 { photo.position.x += Double.random(in: 0.1...0.9, using: &random) }
                slider.snapsToPixels = step % 7 != 6
                try assertSameBytes(root, cached, uncached, "\(threads) threads, step \(step)")
            }
            let resamples = try XCTUnwrap(cached.contentsCache).resampleCount
            XCTAssertLessThanOrEqual(resamples, 12, "\(threads) threads: kept while only the translation changes")
            XCTAssertGreaterThan(resamples, 0)
        }
    }

    func testWholePixelMovesResampleOnce() throws {
        let (root, slider, _) = slidingScene()
        let compositor = Compositor(threadCount: 2, cachesEnabled: true)
        let uncached = Compositor(threadCount: 2, cachesEnabled: false)
        for x in stride(from: 0.0, to: 120, by: 7.25) {
            slider.position.x = x
            try assertSameBytes(root, compositor, uncached, "x \(x)")
        }
        XCTAssertEqual(try XCTUnwrap(compositor.contentsCache).resampleCount, 1)
    }

    func testChangedContentsSizeOrScaleIsResampled() throws {
        let (root, slider, photo) = slidingScene()
        let cached = Compositor(threadCount: 2, cachesEnabled: true)
        let uncached = Compositor(threadCount: 2, cachesEnabled: false)
        try assertSameBytes(root, cached, uncached, "first")
        let cache = try XCTUnwrap(cached.contentsCache)
        var expected = 1
        let changes: [(String, () -> Void)] = [
            ("contents", { photo.contents = quadrantImage(width: 40, height: 30) }),
            ("size", { photo.bounds.size = CGSize(width: 70, height: 41) }),
            ("scale", { photo.transform = CATransform3DMakeScale(1.3, 1.3, 1) }),
            ("filter", { photo.magnificationFilter = .nearest }),
        ]
        for (name, change) in changes {
            change()
            slider.position.x += 3
            try assertSameBytes(root, cached, uncached, name)
            expected += 1
            XCTAssertEqual(cache.resampleCount, expected, "\(name) is resampled")
        }
        photo.opacity = 0.5
        slider.position.x += 3
        try assertSameBytes(root, cached, uncached, "opacity")
        XCTAssertEqual(cache.resampleCount, expected, "opacity is applied by the blit, not resampled")
    }

    func testCacheKeepsWithinItsByteLimitAndDropsIdleEntries() throws {
        let cache = TranslatedContentsCache(byteLimit: 3 * 40 * 40 * 4)
        let image = MipmappedImage(Bitmap(width: 8, height: 8))
        func key(_ i: Int, side: Int = 40) -> TranslatedContentsCache.Key {
            TranslatedContentsCache.Key(source: ObjectIdentifier(image), sourceRect: CGRect(x: 0, y: 0, width: 8, height: 8),
                                        destination: CGRect(x: 0, y: 0, width: 8, height: 8), options: ImageDrawOptions(),
                                        map: Homography(CGAffineTransform(translationX: CGFloat(i) / 10, y: 0)),
                                        size: PixelSize(uncheckedWidth: side, height: side))
        }
        for i in 0..<10 {
            cache.beginRender()
            XCTAssertNotNil(cache.pixels(for: key(i), of: image) { _ in })
            XCTAssertLessThanOrEqual(cache.byteCount, cache.byteLimit, "after \(i + 1) entries")
        }
        XCTAssertNil(cache.pixels(for: key(99, side: 80), of: image) { _ in }, "larger than the limit: not kept")
        XCTAssertNotNil(cache.pixels(for: key(9), of: image) { _ in XCTFail("the latest entry is kept") })
        for _ in 0...TranslatedContentsCache.maximumIdleRenders { cache.beginRender() }
        XCTAssertEqual(cache.byteCount, 0, "unused entries are dropped")
    }

    /// A 160×120 root holding a snapping 100×80 slider with a scaled photo at a fractional
    /// offset inside it.
    private func slidingScene() -> (root: CALayer, slider: CALayer, photo: CALayer) {
        let root = rootLayer()
        let slider = CALayer()
        slider.bounds = CGRect(x: 0, y: 0, width: 100, height: 80)
        slider.position = CGPoint(x: 60, y: 60)
        slider.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        slider.snapsToPixels = true
        let photo = imageLayer(quadrantImage(), frame: CGRect(x: 7.37, y: 5.61, width: 83.3, height: 61.9))
        photo.allowsEdgeAntialiasing = true
        slider.addSublayer(photo)
        root.addSublayer(slider)
        return (root, slider, photo)
    }

    private func assertSameBytes(_ root: CALayer, _ cached: Compositor, _ uncached: Compositor, _ what: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let node = root.makeRenderNode()
        let a = Bitmap(width: 160, height: 120), b = Bitmap(width: 160, height: 120)
        cached.render(node, into: a)
        uncached.render(node, into: b)
        if let (x, y) = firstDifference(a, b) {
            XCTFail("\(what): cached and uncached differ first at (\(x), \(y)): \(a[x: x, y: y]) vs \(b[x: x, y: y])",
                    file: file, line: line)
        }
    }
}
