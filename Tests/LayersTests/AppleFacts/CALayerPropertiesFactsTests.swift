import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/properties.m (measured on Apple's QuartzCore).
/// `rasterizationScale` goes with `shouldRasterize` (the rendering work in CALayer+Rendering):
/// not checked here.
final class CALayerPropertiesFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testWhatTheAppearancePropertiesStartAs() {
        let l = CALayer()
        XCTAssertNil(l.name)
        XCTAssertEqual(l.borderWidth, 0)
        XCTAssertEqual(l.cornerRadius, 0)
        XCTAssertTrue(l.isDoubleSided)
        XCTAssertEqual(l.minificationFilter, .linear)
        XCTAssertEqual(l.magnificationFilter, .linear)
    }

    func testTheAppearancePropertiesReadBackWhatWasSet() {
        let l = CALayer()
        l.name = "a layer"
        XCTAssertEqual(l.name, "a layer")
        l.borderWidth = 2.5
        XCTAssertEqual(l.borderWidth, 2.5)
        l.cornerRadius = 4
        XCTAssertEqual(l.cornerRadius, 4)
        l.isDoubleSided = false
        XCTAssertFalse(l.isDoubleSided)
        l.minificationFilter = .nearest
        XCTAssertEqual(l.minificationFilter, .nearest)
        l.magnificationFilter = .nearest
        XCTAssertEqual(l.magnificationFilter, .nearest)
    }

    func testReplacingASublayerPutsTheNewOneInItsPlace() {
        let root = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.replaceSublayer(b, with: c)
        XCTAssertEqual(root.sublayers?.count, 2)
        XCTAssertTrue(root.sublayers?[1] === c)
        XCTAssertTrue(c.superlayer === root)
        XCTAssertNil(b.superlayer)
        XCTAssertTrue(root.sublayers?[0] === a)
    }
}
