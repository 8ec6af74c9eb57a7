import Geometry
import XCTest
@testable import Layers

/// `CAScrollLayer` and the scrolling methods it gives every layer, with the values measured on
/// Apple's QuartzCore (GNUstep's CAScrollLayer test).
final class CAScrollLayerTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testScrollLayerStartsScrollingBothWaysWithLayerDefaults() {
        let scroller = CAScrollLayer()
        XCTAssertEqual(scroller.scrollMode, .both)
        XCTAssertEqual(scroller.opacity, 1)
        XCTAssertEqual(CAScrollLayerScrollMode.none.rawValue, "none")
        XCTAssertEqual(CAScrollLayerScrollMode.vertically.rawValue, "vertically")
        XCTAssertEqual(CAScrollLayerScrollMode.horizontally.rawValue, "horizontally")
        XCTAssertEqual(CAScrollLayerScrollMode.both.rawValue, "both")
    }

    func testScrollingToAPointMovesTheOriginOfTheBoundsAlongTheAllowedAxes() {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroller.scroll(to: CGPoint(x: 50, y: 60))
        XCTAssertEqual(scroller.bounds, CGRect(x: 50, y: 60, width: 100, height: 100))
        for (mode, expected) in [(CAScrollLayerScrollMode.vertically, CGPoint(x: 0, y: 80)),
                                 (.horizontally, CGPoint(x: 70, y: 0)), (.none, .zero)] {
            scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            scroller.scrollMode = mode
            scroller.scroll(to: CGPoint(x: 70, y: 80))
            XCTAssertEqual(scroller.bounds.origin, expected, mode.rawValue)
        }
    }

    func testScrollingToARectangleMovesAsLittleAsItCan() {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 50, y: 60, width: 100, height: 100)
        scroller.scroll(to: CGRect(x: 200, y: 200, width: 10, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 110, y: 110), "the far edge brought in")
        scroller.bounds = CGRect(x: 100, y: 100, width: 100, height: 100)
        scroller.scroll(to: CGRect(x: 120, y: 120, width: 10, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 100, y: 100), "already in view")
        scroller.scroll(to: CGRect(x: 20, y: 20, width: 10, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 20, y: 20), "behind the view")
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroller.scroll(to: CGRect(x: 20, y: 20, width: 400, height: 400))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 20, y: 20), "too big: its own origin")
    }

    func testSublayersScrollTheirScrollLayerAndKnowWhatIsVisible() {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroller.position = CGPoint(x: 50, y: 50)
        let page = CALayer()
        page.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let item = CALayer()
        item.frame = CGRect(x: 150, y: 100, width: 20, height: 20)
        scroller.addSublayer(page)
        page.addSublayer(item)
        XCTAssertEqual(page.visibleRect, CGRect(x: 0, y: 0, width: 100, height: 100))
        item.scroll(CGPoint(x: 5, y: 5))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 155, y: 105), "the item's point at the scroll layer's origin")
        XCTAssertEqual(page.visibleRect, CGRect(x: 155, y: 105, width: 100, height: 100))
        XCTAssertEqual(item.visibleRect, CGRect(x: 5, y: 5, width: 15, height: 15))
        scroller.scroll(to: CGPoint.zero)
        item.scrollRectToVisible(item.bounds)
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 70, y: 20), "the item's far edge brought in")
        let loose = CALayer()
        loose.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 3, y: 3))
        XCTAssertEqual(loose.visibleRect, loose.bounds, "no scroll layer: the whole bounds")
    }

    func testPresentationCopyKeepsTheScrollMode() {
        let scroller = CAScrollLayer()
        scroller.scrollMode = .vertically
        f.show(scroller)
        XCTAssertEqual(scroller.presentation()?.scrollMode, .vertically)
    }
}
