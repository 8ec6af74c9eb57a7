import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `edgeAntialiasingMask`: per-edge anti-aliasing of turned layers.
final class EdgeAntialiasingMaskTests: XCTestCase {
    func testMaskDefaultsToAllFourEdgesWithApplesRawValues() {
        XCTAssertEqual(CAEdgeAntialiasingMask.layerLeftEdge.rawValue, 1)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerRightEdge.rawValue, 2)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerBottomEdge.rawValue, 4)
        XCTAssertEqual(CAEdgeAntialiasingMask.layerTopEdge.rawValue, 8)
        XCTAssertEqual(CALayer().edgeAntialiasingMask.rawValue, 15)
        XCTAssertNil(LayerKeyPath("edgeAntialiasingMask"), "not animatable")
    }

    /// A 60×40 layer turned 25° about the centre of a transparent 100×100 frame.
    private func turnedLayer(mask: CAEdgeAntialiasingMask, contents: Bool) -> (CALayer, CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let layer = contents ? imageLayer(CGImage(bitmap: Bitmap(size: try! PixelSize(width: 30, height: 20), filledWith: .white)),
                                          frame: CGRect(x: 20, y: 30, width: 60, height: 40))
            : CALayer()
        if !contents {
            layer.frame = CGRect(x: 20, y: 30, width: 60, height: 40)
            layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        layer.transform = CATransform3DMakeRotation(25 * .pi / 180, 0, 0, 1)
        layer.edgeAntialiasingMask = mask
        root.addSublayer(layer)
        return (root, layer)
    }

    /// Partly covered pixels near each edge of the layer (left, right, top, bottom), away from
    /// the corners.
    private func partialPixelsPerEdge(_ root: CALayer, _ layer: CALayer) -> [Int] {
        let frame = render(root)
        var counts = [0, 0, 0, 0]
        for y in 0..<100 {
            for x in 0..<100 {
                let a = frame[x: x, y: y].alpha
                guard a != 0, a != 255 else { continue }
                let p = layer.convert(CGPoint(x: CGFloat(x) + 0.5, y: CGFloat(y) + 0.5), from: root)
                let inX = p.x > 3 && p.x < 57, inY = p.y > 3 && p.y < 37
                if inY && p.x < 3 { counts[0] += 1 }
                if inY && p.x > 57 { counts[1] += 1 }
                if inX && p.y < 3 { counts[2] += 1 }
                if inX && p.y > 37 { counts[3] += 1 }
            }
        }
        return counts
    }

    func testEdgesLeftOutOfTheMaskAreDrawnHard() {
        for contents in [false, true] {
            let (root, layer) = turnedLayer(mask: [.layerLeftEdge, .layerTopEdge], contents: contents)
            let counts = partialPixelsPerEdge(root, layer)
            XCTAssertGreaterThan(counts[0], 20, "left edge anti-aliased (contents \(contents))")
            XCTAssertGreaterThan(counts[2], 30, "top (minimum y) edge anti-aliased (contents \(contents))")
            XCTAssertEqual(counts[1], 0, "right edge hard (contents \(contents))")
            XCTAssertEqual(counts[3], 0, "bottom edge hard (contents \(contents))")
        }
    }

    func testAllowsEdgeAntialiasingFalseOrAnEmptyMaskMakesEveryEdgeHard() {
        let (root, layer) = turnedLayer(mask: [], contents: false)
        XCTAssertEqual(partialPixelsPerEdge(root, layer), [0, 0, 0, 0])
        layer.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge]
        layer.allowsEdgeAntialiasing = false
        XCTAssertEqual(partialPixelsPerEdge(root, layer), [0, 0, 0, 0])
        layer.allowsEdgeAntialiasing = true
        XCTAssertTrue(partialPixelsPerEdge(root, layer).allSatisfy { $0 > 20 })
    }

    func testTwoEdgesAntialiasedGolden() {
        let root = rootLayer(width: 120, height: 100)
        for (index, mask) in [CAEdgeAntialiasingMask.layerLeftEdge.union(.layerTopEdge),
                              CAEdgeAntialiasingMask.layerRightEdge.union(.layerBottomEdge)].enumerated() {
            let layer = imageLayer(quadrantImage(width: 40, height: 30),
                                   frame: CGRect(x: 10 + CGFloat(index) * 56, y: 30, width: 44, height: 34))
            layer.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
            layer.edgeAntialiasingMask = mask
            root.addSublayer(layer)
        }
        assertBitmap(render(root), matchesGolden: "two-edges-antialiased",
                     tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 40))
    }
}
