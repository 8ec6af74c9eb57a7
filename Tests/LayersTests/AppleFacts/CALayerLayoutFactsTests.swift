import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/layout.m (measured on Apple's QuartzCore).
final class CALayerLayoutFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// A superlayer of 100×100 with one sublayer, laid out.
    private func settled() -> (root: CALayer, first: CALayer) {
        let root = CALayer(), first = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(first)
        root.layoutIfNeeded()
        return (root, first)
    }

    func testAFreshLayerDoesNotNeedLayoutUntilAsked() {
        let layer = CALayer()
        XCTAssertFalse(layer.needsLayout())
        layer.setNeedsLayout()
        XCTAssertTrue(layer.needsLayout())
        layer.layoutIfNeeded()
        XCTAssertFalse(layer.needsLayout())
    }

    func testALaidOutSuperlayerIsSettled() {
        XCTAssertFalse(settled().root.needsLayout())
    }

    func testAddingASublayerMarksTheSuperlayerButNotTheAddedLayer() {
        let (root, _) = settled()
        let added = CALayer()
        added.layoutIfNeeded()
        root.addSublayer(added)
        XCTAssertTrue(root.needsLayout())
        XCTAssertFalse(added.needsLayout())
    }

    func testEveryWayOfInsertingOrRemovingASublayerMarksTheSuperlayer() {
        var s = settled()
        s.root.insertSublayer(CALayer(), at: 0)
        XCTAssertTrue(s.root.needsLayout(), "at an index")
        s = settled()
        s.root.insertSublayer(CALayer(), below: s.first)
        XCTAssertTrue(s.root.needsLayout(), "below a sibling")
        s = settled()
        s.root.insertSublayer(CALayer(), above: s.first)
        XCTAssertTrue(s.root.needsLayout(), "above a sibling")
        s = settled()
        s.first.removeFromSuperlayer()
        XCTAssertTrue(s.root.needsLayout(), "a sublayer leaving")
        s = settled()
        s.root.sublayers = [CALayer()]
        XCTAssertTrue(s.root.needsLayout(), "setting the sublayers")
    }

    func testALayerCanBeAddedAfterTheSublayersWereSetOutright() {
        let (root, _) = settled()
        let added = CALayer()
        root.sublayers = [CALayer()]
        root.addSublayer(added)
        XCTAssertEqual(root.sublayers?.count, 2)
        XCTAssertTrue(added.superlayer === root)
    }

    func testABoundsChangeMarksTheLayerForLayout() {
        let (root, _) = settled()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        XCTAssertTrue(root.needsLayout())
    }
}
