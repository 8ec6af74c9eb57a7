import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// Drawing through `draw(_:)`, UIKit image contexts (`UIGraphicsBeginImageContextWithOptions`,
/// `UIGraphicsImageRenderer`), `layer.render(in:)`, `snapshotView(afterScreenUpdates:)` and
/// `drawHierarchy(in:afterScreenUpdates:)`.
final class DrawingAndSnapshotTests: XCTestCase {
    func testDrawRectFillsShowInTheCompositedFrame() throws {
        onMain {
            let window = makeWindow(width: 40, height: 30)
            window.isHidden = false
            let view = QuadrantView(frame: CGRect(x: 10, y: 5, width: 20, height: 20))
            window.addSubview(view)
            let frame = composite(window)
            XCTAssertEqual(view.drawCount, 1)
            XCTAssertEqual(view.rectsDrawn, [CGRect(x: 0, y: 0, width: 20, height: 20)], "draw(_:) gets the bounds")
            XCTAssertTrue(view.hadContext, "UIGraphicsGetCurrentContext() is the view's context inside draw(_:)")
            XCTAssertEqual(frame[x: 10, y: 5], .red)
            XCTAssertEqual(frame[x: 19, y: 14], .red)
            XCTAssertEqual(frame[x: 20, y: 15], .blue)
            XCTAssertEqual(frame[x: 29, y: 24], .blue)
            XCTAssertEqual(frame[x: 25, y: 8], .clear, "the rest of the drawing stays transparent")
            XCTAssertEqual(frame[x: 9, y: 5], .clear, "nothing outside the view")
            XCTAssertEqual(frame[x: 30, y: 24], .clear)
            XCTAssertNil(UIGraphicsGetCurrentContext(), "the drawing context is popped afterwards")
        }
    }

    func testDrawingRunsAgainOnlyAfterSetNeedsDisplay() throws {
        onMain {
            let view = QuadrantView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            _ = composite(view)
            _ = composite(view)
            XCTAssertEqual(view.drawCount, 1, "contents are kept between frames")
            view.topLeftColor = .green
            XCTAssertEqual(composite(view)[x: 2, y: 2], .red, "a property change alone does not redraw")
            view.setNeedsDisplay()
            view.setNeedsDisplay()
            XCTAssertEqual(composite(view)[x: 2, y: 2], .green)
            XCTAssertEqual(view.drawCount, 2, "several setNeedsDisplay calls make one draw")
        }
    }

    func testResizingRedrawsOnlyWithTheRedrawContentMode() throws {
        onMain {
            let stretched = QuadrantView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            _ = composite(stretched)
            stretched.bounds.size = CGSize(width: 40, height: 40)
            let frame = composite(stretched)
            XCTAssertEqual(stretched.drawCount, 1, "scaleToFill stretches the old drawing")
            XCTAssertEqual(frame[x: 30, y: 30], .blue)

            let redrawn = QuadrantView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            redrawn.contentMode = .redraw
            _ = composite(redrawn)
            redrawn.bounds.size = CGSize(width: 40, height: 40)
            _ = composite(redrawn)
            XCTAssertEqual(redrawn.drawCount, 2)
            XCTAssertEqual(redrawn.rectsDrawn.last, CGRect(x: 0, y: 0, width: 40, height: 40))
        }
    }

    func testCustomControlSubclassesDrawThroughDrawRect() throws {
        onMain {
            let control = DrawnControl(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let frame = composite(control)
            XCTAssertEqual(frame[x: 5, y: 5], .green)
        }
    }

    func testImageContextWithScaleZeroUsesTheScreenScaleAndRenderInGivesUprightPixels() throws {
        try onMain {
            let view = twoBandView()
            UIGraphicsBeginImageContextWithOptions(view.bounds.size, true, 0)
            let context = try XCTUnwrap(UIGraphicsGetCurrentContext())
            view.layer.render(in: context)
            let image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            XCTAssertNil(UIGraphicsGetCurrentContext())
            XCTAssertEqual(image?.scale, 1, "scale 0 is the screen's, which is 1 here")
            XCTAssertEqual(image?.size, CGSize(width: 40, height: 20))
            XCTAssertEqual(pixel(image, 5, 2), .red, "the top band is at the top: upright")
            XCTAssertEqual(pixel(image, 5, 17), .blue)
            XCTAssertEqual(pixel(image, 35, 2), .black, "an opaque context starts black")
        }
    }

    func testImageContextAtScaleTwoHasTwiceThePixels() throws {
        onMain {
            let view = twoBandView()
            UIGraphicsBeginImageContextWithOptions(view.bounds.size, false, 2)
            view.layer.render(in: UIGraphicsGetCurrentContext()!)
            let image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            XCTAssertEqual(image?.scale, 2)
            XCTAssertEqual(image?.size, CGSize(width: 40, height: 20), "size is in points")
            XCTAssertEqual(image?.cgImage?.width, 80)
            XCTAssertEqual(image?.cgImage?.height, 40)
            XCTAssertEqual(pixel(image, 10, 4), .red)
            XCTAssertEqual(pixel(image, 10, 35), .blue)
            XCTAssertEqual(pixel(image, 70, 4), .clear, "a non-opaque context starts transparent")
        }
    }

    func testImageContextsNestAndEmptySizesMakeNone() throws {
        onMain {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
            let outer = UIGraphicsGetCurrentContext()
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 2, height: 2), false, 1)
            XCTAssertFalse(UIGraphicsGetCurrentContext() === outer)
            UIGraphicsEndImageContext()
            XCTAssertTrue(UIGraphicsGetCurrentContext() === outer)
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 0, height: 4), false, 1)
            XCTAssertTrue(UIGraphicsGetCurrentContext() === outer, "an empty size pushes no context")
            UIGraphicsEndImageContext()
            XCTAssertNil(UIGraphicsGetCurrentContext())
            XCTAssertNil(UIGraphicsGetImageFromCurrentImageContext())
        }
    }

    func testRendererContextFillsStrokesAndClipsInTheNormalBlendMode() throws {
        onMain {
            let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20))
            let image = renderer.image { context in
                UIColor.blue.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
                context.cgContext.setBlendMode(.clear)
                UIColor.green.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
                context.fill(CGRect(x: 15, y: 0, width: 5, height: 5), blendMode: .clear)
                context.cgContext.fill(CGRect(x: 0, y: 15, width: 5, height: 5))
                UIColor.red.setStroke()
                context.cgContext.setLineWidth(2)
                context.stroke(CGRect(x: 6, y: 6, width: 8, height: 8))
                context.clip(to: CGRect(x: 10, y: 16, width: 10, height: 4))
                context.fill(CGRect(x: 5, y: 15, width: 15, height: 5))
            }
            XCTAssertEqual(pixel(image, 2, 2), .green, "fill(_:) ignores the context's clear blend mode")
            XCTAssertEqual(pixel(image, 17, 2), .clear, "fill(_:blendMode:) uses the mode given")
            XCTAssertEqual(pixel(image, 2, 17), .clear, "and leaves the context's own mode set")
            XCTAssertEqual(pixel(image, 6, 10), .red, "stroke(_:) outlines with the stroke colour and width")
            XCTAssertEqual(pixel(image, 10, 10), .blue, "inside the outline nothing changes")
            XCTAssertEqual(pixel(image, 7, 17), .blue, "outside the clip nothing is filled")
            XCTAssertEqual(pixel(image, 12, 17), .green, "inside it the fill lands")
            let png = renderer.pngData { context in
                UIColor.green.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            }
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "PNG data")
            XCTAssertEqual(pixel(UIImage(data: png), 10, 10), .green)
        }
    }

    func testImageRendererDrawsYDownAtItsFormatsScale() throws {
        onMain {
            let format = UIGraphicsImageRenderer.Format()
            XCTAssertEqual(format.scale, 1)
            format.scale = 2
            let renderer = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format)
            let image = renderer.image { context in
                UIColor.green.setFill()
                context.cgContext.fill(CGRect(x: 0, y: 0, width: 10, height: 5))
                UIColor.blue.setFill()
                UIRectFill(CGRect(x: 10, y: 5, width: 10, height: 5))
            }
            XCTAssertEqual(image.size, CGSize(width: 20, height: 10))
            XCTAssertEqual(image.scale, 2)
            XCTAssertEqual(pixel(image, 1, 1), .green, "y down: the first fill is at the top left")
            XCTAssertEqual(pixel(image, 39, 19), .blue)
            XCTAssertEqual(pixel(image, 39, 1), .clear)
            XCTAssertNil(UIGraphicsGetCurrentContext())
        }
    }

    func testImageRendererWithAnEmptySizeLeavesTheCurrentContextAlone() throws {
        onMain {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 1)
            let outer = UIGraphicsGetCurrentContext()
            var ran = false
            let image = UIGraphicsImageRenderer(size: .zero).image { _ in
                ran = true
                UIColor.red.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
            XCTAssertFalse(ran, "nothing to draw into")
            XCTAssertEqual(image.size, .zero)
            XCTAssertTrue(UIGraphicsGetCurrentContext() === outer, "the outer context stays current")
            XCTAssertEqual(UIGraphicsGetImageFromCurrentImageContext().flatMap { pixel($0, 1, 1) }, .clear, "and undrawn")
            UIGraphicsEndImageContext()
        }
    }

    func testSnapshotViewIsAnImageViewWithTheSameFrameAndPixels() throws {
        try onMain {
            let window = makeWindow(width: 80, height: 60)
            window.isHidden = false
            let view = twoBandView()
            view.frame.origin = CGPoint(x: 20, y: 15)
            window.addSubview(view)
            let before = composite(window)
            let snapshot = try XCTUnwrap(view.snapshotView(afterScreenUpdates: true))
            XCTAssertTrue(snapshot is UIImageView)
            XCTAssertEqual(snapshot.frame, view.frame)
            XCTAssertNil(snapshot.superview)
            view.removeFromSuperview()
            window.addSubview(snapshot)
            assertBitmap(composite(window), matches: before, name: "snapshot-stand-in")
        }
    }

    func testSnapshotOfATransformedViewKeepsItsGeometry() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 30, y: 20, width: 40, height: 20))
            view.backgroundColor = .red
            view.layer.anchorPoint = CGPoint(x: 0, y: 0.5)
            view.transform = CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 1.5, y: 1)
            let snapshot = try! XCTUnwrap(view.snapshotView(afterScreenUpdates: false))
            XCTAssertEqual(snapshot.bounds.size, view.bounds.size)
            XCTAssertEqual(snapshot.center, view.center)
            XCTAssertEqual(snapshot.transform, view.transform)
            assertEqual(snapshot.frame, view.frame, accuracy: 1e-9)
            XCTAssertEqual(pixel((snapshot as? UIImageView)?.image, 20, 10), .red, "the picture is untransformed")
        }
    }

    func testSnapshotOfAnEmptyViewIsNil() throws {
        onMain {
            XCTAssertNil(UIView(frame: .zero).snapshotView(afterScreenUpdates: false))
        }
    }

    func testDrawHierarchyScalesTheViewIntoTheRect() throws {
        onMain {
            let view = twoBandView()
            XCTAssertFalse(view.drawHierarchy(in: view.bounds, afterScreenUpdates: false), "no current context")
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 100, height: 60), false, 1)
            XCTAssertTrue(view.drawHierarchy(in: CGRect(x: 10, y: 10, width: 80, height: 40), afterScreenUpdates: true))
            let image = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            XCTAssertEqual(pixel(image, 12, 12), .red, "top band, scaled 2×")
            XCTAssertEqual(pixel(image, 48, 28), .red)
            XCTAssertEqual(pixel(image, 12, 32), .blue, "bottom band starts 20 points down")
            XCTAssertEqual(pixel(image, 48, 48), .blue)
            XCTAssertEqual(pixel(image, 60, 12), .clear, "the view's transparent half")
            XCTAssertEqual(pixel(image, 5, 5), .clear, "outside the rect")
            XCTAssertEqual(pixel(image, 95, 55), .clear)
        }
    }

    func testComposedWindowMatchesItsGolden() throws {
        onMain {
            let window = makeWindow(width: 96, height: 64)
            window.backgroundColor = UIColor(white: 0.9, alpha: 1)
            window.makeKeyAndVisible()
            let drawn = QuadrantView(frame: CGRect(x: 6, y: 6, width: 24, height: 24))
            let rotated = UIView(frame: CGRect(x: 44, y: 10, width: 30, height: 16))
            rotated.backgroundColor = UIColor(hue: 0.75, saturation: 0.8, brightness: 0.9, alpha: 1)
            rotated.transform = CGAffineTransform(rotationAngle: .pi / 6)
            let clipper = UIView(frame: CGRect(x: 10, y: 38, width: 40, height: 20))
            clipper.clipsToBounds = true
            clipper.backgroundColor = .darkGray
            let overflowing = UIView(frame: CGRect(x: 25, y: 5, width: 30, height: 30))
            overflowing.backgroundColor = .orange
            overflowing.alpha = 0.5
            clipper.addSubview(overflowing)
            let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 96, height: 64))
            hidden.backgroundColor = .black
            hidden.isHidden = true
            [drawn, rotated, clipper, hidden].forEach(window.addSubview)
            assertBitmap(composite(window), matchesGolden: "composed-window", tolerance: ImageTolerance(perChannel: 1))
        }
    }
}

/// Draws its top-left quarter in `topLeftColor` and its bottom-right quarter blue, counting
/// the calls; not opaque, as a UIKit view that leaves pixels transparent must say.
@MainActor
private final class QuadrantView: UIView {
    var topLeftColor = UIColor.red
    private(set) var drawCount = 0
    private(set) var rectsDrawn: [CGRect] = []
    private(set) var hadContext = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    override func draw(_ rect: CGRect) {
        drawCount += 1
        rectsDrawn.append(rect)
        hadContext = UIGraphicsGetCurrentContext() != nil
        let half = CGSize(width: bounds.width / 2, height: bounds.height / 2)
        topLeftColor.set()
        UIRectFill(CGRect(origin: .zero, size: half))
        UIColor.blue.set()
        UIRectFill(CGRect(origin: CGPoint(x: half.width, y: half.height), size: half))
    }
}

@MainActor
private final class DrawnControl: UIControl {
    override func draw(_ rect: CGRect) {
        UIColor.green.setFill()
        UIRectFill(bounds)
    }
}

/// A 40×20 view: a red band over the top half and a blue band over the bottom half of its
/// left half; the right half is transparent.
@MainActor
private func twoBandView() -> UIView {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
    let top = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
    top.backgroundColor = .red
    let bottom = UIView(frame: CGRect(x: 0, y: 10, width: 20, height: 10))
    bottom.backgroundColor = .blue
    view.addSubview(top)
    view.addSubview(bottom)
    return view
}
