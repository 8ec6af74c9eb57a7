import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/state.m (measured on Apple's QuartzCore).
/// `isGeometryFlipped` and `shouldRasterize` belong to the rendering work in
/// CALayer+Rendering: not checked here.
final class CALayerStateFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testTheValuesALayerStartsWith() {
        let l = CALayer()
        XCTAssertEqual(l.opacity, 1)
        XCTAssertFalse(l.isHidden)
        XCTAssertFalse(l.masksToBounds)
        XCTAssertEqual(l.zPosition, 0)
        XCTAssertEqual(l.shadowOpacity, 0)
        XCTAssertEqual(l.shadowRadius, 3)
        XCTAssertEqual(l.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(l.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertFalse(l.needsDisplayOnBoundsChange)
        XCTAssertNil(l.superlayer)
        XCTAssertNil(l.actions)
        XCTAssertNil(l.style)
        XCTAssertNil(l.contents)
        XCTAssertNil(l.backgroundColor)
        XCTAssertNil(l.sublayers, "no sublayers at all, not an empty array")
        XCTAssertTrue(l.model() === l, "a layer is its own model layer")
        XCTAssertEqual(l.contentsGravity, .resize)
        XCTAssertNotNil(l.borderColor)
    }

    func testALayerThatLostItsSublayersAnswersNil() {
        let l = CALayer(), a = CALayer(), b = CALayer()
        l.addSublayer(a)
        XCTAssertNotNil(l.sublayers)
        a.removeFromSuperlayer()
        XCTAssertNil(l.sublayers)
        l.addSublayer(a)
        l.addSublayer(b)
        a.removeFromSuperlayer()
        XCTAssertEqual(l.sublayers?.count, 1)
        b.removeFromSuperlayer()
        XCTAssertNil(l.sublayers)
        l.sublayers = [a]
        l.sublayers = []
        XCTAssertNil(l.sublayers, "an empty array is the same as none")
        l.sublayers = [a]
        l.sublayers = nil
        XCTAssertNil(l.sublayers)
        l.addSublayer(a)
        XCTAssertEqual(l.sublayers?.count, 1)
    }

    func testTheSublayerTreeKeepsOrderAndInsertionPlaces() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        root.addSublayer(a)
        XCTAssertTrue(a.superlayer === root)
        root.addSublayer(b)
        root.addSublayer(c)
        XCTAssertTrue(root.sublayers![0] === a && root.sublayers![1] === b && root.sublayers![2] === c)
        b.removeFromSuperlayer()
        XCTAssertEqual(root.sublayers?.count, 2)
        XCTAssertNil(b.superlayer)
        let d = CALayer()
        root.insertSublayer(d, at: 0)
        XCTAssertTrue(root.sublayers![0] === d)
        let e = CALayer()
        root.insertSublayer(e, below: a)
        XCTAssertEqual(root.sublayers!.firstIndex { $0 === e }, 1)
        let g = CALayer()
        root.insertSublayer(g, above: a)
        XCTAssertEqual(root.sublayers!.firstIndex { $0 === g }, 3)
        let other = CALayer()
        other.addSublayer(a)
        XCTAssertTrue(a.superlayer === other)
        XCTAssertEqual(root.sublayers?.count, 4)
    }

    func testSublayersSetWholesaleTakeTheLayerAsSuperlayer() {
        let root = CALayer(), a = CALayer(), b = CALayer()
        root.sublayers = [a, b]
        XCTAssertEqual(root.sublayers?.count, 2)
        XCTAssertTrue(a.superlayer === root && b.superlayer === root)
    }
}
