import Geometry
import Graphics
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CAGravity/gravity.m (measured on Apple's QuartzCore):
/// where a 20×10 image lands in bounds of 80×60 for each `contentsGravity`, in the layer's
/// coordinates (`top` is the maximum-y edge, as on Apple's platforms: on iOS, whose layer space
/// is y down, that is the bottom of the screen). Read off `render(in:)` into an unflipped
/// context, whose y grows with the layer's. Skipped: contents of zero width (no such image).
final class CAGravityFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private static let image: CGImage = {
        let c = CGContext(width: 20, height: 10)!
        c.setFillColor(factBlue)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        return c.makeImage()!
    }()

    /// The painted box for `gravity`, as (x, y, width, height) in the layer's coordinates, the
    /// layer drawn at (20, 20) so that overflowing gravities stay inside the context.
    private func box(_ gravity: CALayerContentsGravity, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        l.contents = Self.image
        l.contentsGravity = gravity
        let c = PaintedContext(side: 140)
        c.context.translateBy(x: 30, y: 30)
        l.render(in: c.context)
        guard let b = c.paintedBox else { XCTFail("nothing painted", file: file, line: line); return [] }
        return [b.x0 - 30, b.y0 - 30, b.x1 - b.x0, b.y1 - b.y0]
    }

    func testResizeFillsTheBounds() { XCTAssertEqual(box(.resize), [0, 0, 80, 60]) }
    func testResizeAspectFitsInsideAndCentresTheRest() { XCTAssertEqual(box(.resizeAspect), [0, 10, 80, 40]) }
    func testResizeAspectFillCoversTheBoundsAndOverflows() { XCTAssertEqual(box(.resizeAspectFill), [-20, 0, 120, 60]) }
    func testCenterPlacesTheContentsUnscaledInTheMiddle() { XCTAssertEqual(box(.center), [30, 25, 20, 10]) }
    func testTopIsTheMaximumYEdge() { XCTAssertEqual(box(.top), [30, 50, 20, 10]) }
    func testBottomIsTheMinimumYEdge() { XCTAssertEqual(box(.bottom), [30, 0, 20, 10]) }
    func testLeftAndRight() {
        XCTAssertEqual(box(.left), [0, 25, 20, 10])
        XCTAssertEqual(box(.right), [60, 25, 20, 10])
    }
    func testTheFourCorners() {
        XCTAssertEqual(box(.topLeft), [0, 50, 20, 10])
        XCTAssertEqual(box(.topRight), [60, 50, 20, 10])
        XCTAssertEqual(box(.bottomLeft), [0, 0, 20, 10])
        XCTAssertEqual(box(.bottomRight), [60, 0, 20, 10])
    }
    func testAGravityItDoesNotKnowIsTreatedAsCenter() {
        XCTAssertEqual(box(CALayerContentsGravity(rawValue: "not a gravity")), [30, 25, 20, 10])
    }
}
