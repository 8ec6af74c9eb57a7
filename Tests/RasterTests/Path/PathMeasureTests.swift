import Foundation
import Geometry
import KinescopeTestSupport
@testable import Raster
import XCTest

/// Arc length of flattened paths (exact on lines, within the stated accuracy on curves) and
/// trimming by fractions of the summed length, as `strokeStart` / `strokeEnd` need.
final class PathMeasureTests: XCTestCase {
    private func polyline(_ points: [(Double, Double)], closed: Bool = false, into path: inout FlattenedPath) {
        path.append(contentsOf: PathFixtures.polyline(points, closed: closed))
    }

    /// A circle of 16 cubic arcs of 22.5°, each within 10⁻⁷ r of the true circle (four quarter
    /// arcs would be 2.7·10⁻⁴ r out, and 1.1·10⁻⁴ longer than the circle).
    private func circle(radius r: Double, center c: (Double, Double) = (0, 0), tolerance: Double) -> FlattenedPath {
        var path = FlattenedPath(tolerance: tolerance)
        let pieces = 16
        let step = 2 * Double.pi / Double(pieces)
        let k = 4.0 / 3 * tan(step / 4) * r
        func point(_ a: Double) -> CGPoint { CGPoint(x: c.0 + r * cos(a), y: c.1 + r * sin(a)) }
        path.move(to: point(0))
        for i in 0..<pieces {
            let a = Double(i) * step, b = a + step
            let p0 = point(a), p3 = point(b)
            path.addCurve(to: p3, control1: CGPoint(x: p0.x - k * sin(a), y: p0.y + k * cos(a)),
                          control2: CGPoint(x: p3.x + k * sin(b), y: p3.y - k * cos(b)))
        }
        path.close()
        return path
    }

    func testPolylineLengthsAreExactAndClosedContoursCountTheirClosingSegment() {
        var path = FlattenedPath()
        polyline([(0, 0), (30, 0), (30, 40)], into: &path)
        polyline([(100, 100), (110, 100), (110, 110), (100, 110)], closed: true, into: &path)
        XCTAssertEqual(path.length(ofContour: 0), 70)
        XCTAssertEqual(path.length(ofContour: 1), 40)
        XCTAssertEqual(path.contourLengths, [70, 40])
        XCTAssertEqual(path.length, 110)
        XCTAssertEqual(FlattenedPath().length, 0)
    }

    func testCircleMeasuresTwoPiRWithinTheStatedAccuracy() {
        // Within 0.001 the chords miss about t / (3r) of the length (3·10⁻⁵ at r = 10).
        for r in [10.0, 100.0] {
            let length = circle(radius: r, tolerance: 0.001).length
            XCTAssertEqual(length, 2 * .pi * r, accuracy: 2 * .pi * r * 1e-4, "radius \(r)")
            XCTAssertLessThan(length, 2 * .pi * r * (1 + 1e-6))
        }
        // The coarse 0.1 px of drawing misses more, by the stated bound.
        let coarse = circle(radius: 10, tolerance: 0.1).length
        XCTAssertEqual(coarse, 2 * .pi * 10, accuracy: 2 * .pi * 10 * 0.1 / 30 * 1.5)
    }

    func testTrimmingTakesTheFractionsOfTheSummedLengthAcrossContours() {
        var path = FlattenedPath()
        polyline([(0, 0), (100, 0)], into: &path)
        polyline([(0, 50), (100, 50)], into: &path)
        // 25 % of 200 is 50: the first contour from 50 on; 75 % is 150: the second up to 50.
        let middle = path.trimmed(from: 0.25, to: 0.75)
        XCTAssertEqual(middle.contourCount, 2)
        XCTAssertEqual(Array(middle.contour(0)), [CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0)])
        XCTAssertEqual(Array(middle.contour(1)), [CGPoint(x: 0, y: 50), CGPoint(x: 50, y: 50)])
        XCTAssertEqual(middle.length, 100, accuracy: 1e-12)
        // The whole path, and nothing.
        XCTAssertEqual(path.trimmed(from: 0, to: 1).points, path.points)
        XCTAssertTrue(path.trimmed(from: 0.6, to: 0.4).isEmpty)
        XCTAssertTrue(path.trimmed(from: 0.5, to: 0.5).isEmpty)
        // Out-of-range and NaN fractions are clamped.
        XCTAssertEqual(path.trimmed(from: -3, to: .nan).points, path.points)
        XCTAssertEqual(path.trimmed(from: .nan, to: 0.25).length, 50, accuracy: 1e-12)
    }

    func testTrimmedClosedContourStaysOpenAtTheCutAndWholeOnesStayClosed() {
        var square = FlattenedPath()
        polyline([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true, into: &square)
        var two = square
        polyline([(20, 0), (30, 0), (30, 10), (20, 10)], closed: true, into: &two)
        // The first square whole (kept closed), the second cut after 15 of its 40.
        let trimmed = two.trimmed(fromDistance: 0, toDistance: 55)
        XCTAssertEqual(trimmed.contourIsClosed, [true, false])
        XCTAssertEqual(Array(trimmed.contour(1)), [CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 5)])
        // A cut across the closing segment runs through it, open.
        let seam = square.trimmed(fromDistance: 35, toDistance: 40)
        XCTAssertEqual(seam.contourIsClosed, [false])
        XCTAssertEqual(Array(seam.contour(0)), [CGPoint(x: 0, y: 5), CGPoint(x: 0, y: 0)])
    }

    func testTrimmingKeepsCurveMarksSoStrokesStillJoinCurvesRound() {
        let ring = circle(radius: 40, center: (50, 50), tolerance: 0.1)
        let half = ring.trimmed(from: 0, to: 0.5)
        XCTAssertFalse(half.curveInteriors.isEmpty)
        // A miter-joined stroke of the half circle is the half ring (plus nothing at the joins
        // inside the curve): π(44² − 36²)/2.
        let mask = PathFixtures.rasterize(half.stroked(StrokeStyle(width: 8, join: .miter)), width: 100, height: 100)
        let expected: Double = .pi * (44.0 * 44 - 36 * 36) / 2
        XCTAssertEqual(PathFixtures.coveredArea(mask), expected, accuracy: 10)
    }
}
