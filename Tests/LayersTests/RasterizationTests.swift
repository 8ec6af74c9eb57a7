import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `shouldRasterize` and `rasterizationScale`: the subtree drawn once into a cached bitmap.
final class RasterizationTests: XCTestCase {
    /// A root with a 60×40 card at (20, 20): background, border, shadow and an image sublayer.
    private func scene() -> (root: CALayer, card: CALayer, picture: CALayer) {
        let root = rootLayer(width: 160, height: 120)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 60, height: 40)
        card.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        card.borderWidth = 2
        card.borderColor = CGColor(red: 0.2, green: 0.2, blue: 0.6, alpha: 1)
        card.cornerRadius = 6
        card.shadowOpacity = 0.5
        card.shadowRadius = 3
        card.shadowOffset = CGSize(width: 2, height: 3)
        root.addSublayer(card)
        let picture = imageLayer(quadrantImage(width: 32, height: 24), frame: CGRect(x: 8, y: 8, width: 32, height: 24))
        card.addSublayer(picture)
        return (root, card, picture)
    }

    func testDefaultsAndAnimatability() {
        let layer = CALayer()
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
        XCTAssertNotNil(LayerKeyPath("rasterizationScale"), "rasterizationScale is animatable")
        XCTAssertNil(LayerKeyPath("shouldRasterize"))
        layer.setValue(CGFloat(2), forKeyPath: "rasterizationScale")
        XCTAssertEqual(layer.rasterizationScale, 2)
    }

    func testRasterizedLayerLooksLikeTheLayerDrawnDirectly() {
        let (root, card, _) = scene()
        let direct = render(root)
        card.shouldRasterize = true
        let rasterized = render(root)
        XCTAssertNotNil(card.rasterCache?.image, "drawn through a bitmap")
        assertBitmap(rasterized, matches: direct, name: "rasterized-vs-direct",
                     tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 0))
    }

    func testMovingOrFadingTheLayerReusesTheBitmapAndChangingASublayerRedrawsIt() throws {
        let (root, card, picture) = scene()
        card.shouldRasterize = true
        _ = render(root)
        let cache = try XCTUnwrap(card.rasterCache)
        XCTAssertEqual(cache.rasterizationCount, 1)
        let first = try XCTUnwrap(cache.image)

        card.position = CGPoint(x: card.position.x + 30, y: card.position.y + 10)
        card.opacity = 0.5
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let moved = render(root)
        XCTAssertEqual(cache.rasterizationCount, 1, "position, opacity and transform reuse the bitmap")
        XCTAssertTrue(cache.image === first)
        XCTAssertNotEqual(moved[x: 80, y: 45], render(rootLayer(width: 160, height: 120))[x: 80, y: 45], "drawn at the new place")

        picture.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        picture.contents = nil
        _ = render(root)
        XCTAssertEqual(cache.rasterizationCount, 2, "a sublayer's change draws the bitmap again")
        card.borderWidth = 3
        _ = render(root)
        XCTAssertEqual(cache.rasterizationCount, 3, "so does the layer's own look")
        _ = render(root)
        XCTAssertEqual(cache.rasterizationCount, 3, "and nothing else")
        card.rasterizationScale = 2
        _ = render(root)
        XCTAssertEqual(cache.rasterizationCount, 4)
    }

    func testBitmapIsMadeAtRasterizationScaleIncludingTheShadow() throws {
        let (root, card, _) = scene()
        card.shouldRasterize = true
        card.rasterizationScale = 2
        _ = render(root)
        let cache = try XCTUnwrap(card.rasterCache)
        let image = try XCTUnwrap(cache.image)
        // 60×40 points, grown by the shadow (offset 2, 3, blur reach about 4.5 + 2) on each side,
        // at 2 pixels per point.
        XCTAssertGreaterThan(image.base.width, 120 + 16)
        XCTAssertGreaterThan(image.base.height, 80 + 16)
        XCTAssertLessThan(image.base.width, 120 + 50)
        XCTAssertEqual(cache.destination.width * 2, CGFloat(image.base.width))
        XCTAssertTrue(cache.destination.contains(card.bounds))
    }

    func testOpacityIsAppliedToTheFlattenedBitmap() {
        let (root, card, picture) = scene()
        picture.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        card.opacity = 0.5
        card.allowsGroupOpacity = false
        let ungrouped = render(root)
        card.shouldRasterize = true
        let rasterized = render(root)
        // Without group opacity the background shows through the half-transparent picture;
        // the rasterized layer is one picture faded as a whole.
        XCTAssertNotEqual(ungrouped[x: 30, y: 30], rasterized[x: 30, y: 30])
        card.shouldRasterize = false
        card.allowsGroupOpacity = true
        let grouped = render(root)
        let a = grouped[x: 30, y: 30], b = rasterized[x: 30, y: 30]
        XCTAssertLessThanOrEqual(abs(Int(a.red) - Int(b.red)), 2)
        XCTAssertLessThanOrEqual(abs(Int(a.blue) - Int(b.blue)), 2)
    }

    func testTurningRasterizationOffDropsTheCache() {
        let (root, card, _) = scene()
        card.shouldRasterize = true
        _ = render(root)
        XCTAssertNotNil(card.rasterCache)
        card.shouldRasterize = false
        _ = render(root)
        XCTAssertNil(card.rasterCache)
    }

    private func goldenScene() -> CALayer {
        let (root, card, _) = scene()
        card.shouldRasterize = true
        card.transform = CATransform3DMakeScale(1.6, 1.6, 1)
        card.position = CGPoint(x: 52, y: 60)
        let sharp = CALayer()
        sharp.frame = CGRect(x: 104, y: 30, width: 40, height: 60)
        sharp.backgroundColor = CGColor(red: 0.3, green: 0.6, blue: 0.3, alpha: 1)
        sharp.shouldRasterize = true
        sharp.rasterizationScale = 2
        sharp.transform = CATransform3DMakeRotation(0.25, 0, 0, 1)
        let dot = imageLayer(quadrantImage(width: 20, height: 16), frame: CGRect(x: 10, y: 20, width: 20, height: 16))
        sharp.addSublayer(dot)
        root.addSublayer(sharp)
        return root
    }

    func testRasterizedGolden() {
        assertBitmap(render(goldenScene()), matchesGolden: "rasterized", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 60))
    }

    func testRasterizedLayersAreTheSameForAnyThreadCount() {
        XCTAssertTrue(render(goldenScene(), threads: 3).hasSamePixels(as: render(goldenScene(), threads: 1)))
    }
}
