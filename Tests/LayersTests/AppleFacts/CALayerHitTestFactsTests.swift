import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/hittest.m (measured on Apple's QuartzCore).
final class CALayerHitTestFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func layer(_ size: CGFloat, at position: CGPoint) -> CALayer {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        l.position = position
        return l
    }

    func testContainsMeasuresAPointAgainstTheBoundsHalfOpen() {
        let l = layer(100, at: CGPoint(x: 500, y: 500))
        XCTAssertTrue(l.contains(CGPoint(x: 0, y: 0)))
        XCTAssertTrue(l.contains(CGPoint(x: 99.9, y: 99.9)))
        XCTAssertFalse(l.contains(CGPoint(x: 100, y: 100)), "the far corner itself is not inside")
        XCTAssertFalse(l.contains(CGPoint(x: -0.1, y: 50)))
        XCTAssertFalse(l.contains(CGPoint(x: 500, y: 500)), "the position does not count")
        let shifted = CALayer()
        shifted.bounds = CGRect(x: 10, y: 10, width: 100, height: 100)
        XCTAssertFalse(shifted.contains(CGPoint(x: 5, y: 5)))
        XCTAssertTrue(shifted.contains(CGPoint(x: 15, y: 15)))
        XCTAssertTrue(shifted.contains(CGPoint(x: 109, y: 109)))
    }

    func testHitTestFindsTheSublayerUnderAPointOrTheLayerOrNothing() {
        let root = layer(100, at: CGPoint(x: 50, y: 50))
        let child = layer(20, at: CGPoint(x: 50, y: 50))
        root.addSublayer(child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 5, y: 5)) === root)
        XCTAssertNil(root.hitTest(CGPoint(x: 500, y: 500)))
        XCTAssertNil(root.hitTest(CGPoint(x: 100, y: 100)), "the far edge is outside")
    }

    func testTheLastAddedSublayerIsHitUnlessHiddenOrBelowByZPosition() {
        let root = layer(100, at: CGPoint(x: 50, y: 50))
        let lower = layer(40, at: CGPoint(x: 50, y: 50))
        let upper = layer(40, at: CGPoint(x: 50, y: 50))
        root.addSublayer(lower)
        root.addSublayer(upper)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === upper)
        upper.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === lower)
        upper.isHidden = false
        lower.zPosition = 10
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === lower)
    }

    func testASublayerOutsideItsSuperlayerIsHitUnlessTheSuperlayerMasksToBounds() {
        let root = layer(100, at: CGPoint(x: 50, y: 50))
        let child = layer(20, at: CGPoint(x: 150, y: 150))
        root.addSublayer(child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150)) === child)
        root.masksToBounds = true
        XCTAssertNil(root.hitTest(CGPoint(x: 150, y: 150)))
    }

    func testALoneLayerIsHitInsideItsFrame() {
        let lone = layer(100, at: CGPoint(x: 50, y: 50))
        XCTAssertTrue(lone.hitTest(CGPoint(x: 50, y: 50)) === lone)
        XCTAssertNil(lone.hitTest(CGPoint(x: 500, y: 500)))
    }
}
