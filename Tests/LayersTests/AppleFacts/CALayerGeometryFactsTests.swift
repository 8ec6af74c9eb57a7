import Foundation
import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/geometry.m (measured on Apple's QuartzCore).
final class CALayerGeometryFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testANewLayerHasEmptyBoundsAtTheOriginAnchoredAtItsCentre() {
        let l = CALayer()
        assertRect(l.bounds, 0, 0, 0, 0)
        assertPoint(l.position, 0, 0)
        assertPoint(l.anchorPoint, 0.5, 0.5)
        XCTAssertEqual(l.anchorPointZ, 0)
        XCTAssertEqual(l.zPosition, 0)
        XCTAssertFalse(l.masksToBounds)
        XCTAssertFalse(l.isHidden)
        XCTAssertTrue(CATransform3DIsIdentity(l.transform))
        XCTAssertTrue(CATransform3DIsIdentity(l.sublayerTransform))
        XCTAssertNil(l.superlayer)
        XCTAssertEqual(l.contentsScale, 1)
        // isGeometryFlipped: another engineer's property (CALayer+Rendering), not checked here.
    }

    func testGeometryPropertiesReadBackWhatWasSet() {
        let l = CALayer()
        l.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        assertRect(l.bounds, 1, 2, 3, 4)
        l.position = CGPoint(x: 5, y: 6)
        assertPoint(l.position, 5, 6)
        l.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        assertPoint(l.anchorPoint, 0.25, 0.75)
        l.anchorPointZ = 7
        XCTAssertEqual(l.anchorPointZ, 7)
        l.zPosition = -5
        XCTAssertEqual(l.zPosition, -5)
        l.contentsScale = 2
        XCTAssertEqual(l.contentsScale, 2)
        l.masksToBounds = true
        XCTAssertTrue(l.masksToBounds)
        l.isHidden = true
        XCTAssertTrue(l.isHidden)
        l.transform = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual(l.transform.m11, 2); XCTAssertEqual(l.transform.m22, 3); XCTAssertEqual(l.transform.m33, 4)
        l.sublayerTransform = CATransform3DMakeTranslation(8, 9, 10)
        XCTAssertEqual(l.sublayerTransform.m41, 8); XCTAssertEqual(l.sublayerTransform.m42, 9); XCTAssertEqual(l.sublayerTransform.m43, 10)
    }

    func testSettingTheBoundsLeavesThePositionAndTheAnchorPointAlone() {
        let k = CALayer()
        k.position = CGPoint(x: 7, y: 9)
        k.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        k.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        assertPoint(k.position, 7, 9)
        assertPoint(k.anchorPoint, 0.25, 0.75)
    }

    func testAnAnchorPointOutsideTheUnitSquareIsKept() {
        let o = CALayer()
        o.anchorPoint = CGPoint(x: 2, y: -1)
        assertPoint(o.anchorPoint, 2, -1)
    }

    func testBoundsWithANegativeSizeAreStandardised() {
        let n = CALayer()
        n.bounds = CGRect(x: 0, y: 0, width: -100, height: -50)
        assertRect(n.bounds, -100, -50, 100, 50)
    }

    func testTheFrameOfACentredLayerStraddlesItsPosition() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 300)
        assertRect(l.frame, 150, 275, 100, 50)
    }

    func testTheFrameOfALayerWithAnAnchorAtTheOriginIsItsPositionAndSize() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 300)
        l.anchorPoint = .zero
        assertRect(l.frame, 200, 300, 100, 50)
        assertPoint(l.position, 200, 300)  // moving the anchor point does not move the position
        l.anchorPoint = CGPoint(x: 1, y: 1)
        assertRect(l.frame, 100, 250, 100, 50)
    }

    func testTheBoundsOriginDoesNotMoveTheFrame() {
        let o = CALayer()
        o.bounds = CGRect(x: 11, y: 22, width: 100, height: 50)
        o.position = CGPoint(x: 200, y: 300)
        assertRect(o.frame, 150, 275, 100, 50)
    }

    func testAnAnchorPointOutsideTheUnitSquareStillPlacesTheFrame() {
        let a = CALayer()
        a.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        a.anchorPoint = CGPoint(x: 2, y: -1)
        assertRect(a.frame, -200, 50, 100, 50)
    }

    func testALayerWithNoSizeHasAnEmptyFrameAtItsPosition() {
        let z = CALayer()
        z.position = CGPoint(x: 10, y: 20)
        assertRect(z.frame, 10, 20, 0, 0)
    }

    func testDepthAndScalePropertiesDoNotMoveTheFrame() {
        let u = CALayer()
        u.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        u.position = CGPoint(x: 200, y: 300)
        u.zPosition = 17
        u.anchorPointZ = 25
        u.contentsScale = 2
        assertRect(u.frame, 150, 275, 100, 50)
    }

    func testSettingTheFrameSizesTheBoundsAndPlacesThePositionAtTheAnchor() {
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        assertRect(l.bounds, 0, 0, 100, 50)
        assertPoint(l.position, 60, 45)
        assertPoint(l.anchorPoint, 0.5, 0.5)
        assertRect(l.frame, 10, 20, 100, 50)

        let a = CALayer()
        a.anchorPoint = .zero
        a.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        assertPoint(a.position, 10, 20)

        let c = CALayer()
        c.anchorPoint = CGPoint(x: 1, y: 1)
        c.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        assertPoint(c.position, 110, 70)
    }

    func testSettingTheFrameKeepsTheBoundsOrigin() {
        let o = CALayer()
        o.bounds = CGRect(x: 11, y: 22, width: 5, height: 5)
        o.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        assertRect(o.bounds, 11, 22, 100, 50)
    }

    func testAFrameWithANegativeSizeIsStandardisedIntoTheBounds() {
        let n = CALayer()
        n.frame = CGRect(x: 0, y: 0, width: -100, height: -50)
        assertRect(n.bounds, 0, 0, 100, 50)
        assertPoint(n.position, -50, -25)
    }

    func testAnEmptyFrameGivesEmptyBoundsAtItsOrigin() {
        let z = CALayer()
        z.frame = CGRect(x: 10, y: 20, width: 0, height: 0)
        assertRect(z.bounds, 0, 0, 0, 0)
        assertPoint(z.position, 10, 20)
    }

    func testAScaleGrowsTheFrameAboutTheAnchorPoint() {
        let s = CALayer()
        s.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        s.position = CGPoint(x: 200, y: 300)
        s.transform = CATransform3DMakeScale(2, 4, 1)
        assertRect(s.frame, 100, 200, 200, 200)
    }

    func testATranslationShiftsTheFrame() {
        let t = CALayer()
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        t.position = CGPoint(x: 200, y: 300)
        t.transform = CATransform3DMakeTranslation(10, 20, 0)
        assertRect(t.frame, 160, 295, 100, 50)
    }

    func testARotatedLayersFrameIsTheBoundingBoxOfItsTurnedBounds() {
        let r = CALayer()
        r.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        r.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let s = 2.0.squareRoot()
        assertRect(r.frame, -50 * s, -50 * s, 100 * s, 100 * s)
    }

    func testSettingTheFrameUnderAScaleShrinksTheBoundsToMatch() {
        let sf = CALayer()
        sf.transform = CATransform3DMakeScale(2, 4, 1)
        sf.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        assertRect(sf.bounds, 0, 0, 50, 12.5)
        assertPoint(sf.position, 60, 45)
        assertRect(sf.frame, 10, 20, 100, 50)
    }

    func testSettingTheFrameUnderATranslationTakesTheShiftBackOut() {
        let tf = CALayer()
        tf.transform = CATransform3DMakeTranslation(10, 20, 0)
        tf.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        assertRect(tf.bounds, 0, 0, 100, 50)
        assertPoint(tf.position, 50, 25)
    }

    func testSublayersAreInsertedWhereAskedAndReparentingMovesThem() {
        let p = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        p.addSublayer(a)
        XCTAssertEqual(p.sublayers?.count, 1)
        XCTAssertTrue(a.superlayer === p)
        p.addSublayer(b)
        p.insertSublayer(c, at: 1)
        XCTAssertTrue(p.sublayers![0] === a && p.sublayers![1] === c && p.sublayers![2] === b)
        c.removeFromSuperlayer()
        XCTAssertEqual(p.sublayers?.count, 2)
        XCTAssertNil(c.superlayer)
        p.insertSublayer(c, below: a)
        XCTAssertTrue(p.sublayers![0] === c)
        c.removeFromSuperlayer()
        p.insertSublayer(c, above: a)
        XCTAssertTrue(p.sublayers![1] === c)
        let q = CALayer()
        q.addSublayer(a)
        XCTAssertEqual(p.sublayers?.count, 2, "adding a sublayer elsewhere removes it from the first parent")
        XCTAssertTrue(a.superlayer === q)
    }

    func testGeometryIsReachableThroughKeyValueCoding() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 300)
        XCTAssertNotNil(l.value(forKey: "bounds"))
        XCTAssertNotNil(l.value(forKey: "position"))
        l.setValue(NSNumber(value: 9.0), forKey: "zPosition")
        XCTAssertEqual(l.zPosition, 9)
    }

    func testTheClassSuppliesADefaultAnchorPointButNoBoundsPositionOrFrame() {
        XCTAssertNotNil(CALayer.defaultValue(forKey: "anchorPoint"))
        XCTAssertNil(CALayer.defaultValue(forKey: "bounds"))
        XCTAssertNil(CALayer.defaultValue(forKey: "position"))
        XCTAssertNil(CALayer.defaultValue(forKey: "frame"))
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsScale").flatMap { scalarValue($0) }, 1)
    }
}
