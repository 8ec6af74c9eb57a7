import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// A 60×60 image: an opaque orange disc of radius 24 in the middle, transparent around it.
func discImage() -> CGImage {
    let bitmap = Bitmap(width: 60, height: 60)
    for y in 0..<60 {
        for x in 0..<60 {
            let dx = Double(x) + 0.5 - 30, dy = Double(y) + 0.5 - 30
            if dx * dx + dy * dy <= 24 * 24 { bitmap[x: x, y: y] = .init(red: 240, green: 140, blue: 20, alpha: 255) }
        }
    }
    return CGImage(bitmap: bitmap)
}

/// A white root with one 60×60 layer at (50, 30) casting a black shadow (opacity 1, radius 4,
/// offset (8, 12)), and, when `sublayer`, a blue 30×20 sublayer sticking out of its right edge.
func shadowScene(contents: CGImage? = nil, background: CGColor? = nil, sublayer: Bool = false,
                 shadowPath: CGPath? = nil) -> (root: CALayer, layer: CALayer) {
    let root = rootLayer(width: 160, height: 120)
    root.backgroundColor = .white
    let layer = CALayer()
    layer.frame = CGRect(x: 50, y: 30, width: 60, height: 60)
    layer.contents = contents
    layer.backgroundColor = background
    layer.shadowOpacity = 1
    layer.shadowRadius = 4
    layer.shadowOffset = CGSize(width: 8, height: 12)
    layer.shadowPath = shadowPath
    if sublayer {
        let child = CALayer()
        child.frame = CGRect(x: 45, y: 5, width: 30, height: 20)
        child.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        layer.addSublayer(child)
    }
    root.addSublayer(layer)
    return (root, layer)
}

/// Shadows cast by `shadowPath` and by the layer's composited alpha. Goldens as in
/// `CompositorTests`: ±2 per channel on up to 0.5 % of the pixels.
final class ShadowTests: XCTestCase {
    let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 96)

    func testTransparentPartsOfAnImageCastNoShadow() throws {
        let frame = render(shadowScene(contents: discImage()).root)
        // The disc's shadow is centred at (88, 72); the layer's corner (107, 87) is outside the
        // disc, so its shadow area (115, 99) stays white, unlike a bounds-shaped shadow.
        XCTAssertLessThan(frame[x: 88, y: 72 + 20].red, 160, "shadow below the disc")
        XCTAssertEqual(frame[x: 115, y: 99], .white, "no shadow from the image's transparent corner")
        assertBitmap(frame, matchesGolden: "image-alpha", tolerance: tolerance)
    }

    func testShadowPathGivesTheShadowItsShape() throws {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 20, width: 60, height: 20), transform: nil)
        let frame = render(shadowScene(background: CGColor(red: 0.75, green: 0.85, blue: 1, alpha: 1), shadowPath: path).root)
        // The ellipse, moved by (8, 12), lies at y 62…82 in the root: below it and above it, at
        // x 60 (left of the layer's own right edge), the shadow of the bounds would be, but not
        // this one. Right of the layer (x 115), the ellipse's shadow shows.
        XCTAssertEqual(frame[x: 112, y: 47], .white, "no shadow where only the bounds would cast one")
        XCTAssertLessThan(frame[x: 114, y: 72].red, 120, "the ellipse's shadow right of the layer")
        XCTAssertEqual(frame[x: 80, y: 100], .white, "nothing below the ellipse's shadow")
        assertBitmap(frame, matchesGolden: "shadow-path", tolerance: tolerance)
    }

    func testSublayerStickingOutCastsTheLayersShadow() throws {
        let frame = render(shadowScene(background: CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1),
                                       sublayer: true).root)
        // The sublayer spans x 95…125, y 35…55 in the root; its shadow spans x 103…133, y 47…67.
        XCTAssertLessThan(frame[x: 130, y: 60].red, 100, "shadow of the part sticking out")
        XCTAssertEqual(frame[x: 140, y: 80], .white)
        assertBitmap(frame, matchesGolden: "sublayer-alpha", tolerance: tolerance)
    }

    func testShadowPathLeavesTheSublayerWithoutShadow() throws {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)
        let frame = render(shadowScene(background: CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1),
                                       sublayer: true, shadowPath: path).root)
        XCTAssertEqual(frame[x: 130, y: 60], .white, "the path, not the sublayer, casts the shadow")
        XCTAssertLessThan(frame[x: 115, y: 95].red, 120, "the path's shadow")
        assertBitmap(frame, matchesGolden: "sublayer-path", tolerance: tolerance)
    }

    func testLayerWithNothingOpaqueCastsNoShadow() throws {
        let frame = render(shadowScene().root)
        let white = Bitmap(width: 160, height: 120)
        white.fill(with: .white)
        XCTAssertTrue(frame.hasSamePixels(as: white))
    }

    func testAlphaShadowOfAnOpaqueBackgroundMatchesItsBoundsShadow() throws {
        // An opaque background casts its rounded bounds, drawn directly; the same layer with a
        // sublayer inside the bounds goes through the alpha path and must look the same.
        let (plainRoot, plain) = shadowScene(background: .black)
        plain.cornerRadius = 10
        let (alphaRoot, alpha) = shadowScene(background: .black)
        alpha.cornerRadius = 10
        let inside = CALayer()
        inside.frame = CGRect(x: 20, y: 20, width: 20, height: 20)
        inside.backgroundColor = .black
        alpha.addSublayer(inside)
        let expected = render(plainRoot), actual = render(alphaRoot)
        var worst = 0
        for y in 0..<120 {
            for x in 0..<160 {
                worst = max(worst, abs(Int(expected[x: x, y: y].red) - Int(actual[x: x, y: y].red)))
            }
        }
        XCTAssertLessThanOrEqual(worst, 3)
    }

    func testMasksToBoundsClipsTheShadowToTheBounds() throws {
        // Core Animation clips a masksToBounds layer's shadow with everything else outside its
        // bounds: an opaque square (and a rounded one) then shows no shadow at all.
        for radius in [0, 12] as [CGFloat] {
            let (root, layer) = shadowScene(background: CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1))
            layer.cornerRadius = radius
            layer.masksToBounds = true
            let clipped = render(root)
            layer.shadowOpacity = 0
            let unshadowed = render(root)
            layer.shadowOpacity = 1
            layer.masksToBounds = false
            XCTAssertFalse(render(root).hasSamePixels(as: unshadowed), "control: without the clip the shadow shows")
            var changed = 0
            var outside: [(Int, Int)] = []
            for y in 0..<120 {
                for x in 0..<160 where clipped[x: x, y: y] != unshadowed[x: x, y: y] {
                    changed += 1
                    if !CGRect(x: 49, y: 29, width: 62, height: 62).contains(CGPoint(x: x, y: y)) { outside.append((x, y)) }
                }
            }
            XCTAssertTrue(outside.isEmpty, "radius \(radius): \(outside.count) shadow pixels outside the bounds, first \(outside.first.map { "\($0)" } ?? "")")
            // Square: the opaque background hides the clipped shadow; rounded: only the
            // anti-aliased corner pixels let a little of it through, as on Apple's.
            XCTAssertLessThanOrEqual(changed, radius == 0 ? 0 : 64, "radius \(radius)")
        }
    }

    func testMasksToBoundsShadowShowsInsideThroughTransparentContents() throws {
        let (root, layer) = shadowScene(contents: discImage())
        layer.masksToBounds = true
        let frame = render(root)
        // Unclipped, the disc's shadow (centre (88, 72), radius 24) would reach y 96 below the
        // layer's bottom edge (y 90).
        XCTAssertEqual(frame[x: 88, y: 93], .white, "the shadow is clipped at the bounds")
        XCTAssertLessThan(frame[x: 106, y: 86].red, 200, "the disc's shadow inside the bounds, beside the disc")
    }

    func testShadowsAreIdenticalForAnyThreadCount() throws {
        let (root, layer) = shadowScene(contents: discImage(), sublayer: true)
        layer.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        let pathed = CALayer()
        pathed.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        pathed.backgroundColor = CGColor(red: 0, green: 0.6, blue: 0.3, alpha: 1)
        pathed.shadowOpacity = 0.7
        pathed.shadowRadius = 6
        pathed.shadowPath = CGPath(ellipseIn: CGRect(x: -10, y: 0, width: 60, height: 40), transform: nil)
        root.addSublayer(pathed)
        let single = render(root, threads: 1)
        for threads in [2, 3, 7] {
            XCTAssertTrue(render(root, threads: threads).hasSamePixels(as: single), "\(threads) threads")
        }
    }
}
