import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/masking.m (measured on Apple's QuartzCore).
/// `edgeAntialiasingMask` belongs to the rendering work in CALayer+Rendering (not checked here);
/// the copy of the filter array is a given of Swift's value arrays (no test that cannot fail).
final class CALayerMaskingFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testANewLayerAllowsAntialiasingAndGroupOpacityAndHasNoFiltersNorMask() {
        let l = CALayer()
        XCTAssertTrue(l.allowsEdgeAntialiasing)
        XCTAssertTrue(l.allowsGroupOpacity)
        XCTAssertFalse(l.drawsAsynchronously)
        XCTAssertEqual(l.minificationFilterBias, 0)
        XCTAssertNil(l.filters)
        XCTAssertNil(l.compositingFilter)
        XCTAssertNil(l.backgroundFilters)
        XCTAssertNil(l.mask)
        assertRect(l.contentsCenter, 0, 0, 1, 1)
    }

    func testMaskingPropertiesReadBackWhatWasSet() {
        let l = CALayer()
        l.allowsEdgeAntialiasing = false
        XCTAssertFalse(l.allowsEdgeAntialiasing)
        l.allowsGroupOpacity = false
        XCTAssertFalse(l.allowsGroupOpacity)
        l.drawsAsynchronously = true
        XCTAssertTrue(l.drawsAsynchronously)
        l.minificationFilterBias = 0.25
        XCTAssertEqual(l.minificationFilterBias, 0.25)
        l.filters = ["one"]
        XCTAssertEqual(l.filters?.count, 1)
        l.filters = nil
        XCTAssertNil(l.filters)
        l.backgroundFilters = ["one"]
        XCTAssertEqual(l.backgroundFilters?.count, 1)
        let filter = NSObject()
        l.compositingFilter = filter
        XCTAssertTrue((l.compositingFilter as AnyObject?) === filter)
        l.compositingFilter = nil
        XCTAssertNil(l.compositingFilter)
    }

    func testAMaskTakesTheMaskedLayerAsSuperlayerWithoutBecomingASublayer() {
        let host = CALayer(), m = CALayer()
        host.mask = m
        XCTAssertTrue(host.mask === m)
        XCTAssertTrue(m.superlayer === host)
        XCTAssertNil(host.sublayers)
        host.mask = nil
        XCTAssertNil(host.mask)
        XCTAssertNil(m.superlayer)
    }

    func testALayerInATreeMadeAMaskLeavesTheTreeForTheMaskedLayer() {
        let parent = CALayer(), child = CALayer(), other = CALayer()
        parent.addSublayer(child)
        other.mask = child
        XCTAssertTrue(child.superlayer === other)
        XCTAssertEqual(parent.sublayers?.count ?? 0, 0)
    }

    func testTheClassDefaultsOfTheMaskingProperties() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "allowsEdgeAntialiasing") as? Bool, true)
        XCTAssertEqual(CALayer.defaultValue(forKey: "allowsGroupOpacity") as? Bool, true)
        XCTAssertEqual(CALayer.defaultValue(forKey: "drawsAsynchronously") as? Bool, false)
        XCTAssertNotNil(CALayer.defaultValue(forKey: "contentsCenter"))
        XCTAssertNil(CALayer.defaultValue(forKey: "minificationFilterBias"))
        XCTAssertNil(CALayer.defaultValue(forKey: "filters"))
        XCTAssertNil(CALayer.defaultValue(forKey: "compositingFilter"))
        XCTAssertNil(CALayer.defaultValue(forKey: "backgroundFilters"))
        XCTAssertNil(CALayer.defaultValue(forKey: "mask"))
    }
}
