import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `CATiledLayer`: Apple's defaults, tiles drawn only where visible, each once, with the
/// tile's clip; invalidation, scrolling, the fade-in, and bad tile sizes.
final class TiledLayerTests: XCTestCase {
    var fixture: AnimationFixture!

    override func setUp() { fixture = AnimationFixture() }
    override func tearDown() { fixture.finish() }

    /// Draws a checkerboard of 16-point squares and records each call's clip.
    final class Checkerboard: CALayerDelegate {
        var clips: [CGRect] = []
        func draw(_ layer: CALayer, in ctx: CGContext) {
            let clip = ctx.boundingBoxOfClipPath
            clips.append(clip)
            let size: CGFloat = 16
            var y = (clip.minY / size).rounded(.down) * size
            while y < clip.maxY {
                var x = (clip.minX / size).rounded(.down) * size
                while x < clip.maxX {
                    let dark = (Int(x / size) + Int(y / size)) % 2 == 0
                    ctx.setFillColor(dark ? CGColor(red: 0.1, green: 0.3, blue: 0.6, alpha: 1)
                                          : CGColor(red: 0.9, green: 0.85, blue: 0.7, alpha: 1))
                    ctx.fill(CGRect(x: x, y: y, width: size, height: size))
                    x += size
                }
                y += size
            }
        }
    }

    func testDefaultsAreApples() {
        let layer = CATiledLayer()
        XCTAssertEqual(layer.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
    }

    /// A 400×400 tiled layer in an 80×80 scroll layer that masks to bounds, with 32-pixel tiles.
    func makeTree() -> (root: CALayer, scroller: CAScrollLayer, tiled: CATiledLayer, delegate: Checkerboard) {
        let root = rootLayer(width: 100, height: 100)
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        scroller.masksToBounds = true
        let tiled = CATiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        tiled.tileSize = CGSize(width: 32, height: 32)
        let delegate = Checkerboard()
        tiled.delegate = delegate
        scroller.addSublayer(tiled)
        root.addSublayer(scroller)
        return (root, scroller, tiled, delegate)
    }

    func testOnlyVisibleTilesAreDrawnOnceEachWithTheirClip() throws {
        let (root, scroller, tiled, delegate) = makeTree()
        fixture.show(root)
        XCTAssertEqual(delegate.clips.count, 9, "80 points of 32-point tiles: 3 × 3")
        XCTAssertTrue(delegate.clips.allSatisfy { $0.width == 32 && $0.height == 32 })
        XCTAssertEqual(Set(delegate.clips.map(\.origin)).count, 9)
        fixture.advance(0.3)
        let frame = render(root)
        XCTAssertEqual(delegate.clips.count, 9, "cached")
        assertBitmap(frame, matchesGolden: "checkerboard", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 20))

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scroller.scroll(to: CGPoint(x: 100, y: 0))
        CATransaction.commit()
        fixture.show(root)
        XCTAssertEqual(delegate.clips.count, 9 + 9, "columns 3…5 (96…192 points) are new")
        tiled.setNeedsDisplay(CGRect(x: 100, y: 0, width: 1, height: 1))
        fixture.show(root)
        XCTAssertEqual(delegate.clips.count, 19, "one tile drawn again")
        XCTAssertEqual(delegate.clips.last, CGRect(x: 96, y: 0, width: 32, height: 32))
    }

    func testNewTilesFadeIn() throws {
        let (root, _, _, delegate) = makeTree()
        defer { withExtendedLifetime(delegate) {} }
        fixture.show(root)
        let start = render(root)
        fixture.advance(0.125)
        let half = render(root)
        fixture.advance(0.25)
        let done = render(root)
        let grey = PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255)
        XCTAssertEqual(start[x: 15, y: 15], grey, "opacity 0 on the frame the tile is drawn")
        XCTAssertNotEqual(half[x: 15, y: 15], grey)
        XCTAssertNotEqual(half[x: 15, y: 15], done[x: 15, y: 15])
    }

    func testBadTileSizesAreClamped() {
        let layer = CATiledLayer()
        for bad in [CGSize(width: 0, height: -5), CGSize(width: CGFloat.nan, height: .infinity)] {
            layer.tileSize = bad
            XCTAssertEqual(layer.effectiveTileSize.width, 16)
            XCTAssertEqual(layer.effectiveTileSize.height, 16)
        }
        layer.tileSize = CGSize(width: 1e9, height: 100)
        XCTAssertEqual(layer.effectiveTileSize.width, 4096)
    }

    func testTilesPerFrameAreBounded() {
        let (root, _, tiled, delegate) = makeTree()
        tiled.superlayer?.masksToBounds = false
        root.bounds = CGRect(x: 0, y: 0, width: 4000, height: 4000)
        tiled.frame = CGRect(x: 0, y: 0, width: 4000, height: 4000)
        tiled.tileSize = .zero
        fixture.show(root)
        XCTAssertEqual(delegate.clips.count, CATiledLayer.maximumTilesPerFrame)
        fixture.advance(1 / 60)
        _ = root.makeRenderNode()
        XCTAssertEqual(delegate.clips.count, 2 * CATiledLayer.maximumTilesPerFrame, "more on the next frame")
    }

    func testLevelOfDetailFollowsTheScale() {
        let (root, _, tiled, _) = makeTree()
        tiled.levelsOfDetail = 3
        tiled.levelsOfDetailBias = 1
        XCTAssertEqual(tiled.levelOfDetail().scale, 1)
        tiled.transform = CATransform3DMakeScale(0.3, 0.3, 1)
        XCTAssertEqual(tiled.levelOfDetail().scale, 0.5)
        tiled.transform = CATransform3DMakeScale(1.5, 1.5, 1)
        XCTAssertEqual(tiled.levelOfDetail().scale, 2)
        _ = root
    }
}
