import Geometry
import Graphics
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/cgkeys.m (measured on Apple's QuartzCore):
/// the Core Graphics valued properties read by key.
final class CALayerCGKeysFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testColourAndPathKeysAnswerTheLayersOwnObjects() {
        let l = CALayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        l.shadowPath = path
        l.shadowColor = factRed
        XCTAssertTrue((l.value(forKey: "shadowColor") as AnyObject?) === l.shadowColor)
        XCTAssertNil(l.value(forKey: "backgroundColor"))
        XCTAssertTrue((l.value(forKey: "borderColor") as AnyObject?) === l.borderColor)
        XCTAssertNotNil(l.value(forKey: "shadowPath"))
        XCTAssertTrue(l.value(forKey: "shadowPath") is CGPath, "the shadow path key answers a path, not the colour")
    }
}
