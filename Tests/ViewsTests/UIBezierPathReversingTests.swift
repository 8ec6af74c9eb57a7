import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Views
import XCTest

/// `UIBezierPath.reversing()`: the same shape, each subpath drawn backwards.
final class UIBezierPathReversingTests: XCTestCase {
    private func elements(_ path: UIBezierPath) -> [CGPath.Element] {
        var out: [CGPath.Element] = []
        path.cgPath.forEach { out.append($0) }
        return out
    }

    func testSubpathsRunBackwardsWithSwappedControlPointsAndStayClosed() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 10), controlPoint1: CGPoint(x: 15, y: 2), controlPoint2: CGPoint(x: 15, y: 8))
        path.close()
        path.move(to: CGPoint(x: 20, y: 20))
        path.addQuadCurve(to: CGPoint(x: 30, y: 20), controlPoint: CGPoint(x: 25, y: 30))
        path.lineWidth = 7
        let reversed = path.reversing()
        XCTAssertEqual(elements(reversed), [
            .move(to: CGPoint(x: 10, y: 10)),
            .curve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 15, y: 8), control2: CGPoint(x: 15, y: 2)),
            .line(to: CGPoint(x: 0, y: 0)),
            .closeSubpath,
            .move(to: CGPoint(x: 30, y: 20)),
            .quadCurve(to: CGPoint(x: 20, y: 20), control: CGPoint(x: 25, y: 30)),
        ])
        XCTAssertEqual(reversed.lineWidth, 7)
        XCTAssertEqual(reversed.bounds, path.bounds)
        XCTAssertTrue(UIBezierPath().reversing().isEmpty)
    }

    func testAReversedInnerContourPunchesAHoleUnderTheNonZeroRule() {
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)).reversing())
        XCTAssertFalse(ring.contains(CGPoint(x: 50, y: 50)))
        XCTAssertTrue(ring.contains(CGPoint(x: 10, y: 50)))
    }
}
