import Geometry
import Graphics
import Raster
import XCTest
@testable import Layers

final class PresentationTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private final class TaggedLayer: CALayer {
        var tag = 0
        required init() { super.init() }
        required init(layer: Any) {
            tag = (layer as? TaggedLayer)?.tag ?? 0
            super.init(layer: layer)
        }
    }

    func testPresentationIsACopyOfTheSameClassAndModelLeadsBack() throws {
        let layer = TaggedLayer()
        layer.tag = 7
        f.show(layer)
        let presentation = try XCTUnwrap(layer.presentation())
        XCTAssertFalse(presentation === layer)
        XCTAssertEqual(presentation.tag, 7)
        XCTAssertTrue(presentation.model() === layer)
        XCTAssertTrue(layer.model() === layer)
        XCTAssertTrue(presentation.presentation() === presentation)
        XCTAssertNil(presentation.superlayer)
    }

    func testPresentationShowsValuesFromBeforeTheUncommittedChange() throws {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 300, y: 300)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 50), "not committed yet")
        f.engine.tick()
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 300, y: 300))
    }

    func testRenderTreeShowsPresentationValues() throws {
        let root = rootLayer(width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(child)
        f.show(root)
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        child.position = CGPoint(x: 90, y: 10)
        f.advance(0.5)
        let node = try XCTUnwrap(root.makeRenderNode()?.children.first)
        XCTAssertEqual(node.planeToParent.map(CGPoint(x: 0, y: 0)).x, 40, accuracy: 1e-9, "half way from 0 to 80")
        let frame = render(root)
        XCTAssertEqual(frame[x: 50, y: 10], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertNotEqual(frame[x: 85, y: 10], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    }

    func testOnlyAnimatingLayersAreRebuiltAndFinishedOnesCostNothing() throws {
        let root = rootLayer()
        let still = CALayer(), moving = CALayer()
        let stillChild = CALayer()
        still.addSublayer(stillChild)
        root.addSublayer(still)
        root.addSublayer(moving)
        f.engine.tick()
        let firstStill = try XCTUnwrap(root.makeRenderNode()?.children.first)
        moving.opacity = 0.5
        f.advance(0.1)
        let second = try XCTUnwrap(root.makeRenderNode())
        XCTAssertTrue(second.children[0] === firstStill, "the untouched subtree keeps its cached node")
        f.advance(0.05)
        let third = try XCTUnwrap(root.makeRenderNode())
        XCTAssertFalse(third.children[1] === second.children[1], "the animating layer is rebuilt every frame")
        XCTAssertTrue(third.children[0] === firstStill)
        f.advance(0.2)
        XCTAssertFalse(f.engine.hasActiveAnimations)
        let settled = try XCTUnwrap(root.makeRenderNode())
        f.advance(0.1)
        XCTAssertFalse(moving.needsRender, "no longer marked once its animations finished")
        XCTAssertTrue(root.makeRenderNode() === settled)
    }

    func testAnimatedSublayerTransformRebuildsChildrenPlanes() throws {
        let root = rootLayer(width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(child)
        f.engine.tick()
        _ = root.makeRenderNode()
        let shift = CABasicAnimation(keyPath: "sublayerTransform.translation.x")
        shift.fromValue = 0
        shift.toValue = 40
        shift.duration = 1
        root.add(shift, forKey: "shift")
        f.advance(0.5)
        let node = try XCTUnwrap(root.makeRenderNode()?.children.first)
        XCTAssertEqual(node.planeToParent.map(.zero).x, 20, accuracy: 1e-9)
    }

    func testAnimatedZPositionReordersSiblings() throws {
        let root = rootLayer()
        let a = CALayer(), b = CALayer()
        a.name = "a"
        b.name = "b"
        root.addSublayer(a)
        root.addSublayer(b)
        f.engine.tick()
        let raise = CABasicAnimation(keyPath: "zPosition")
        raise.fromValue = 5
        raise.toValue = 5
        raise.duration = 1
        a.add(raise, forKey: "raise")
        f.advance(0.5)
        let nodes = try XCTUnwrap(root.makeRenderNode()?.children)
        let aNode = try XCTUnwrap(a.makeRenderNode())
        XCTAssertTrue(nodes.last === aNode, "a is drawn last while raised")
    }

    func testRenderInContextDrawsModelValues() throws {
        let layer = f.committedLayer()
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        f.engine.tick()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 0
        fade.duration = 10
        layer.add(fade, forKey: "hide")
        f.advance(1)
        XCTAssertEqual(layer.presentation()?.opacity, 0)
        let ctx = try XCTUnwrap(CGContext(width: 100, height: 100))
        layer.render(in: ctx)
        XCTAssertEqual(ctx.bitmap[x: 50, y: 50], PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    }

    func testImplicitContentsFadeBlendsOldAndNewAppearance() throws {
        let root = rootLayer(width: 40, height: 40)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let red = Bitmap(size: PixelSize(uncheckedWidth: 4, height: 4), filledWith: PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        let blue = Bitmap(size: PixelSize(uncheckedWidth: 4, height: 4), filledWith: PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        layer.contents = CGImage(bitmap: red)
        root.addSublayer(layer)
        f.engine.tick()
        XCTAssertEqual(render(root)[x: 20, y: 20], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.contents = CGImage(bitmap: blue)
        f.advance(0.5)
        let middle = render(root)[x: 20, y: 20]
        XCTAssertEqual(Int(middle.red), 128, accuracy: 2)
        XCTAssertEqual(Int(middle.blue), 128, accuracy: 2)
        XCTAssertEqual(middle.alpha, 255)
        f.advance(0.6)
        XCTAssertEqual(render(root)[x: 20, y: 20], PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
    }
}
