import Geometry
import Graphics
import Raster
import XCTest
@testable import Layers

/// The `CALayer` members of Apple's header beyond the basic properties: class defaults,
/// redisplay by key, the affine transform, hints, filters, layout and order actions.
final class CALayerMemberTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testDefaultValueForKeyGivesApplesTypedDefaults() throws {
        XCTAssertEqual(CALayer.defaultValue(forKey: "anchorPoint") as? CGPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(CALayer.defaultValue(forKey: "opacity") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "transform") as? CATransform3D, CATransform3DIdentity)
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowOffset") as? CGSize, CGSize(width: 0, height: -3))
        XCTAssertEqual(CALayer.defaultValue(forKey: "shadowRadius") as? CGFloat, 3)
        XCTAssertEqual(CALayer.defaultValue(forKey: "borderColor") as? CGColor, CGColor(gray: 0, alpha: 1))
        XCTAssertEqual(CALayer.defaultValue(forKey: "doubleSided") as? Bool, true)
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsGravity") as? CALayerContentsGravity, .resize)
        XCTAssertEqual(CALayer.defaultValue(forKey: "duration") as? CFTimeInterval, .infinity)
        XCTAssertEqual(CALayer.defaultValue(forKey: "speed") as? Float, 1)
        XCTAssertNil(CALayer.defaultValue(forKey: "backgroundColor"))
        XCTAssertNil(CALayer.defaultValue(forKey: "someTag"))
    }

    private final class RoundedLayer: CALayer {
        override class func defaultValue(forKey key: String) -> Any? {
            switch key {
            case "cornerRadius": return 12
            case "anchorPoint": return CGPoint.zero
            case "contentsGravity": return "center"
            case "duration": return 2.0
            case "someTag": return "default tag"
            default: return super.defaultValue(forKey: key)
            }
        }
    }

    func testSubclassDefaultsApplyToNewInstancesAndToUnsetKeys() throws {
        let layer = RoundedLayer()
        XCTAssertEqual(layer.cornerRadius, 12, "an Int default is converted as key-value coding converts it")
        XCTAssertEqual(layer.anchorPoint, .zero)
        XCTAssertEqual(layer.contentsGravity, .center)
        XCTAssertEqual(layer.duration, 2)
        XCTAssertEqual(layer.opacity, 1, "keys it does not override keep CALayer's")
        XCTAssertEqual(layer.value(forKey: "someTag") as? String, "default tag")
        layer.setValue("mine", forKey: "someTag")
        XCTAssertEqual(layer.value(forKey: "someTag") as? String, "mine")
        XCTAssertNil(layer.animationKeys(), "defaults run no actions")
        XCTAssertEqual(CALayer().cornerRadius, 0)
    }

    private final class DialLayer: CALayer {
        var draws = 0
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || key == "bounds" || super.needsDisplay(forKey: key)
        }
        override func draw(in ctx: CGContext) { draws += 1 }
    }

    func testNeedsDisplayForKeyRedrawsOnSetterAndSetValue() throws {
        XCTAssertFalse(CALayer.needsDisplay(forKey: "bounds"))
        let dial = DialLayer()
        dial.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        _ = dial.makeRenderNode()
        XCTAssertEqual(dial.draws, 1)
        XCTAssertFalse(dial.needsDisplay())
        dial.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertTrue(dial.needsDisplay(), "bounds changed through its setter")
        _ = dial.makeRenderNode()
        dial.setValue(0.5, forKey: "progress")
        XCTAssertTrue(dial.needsDisplay(), "its own key, through setValue(_:forKey:)")
        _ = dial.makeRenderNode()
        XCTAssertEqual(dial.draws, 3)
        dial.opacity = 0.5
        XCTAssertFalse(dial.needsDisplay(), "a key it does not name")
        XCTAssertTrue(CALayer().shouldArchiveValue(forKey: "opacity"))
    }

    func testAffineTransformIsTheTransformsAffinePart() throws {
        let layer = f.committedLayer()
        let turn = CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 2, y: 1)
        layer.setAffineTransform(turn)
        XCTAssertEqual(layer.transform, CATransform3DMakeAffineTransform(turn))
        XCTAssertEqual(layer.animationKeys(), ["transform"], "animatable as transform is")
        var t = CATransform3DMakeRotation(0.3, 0, 0, 1)
        t.m34 = -0.002
        layer.transform = t
        XCTAssertEqual(layer.affineTransform(), .identity, "a transform with perspective has no affine form (Apple)")
        XCTAssertEqual(CALayer().affineTransform(), .identity)
    }

    func testPreferredFrameSizeIsTheBoundsSizeInTheSuperlayer() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 40, height: 20))
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 80, height: 60))
    }

    func testHintsAndFiltersKeepApplesDefaultsAndTypes() throws {
        let layer = CALayer()
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertEqual(CALayerContentsFormat.gray8Uint.rawValue, "Gray8")
        XCTAssertEqual(CALayerContentsFormat.RGBA16Float.rawValue, "RGBAh")
        XCTAssertFalse(layer.drawsAsynchronously)
        XCTAssertNil(layer.filters)
        XCTAssertNil(layer.backgroundFilters)
        XCTAssertNil(layer.compositingFilter)
        layer.setValue("multiplyBlendMode", forKey: "compositingFilter")
        XCTAssertEqual(layer.compositingFilter as? String, "multiplyBlendMode")
        layer.setValue("Gray8", forKey: "contentsFormat")
        XCTAssertEqual(layer.contentsFormat, .gray8Uint)
        XCTAssertEqual(layer.value(forKey: "contentsGravity") as? CALayerContentsGravity, .resize)
        XCTAssertEqual(layer.value(forKey: "duration") as? CFTimeInterval, .infinity)
    }

    private final class RedLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
    }

    func testGray8ContentsFormatDrawsTheBackingImageInGrey() throws {
        let layer = RedLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let colour = try XCTUnwrap(layer.contents as? CGImage).bitmap[x: 1, y: 1]
        XCTAssertEqual(colour.red, 255)
        XCTAssertEqual(colour.green, 0)
        layer.contentsFormat = .gray8Uint
        XCTAssertTrue(layer.needsDisplay(), "a new format redraws")
        layer.displayIfNeeded()
        let grey = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(grey.bitsPerPixel, 8)
        let pixel = grey.bitmap[x: 1, y: 1]
        XCTAssertEqual(pixel.red, pixel.green)
        XCTAssertEqual(pixel.green, pixel.blue)
        XCTAssertEqual(Int(pixel.red), 76, accuracy: 1, "red's luma")
    }

    func testSublayerChangesMarkTheSuperlayerForLayoutAndBoundsChangesTheLayer() throws {
        let parent = CALayer(), child = CALayer(), other = CALayer()
        parent.layoutIfNeeded()
        XCTAssertFalse(parent.needsLayout())
        parent.addSublayer(child)
        XCTAssertTrue(parent.needsLayout(), "addSublayer")
        parent.layoutIfNeeded()
        parent.replaceSublayer(child, with: other)
        XCTAssertTrue(parent.needsLayout(), "replaceSublayer")
        parent.layoutIfNeeded()
        other.removeFromSuperlayer()
        XCTAssertTrue(parent.needsLayout(), "removeFromSuperlayer")
        parent.layoutIfNeeded()
        parent.sublayers = [child]
        XCTAssertTrue(parent.needsLayout(), "setting sublayers")
        parent.layoutIfNeeded()
        child.layoutIfNeeded()
        child.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        XCTAssertTrue(child.needsLayout(), "a new bounds size")
        XCTAssertFalse(parent.needsLayout())
    }

    private final class Log { var lines: [String] = [] }

    private final class LoggingLayer: CALayer {
        var log: Log?
        override func layoutSublayers() { log?.lines.append("layout \(name ?? "")") }
        override func display() {
            log?.lines.append("display \(name ?? "")")
            super.display()
        }
    }

    func testLayoutIfNeededStartsAtTheTopmostAncestorThatNeedsLayout() throws {
        let log = Log()
        let top = LoggingLayer(), middle = LoggingLayer(), leaf = LoggingLayer()
        for (layer, name) in [(top, "top"), (middle, "middle"), (leaf, "leaf")] {
            layer.name = name
            layer.log = log
        }
        top.addSublayer(middle)
        middle.addSublayer(leaf)
        leaf.setNeedsLayout()
        leaf.layoutIfNeeded()
        XCTAssertEqual(log.lines, ["layout top", "layout middle", "layout leaf"])
    }

    func testRenderTreeLaysOutBeforeItDisplaysEachLayer() throws {
        let log = Log()
        let layer = LoggingLayer()
        layer.name = "one"
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.setNeedsDisplay()
        layer.setNeedsLayout()
        layer.log = log
        _ = layer.makeRenderNode()
        XCTAssertEqual(log.lines, ["layout one", "display one"])
    }

    private final class ActionLog: CAAction {
        var events: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            events.append(event)
        }
    }

    func testOrderInAndOutActionsRunForLayersEnteringAndLeavingADisplayedTree() throws {
        let root = f.committedLayer()
        let log = ActionLog()
        let child = CALayer()
        child.actions = [kCAOnOrderIn: log, kCAOnOrderOut: log]
        let detached = CALayer()
        detached.addSublayer(child)
        XCTAssertEqual(log.events, [], "not a displayed tree")
        root.addSublayer(child)
        XCTAssertEqual(log.events, ["onOrderIn"])
        f.show(root)
        child.isHidden = true
        child.isHidden = false
        child.removeFromSuperlayer()
        XCTAssertEqual(log.events, ["onOrderIn", "onOrderOut", "onOrderIn", "onOrderOut"])
        XCTAssertEqual(kCAOnOrderIn, "onOrderIn")
        XCTAssertEqual(kCAOnOrderOut, "onOrderOut")
    }

    func testReplacingASublayerRunsTheSuperlayersTransitionAction() throws {
        let root = f.committedLayer()
        let log = ActionLog()
        root.actions = [kCATransition: log]
        let old = CALayer(), new = CALayer()
        root.addSublayer(old)
        root.replaceSublayer(old, with: new)
        XCTAssertEqual(log.events, ["transition"])
        XCTAssertTrue(root.sublayers?.first === new)
    }
}

extension CALayerMemberTests {
    private final class StripeLayer: CALayer {
        var colour = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var clips: [CGRect] = []
        override func draw(in ctx: CGContext) {
            clips.append(ctx.boundingBoxOfClipPath)
            ctx.setFillColor(colour)
            ctx.fill(bounds)
        }
    }

    func testSetNeedsDisplayOfARectRedrawsOnlyThatPart() throws {
        let layer = StripeLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.colour = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 10))
        layer.setNeedsDisplay(CGRect(x: 15, y: 0, width: 5, height: 10))
        layer.displayIfNeeded()
        let image = try XCTUnwrap(layer.contents as? CGImage).bitmap
        XCTAssertEqual(image[x: 2, y: 5].blue, 255, "inside the marked part: redrawn")
        XCTAssertEqual(image[x: 10, y: 5].blue, 255, "the union of the two parts is redrawn")
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 4, height: 4))
        layer.colour = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.displayIfNeeded()
        let again = try XCTUnwrap(layer.contents as? CGImage).bitmap
        XCTAssertEqual(again[x: 1, y: 1].green, 255)
        XCTAssertEqual(again[x: 10, y: 5].blue, 255, "outside the part: the old pixels are kept")
        XCTAssertEqual(layer.clips.last?.width ?? 0, 4, accuracy: 1e-9, "draw(in:) sees the part as its clip")
        layer.setNeedsDisplay(.zero)
        layer.setNeedsDisplay(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        XCTAssertFalse(layer.needsDisplay(), "an empty or NaN rect marks nothing")
        layer.setNeedsDisplay(.infinite)
        XCTAssertTrue(layer.needsDisplay())
    }
}

extension CALayerMemberTests {
    func testRenderingPropertiesHaveTypedDefaultsAndKeyValueCoding() throws {
        XCTAssertEqual(CALayer.defaultValue(forKey: "cornerCurve") as? CALayerCornerCurve, .circular)
        XCTAssertEqual(CALayer.defaultValue(forKey: "edgeAntialiasingMask") as? CAEdgeAntialiasingMask,
                       [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        XCTAssertEqual(CALayer.defaultValue(forKey: "geometryFlipped") as? Bool, false)
        XCTAssertEqual(CALayer.defaultValue(forKey: "shouldRasterize") as? Bool, false)
        XCTAssertEqual(CALayer.defaultValue(forKey: "rasterizationScale") as? CGFloat, 1)
        let layer = CALayer()
        layer.setValue("continuous", forKey: "cornerCurve")
        layer.setValue(true, forKey: "geometryFlipped")
        layer.setValue(true, forKey: "shouldRasterize")
        layer.setValue(3, forKey: "edgeAntialiasingMask")
        XCTAssertEqual(layer.cornerCurve, .continuous)
        XCTAssertTrue(layer.isGeometryFlipped)
        XCTAssertTrue(layer.shouldRasterize)
        XCTAssertEqual(layer.edgeAntialiasingMask, [.layerLeftEdge, .layerRightEdge])
        XCTAssertEqual(layer.value(forKey: "cornerCurve") as? CALayerCornerCurve, .continuous)
    }
}

extension CALayerMemberTests {
    func testMinificationFilterBiasChangesTheLevelTheContentsAreReadFrom() throws {
        let stripes = Bitmap(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { stripes[x: x, y: y] = (x / 4) % 2 == 0 ? .white : .black }
        }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
        root.position = CGPoint(x: 8, y: 8)
        root.contents = CGImage(bitmap: stripes)
        func shown() -> Bitmap {
            let frame = Bitmap(width: 16, height: 16)
            Compositor(threadCount: 1).render(root.makeRenderNode(), into: frame)
            return frame
        }
        let sharp = shown()
        root.minificationFilterBias = 1
        XCTAssertTrue(root.needsNewRenderNode, "a new bias redraws")
        let soft = shown()
        XCTAssertFalse(soft.hasSamePixels(as: sharp))
        XCTAssertLessThan(abs(Int(soft[x: 4, y: 8].green) - Int(soft[x: 5, y: 8].green)), 40, "one level smaller: the stripes averaged")
        root.minificationFilterBias = .nan
        XCTAssertEqual(root.minificationFilterBias, 0)
    }
}
