import Foundation
import Geometry
import KinescopeTestSupport
import XCTest
@testable import Raster

final class FlattenedPathTests: XCTestCase {
    /// Twice the signed area of a closed polygon (shoelace); positive when it turns clockwise on
    /// a y-down screen.
    private func signedArea(_ points: some Collection<CGPoint>) -> Double {
        let p = Array(points)
        var sum = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            sum += Double(a.x * b.y - b.x * a.y)
        }
        return sum / 2
    }

    /// The distance from `point` to the nearest segment of the polyline.
    private func distance(from point: CGPoint, to polyline: [CGPoint]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            let length2 = dx * dx + dy * dy
            var t = length2 > 0 ? (Double(point.x - a.x) * dx + Double(point.y - a.y) * dy) / length2 : 0
            t = min(1, max(0, t))
            let ex = Double(a.x) + t * dx - Double(point.x), ey = Double(a.y) + t * dy - Double(point.y)
            best = min(best, (ex * ex + ey * ey).squareRoot())
        }
        return best
    }

    func testCurvesStayWithinTheTolerance() {
        var random = SeededRandom(seed: 0xF1A7)
        for trial in 0..<20 {
            func point() -> CGPoint {
                CGPoint(x: random.pathCoordinate(in: -200...200), y: random.pathCoordinate(in: -200...200))
            }
            let p0 = point(), p1 = point(), p2 = point(), p3 = point()
            let tolerance = [0.1, 0.5, 0.02][trial % 3]
            var path = FlattenedPath(tolerance: tolerance)
            path.move(to: p0)
            let cubic = trial % 2 == 0
            if cubic {
                path.addCurve(to: p3, control1: p1, control2: p2)
            } else {
                path.addQuadCurve(to: p3, control: p1)
            }
            let polyline = path.points
            XCTAssertEqual(polyline.first, p0)
            XCTAssertEqual(polyline.last, p3)
            var worst = 0.0
            for i in 0...1000 {
                let t = Double(i) / 1000, u = 1 - t
                let (x, y): (Double, Double)
                if cubic {
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    x = a * Double(p0.x) + b * Double(p1.x) + c * Double(p2.x) + d * Double(p3.x)
                    y = a * Double(p0.y) + b * Double(p1.y) + c * Double(p2.y) + d * Double(p3.y)
                } else {
                    x = u * u * Double(p0.x) + 2 * u * t * Double(p1.x) + t * t * Double(p3.x)
                    y = u * u * Double(p0.y) + 2 * u * t * Double(p1.y) + t * t * Double(p3.y)
                }
                worst = max(worst, distance(from: CGPoint(x: x, y: y), to: polyline))
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "trial \(trial)")
            // And not wastefully fine: the error falls as 1/n², so a polyline with four times the
            // segments it needs would stay below 1/16 of the tolerance.
            XCTAssertGreaterThan(worst, tolerance / 16, "trial \(trial): \(polyline.count) points")
        }
    }

    func testEnormousCurvesAreCappedInSegments() {
        var path = FlattenedPath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 1e12, y: 0), control1: CGPoint(x: 0, y: 1e12), control2: CGPoint(x: 1e12, y: 1e12))
        XCTAssertEqual(path.points.count, FlattenedPath.maximumSegmentsPerCurve + 1)
    }

    func testSegmentAfterCloseStartsAtTheClosedContoursFirstPoint() {
        var path = FlattenedPath()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 7))
        path.close()
        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 9, y: 9))
        XCTAssertEqual(path.contourCount, 2)
        XCTAssertEqual(Array(path.contour(1)), [CGPoint(x: 1, y: 2), CGPoint(x: 9, y: 9)])
        XCTAssertEqual(path.currentPoint, CGPoint(x: 9, y: 9))
    }

    func testLoneStartPointsAndNonFinitePointsAreDropped() {
        var path = FlattenedPath()
        path.addLine(to: CGPoint(x: 3, y: 3))  // no current point: starts a contour
        path.move(to: CGPoint(x: 4, y: 4))     // replaces the lone point
        path.addLine(to: CGPoint(x: CGFloat.nan, y: 1))
        path.addLine(to: CGPoint(x: 8, y: CGFloat.infinity))
        path.addQuadCurve(to: CGPoint(x: 6, y: 4), control: CGPoint(x: CGFloat.nan, y: 0))
        path.move(to: CGPoint(x: -CGFloat.infinity, y: 0))
        XCTAssertEqual(path.points, [CGPoint(x: 4, y: 4), CGPoint(x: 6, y: 4)])
        XCTAssertEqual(path.contourStarts, [0])
        XCTAssertEqual(path.bounds, CGRect(x: 4, y: 4, width: 2, height: 0))
        XCTAssertTrue(FlattenedPath().bounds.isNull)
    }

    func testEllipseAndRoundedRectPolygonsHaveTheExactArea() {
        for tolerance in [0.1, 1.0] {
            var ellipse = FlattenedPath(tolerance: tolerance)
            ellipse.addEllipse(in: CGRect(x: 3, y: 4, width: 50, height: 30))
            XCTAssertEqual(signedArea(ellipse.contour(0)), Double.pi * 25 * 15, accuracy: 1e-9 * 1200)
            XCTAssertGreaterThanOrEqual(ellipse.points.count, 8)

            var rounded = FlattenedPath(tolerance: tolerance)
            let rect = CGRect(x: 10, y: 20, width: 100, height: 60)
            let radii = CornerRadii(topLeft: 5, topRight: 30, bottomRight: 0, bottomLeft: 12)
            rounded.addRoundedRect(rect, radii: radii)
            let cut = (4 - Double.pi) / 4 * (25 + 900 + 144)
            XCTAssertEqual(signedArea(rounded.contour(0)), 6000 - cut, accuracy: 1e-9 * 6000)
            XCTAssertEqual(rounded.bounds, rect, "arc end points lie exactly on the sides")
        }
    }

    func testArcsFollowTheTransformedTolerance() {
        var plain = FlattenedPath()
        plain.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        var scaled = FlattenedPath()
        let t = CGAffineTransform(scaleX: 10, y: 10).rotated(by: 0.3)
        scaled.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20), transform: t)
        XCTAssertGreaterThan(scaled.points.count, 2 * plain.points.count)
        XCTAssertEqual(signedArea(scaled.contour(0)), Double.pi * 100 * 100, accuracy: 1e-6)
        // Every vertex lies within the tolerance of the transformed circle of radius 100.
        let center = CGPoint(x: 10, y: 10).applying(t)
        for p in scaled.points {
            let r = Double(hypot(p.x - center.x, p.y - center.y))
            XCTAssertEqual(r, 100, accuracy: 0.1)
        }
    }

    func testBorderRingsInnerContourTurnsTheOtherWay() {
        var path = FlattenedPath()
        path.addRoundedRectBorder(CGRect(x: 0, y: 0, width: 40, height: 30), radii: CornerRadii(uniform: 6), width: 2)
        XCTAssertEqual(path.contourCount, 2)
        XCTAssertGreaterThan(signedArea(path.contour(0)), 0)
        XCTAssertLessThan(signedArea(path.contour(1)), 0)
        XCTAssertEqual(path.contour(1).map(\.x).min(), 2)

        var thick = FlattenedPath()
        thick.addRoundedRectBorder(CGRect(x: 0, y: 0, width: 40, height: 30), radii: .zero, width: 15)
        XCTAssertEqual(thick.contourCount, 1, "a border of half the short side fills the whole rectangle")
    }

    func testDegenerateShapesAddNothing() {
        var path = FlattenedPath()
        path.addRect(CGRect(x: 1, y: 1, width: 0, height: 5))
        path.addEllipse(in: .null)
        path.addRoundedRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4), radii: .zero)
        path.addRoundedRectBorder(CGRect(x: 0, y: 0, width: 10, height: 10), radii: .zero, width: 0)
        XCTAssertTrue(path.isEmpty)
        // A negative size is standardized.
        path.addRect(CGRect(x: 10, y: 10, width: -4, height: -2))
        XCTAssertEqual(path.bounds, CGRect(x: 6, y: 8, width: 4, height: 2))
    }

    func testCornerRadiiFitTheirRectangle() {
        XCTAssertEqual(CornerRadii(uniform: 100).fitted(width: 80, height: 60), CornerRadii(uniform: 30),
                       "a uniform radius beyond half the short side makes a capsule")
        XCTAssertEqual(CornerRadii(topLeft: 50, topRight: 50, bottomRight: 0, bottomLeft: 0).fitted(width: 80, height: 100),
                       CornerRadii(topLeft: 40, topRight: 40, bottomRight: 0, bottomLeft: 0))
        XCTAssertEqual(CornerRadii(topLeft: 70, topRight: 0, bottomRight: 0, bottomLeft: 0).fitted(width: 80, height: 100),
                       CornerRadii(topLeft: 70, topRight: 0, bottomRight: 0, bottomLeft: 0),
                       "one corner may take most of a side")
        XCTAssertEqual(CornerRadii(topLeft: .nan, topRight: -4, bottomRight: 3, bottomLeft: .infinity)
            .fitted(width: 10, height: 10).topLeft, 0)
        XCTAssertEqual(CornerRadii(topLeft: .nan, topRight: -4, bottomRight: 3, bottomLeft: .infinity)
            .fitted(width: 10, height: 10).bottomLeft, 10, accuracy: 1e-9)
        XCTAssertTrue(CornerRadii.zero.isZero)
    }

    func testMappedAndAppendedPathsKeepTheirContours() {
        var a = FlattenedPath()
        a.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        var b = FlattenedPath()
        b.addRect(CGRect(x: 10, y: 0, width: 2, height: 2))
        a.append(contentsOf: b)
        XCTAssertEqual(a.contourCount, 2)
        XCTAssertEqual(Array(a.contour(1)), Array(b.contour(0)))
        let moved = a.applying(CGAffineTransform(translationX: 1, y: 2))
        XCTAssertEqual(moved.contourCount, 2)
        XCTAssertEqual(moved.bounds, CGRect(x: 1, y: 2, width: 12, height: 4))
        var cleared = moved
        cleared.removeAll()
        XCTAssertTrue(cleared.isEmpty)
        XCTAssertNil(cleared.currentPoint)
    }
}
