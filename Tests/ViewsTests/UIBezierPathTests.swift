import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIBezierPath`: Apple's initialisers and defaults, construction, hit testing, and drawing with
/// `fill()` / `stroke()` into UIKit contexts, a view's `draw(_:)` included (the "sketch pad").
final class UIBezierPathTests: XCTestCase {
    func testDefaultsAreUIKits() {
        let path = UIBezierPath()
        XCTAssertEqual(path.lineWidth, 1)
        XCTAssertEqual(path.lineCapStyle, .butt)
        XCTAssertEqual(path.lineJoinStyle, .miter)
        XCTAssertEqual(path.miterLimit, 10)
        XCTAssertEqual(path.flatness, 0.6)
        XCTAssertFalse(path.usesEvenOddFillRule)
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)
        XCTAssertEqual(path.bounds, .null)
    }

    func testShapeInitialisers() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 60)
        XCTAssertEqual(UIBezierPath(rect: rect).bounds, rect)
        XCTAssertTrue(UIBezierPath(rect: rect).cgPath.isRect(nil))
        let oval = UIBezierPath(ovalIn: rect)
        XCTAssertEqual(oval.bounds, rect)
        XCTAssertTrue(oval.contains(CGPoint(x: 60, y: 50)))
        XCTAssertFalse(oval.contains(CGPoint(x: 12, y: 22)))

        let rounded = UIBezierPath(roundedRect: rect, cornerRadius: 10)
        XCTAssertEqual(rounded.bounds.minX, rect.minX, accuracy: 1e-9)
        XCTAssertEqual(rounded.bounds.maxY, rect.maxY, accuracy: 1e-9)
        XCTAssertTrue(rounded.contains(CGPoint(x: 60, y: 21)), "the straight top side")
        XCTAssertFalse(rounded.contains(CGPoint(x: 11, y: 21)), "the corner is cut")
        // Continuous corners reach 1.53 radii along each side and bend in more gently: 8 from
        // the vertex along the top side, the curve is 0.31 below it, a circular corner 0.2.
        XCTAssertFalse(rounded.contains(CGPoint(x: 18, y: 20.25)))
        XCTAssertTrue(UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners,
                                   cornerRadii: CGSize(width: 10, height: 10)).contains(CGPoint(x: 18, y: 20.25)))

        let some = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight],
                                cornerRadii: CGSize(width: 20, height: 1))
        XCTAssertFalse(some.contains(CGPoint(x: 12, y: 22)), "top left rounded (radius 20: height ignored)")
        XCTAssertFalse(some.contains(CGPoint(x: 108, y: 78)), "bottom right rounded")
        XCTAssertTrue(some.contains(CGPoint(x: 108, y: 22)), "top right square")
        XCTAssertTrue(some.contains(CGPoint(x: 12, y: 78)), "bottom left square")

        // UIKit's clockwise is on screen (y down): from 0 to π/2 clockwise is a quarter turn
        // through +x+y, anticlockwise the other three quarters.
        let quarter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        let rest = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(quarter.currentPoint.x, 0, accuracy: 1e-9)
        XCTAssertEqual(quarter.currentPoint.y, 10, accuracy: 1e-9)
        XCTAssertEqual(quarter.cgPath.boundingBoxOfPath.minX, 0, accuracy: 1e-9)
        XCTAssertEqual(rest.cgPath.boundingBoxOfPath.minX, -10, accuracy: 1e-9)

        let copy = UIBezierPath(cgPath: oval.cgPath)
        XCTAssertEqual(copy.cgPath, oval.cgPath)
    }

    func testConstructionAppendApplyAndRemove() {
        let path = UIBezierPath()
        path.addLine(to: CGPoint(x: 5, y: 5))
        XCTAssertTrue(path.isEmpty, "a line without a current point is ignored")
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 8, y: 14), controlPoint2: CGPoint(x: 2, y: 14))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 0, y: 10))
        XCTAssertEqual(path.bounds, CGRect(x: 0, y: 0, width: 20, height: 14), "control points included")
        path.close()
        XCTAssertEqual(path.currentPoint, .zero)
        path.append(UIBezierPath(rect: CGRect(x: 30, y: 0, width: 5, height: 5)))
        XCTAssertEqual(path.bounds.maxX, 35)
        path.apply(CGAffineTransform(scaleX: 2, y: 1))
        XCTAssertEqual(path.bounds.maxX, 70)
        path.lineWidth = 3
        path.removeAllPoints()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.lineWidth, 3, "the attributes stay")

        let rings = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        rings.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        XCTAssertTrue(rings.contains(CGPoint(x: 50, y: 50)))
        rings.usesEvenOddFillRule = true
        XCTAssertFalse(rings.contains(CGPoint(x: 50, y: 50)))
        XCTAssertTrue(rings.contains(CGPoint(x: 10, y: 50)))
    }

    func testFillAndStrokeDrawIntoTheCurrentContextAndRestoreItsState() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 40, height: 40), false, 1)
        defer { UIGraphicsEndImageContext() }
        let context = try XCTUnwrap(UIGraphicsGetCurrentContext())
        UIColor(red: 1, green: 0, blue: 0, alpha: 1).setFill()
        UIColor(red: 0, green: 0, blue: 1, alpha: 1).setStroke()
        let square = UIBezierPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
        square.lineWidth = 4
        square.fill()
        square.stroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 2, y: 36))
        line.addLine(to: CGPoint(x: 38, y: 36))
        line.stroke()
        let b = context.bitmap
        // y down, as UIKit draws.
        XCTAssertEqual(b[x: 20, y: 20], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(b[x: 20, y: 9], PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertEqual(b[x: 20, y: 13], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(b[x: 20, y: 7], .clear)
        XCTAssertEqual(b[x: 20, y: 35].alpha, 128, "a 1-point line on a pixel boundary covers two rows by half")
        XCTAssertEqual(b[x: 20, y: 36].alpha, 128)
        XCTAssertTrue(context.isPathEmpty)
    }

    func testStrokesInAnImageRendererAtScaleTwoAreTwiceAsManyPixelsWide() throws {
        var format = UIGraphicsImageRenderer.Format()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { _ in
            UIColor(white: 0, alpha: 1).setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 2, y: 10))
            line.addLine(to: CGPoint(x: 18, y: 10))
            line.stroke()
            let hairline = UIBezierPath()
            hairline.move(to: CGPoint(x: 2, y: 4.25))
            hairline.addLine(to: CGPoint(x: 18, y: 4.25))
            hairline.lineWidth = 0
            hairline.stroke()
        }
        let bitmap = try XCTUnwrap(image.cgImage).bitmap
        XCTAssertEqual(bitmap.width, 40)
        // 1 point at y = 10 is device rows 19 and 20; the hairline one device pixel, row 8.
        XCTAssertEqual([bitmap[x: 20, y: 18].alpha, bitmap[x: 20, y: 19].alpha, bitmap[x: 20, y: 20].alpha,
                        bitmap[x: 20, y: 21].alpha], [0, 255, 255, 0])
        XCTAssertEqual([bitmap[x: 20, y: 7].alpha, bitmap[x: 20, y: 8].alpha, bitmap[x: 20, y: 9].alpha], [0, 255, 0])
    }

    func testSketchPadViewStrokesShowInTheCompositedFrameForAnyThreadCount() throws {
        try onMain {
            let pad = SketchPadView(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
            pad.backgroundColor = .white
            pad.add(stroke: [CGPoint(x: 10, y: 80), CGPoint(x: 30, y: 20), CGPoint(x: 55, y: 70), CGPoint(x: 80, y: 15)])
            pad.add(stroke: (0...40).map { i in
                let t = Double(i) / 40 * 2 * .pi
                return CGPoint(x: 95 + 15 * cos(t), y: 60 + 15 * sin(t))
            })
            pad.layoutIfNeeded()
            var frames: [Bitmap] = []
            for threads in [1, 2, 7] {
                let bitmap = Bitmap(width: 120, height: 90)
                Compositor(threadCount: threads).render(pad.layer.makeRenderNode(), into: bitmap, transform: .identity)
                frames.append(bitmap)
            }
            XCTAssertEqual(pad.drawCount, 1)
            XCTAssertTrue(frames[1].hasSamePixels(as: frames[0]), "2 threads")
            XCTAssertTrue(frames[2].hasSamePixels(as: frames[0]), "7 threads")
            let frame = frames[0]
            let ink = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
            XCTAssertEqual(frame[x: 20, y: 50], ink, "on the first stroke")
            XCTAssertEqual(frame[x: 110, y: 60], ink, "on the circle")
            XCTAssertEqual(frame[x: 95, y: 60], .white, "inside the circle")
            XCTAssertEqual(frame[x: 60, y: 85], .white)
            assertBitmap(frame, matchesGolden: "sketch-pad")
        }
    }
}

/// The book's sketch pad: a view that keeps finger strokes as points and draws each as a
/// round-capped, round-joined `UIBezierPath` in `draw(_:)`.
final class SketchPadView: UIView {
    private var strokes: [[CGPoint]] = []
    private(set) var drawCount = 0

    func add(stroke points: [CGPoint]) {
        strokes.append(points)
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        drawCount += 1
        UIColor(white: 0, alpha: 1).setStroke()
        for points in strokes {
            guard let first = points.first else { continue }
            let path = UIBezierPath()
            path.lineWidth = 6
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            path.move(to: first)
            for p in points.dropFirst() { path.addLine(to: p) }
            path.stroke()
        }
    }
}
