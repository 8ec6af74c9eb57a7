import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/display.m (measured on Apple's QuartzCore).
final class CALayerDisplayFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testTheNeedsDisplayFlagIsSetByAskingAndClearedByDrawing() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        l.displayIfNeeded()
        XCTAssertFalse(l.needsDisplay())
        l.setNeedsDisplay()
        XCTAssertTrue(l.needsDisplay())
        l.displayIfNeeded()
        XCTAssertFalse(l.needsDisplay())
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(l.needsDisplay(), "asking for part of it sets the flag too")
        l.displayIfNeeded()
        l.setNeedsDisplay()
        l.display()
        XCTAssertFalse(l.needsDisplay(), "drawing outright clears it as well")
    }

    func testABoundsChangeAsksForDrawingOnlyWithNeedsDisplayOnBoundsChange() {
        let off = CALayer()
        off.displayIfNeeded()
        off.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        XCTAssertFalse(off.needsDisplay())
        let on = CALayer()
        on.needsDisplayOnBoundsChange = true
        on.displayIfNeeded()
        on.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        XCTAssertTrue(on.needsDisplay())
    }
}
