import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `isGeometryFlipped` and `contentsAreFlipped()`.
final class GeometryFlippedTests: XCTestCase {
    static let grey = PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255)

    /// A 100×60 flipped container at (20, 20) in a 160×120 root, with a 20×10 sublayer at (0, 0).
    private func scene() -> (root: CALayer, container: CALayer, child: CALayer) {
        let root = rootLayer(width: 160, height: 120)
        let container = CALayer()
        container.frame = CGRect(x: 20, y: 20, width: 100, height: 60)
        container.isGeometryFlipped = true
        root.addSublayer(container)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        container.addSublayer(child)
        return (root, container, child)
    }

    func testGeometryFlippedDefaultsToFalseAndIsNotAnimatable() {
        let layer = CALayer()
        XCTAssertFalse(layer.isGeometryFlipped)
        XCTAssertFalse(layer.contentsAreFlipped())
        XCTAssertNil(LayerKeyPath("geometryFlipped"))
        XCTAssertEqual(CALayerKey.isGeometryFlipped.rawValue, "geometryFlipped")
    }

    func testSublayersOfAFlippedLayerAreLaidOutFromTheBottom() {
        let (root, container, child) = scene()
        XCTAssertEqual(container.frame, CGRect(x: 20, y: 20, width: 100, height: 60), "the flipped layer itself stays put")
        XCTAssertEqual(child.convert(child.bounds, to: root), CGRect(x: 20, y: 70, width: 20, height: 10))
        XCTAssertEqual(container.convert(CGPoint(x: 5, y: 2), to: root), CGPoint(x: 25, y: 78))
        XCTAssertEqual(container.convert(CGPoint(x: 25, y: 78), from: root), CGPoint(x: 5, y: 2))
        XCTAssertEqual(child.convert(CGPoint(x: 25, y: 78), from: nil), CGPoint(x: 5, y: 2))
        XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 75)) === child, "the child is hit at the bottom")
        XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25)) === container)
        let frame = render(root)
        XCTAssertEqual(frame[x: 25, y: 75], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(frame[x: 25, y: 25], Self.grey)
        container.isGeometryFlipped = false
        let unflipped = render(root)
        XCTAssertEqual(unflipped[x: 25, y: 25], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(unflipped[x: 25, y: 75], Self.grey)
    }

    func testContentsAreFlippedCountsFlippedLayersUpToTheRoot() {
        let (root, container, child) = scene()
        XCTAssertFalse(root.contentsAreFlipped())
        XCTAssertTrue(container.contentsAreFlipped())
        XCTAssertTrue(child.contentsAreFlipped())
        child.isGeometryFlipped = true
        XCTAssertFalse(child.contentsAreFlipped(), "two flips cancel")
        let mask = CALayer()
        container.mask = mask
        XCTAssertTrue(mask.contentsAreFlipped(), "a mask is in its owner's space")
    }

    func testImagesInAFlippedTreeStayUpright() {
        let (root, container, _) = scene()
        let image = quadrantImage(width: 40, height: 30)
        let picture = imageLayer(image, frame: CGRect(x: 50, y: 0, width: 40, height: 30))
        container.addSublayer(picture)
        let frame = render(root)
        // Placed from the bottom: container y 0…30 is root y 50…80; the image upright there.
        for y in 0..<30 {
            for x in 0..<40 {
                XCTAssertEqual(frame[x: 70 + x, y: 50 + y], image.bitmap[x: x, y: y], "(\(x), \(y))")
            }
        }
        // The container's own contents are upright too, and change with no sublayer moving.
        container.contents = image
        let own = render(root)
        XCTAssertEqual(own[x: 45, y: 22], image.bitmap[x: 10, y: 1], "red quadrant at the top left")
        XCTAssertEqual(own[x: 45, y: 78], image.bitmap[x: 10, y: 29], "blue quadrant at the bottom left")
    }

    func testGravityGoesByTheYAxisSoTopIsTheVisualTopOfAFlippedLayer() throws {
        let (root, container, _) = scene()
        container.contents = quadrantImage(width: 20, height: 10)
        container.contentsGravity = .top
        let frame = render(root)
        // `.top` is the maximum-y edge, as on Apple's platforms: in a flipped layer y grows
        // upwards, so that edge is the visual top (an unflipped iOS layer shows it at the bottom).
        XCTAssertEqual(frame[x: 62, y: 22], PremultipliedColor(red: 220, green: 40, blue: 40, alpha: 255), "red, top left of the upright image")
        XCTAssertEqual(frame[x: 62, y: 78], Self.grey)
    }

    private final class Drawer: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        }
    }

    func testDrawingInAFlippedLayerLandsWhereASublayerWould() {
        let (root, container, child) = scene()
        child.removeFromSuperlayer()
        let drawer = Drawer()
        container.delegate = drawer
        container.setNeedsDisplay()
        let frame = render(root)
        // As the 20×10 sublayer at (0, 0) did: the bottom-left corner.
        XCTAssertEqual(frame[x: 25, y: 75], PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255))
        XCTAssertEqual(frame[x: 25, y: 25], Self.grey)
    }

    func testFlippingAnAncestorRedrawsCachedDescendants() throws {
        let (root, container, _) = scene()
        let picture = imageLayer(quadrantImage(width: 20, height: 10), frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        let inner = CALayer()
        inner.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        inner.addSublayer(picture)
        container.addSublayer(inner)
        _ = render(root)
        container.isGeometryFlipped = false
        XCTAssertEqual(root.makeRenderNode()?.children.first?.children.last?.children.first?.contents?.isFlipped, false)
        container.isGeometryFlipped = true
        XCTAssertEqual(root.makeRenderNode()?.children.first?.children.last?.children.first?.contents?.isFlipped, true)
    }

    func testGeometryFlippedGolden() {
        let root = rootLayer(width: 160, height: 120)
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        container.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.85, alpha: 1)
        container.isGeometryFlipped = true
        root.addSublayer(container)
        let picture = imageLayer(quadrantImage(width: 48, height: 36), frame: CGRect(x: 8, y: 8, width: 48, height: 36))
        picture.cornerRadius = 8
        picture.maskedCorners = [.layerMinXMinYCorner]
        picture.masksToBounds = true
        container.addSublayer(picture)
        let bar = CALayer()
        bar.frame = CGRect(x: 70, y: 8, width: 60, height: 12)
        bar.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        bar.shadowOpacity = 0.6
        bar.shadowRadius = 2
        container.addSublayer(bar)
        let nested = CALayer()
        nested.frame = CGRect(x: 70, y: 40, width: 60, height: 50)
        nested.backgroundColor = CGColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
        nested.isGeometryFlipped = true
        container.addSublayer(nested)
        nested.addSublayer(imageLayer(quadrantImage(width: 24, height: 18), frame: CGRect(x: 4, y: 4, width: 24, height: 18)))
        assertBitmap(render(root), matchesGolden: "geometry-flipped", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 40))
    }
}
