import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `CAShapeLayer`: Apple's defaults and raw values, which keys animate implicitly, drawing at
/// rest and mid-animation, device-resolution rasterization, the raster cache and bad input.
final class ShapeLayerTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testDefaultsAreApples() {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.path)
        XCTAssertEqual(layer.fillColor, .black)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.strokeEnd, 1)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertEqual(layer.lineCap, .butt)
        XCTAssertEqual(layer.lineJoin, .miter)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertNil(layer.lineDashPattern)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineWidth") as? CGFloat, 1)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "miterLimit") as? CGFloat, 10)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "fillColor") as? CGColor, .black)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "opacity") as? Float, 1, "CALayer's keys still answer")
    }

    func testRawValuesAreApples() {
        XCTAssertEqual(CAShapeLayerFillRule.nonZero.rawValue, "non-zero")
        XCTAssertEqual(CAShapeLayerFillRule.evenOdd.rawValue, "even-odd")
        XCTAssertEqual([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue), ["butt", "round", "square"])
        XCTAssertEqual([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue), ["miter", "round", "bevel"])
    }

    func testAnimatableKeysAnimateImplicitlyButPathDoesNot() {
        let layer = committedShape()
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        XCTAssertNil(layer.animationKeys(), "path: explicit animations only (Apple)")
        layer.fillRule = .evenOdd
        layer.lineCap = .round
        layer.lineJoin = .bevel
        layer.lineDashPattern = [4, 2]
        XCTAssertNil(layer.animationKeys(), "fillRule, lineCap, lineJoin and lineDashPattern are not animatable")
        for key in ["strokeEnd", "strokeStart", "lineWidth", "miterLimit", "lineDashPhase", "fillColor", "strokeColor"] {
            let shape = committedShape()
            switch key {
            case "strokeEnd": shape.strokeEnd = 0.5
            case "strokeStart": shape.strokeStart = 0.5
            case "lineWidth": shape.lineWidth = 3
            case "miterLimit": shape.miterLimit = 4
            case "lineDashPhase": shape.lineDashPhase = 6
            case "fillColor": shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            default: shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            }
            XCTAssertEqual(shape.animationKeys(), [key], "\(key) animates implicitly")
        }
    }

    func testImplicitStrokeEndRunsFromTheShownValue() throws {
        let layer = committedShape()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.strokeEnd = 0
        CATransaction.commit()
        f.advance(0)
        f.advance(0.25)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).strokeEnd, 0.75, accuracy: 1e-9)
        XCTAssertEqual(layer.strokeEnd, 0, "the model has the new value")
        f.advance(1)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).strokeEnd, 0)
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testKeyValueCodingReachesShapeProperties() {
        let layer = CAShapeLayer()
        layer.setValue(0.25, forKey: "strokeEnd")
        XCTAssertEqual(layer.strokeEnd, 0.25)
        layer.setValue("round", forKey: "lineCap")
        XCTAssertEqual(layer.lineCap, .round)
        XCTAssertEqual(layer.value(forKey: "lineWidth") as? CGFloat, 1)
        layer.setValue("wide", forKey: "lineWidth")
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(f.diagnostics.count, 1, "a value of the wrong type is diagnosed")
    }

    func testPathIsCopiedWhenSet() {
        let layer = CAShapeLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.path = path
        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        XCTAssertEqual(layer.path?.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testFilledAndStrokedStarAtRest() {
        let root = rootLayer(width: 120, height: 100)
        let star = CAShapeLayer()
        star.frame = root.bounds
        star.path = starPath(center: CGPoint(x: 60, y: 50), radius: 40)
        star.fillColor = CGColor(red: 0.95, green: 0.8, blue: 0.1, alpha: 1)
        star.strokeColor = CGColor(red: 0.6, green: 0.1, blue: 0.1, alpha: 1)
        star.lineWidth = 4
        star.lineJoin = .round
        star.fillRule = .evenOdd
        root.addSublayer(star)
        assertBitmap(render(root), matchesGolden: "star-even-odd")
    }

    func testStrokeEndHalfwayDrawsHalfTheLine() {
        let root = rootLayer(width: 120, height: 100)
        let line = circleStroke(in: root)
        f.show(root)
        line.add(linearAnimation("strokeEnd", from: 0, to: 1), forKey: "draw")
        f.advance(0)
        f.advance(0.5)
        let image = render(root)
        assertBitmap(image, matchesGolden: "stroke-end-half")
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testMarchingAntsMoveWithTheDashPhase() {
        let root = rootLayer(width: 120, height: 80)
        let ants = CAShapeLayer()
        ants.frame = root.bounds
        ants.path = CGPath(rect: CGRect(x: 10.5, y: 10.5, width: 99, height: 59), transform: nil)
        ants.fillColor = nil
        ants.strokeColor = CGColor(gray: 1, alpha: 1)
        ants.lineWidth = 2
        ants.lineDashPattern = [6, 4]
        root.addSublayer(ants)
        f.show(root)
        let still = render(root)
        let march = linearAnimation("lineDashPhase", from: 0, to: 10)
        march.repeatCount = .infinity
        ants.add(march, forKey: "march")
        f.advance(0)
        f.advance(0.25)
        let quarter = render(root)
        assertBitmap(quarter, matchesGolden: "marching-ants-quarter")
        XCTAssertNotEqual(quarter.pixelBytes, still.pixelBytes, "the dashes moved")
        f.advance(0.75)
        XCTAssertEqual(render(root).pixelBytes, still.pixelBytes, "a whole period later the ants are back")
    }

    func testShapeUnderScaleIsRasterizedAtDeviceResolution() {
        let root = rootLayer(width: 120, height: 120)
        let holder = CALayer()
        holder.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
        holder.transform = CATransform3DMakeScale(4, 4, 1)
        holder.position = CGPoint(x: 60, y: 60)
        let ring = CAShapeLayer()
        ring.frame = holder.bounds
        ring.path = CGPath(ellipseIn: CGRect(x: 3, y: 3, width: 24, height: 24), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        ring.lineWidth = 1
        holder.addSublayer(ring)
        root.addSublayer(holder)
        let image = render(root)
        // Drawn in device space, the 1-point ring is 4 pixels wide with sharp edges: fully
        // covered pixels inside it, not a blurred upscale of a 1-pixel line.
        XCTAssertEqual(image[x: 60, y: 11].packed, ring.strokeColor!.premultipliedPixel.packed,
                       "a pixel in the middle of the ring's 4-pixel stroke is fully covered")
        assertBitmap(image, matchesGolden: "ring-scaled-4x")
    }

    func testShapeOfAZeroSizedLayerDrawsItsPathAndMasksToBoundsClipsIt() {
        let root = rootLayer(width: 80, height: 60)
        let shape = CAShapeLayer()
        shape.position = CGPoint(x: 10, y: 10)
        shape.path = CGPath(rect: CGRect(x: 10, y: 10, width: 30, height: 20), transform: nil)
        root.addSublayer(shape)
        XCTAssertEqual(render(root)[x: 30, y: 30], CGColor.black.premultipliedPixel,
                       "the path is drawn outside the layer's (empty) bounds, offset by its position")
        shape.masksToBounds = true
        XCTAssertEqual(render(root)[x: 30, y: 30], CGColor(gray: 0.5, alpha: 1).premultipliedPixel,
                       "masksToBounds clips the path to the empty bounds")
    }

    func testUnchangedShapeIsNotRasterizedAgain() {
        let root = rootLayer(width: 100, height: 80)
        let line = circleStroke(in: root)
        _ = render(root)
        XCTAssertEqual(line.drawingRasterizationCount, 1)
        _ = render(root)
        root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        _ = render(root)
        XCTAssertEqual(line.drawingRasterizationCount, 1, "neither a re-render nor a change elsewhere redraws it")
        _ = render(root, threads: 7)
        XCTAssertEqual(line.drawingRasterizationCount, 1, "bands share one raster")
        line.lineWidth = 6
        _ = render(root)
        XCTAssertEqual(line.drawingRasterizationCount, 2, "a style change redraws it")
    }

    func testSameBytesForOneTwoAndSevenThreads() {
        let root = rootLayer(width: 120, height: 100)
        let star = CAShapeLayer()
        star.frame = root.bounds
        star.path = starPath(center: CGPoint(x: 60, y: 50), radius: 45)
        star.strokeColor = CGColor(red: 0, green: 0.4, blue: 0.2, alpha: 1)
        star.lineWidth = 3
        star.lineDashPattern = [7, 3]
        star.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        root.addSublayer(star)
        assertSameBytesForOneTwoAndSevenThreads(root)
    }

    func testHalfOpaqueShapeFadesItsFillAndStrokeTogether() {
        let root = rootLayer(width: 80, height: 60)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        shape.path = CGPath(rect: CGRect(x: 20, y: 15, width: 40, height: 30), transform: nil)
        shape.fillColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.lineWidth = 8
        shape.opacity = 0.5
        root.addSublayer(shape)
        let image = render(root)
        // Half of opaque blue over white, with no red: the fill under the stroke does not show.
        XCTAssertEqual(image[x: 21, y: 30].packed, 0xFF7F_7FFF, "stroke over the fill")
        XCTAssertEqual(image[x: 40, y: 30].packed, 0xFFFF_7F7F, "fill alone")
        XCTAssertEqual(image[x: 18, y: 30].packed, 0xFF7F_7FFF, "stroke outside the fill")
        XCTAssertEqual(image[x: 5, y: 5].packed, 0xFFFF_FFFF, "background")
        assertSameBytesForOneTwoAndSevenThreads(root)
    }

    func testShapeTurnedInPerspectiveIsDrawn() {
        let root = rootLayer(width: 100, height: 80)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 20, y: 10, width: 60, height: 60)
        shape.path = CGPath(ellipseIn: CGRect(x: 5, y: 5, width: 50, height: 50), transform: nil)
        shape.fillColor = CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        var turn = CATransform3DIdentity
        turn.m34 = -1 / 200
        shape.transform = CATransform3DRotate(turn, 0.6, 0, 1, 0)
        root.addSublayer(shape)
        let image = render(root)
        XCTAssertEqual(image[x: 50, y: 40].packed, shape.fillColor!.premultipliedPixel.packed, "the centre is filled")
        XCTAssertEqual(image[x: 50, y: 2].packed, root.backgroundColor!.premultipliedPixel.packed, "above the disc")
        assertSameBytesForOneTwoAndSevenThreads(root)
    }

    func testBadInputDrawsNothingAndDoesNotTrap() {
        let root = rootLayer(width: 60, height: 40)
        let plain = render(root)
        let bad = CAShapeLayer()
        bad.frame = root.bounds
        root.addSublayer(bad)
        let nan = CGMutablePath()
        nan.move(to: CGPoint(x: CGFloat.nan, y: 0))
        nan.addLine(to: CGPoint(x: 10, y: CGFloat.infinity))
        for path in [CGMutablePath(), nan] {
            bad.path = path
            bad.strokeColor = CGColor(gray: 1, alpha: 1)
            XCTAssertEqual(render(root).pixelBytes, plain.pixelBytes)
        }
        let huge = CGMutablePath()
        huge.move(to: CGPoint(x: -1e12, y: -1e12))
        huge.addLine(to: CGPoint(x: 1e12, y: 1e12))
        bad.path = huge
        bad.lineWidth = .nan
        bad.strokeStart = .nan
        bad.strokeEnd = -3
        bad.lineDashPattern = [-1, .init(value: Double.nan)]
        bad.miterLimit = -.infinity
        _ = render(root)
        bad.lineWidth = 1e9
        bad.strokeEnd = 1
        _ = render(root)
        bad.lineWidth = 2
        bad.strokeStart = 0.7
        bad.strokeEnd = 0.2
        XCTAssertEqual(render(root).pixelBytes, plain.pixelBytes, "start past end strokes nothing")
    }

    // MARK: Helpers

    private func committedShape() -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)
        f.show(layer)
        return layer
    }

    private func circleStroke(in root: CALayer) -> CAShapeLayer {
        let line = CAShapeLayer()
        line.frame = root.bounds
        let r = min(root.bounds.width, root.bounds.height) / 2 - 10
        line.path = CGPath(ellipseIn: CGRect(x: root.bounds.midX - r, y: root.bounds.midY - r, width: 2 * r, height: 2 * r),
                           transform: nil)
        line.fillColor = nil
        line.strokeColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        line.lineWidth = 5
        line.lineCap = .round
        root.addSublayer(line)
        return line
    }
}

/// A five-pointed star drawn in one stroke (its centre is even-odd's hole).
func starPath(center c: CGPoint, radius r: CGFloat) -> CGPath {
    let path = CGMutablePath()
    for i in 0..<5 {
        let angle = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
        let p = CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
        if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
    }
    path.closeSubpath()
    return path
}

/// A one-second linear `CABasicAnimation` of `keyPath` from `from` to `to`.
func linearAnimation(_ keyPath: String, from: Any, to: Any) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = 1
    animation.timingFunction = CAMediaTimingFunction(name: .linear)
    return animation
}

/// Fails unless `root` composites to the same bytes on 1, 2 and 7 compositor threads.
func assertSameBytesForOneTwoAndSevenThreads(_ root: CALayer, file: StaticString = #filePath, line: UInt = #line) {
    let one = render(root, threads: 1).pixelBytes
    XCTAssertEqual(render(root, threads: 2).pixelBytes, one, "2 threads", file: file, line: line)
    XCTAssertEqual(render(root, threads: 7).pixelBytes, one, "7 threads", file: file, line: line)
}

extension Bitmap {
    /// The pixels row by row, for exact comparisons.
    var pixelBytes: [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { out.append(self[x: x, y: y].packed) } }
        return out
    }
}
