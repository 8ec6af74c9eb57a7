import Geometry
import Graphics
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/render.m (measured on Apple's QuartzCore):
/// what `render(in:)` paints into an unflipped 100×100 bitmap context. As there, a pixel counts
/// as painted when any of its bytes is not zero.
final class CALayerRenderFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func rendered(_ layer: CALayer) -> PaintedContext {
        let c = PaintedContext(side: 100)
        layer.render(in: c.context)
        return c
    }

    private func filled(_ frame: CGRect, _ color: CGColor = factRed) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    func testTheRenderedLayerIsDrawnAtTheContextsOriginNotWhereItsFramePutsIt() {
        XCTAssertTrue(rendered(filled(CGRect(x: 10, y: 20, width: 30, height: 40))).paintedExactly(0, 0, 30, 40))
    }

    func testTheBoundsOriginMovesTheDrawingAndThePositionDoesNot() {
        let b = CALayer()
        b.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        b.position = CGPoint(x: 50, y: 50)
        b.backgroundColor = factRed
        XCTAssertTrue(rendered(b).paintedExactly(10, 10, 30, 30))
    }

    func testTheTransformOfTheRenderedLayerDoesNotApply() {
        let t = filled(CGRect(x: 10, y: 10, width: 20, height: 20))
        t.transform = CATransform3DMakeTranslation(30, 0, 0)
        XCTAssertTrue(rendered(t).paintedExactly(0, 0, 20, 20))
    }

    func testALayerWithNothingToShowOrHiddenOrTransparentPaintsNothing() {
        let bare = CALayer()
        bare.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(rendered(bare).paintedCount, 0)
        let hidden = filled(CGRect(x: 10, y: 20, width: 30, height: 40))
        hidden.isHidden = true
        XCTAssertEqual(rendered(hidden).paintedCount, 0)
        let clear = filled(CGRect(x: 10, y: 20, width: 30, height: 40))
        clear.opacity = 0
        XCTAssertEqual(rendered(clear).paintedCount, 0)
    }

    func testALayerAtHalfOpacityPaintsTheSameAreaAtPartStrength() {
        let half = filled(CGRect(x: 10, y: 20, width: 30, height: 40))
        half.opacity = 0.5
        let c = rendered(half)
        XCTAssertEqual(c.paintedCount, 30 * 40)
        XCTAssertTrue(c.paintedExactly(0, 0, 30, 40))
        XCTAssertLessThan(c.pixel(5, 5)!.alpha, 255)
    }

    func testSublayersArePlacedByTheirFramesAndCutByMasksToBounds() {
        let parent = filled(CGRect(x: 10, y: 10, width: 40, height: 40))
        parent.addSublayer(filled(CGRect(x: 5, y: 5, width: 10, height: 10), factBlue))
        XCTAssertTrue(rendered(parent).paintedExactly(0, 0, 40, 40))

        let p = CALayer()
        p.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        p.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20)))
        XCTAssertTrue(rendered(p).paintedExactly(10, 10, 30, 30), "a sublayer outside its superlayer is still drawn")
        p.masksToBounds = true
        XCTAssertTrue(rendered(p).paintedExactly(10, 10, 20, 20), "unless the superlayer masks to its bounds")
    }

    func testAHiddenSublayerIsLeftOut() {
        let hp = CALayer()
        hp.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let hk = filled(CGRect(x: 10, y: 10, width: 20, height: 20))
        hk.isHidden = true
        hp.addSublayer(hk)
        XCTAssertEqual(rendered(hp).paintedCount, 0)
    }

    func testWhereTwoSublayersOverlapTheOneAddedLaterIsOnTop() {
        let op = CALayer()
        op.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        op.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20), factRed))
        op.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20), factBlue))
        let ap = CALayer()
        ap.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        ap.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20), factBlue))
        XCTAssertEqual(rendered(op).pixel(15, 15), rendered(ap).pixel(15, 15))
    }

    func testTheBoundsOriginOfTheRenderedLayerDoesNotMoveItsSublayersButOneBelowDoes() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        parent.bounds = CGRect(x: 10, y: 10, width: 60, height: 60)
        parent.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20)))
        XCTAssertTrue(rendered(parent).paintedExactly(10, 10, 30, 30))

        let root = CALayer(), middle = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        middle.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        middle.bounds = CGRect(x: 10, y: 10, width: 60, height: 60)
        middle.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20)))
        root.addSublayer(middle)
        XCTAssertTrue(rendered(root).paintedExactly(0, 0, 20, 20))
    }

    func testSublayerTransformsAnchorsAndTheSuperlayersSublayerTransformPlaceSublayers() {
        let p = CALayer()
        p.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let k = filled(CGRect(x: 10, y: 10, width: 20, height: 20))
        k.transform = CATransform3DMakeTranslation(30, 0, 0)
        p.addSublayer(k)
        XCTAssertTrue(rendered(p).paintedExactly(40, 10, 60, 30), "a transform on a sublayer moves it")

        let ap = CALayer()
        ap.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let ak = CALayer()
        ak.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        ak.position = CGPoint(x: 50, y: 50)
        ak.anchorPoint = .zero
        ak.backgroundColor = factRed
        ap.addSublayer(ak)
        XCTAssertTrue(rendered(ap).paintedExactly(50, 50, 70, 70))

        let cp = CALayer()
        cp.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let ck = CALayer()
        ck.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        ck.position = CGPoint(x: 50, y: 50)
        ck.backgroundColor = factRed
        cp.addSublayer(ck)
        XCTAssertTrue(rendered(cp).paintedExactly(40, 40, 60, 60))

        let sp = CALayer()
        sp.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        sp.addSublayer(filled(CGRect(x: 10, y: 10, width: 20, height: 20)))
        sp.sublayerTransform = CATransform3DMakeTranslation(30, 0, 0)
        XCTAssertTrue(rendered(sp).paintedExactly(40, 10, 60, 30))
    }

    private final class Painter: CALayerDelegate {
        func draw(_ layer: CALayer, in ctx: CGContext) {
            ctx.setFillColor(factGreen)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    func testRenderingDoesNotAskTheDelegateToDrawUntilTheLayerIsDisplayed() {
        let l = CALayer()
        let painter = Painter()
        l.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        l.delegate = painter
        XCTAssertEqual(rendered(l).paintedCount, 0)
        l.display()
        XCTAssertTrue(rendered(l).paintedExactly(0, 0, 10, 10), "what the delegate drew lands where the layer's space puts it")
    }
}
