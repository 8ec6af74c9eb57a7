import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `contentsCenter`: the nine-part stretch of a layer's contents.
final class ContentsCenterTests: XCTestCase {
    static let red = PremultipliedColor(red: 220, green: 30, blue: 30, alpha: 255)
    static let green = PremultipliedColor(red: 30, green: 200, blue: 60, alpha: 255)
    static let blue = PremultipliedColor(red: 30, green: 60, blue: 220, alpha: 255)

    /// A `side`×`side` picture with a `corner`-pixel frame: checkered red/white corners (so any
    /// scaling shows), green edges, blue centre.
    static func framedImage(side: Int = 12, corner: Int = 4) -> CGImage {
        let bitmap = Bitmap(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let edgeX = x < corner || x >= side - corner, edgeY = y < corner || y >= side - corner
                bitmap[x: x, y: y] = edgeX && edgeY ? ((x + y) % 2 == 0 ? red : .white) : edgeX || edgeY ? green : blue
            }
        }
        return CGImage(bitmap: bitmap)
    }

    private func stretchedLayer(_ image: CGImage, frame: CGRect, center: CGRect) -> CALayer {
        let layer = imageLayer(image, frame: frame)
        layer.contentsCenter = center
        return layer
    }

    func testContentsCenterDefaultsToTheWholeImageAndDrawsInOnePiece() throws {
        let layer = imageLayer(Self.framedImage(), frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(try XCTUnwrap(layer.makeRenderNode()?.contents).parts.count, 0)
    }

    func testCornersKeepTheirSizeWhileEdgesAndCentreStretch() throws {
        let root = rootLayer(width: 80, height: 60)
        let image = Self.framedImage()
        root.addSublayer(stretchedLayer(image, frame: CGRect(x: 10, y: 10, width: 60, height: 40),
                                        center: CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)))
        let frame = render(root)
        let source = image.bitmap
        for y in 0..<4 {
            for x in 0..<4 {
                XCTAssertEqual(frame[x: 10 + x, y: 10 + y], source[x: x, y: y], "top-left corner pixel (\(x), \(y)) unscaled")
                XCTAssertEqual(frame[x: 66 + x, y: 46 + y], source[x: 8 + x, y: 8 + y], "bottom-right corner pixel (\(x), \(y))")
                XCTAssertEqual(frame[x: 66 + x, y: 10 + y], source[x: 8 + x, y: y], "top-right corner pixel (\(x), \(y))")
                XCTAssertEqual(frame[x: 10 + x, y: 46 + y], source[x: x, y: 8 + y], "bottom-left corner pixel (\(x), \(y))")
            }
        }
        // Edges stretched along their side only, the centre both ways.
        for x in 20..<60 {
            XCTAssertEqual(frame[x: x, y: 11], Self.green, "top edge at x \(x)")
            XCTAssertEqual(frame[x: x, y: 48], Self.green, "bottom edge at x \(x)")
        }
        for y in 20..<40 {
            XCTAssertEqual(frame[x: 11, y: y], Self.green, "left edge at y \(y)")
            XCTAssertEqual(frame[x: 40, y: y], Self.blue, "centre at y \(y)")
        }
        // The outer edges stay where the bounds are.
        XCTAssertEqual(frame[x: 9, y: 30], PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
        XCTAssertEqual(frame[x: 70, y: 30], PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
    }

    func testCornersAreMeasuredInPointsThroughContentsScale() throws {
        // A 24-pixel image at scale 2: its 8-pixel corners are 4 points.
        let root = rootLayer(width: 80, height: 60)
        let layer = stretchedLayer(Self.framedImage(side: 24, corner: 8), frame: CGRect(x: 10, y: 10, width: 60, height: 40),
                                   center: CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3))
        layer.contentsScale = 2
        root.addSublayer(layer)
        let parts = try XCTUnwrap(layer.makeRenderNode()?.contents).parts
        XCTAssertEqual(parts.count, 9)
        XCTAssertEqual(parts[0].destination, CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(parts[0].sourceRect, CGRect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertEqual(parts[4].destination, CGRect(x: 4, y: 4, width: 52, height: 32))
        XCTAssertEqual(parts[8].destination, CGRect(x: 56, y: 36, width: 4, height: 4))
        XCTAssertEqual(parts[4].innerEdges, .all)
        XCTAssertEqual(parts[0].innerEdges, [.maxX, .maxY])
        let frame = render(root)
        XCTAssertEqual(frame[x: 40, y: 30], Self.blue)
        XCTAssertEqual(frame[x: 40, y: 11], Self.green)
        XCTAssertEqual(frame[x: 40, y: 17], Self.blue, "the edge is 4 points thick, not 8")
    }

    func testBoundsSmallerThanTheCornersShrinkThemProportionally() throws {
        let layer = stretchedLayer(Self.framedImage(), frame: CGRect(x: 0, y: 0, width: 6, height: 20),
                                   center: CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12))
        let parts = try XCTUnwrap(layer.makeRenderNode()?.contents).parts
        // Horizontally the two 4-point sides share 6 points (3 each) and the centre column goes;
        // vertically the corners keep 4 points and the centre stretches to 12.
        XCTAssertEqual(parts.count, 6)
        XCTAssertEqual(parts.map(\.destination.width), [3, 3, 3, 3, 3, 3])
        XCTAssertEqual(parts.map(\.destination.height), [4, 4, 12, 12, 4, 4])
        XCTAssertEqual(parts[0].innerEdges, [.maxX, .maxY])
        XCTAssertEqual(parts[1].innerEdges, [.minX, .maxY])
    }

    func testContentsCenterAppliesWithinContentsRect() throws {
        // Two pictures side by side; contentsRect picks the right one, contentsCenter its middle.
        let bitmap = Bitmap(width: 24, height: 12)
        let framed = Self.framedImage().bitmap
        for y in 0..<12 {
            for x in 0..<12 {
                bitmap[x: x, y: y] = .black
                bitmap[x: 12 + x, y: y] = framed[x: x, y: y]
            }
        }
        let root = rootLayer(width: 80, height: 60)
        let layer = stretchedLayer(CGImage(bitmap: bitmap), frame: CGRect(x: 10, y: 10, width: 60, height: 40),
                                   center: CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12))
        layer.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        root.addSublayer(layer)
        let frame = render(root)
        for y in 0..<4 {
            for x in 0..<4 {
                XCTAssertEqual(frame[x: 10 + x, y: 10 + y], framed[x: x, y: y])
                XCTAssertEqual(frame[x: 66 + x, y: 46 + y], framed[x: 8 + x, y: 8 + y])
            }
        }
        XCTAssertEqual(frame[x: 40, y: 30], Self.blue)
        XCTAssertEqual(frame[x: 40, y: 11], Self.green)
    }

    func testGravitiesThatDoNotResizeIgnoreContentsCenter() throws {
        let plain = imageLayer(Self.framedImage(), frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        plain.contentsGravity = .center
        let stretched = stretchedLayer(Self.framedImage(), frame: CGRect(x: 0, y: 0, width: 60, height: 40),
                                       center: CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        stretched.contentsGravity = .center
        XCTAssertEqual(try XCTUnwrap(stretched.makeRenderNode()?.contents).parts.count, 0)
        stretched.contentsGravity = .resizeAspect
        XCTAssertEqual(try XCTUnwrap(stretched.makeRenderNode()?.contents).parts.count, 9)
    }

    func testZeroSizedCentreStretchesTheMiddlePixel() throws {
        let layer = stretchedLayer(Self.framedImage(), frame: CGRect(x: 0, y: 0, width: 60, height: 40),
                                   center: CGRect(x: 0.5, y: 0.5, width: 0, height: 0))
        let parts = try XCTUnwrap(layer.makeRenderNode()?.contents).parts
        XCTAssertEqual(parts.count, 9)
        XCTAssertEqual(parts[4].sourceRect, CGRect(x: 5.5, y: 5.5, width: 1, height: 1))
        XCTAssertEqual(parts[4].destination, CGRect(x: 6, y: 6, width: 48, height: 28))
    }

    func testContentsCenterIsAnimatable() {
        XCTAssertNotNil(LayerKeyPath("contentsCenter"), "an animatable key path")
        let layer = CALayer()
        layer.setValue(CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), forKeyPath: "contentsCenter")
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    }

    /// Three stretched buttons: wide, tall and turned 20° (its inner seams must not show).
    private func buttonsScene() -> CALayer {
        let root = rootLayer(width: 160, height: 120)
        let image = Self.framedImage()
        let center = CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12)
        root.addSublayer(stretchedLayer(image, frame: CGRect(x: 8, y: 8, width: 90, height: 24), center: center))
        root.addSublayer(stretchedLayer(image, frame: CGRect(x: 120, y: 8, width: 28, height: 100), center: center))
        let turned = stretchedLayer(image, frame: CGRect(x: 10, y: 60, width: 90, height: 40), center: center)
        turned.transform = CATransform3DMakeRotation(20 * .pi / 180, 0, 0, 1)
        turned.opacity = 0.8
        root.addSublayer(turned)
        return root
    }

    func testNinePartGolden() {
        assertBitmap(render(buttonsScene()), matchesGolden: "nine-part",
                     tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 60))
    }

    func testNinePartIsTheSameForAnyThreadCount() {
        let one = render(buttonsScene(), threads: 1)
        XCTAssertTrue(render(buttonsScene(), threads: 3).hasSamePixels(as: one))
    }

    func testTurnedNinePartHasNoSeamInsideTheCentre() throws {
        // A uniform translucent picture: pieces that overlapped or left gaps at their seams
        // would show as lines of another colour inside the turned layer.
        let colour = PremultipliedColor(red: 40, green: 80, blue: 120, alpha: 160)
        let image = CGImage(bitmap: Bitmap(size: try PixelSize(width: 12, height: 12), filledWith: colour))
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let layer = stretchedLayer(image, frame: CGRect(x: 20, y: 30, width: 60, height: 40),
                                   center: CGRect(x: 4.0 / 12, y: 4.0 / 12, width: 4.0 / 12, height: 4.0 / 12))
        layer.transform = CATransform3DMakeRotation(0.35, 0, 0, 1)
        root.addSublayer(layer)
        let frame = render(root)
        var interior = 0
        for y in 0..<100 {
            for x in 0..<100 {
                // Pixels well inside the turned rectangle (in its own coordinates).
                let p = layer.convert(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5), from: root)
                guard p.x > 1.5, p.x < 58.5, p.y > 1.5, p.y < 38.5 else { continue }
                interior += 1
                let pixel = frame[x: x, y: y]
                XCTAssertLessThanOrEqual(abs(Int(pixel.alpha) - 160), 1, "(\(x), \(y)) \(pixel)")
            }
        }
        XCTAssertGreaterThan(interior, 1500)
    }
}
