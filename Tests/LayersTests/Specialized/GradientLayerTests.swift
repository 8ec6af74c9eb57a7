import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `CAGradientLayer`: Apple's defaults and raw values, animatability, the three kinds at rest,
/// locations mid-animation, rounded corners, the cache and bad input.
final class GradientLayerTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private let red = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
    private let blue = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
    private let white = CGColor(gray: 1, alpha: 1)

    func testDefaultsAndRawValuesAreApples() {
        let layer = CAGradientLayer()
        XCTAssertNil(layer.colors)
        XCTAssertNil(layer.locations)
        XCTAssertEqual(layer.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(layer.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(layer.type, .axial)
        XCTAssertEqual([CAGradientLayerType.axial, .radial, .conic].map(\.rawValue), ["axial", "radial", "conic"])
        XCTAssertEqual(CAGradientLayer.defaultValue(forKey: "startPoint") as? CGPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(CAGradientLayer.defaultValue(forKey: "endPoint") as? CGPoint, CGPoint(x: 0.5, y: 1))
    }

    func testColorsLocationsAndPointsAnimateImplicitlyButTypeDoesNot() {
        for key in ["colors", "locations", "startPoint", "endPoint"] {
            let layer = committedGradient()
            switch key {
            case "colors": layer.colors = [blue, red]
            case "locations": layer.locations = [0.2, 0.8]
            case "startPoint": layer.startPoint = .zero
            default: layer.endPoint = CGPoint(x: 1, y: 1)
            }
            XCTAssertEqual(layer.animationKeys(), [key], "\(key) animates implicitly")
        }
        let layer = committedGradient()
        layer.type = .conic
        XCTAssertNil(layer.animationKeys(), "type is not animatable")
    }

    func testColorsInterpolateElementWise() throws {
        let layer = committedGradient()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.colors = [blue, red]
        CATransaction.commit()
        f.advance(0)
        f.advance(0.5)
        let colors = try XCTUnwrap(layer.presentation()?.colors as? [CGColor])
        XCTAssertEqual(colors.count, 2)
        XCTAssertEqual(colors[0].red, 0.5, accuracy: 1e-9)
        XCTAssertEqual(colors[0].blue, 0.5, accuracy: 1e-9)
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testAxialRadialAndConicAtRest() {
        for (name, type) in [("axial", CAGradientLayerType.axial), ("radial", .radial), ("conic", .conic)] {
            let root = rootLayer(width: 100, height: 80)
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
            layer.colors = [red, white, blue]
            layer.type = type
            if type == .axial {
                layer.startPoint = .zero
                layer.endPoint = CGPoint(x: 1, y: 1)
            } else {
                layer.startPoint = CGPoint(x: 0.5, y: 0.5)
                layer.endPoint = CGPoint(x: 1, y: 1)
            }
            layer.cornerRadius = 12
            root.addSublayer(layer)
            assertBitmap(render(root), matchesGolden: "gradient-\(name)")
        }
    }

    func testLocationsHalfwayThroughAShimmer() {
        let root = rootLayer(width: 120, height: 40)
        let layer = CAGradientLayer()
        layer.frame = root.bounds
        layer.colors = [CGColor(gray: 0.3, alpha: 1), CGColor(gray: 0.95, alpha: 1), CGColor(gray: 0.3, alpha: 1)]
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        layer.endPoint = CGPoint(x: 1, y: 0.5)
        layer.locations = [0, 0.1, 0.2]
        root.addSublayer(layer)
        f.show(root)
        layer.add(linearAnimation("locations", from: [0.0, 0.1, 0.2], to: [0.8, 0.9, 1.0]), forKey: "shimmer")
        f.advance(0)
        f.advance(0.5)
        let image = render(root)
        assertBitmap(image, matchesGolden: "shimmer-half")
        XCTAssertGreaterThan(image[x: 60, y: 20].red, 220, "the highlight is at the middle (location 0.5)")
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testStaticGradientIsRasterizedOnce() {
        let root = rootLayer(width: 100, height: 80)
        let layer = CAGradientLayer()
        layer.frame = root.bounds
        layer.colors = [red, blue]
        root.addSublayer(layer)
        _ = render(root)
        XCTAssertEqual(layer.drawingRasterizationCount, 1, "first shown: the bounds' mask, the shading straight onto the frame")
        _ = render(root, threads: 7)
        root.backgroundColor = white
        _ = render(root, threads: 2)
        _ = render(root)
        XCTAssertEqual(layer.drawingRasterizationCount, 2, "shown again: the shading is kept, once, for all bands")
        layer.startPoint = CGPoint(x: 0, y: 0.5)
        _ = render(root)
        XCTAssertEqual(layer.drawingRasterizationCount, 2, "a new gradient on the same bounds keeps the mask")
        _ = render(root)
        XCTAssertEqual(layer.drawingRasterizationCount, 3)
    }

    func testGradientShownOnceAndShownAgainGiveTheSameBytes() {
        for type in [CAGradientLayerType.axial, .radial, .conic] {
            let root = rootLayer(width: 120, height: 100)
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: 12, y: 10, width: 90, height: 75)
            layer.colors = [red, white, blue]
            layer.locations = [0, 0.3, 1]
            layer.type = type
            layer.startPoint = CGPoint(x: 0.2, y: 0.3)
            layer.endPoint = CGPoint(x: 0.9, y: 0.8)
            layer.cornerRadius = 14
            layer.opacity = 0.6
            layer.transform = CATransform3DMakeRotation(0.25, 0, 0, 1)
            root.addSublayer(layer)
            let first = render(root, threads: 2)
            let rasterized = layer.drawingRasterizationCount
            let again = render(root, threads: 3)
            XCTAssertEqual(layer.drawingRasterizationCount, rasterized + 1, "\(type): the second showing keeps a raster")
            XCTAssertEqual(again.pixelBytes, first.pixelBytes, "\(type): shaded onto the frame or from the raster")
            XCTAssertEqual(render(root, threads: 1).pixelBytes, first.pixelBytes, "\(type): from the raster, one band")
        }
    }

    func testSameBytesForOneTwoAndSevenThreads() {
        let root = rootLayer(width: 120, height: 100)
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 15, y: 15, width: 90, height: 70)
        layer.colors = [red, white, blue]
        layer.type = .conic
        layer.startPoint = CGPoint(x: 0.4, y: 0.6)
        layer.cornerRadius = 20
        layer.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        root.addSublayer(layer)
        assertSameBytesForOneTwoAndSevenThreads(root)
    }

    func testBadLocationsAndCountsAreBounded() {
        let root = rootLayer(width: 60, height: 40)
        let layer = CAGradientLayer()
        layer.frame = root.bounds
        root.addSublayer(layer)
        let plain = render(root)
        layer.colors = []
        XCTAssertEqual(render(root).pixelBytes, plain.pixelBytes, "no colours draw nothing")
        layer.colors = [red]
        XCTAssertEqual(render(root)[x: 30, y: 20], red.premultipliedPixel, "one colour fills the layer")
        layer.colors = [red, blue]
        layer.locations = [0.2, 0.5, 0.9]
        let mismatched = render(root)
        layer.locations = nil
        XCTAssertEqual(mismatched.pixelBytes, render(root).pixelBytes, "a count mismatch spreads the colours evenly")
        layer.locations = [1.5, -3]
        _ = render(root)
        layer.locations = [NSNumber(value: Double.nan), NSNumber(value: Double.infinity)]
        _ = render(root)
        layer.startPoint = CGPoint(x: CGFloat.nan, y: 0)
        _ = render(root)
        layer.startPoint = layer.endPoint
        _ = render(root)
        layer.type = .radial
        _ = render(root)
        layer.type = CAGradientLayerType(rawValue: "diagonal")
        _ = render(root)
        layer.bounds = CGRect(x: 0, y: 0, width: -10, height: 1e12)
        _ = render(root)
    }

    private func committedGradient() -> CAGradientLayer {
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.colors = [red, blue]
        f.show(layer)
        return layer
    }
}
