import Foundation
import Geometry
import Raster
import XCTest
@testable import Graphics

final class CGPathTests: XCTestCase {
    private func elements(_ path: CGPath) -> [CGPath.Element] {
        var result: [CGPath.Element] = []
        path.forEach { result.append($0) }
        return result
    }

    private func assertEqual(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
    }

    private func assertEqual(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        assertEqual(a.origin, b.origin, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width of \(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height of \(a) vs \(b)", file: file, line: line)
    }

    func testRectPathIsAClosedClockwiseSubpath() {
        let rect = CGRect(x: 10, y: 20, width: 30, height: 40)
        let path = CGPath(rect: rect, transform: nil)
        XCTAssertEqual(elements(path), [
            .move(to: CGPoint(x: 10, y: 20)), .line(to: CGPoint(x: 40, y: 20)),
            .line(to: CGPoint(x: 40, y: 60)), .line(to: CGPoint(x: 10, y: 60)), .closeSubpath,
        ])
        XCTAssertEqual(path.boundingBox, rect)
        XCTAssertEqual(path.boundingBoxOfPath, rect)
        XCTAssertEqual(path.currentPoint, CGPoint(x: 10, y: 20), "after a close, the subpath's first point")
        var found = CGRect.zero
        XCTAssertTrue(path.isRect(&found))
        XCTAssertEqual(found, rect)
        XCTAssertFalse(path.isEmpty)
    }

    func testTransformPointerMapsThePoints() {
        var t = CGAffineTransform(translationX: 5, y: -5).scaledBy(x: 2, y: 2)
        let path = CGPath(rect: CGRect(x: 1, y: 1, width: 3, height: 4), transform: &t)
        XCTAssertEqual(path.boundingBox, CGRect(x: 7, y: -3, width: 6, height: 8))
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20), transform: &t)
        assertEqual(ellipse.boundingBoxOfPath, CGRect(x: 5, y: -5, width: 20, height: 40))
    }

    func testEllipseStartsOnTheRightAndTurnsTowardsPositiveY() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 20), transform: nil)
        let list = elements(path)
        XCTAssertEqual(list.count, 6)
        XCTAssertEqual(list.first, .move(to: CGPoint(x: 40, y: 10)))
        guard case let .curve(end, _, _) = list[1] else { return XCTFail("\(list[1])") }
        XCTAssertEqual(end, CGPoint(x: 20, y: 20))
        XCTAssertEqual(list.last, .closeSubpath)
        assertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 40, height: 20))
        assertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    func testBoundingBoxHoldsControlPointsButThePathBoxOnlyTheCurve() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        path.addCurve(to: CGPoint(x: 200, y: 0), control1: CGPoint(x: 100, y: -100), control2: CGPoint(x: 200, y: -100))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: -100, width: 200, height: 200))
        // The quadratic peaks at y = 50, the cubic at y = −75.
        assertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: -75, width: 200, height: 125))
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
        XCTAssertTrue(CGMutablePath().boundingBoxOfPath.isNull)
    }

    func testContainsFollowsTheFillRuleAndTransformsThePoint() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        let centre = CGPoint(x: 50, y: 50)
        XCTAssertTrue(path.contains(centre))
        XCTAssertTrue(path.contains(centre, using: .winding))
        XCTAssertFalse(path.contains(centre, using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 50), using: .evenOdd))
        XCTAssertFalse(path.contains(CGPoint(x: 150, y: 50)))
        XCTAssertTrue(path.contains(CGPoint(x: 0, y: 0)), "minimum edges are inside, as for CGRect")
        XCTAssertFalse(path.contains(CGPoint(x: 100, y: 50)), "maximum edges are outside")
        XCTAssertTrue(path.contains(CGPoint(x: -5, y: -5), transform: CGAffineTransform(translationX: 10, y: 10)))
        XCTAssertFalse(path.contains(CGPoint(x: CGFloat.nan, y: 5)))
    }

    func testContainsFollowsCurves() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        XCTAssertTrue(circle.contains(.zero))
        XCTAssertTrue(circle.contains(CGPoint(x: 9.99, y: 0)))
        XCTAssertTrue(circle.contains(CGPoint(x: 7.05, y: 7.05)))
        XCTAssertFalse(circle.contains(CGPoint(x: 7.1, y: 7.1)))
        XCTAssertFalse(circle.contains(CGPoint(x: -9.9, y: -9.9)))
    }

    func testClockwiseArcDecreasesTheAngleAsInCoreGraphics() {
        let centre = CGPoint(x: 0, y: 0)
        let short = CGMutablePath()
        short.addArc(center: centre, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        assertEqual(short.currentPoint, CGPoint(x: 0, y: 10))
        assertEqual(short.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 10))

        // Clockwise in Core Graphics' y-up terms: from 0 down through −π/2 to −3π/2, the long way
        // (it looks anticlockwise in the y-down space of UIKit and Kinescope).
        let long = CGMutablePath()
        long.addArc(center: centre, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        assertEqual(long.currentPoint, CGPoint(x: 0, y: 10))
        assertEqual(long.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20))
        XCTAssertTrue(long.contains(CGPoint(x: -5, y: -1)))
        XCTAssertEqual(elements(long).count, 4, "a move and three quarter-turn curves")
    }

    func testFullTurnArcsFollowAppleHeaderNotes() {
        let nothing = CGMutablePath()
        nothing.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        XCTAssertEqual(elements(nothing), [.move(to: CGPoint(x: 10, y: 0))], "0 to 2π clockwise draws nothing")

        let circle = CGMutablePath()
        circle.addArc(center: .zero, radius: 10, startAngle: 2 * .pi, endAngle: 0, clockwise: true)
        XCTAssertEqual(elements(circle).count, 5)
        assertEqual(circle.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20))

        let more = CGMutablePath()
        more.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 7 * .pi, clockwise: false)
        XCTAssertEqual(elements(more).count, 5, "more than a turn is one full circle")
        assertEqual(more.currentPoint, CGPoint(x: 10, y: 0))
    }

    func testArcAndRelativeArcJoinTheCurrentPoint() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(center: CGPoint(x: 50, y: 0), radius: 10, startAngle: .pi, endAngle: 0, clockwise: false)
        guard case let .line(joint) = elements(path)[1] else { return XCTFail("\(elements(path))") }
        assertEqual(joint, CGPoint(x: 40, y: 0))
        assertEqual(path.currentPoint, CGPoint(x: 60, y: 0))
        // The angle increases from π to 2π, through 3π/2: the top of the circle, y = −10.
        assertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: -10, width: 60, height: 10))

        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: .pi / 2)
        assertEqual(relative.currentPoint, CGPoint(x: 0, y: 5))
        XCTAssertEqual(elements(relative).first, .move(to: CGPoint(x: 5, y: 0)))
    }

    func testTangentArcMeetsBothLines() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        let list = elements(path)
        XCTAssertEqual(list[1], .line(to: CGPoint(x: 80, y: 0)))
        assertEqual(path.currentPoint, CGPoint(x: 100, y: 20))
        assertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 20))

        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        XCTAssertEqual(elements(straight), [.move(to: .zero), .line(to: CGPoint(x: 10, y: 0))])
    }

    func testSegmentsNeedACurrentPointAndCloseReturnsToTheStart() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 1, y: 1), control: .zero)
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        path.closeSubpath()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)

        path.move(to: CGPoint(x: 3, y: 4))
        path.addLine(to: CGPoint(x: 9, y: 4))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 9, y: 4))
        path.closeSubpath()
        path.closeSubpath()
        XCTAssertEqual(path.currentPoint, CGPoint(x: 3, y: 4))
        XCTAssertEqual(elements(path).count, 3, "a second close is ignored")
        path.addLine(to: CGPoint(x: 3, y: 9))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 3, y: 9))
    }

    func testRoundedRectCornersAreQuarterEllipsesAndClamped() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let path = CGPath(roundedRect: rect, cornerWidth: 20, cornerHeight: 10, transform: nil)
        XCTAssertEqual(elements(path).first, .move(to: CGPoint(x: 20, y: 0)))
        XCTAssertEqual(elements(path).count, 10)
        assertEqual(path.boundingBoxOfPath, rect)
        XCTAssertFalse(path.contains(CGPoint(x: 1, y: 1)))
        XCTAssertTrue(path.contains(CGPoint(x: 20, y: 1)))
        XCTAssertFalse(path.isRect(nil))

        let clamped = CGPath(roundedRect: rect, cornerWidth: 80, cornerHeight: 40, transform: nil)
        let capsule = CGPath(roundedRect: rect, cornerWidth: 50, cornerHeight: 25, transform: nil)
        XCTAssertEqual(clamped, capsule, "corner sizes clamp to half the sides")
        let square = CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 10, transform: nil)
        XCTAssertEqual(square, CGPath(rect: rect, transform: nil))
    }

    func testCopiesEqualityAndHashing() {
        let path = CGMutablePath()
        path.addEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        let frozen = path.copy()!
        XCTAssertEqual(frozen, path)
        XCTAssertEqual(frozen.hashValue, path.hashValue)
        XCTAssertFalse(frozen is CGMutablePath)
        let mutable = path.mutableCopy()!
        mutable.addLine(to: .zero)
        XCTAssertNotEqual(mutable, path)
        XCTAssertEqual(frozen, path.copy(using: nil))
        var t = CGAffineTransform(translationX: 100, y: 0)
        let moved = path.copy(using: &t)!
        XCTAssertEqual(moved.boundingBox, CGRect(x: 100, y: 0, width: 10, height: 10))
        let movedMutable = path.mutableCopy(using: &t)!
        XCTAssertEqual(movedMutable, moved)
        assertEqual(movedMutable.currentPoint, CGPoint(x: 110, y: 5))
    }

    func testApplyWithBlockListsPointsInCoreGraphicsOrder() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 3, y: 3), control: CGPoint(x: 2, y: 2))
        path.addCurve(to: CGPoint(x: 6, y: 6), control1: CGPoint(x: 4, y: 4), control2: CGPoint(x: 5, y: 5))
        path.closeSubpath()
        var seen: [(CGPathElementType, [CGPoint])] = []
        path.applyWithBlock { element in
            let e = element.pointee
            let count = [CGPathElementType.moveToPoint: 1, .addLineToPoint: 1, .addQuadCurveToPoint: 2,
                         .addCurveToPoint: 3, .closeSubpath: 0][e.type]!
            seen.append((e.type, (0..<count).map { e.points[$0] }))
        }
        XCTAssertEqual(seen.map(\.0), [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        XCTAssertEqual(seen[1].1, [CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3)])
        XCTAssertEqual(seen[2].1, [CGPoint(x: 4, y: 4), CGPoint(x: 5, y: 5), CGPoint(x: 6, y: 6)])
        XCTAssertEqual(CGPathElementType.addCurveToPoint.rawValue, 3)
        XCTAssertEqual(CGPathFillRule.evenOdd.rawValue, 1)
    }

    func testConvenienceBuildersAndAddPath() {
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 5, y: 0), CGPoint(x: 5, y: 5)])
        path.addLines(between: [])
        XCTAssertEqual(elements(path).count, 3)
        path.addRects([CGRect(x: 10, y: 10, width: 1, height: 1), CGRect(x: 20, y: 20, width: 1, height: 1)],
                      transform: CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 42, height: 42))
        let other = CGMutablePath()
        other.addPath(path, transform: CGAffineTransform(translationX: -1, y: 0))
        XCTAssertEqual(other.boundingBox, CGRect(x: -1, y: 0, width: 42, height: 42))
        XCTAssertEqual(elements(other).count, elements(path).count)
        XCTAssertTrue(path.description.hasPrefix("CGPath(move (0.0, 0.0), line (5.0, 0.0)"), path.description)
    }

    func testFlattenedPathFillsTheShapeInPixelSpace() {
        // A 40×30 rounded rect with 8×6 corners, drawn at scale 2 and offset by (4.5, 3.25).
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerWidth: 8, cornerHeight: 6,
                          transform: nil)
        let toPixels = CGAffineTransform(translationX: 4.5, y: 3.25).scaledBy(x: 2, y: 2)
        let flat = path.flattened(transform: toPixels)
        let mask = CoverageMask(width: 90, height: 70)
        CoverageRasterizer().fill(flat, rule: CGPathFillRule.winding.rasterRule, into: mask)
        var total = 0.0
        for y in 0..<70 {
            for x in 0..<90 {
                total += Double(mask[x: x, y: y]) / 255
                // Pixels well inside or outside agree with `contains` on the user-space path.
                let centre = CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(toPixels.inverted())
                let inside = path.contains(centre)
                let nearEdge = !(path.contains(CGPoint(x: centre.x - 1, y: centre.y - 1)) == inside
                    && path.contains(CGPoint(x: centre.x + 1, y: centre.y + 1)) == inside
                    && path.contains(CGPoint(x: centre.x - 1, y: centre.y + 1)) == inside
                    && path.contains(CGPoint(x: centre.x + 1, y: centre.y - 1)) == inside)
                if !nearEdge { XCTAssertEqual(mask[x: x, y: y], inside ? 255 : 0, "pixel (\(x), \(y))") }
            }
        }
        let exact = 4 * (40.0 * 30 - (4 - Double.pi) * 8 * 6)
        XCTAssertEqual(total, exact, accuracy: exact * 0.002)
    }
}
