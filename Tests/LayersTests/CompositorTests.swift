import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// Golden images of the compositor. Tolerance: ±2 per channel on up to 0.5 % of the pixels,
/// because the goldens are kept across SIMD widths and the float edge coverage may round
/// differently by one step; everything else must be exact.
final class CompositorTests: XCTestCase {
    let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 96)

    func testAxisAlignedImageLayerIsCopiedExactly() {
        let root = rootLayer()
        let image = quadrantImage()
        root.addSublayer(imageLayer(image, frame: CGRect(x: 10, y: 20, width: 64, height: 48)))
        let frame = render(root)
        for y in 0..<48 {
            for x in 0..<64 {
                XCTAssertEqual(frame[x: x + 10, y: y + 20], image.bitmap[x: x, y: y])
            }
        }
        XCTAssertEqual(frame[x: 9, y: 20], PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255))
    }

    func testGridOfAnchorPointsAndRotations() {
        let root = rootLayer(width: 240, height: 240)
        let image = quadrantImage(width: 40, height: 30)
        for row in 0..<3 {
            for column in 0..<3 {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
                layer.anchorPoint = CGPoint(x: CGFloat(column) * 0.5, y: CGFloat(row) * 0.5)
                layer.position = CGPoint(x: 40 + CGFloat(column) * 80, y: 40 + CGFloat(row) * 80)
                layer.transform = CATransform3DMakeRotation(CGFloat(row * 3 + column) * .pi / 9, 0, 0, 1)
                layer.contents = image
                root.addSublayer(layer)
                let dot = CALayer()
                dot.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
                dot.position = layer.position
                dot.backgroundColor = .black
                root.addSublayer(dot)
            }
        }
        assertBitmap(render(root), matchesGolden: "grid", tolerance: tolerance)
    }

    func testPerspectiveFlipAnglesAndDoubleSidedness() {
        for doubleSided in [true, false] {
            for degrees in [30, 60, 89, 91, 120] {
                let root = rootLayer(width: 160, height: 120)
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / 300
                root.sublayerTransform = perspective
                let layer = imageLayer(quadrantImage(width: 96, height: 72), frame: CGRect(x: 32, y: 24, width: 96, height: 72))
                layer.isDoubleSided = doubleSided
                layer.transform = CATransform3DMakeRotation(CGFloat(degrees) * .pi / 180, 0, 1, 0)
                root.addSublayer(layer)
                let frame = render(root)
                let grey = PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255)
                let centre = frame[x: 70, y: 60]
                if degrees > 90 && !doubleSided {
                    XCTAssertTrue((0..<120).allSatisfy { y in (0..<160).allSatisfy { frame[x: $0, y: y] == grey } },
                                  "a single-sided layer turned \(degrees)° shows nothing")
                } else if degrees != 89 && degrees != 91 {
                    XCTAssertNotEqual(centre, grey, "\(degrees)°, double-sided \(doubleSided): the layer is visible")
                }
                assertBitmap(frame, matchesGolden: "flip-\(degrees)-\(doubleSided ? "double" : "single")", tolerance: tolerance)
            }
        }
    }

    func testRoundedClipOfRotatedChildInsideRotatedParent() {
        let root = rootLayer(width: 160, height: 160)
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        parent.position = CGPoint(x: 80, y: 80)
        parent.transform = CATransform3DMakeRotation(.pi / 8, 0, 0, 1)
        parent.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.8, alpha: 1)
        parent.cornerRadius = 24
        parent.masksToBounds = true
        let child = imageLayer(quadrantImage(), frame: CGRect(x: 30, y: 30, width: 96, height: 72))
        child.transform = CATransform3DMakeRotation(-.pi / 5, 0, 0, 1)
        parent.addSublayer(child)
        root.addSublayer(parent)
        let frame = render(root)
        let cornerOfParent = root.convert(CGPoint(x: 99, y: 99), from: parent)
        XCTAssertEqual(frame[x: Int(cornerOfParent.x), y: Int(cornerOfParent.y)],
                       PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255),
                       "the rounded corner clips the child away")
        assertBitmap(frame, matchesGolden: "rounded-clip", tolerance: tolerance)
    }

    func testBorderWithCornerRadius() {
        let root = rootLayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.borderWidth = 6
        layer.borderColor = CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)
        layer.cornerRadius = 20
        root.addSublayer(layer)
        let frame = render(root)
        XCTAssertEqual(frame[x: 80, y: 22], PremultipliedColor(red: 204, green: 26, blue: 26, alpha: 255), "border on the top edge")
        XCTAssertEqual(frame[x: 80, y: 60], .white, "background inside")
        XCTAssertEqual(frame[x: 21, y: 21], PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255), "rounded corner outside")
        assertBitmap(frame, matchesGolden: "border", tolerance: tolerance)
    }

    func testShadowFallsBelowOffsetAndBlurred() {
        let root = rootLayer()
        root.backgroundColor = .white
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 30, width: 80, height: 50)
        layer.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        layer.shadowOpacity = 0.8
        layer.shadowOffset = CGSize(width: 6, height: 10)
        layer.shadowRadius = 6
        root.addSublayer(layer)
        let frame = render(root)
        XCTAssertLessThan(frame[x: 80, y: 88].red, 200, "shadow below the layer")
        XCTAssertEqual(frame[x: 80, y: 20], .white, "no shadow above it")
        assertBitmap(frame, matchesGolden: "shadow", tolerance: tolerance)
    }

    func testAllTwelveContentsGravities() {
        let image = quadrantImage(width: 32, height: 24)
        for gravity in CALayerContentsGravity.allCases {
            let root = rootLayer(width: 80, height: 60)
            let layer = imageLayer(image, frame: CGRect(x: 8, y: 10, width: 64, height: 40))
            layer.backgroundColor = CGColor(gray: 0.1, alpha: 1)
            layer.contentsGravity = gravity
            layer.masksToBounds = true
            root.addSublayer(layer)
            assertBitmap(render(root), matchesGolden: "gravity-\(gravity.rawValue)", tolerance: tolerance)
        }
    }

    func testContentsRectShowsOneSpriteFrame() {
        let root = rootLayer(width: 80, height: 60)
        let layer = imageLayer(quadrantImage(), frame: CGRect(x: 10, y: 10, width: 32, height: 24))
        layer.contentsRect = CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)
        root.addSublayer(layer)
        let frame = render(root)
        XCTAssertEqual(frame[x: 30, y: 30], PremultipliedColor(red: 240, green: 220, blue: 40, alpha: 255),
                       "the bottom-right (yellow) quarter fills the layer")
        assertBitmap(frame, matchesGolden: "contents-rect", tolerance: tolerance)
    }

    func testMaskLayerCutsContent() {
        let root = rootLayer()
        let layer = imageLayer(quadrantImage(width: 120, height: 90), frame: CGRect(x: 20, y: 15, width: 120, height: 90))
        let mask = CALayer()
        mask.frame = CGRect(x: 20, y: 15, width: 80, height: 60)
        mask.cornerRadius = 30
        mask.backgroundColor = .black
        layer.mask = mask
        root.addSublayer(layer)
        let frame = render(root)
        XCTAssertEqual(frame[x: 25, y: 20], PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255), "outside the mask")
        XCTAssertEqual(frame[x: 75, y: 60].alpha, 255)
        assertBitmap(frame, matchesGolden: "mask", tolerance: tolerance)
    }

    func testGroupOpacityHidesOverlapUnlikePerLayerOpacity() {
        func scene(groupOpacity: Bool) -> Bitmap {
            let root = rootLayer()
            root.backgroundColor = .white
            let group = CALayer()
            group.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
            group.opacity = 0.5
            group.allowsGroupOpacity = groupOpacity
            for (i, color) in [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)].enumerated() {
                let square = CALayer()
                square.frame = CGRect(x: 10 + CGFloat(i) * 40, y: 10, width: 60, height: 60)
                square.backgroundColor = color
                group.addSublayer(square)
            }
            root.addSublayer(group)
            return render(root)
        }
        let grouped = scene(groupOpacity: true), separate = scene(groupOpacity: false)
        // In the overlap, a group shows only the top (blue) square at half opacity; separate
        // layers let the red one show through.
        let overlapGrouped = grouped[x: 85, y: 60], overlapSeparate = separate[x: 85, y: 60]
        XCTAssertEqual(Int(overlapGrouped.red), 127, accuracy: 1)
        XCTAssertEqual(Int(overlapGrouped.green), 127, accuracy: 1, "white shows through the top square only")
        XCTAssertEqual(overlapGrouped.blue, 255)
        XCTAssertEqual(Int(overlapSeparate.green), 63, accuracy: 1, "the red square darkens the overlap")
        assertBitmap(grouped, matchesGolden: "group-opacity", tolerance: tolerance)
        assertBitmap(separate, matchesGolden: "per-layer-opacity", tolerance: tolerance)
    }

    func testOutputIsIdenticalForAnyThreadCount() {
        let root = rootLayer(width: 200, height: 150)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        root.sublayerTransform = perspective
        let layer = imageLayer(quadrantImage(), frame: CGRect(x: 30, y: 20, width: 140, height: 105))
        layer.transform = CATransform3DMakeRotation(0.6, 1, 1, 0)
        layer.cornerRadius = 12
        layer.masksToBounds = true
        layer.borderWidth = 3
        layer.shadowOpacity = 1
        layer.opacity = 0.8
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 0.7)
        layer.addSublayer(child)
        root.addSublayer(layer)
        let single = render(root, threads: 1)
        for threads in [2, 3, 7] {
            XCTAssertTrue(render(root, threads: threads).hasSamePixels(as: single), "\(threads) threads")
        }
    }

    func testOffscreenAndTransparentLayersDrawNothing() {
        let root = rootLayer()
        let far = imageLayer(quadrantImage(), frame: CGRect(x: 5000, y: 5000, width: 64, height: 48))
        let clear = imageLayer(quadrantImage(), frame: CGRect(x: 10, y: 10, width: 64, height: 48))
        clear.opacity = 0
        root.addSublayer(far)
        root.addSublayer(clear)
        let frame = render(root)
        XCTAssertTrue((0..<120).allSatisfy { y in (0..<160).allSatisfy { frame[x: $0, y: y] == PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255) } })
    }

    func testRenderInContextDrawsInTheLayersOwnSpace() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.position = CGPoint(x: 500, y: 500)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 20, y: 0, width: 20, height: 15)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.addSublayer(child)
        let ctx = CGContext(width: 40, height: 30)!
        ctx.translateBy(x: 0, y: 30)
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        let image = ctx.makeImage()!
        XCTAssertEqual(image.bitmap[x: 5, y: 5], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(image.bitmap[x: 30, y: 5], PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255),
                       "in a UIKit-flipped context the child stays at the top right")
        XCTAssertEqual(image.bitmap[x: 30, y: 25], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
