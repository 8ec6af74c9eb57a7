import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIBezierPath.setLineDash(_:count:phase:)` / `getLineDash(_:count:phase:)` with Apple's
/// pointer signatures, and their use by `stroke()`.
final class UIBezierPathDashTests: XCTestCase {
    func testLineDashIsKeptAsGivenAndReadBack() {
        let path = UIBezierPath()
        var count = -1
        var phase: CGFloat = -1
        path.getLineDash(nil, count: &count, phase: &phase)
        XCTAssertEqual(count, 0, "solid by default")
        XCTAssertEqual(phase, 0)
        var pattern: [CGFloat] = [5, 2, 3, 2]
        path.setLineDash(&pattern, count: pattern.count, phase: 6)
        path.getLineDash(nil, count: &count, phase: nil)
        XCTAssertEqual(count, 4)
        var read = [CGFloat](repeating: 0, count: count)
        path.getLineDash(&read, count: nil, phase: &phase)
        XCTAssertEqual(read, [5, 2, 3, 2])
        XCTAssertEqual(phase, 6)
        path.setLineDash(nil, count: 3, phase: 1)
        path.getLineDash(nil, count: &count, phase: nil)
        XCTAssertEqual(count, 0)
    }

    func testStrokeUsesThePathsDashAndLeavesTheContextSolid() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 60, height: 20), false, 1)
        defer { UIGraphicsEndImageContext() }
        let context = try XCTUnwrap(UIGraphicsGetCurrentContext())
        UIColor(white: 0, alpha: 1).setStroke()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 5))
        line.addLine(to: CGPoint(x: 60, y: 5))
        line.lineWidth = 2
        var pattern: [CGFloat] = [4, 4]
        line.setLineDash(&pattern, count: 2, phase: 0)
        line.stroke()
        let b = context.bitmap
        XCTAssertEqual(b[x: 1, y: 5].alpha, 255)
        XCTAssertEqual(b[x: 5, y: 5].alpha, 0)
        XCTAssertEqual(b[x: 9, y: 5].alpha, 255)
        // The context's own dash stays solid after the path's stroke.
        context.setLineWidth(2)
        context.strokeLineSegments(between: [CGPoint(x: 0, y: 15), CGPoint(x: 60, y: 15)])
        XCTAssertEqual(b[x: 5, y: 15].alpha, 255)
    }
}
