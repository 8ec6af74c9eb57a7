import Foundation
import Geometry
import KinescopeTestSupport
@testable import Raster
import XCTest

/// The dasher: Core Graphics' pattern and phase rules (odd counts, negative phases), dashes that
/// keep the corners they span, closed contours joined at their start, zero-length dashes as
/// dots, invalid patterns, and bounded work on absurd patterns.
final class DasherTests: XCTestCase {
    private func polyline(_ points: [(Double, Double)], closed: Bool = false) -> FlattenedPath {
        PathFixtures.polyline(points, closed: closed)
    }

    private func pattern(_ lengths: [Double], phase: Double = 0) throws -> DashPattern {
        try XCTUnwrap(DashPattern(lengths: lengths, phase: phase))
    }

    /// Each dash of a dashed horizontal line as its (start x, end x).
    private func spans(_ path: FlattenedPath) -> [[Double]] {
        (0..<path.contourCount).map { index in
            let c = path.contour(index)
            return [(Double(c.first!.x) * 1e9).rounded() / 1e9, (Double(c.last!.x) * 1e9).rounded() / 1e9]
        }
    }

    private let line = [(0.0, 10.0), (100.0, 10.0)]

    func testPatternAndPhaseCutALineAsCoreGraphicsDoes() throws {
        let straight = polyline(line)
        XCTAssertEqual(spans(straight.dashed(try pattern([10, 5]))),
                       [[0, 10], [15, 25], [30, 40], [45, 55], [60, 70], [75, 85], [90, 100]])
        // Phase 5 starts halfway through the first dash.
        XCTAssertEqual(spans(straight.dashed(try pattern([10, 5], phase: 5))),
                       [[0, 5], [10, 20], [25, 35], [40, 50], [55, 65], [70, 80], [85, 95]])
        // A negative phase wraps modulo the period: −5 is 10, starting in the gap.
        XCTAssertEqual(spans(straight.dashed(try pattern([10, 5], phase: -5))),
                       [[5, 15], [20, 30], [35, 45], [50, 60], [65, 75], [80, 90], [95, 100]])
        for phase in [15.0, -15, 150, -1.5e6] {
            XCTAssertEqual(spans(straight.dashed(try pattern([10, 5], phase: phase))),
                           spans(straight.dashed(try pattern([10, 5]))), "phase \(phase)")
        }
        // A phase exactly at the end of the dash starts in the gap.
        XCTAssertEqual(spans(straight.dashed(try pattern([10, 5], phase: 10))).first, [5, 15])
        // NaN and infinite phases count as 0.
        XCTAssertEqual(spans(straight.dashed(try pattern([10, 5], phase: .nan))).first, [0, 10])
        XCTAssertEqual(spans(straight.dashed(try pattern([10, 5], phase: .infinity))).first, [0, 10])
    }

    func testOddCountsRunThroughTheListTwicePerPeriod() throws {
        // [10, 5, 3]: paint 10, skip 5, paint 3, skip 10, paint 5, skip 3; then again from 36.
        let dashes = polyline(line).dashed(try pattern([10, 5, 3]))
        XCTAssertEqual(spans(dashes), [[0, 10], [15, 18], [28, 33], [36, 46], [51, 54], [64, 69], [72, 82], [87, 90]])
        XCTAssertEqual(try pattern([10, 5, 3]).period, 36)
        // A single length is a symmetric pattern.
        XCTAssertEqual(spans(polyline(line).dashed(try pattern([20]))), [[0, 20], [40, 60], [80, 100]])
    }

    func testADashSpanningACornerIsOnePieceWithTheCorner() throws {
        let elbow = polyline([(0, 0), (20, 0), (20, 20)])
        let dashes = elbow.dashed(try pattern([30, 5]))
        XCTAssertEqual(dashes.contourCount, 2)
        XCTAssertEqual(Array(dashes.contour(0)), [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 10)])
        XCTAssertEqual(Array(dashes.contour(1)), [CGPoint(x: 20, y: 15), CGPoint(x: 20, y: 20)])
        // Stroked with miter joins, the corner is mitered: the dash's area is 30·4 plus the
        // miter's 2×2 square, less the 2×2 the two legs share.
        let outline = dashes.stroked(StrokeStyle(width: 4))
        let area = PathFixtures.coveredArea(PathFixtures.rasterize(outline.applying(CGAffineTransform(translationX: 10, y: 10)),
                                                                   width: 50, height: 50))
        XCTAssertEqual(area, 35 * 4, accuracy: 0.5)
    }

    func testEveryContourRestartsThePatternAtThePhase() throws {
        var two = polyline(line)
        two.append(contentsOf: polyline([(0, 50), (12, 50)]))
        let dashes = two.dashed(try pattern([10, 5], phase: 2))
        XCTAssertEqual(spans(dashes).suffix(1), [[0, 8]])
    }

    func testClosedContourJoinsItsLastDashToItsFirstAtTheStart() throws {
        let square = polyline([(0, 0), (10, 0), (10, 10), (0, 10)], closed: true)
        // Period 15 over a length of 40: paint 0–10, 15–25, 30–40; the last reaches the start.
        let dashes = square.dashed(try pattern([10, 5]))
        XCTAssertEqual(dashes.contourCount, 2)
        XCTAssertEqual(Array(dashes.contour(0)), [CGPoint(x: 10, y: 5), CGPoint(x: 10, y: 10), CGPoint(x: 5, y: 10)])
        XCTAssertEqual(Array(dashes.contour(1)), [CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        XCTAssertEqual(dashes.contourIsClosed, [false, false])
        // Starting in a gap, nothing joins: the last dash ends at the start point.
        let offset = square.dashed(try pattern([10, 5], phase: 12))
        XCTAssertEqual(offset.contour(offset.contourCount - 1).last, CGPoint(x: 0, y: 0))
        XCTAssertNotEqual(offset.contour(0).first, CGPoint(x: 0, y: 0))
        // A dash longer than the contour leaves it whole and closed.
        let whole = square.dashed(try pattern([100, 5]))
        XCTAssertEqual(whole.contourCount, 1)
        XCTAssertEqual(whole.contourIsClosed, [true])
        // A closed contour that returns onto its start point (an ellipse's last curve) seams
        // the same way.
        let returning = polyline([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)], closed: true)
        XCTAssertEqual(returning.dashed(try pattern([10, 5])).points, dashes.points)
    }

    func testZeroLengthDashesAreDotsWithRoundAndSquareCapsAndNothingWithButt() throws {
        let dotted = try pattern([0, 10])
        // Open: a dot at 0, 10, 20, 30 and 40 (the end point).
        let open = polyline([(10, 20), (50, 20)])
        let dots = open.dashed(dotted)
        XCTAssertEqual(dots.contourCount, 5)
        for index in 0..<5 {
            let c = Array(dots.contour(index))
            XCTAssertEqual(c, [CGPoint(x: 10 + 10 * Double(index), y: 20), CGPoint(x: 10 + 10 * Double(index), y: 20)])
        }
        func area(_ path: FlattenedPath, _ cap: LineCap) -> Double {
            let outline = path.dashed(dotted, strokeCap: cap).stroked(StrokeStyle(width: 4, cap: cap), tolerance: 0.01)
            return PathFixtures.coveredArea(PathFixtures.rasterize(outline, width: 80, height: 80))
        }
        XCTAssertEqual(area(open, .round), 5 * .pi * 4, accuracy: 0.5)
        XCTAssertEqual(area(open, .square), 5 * 16, accuracy: 0.5)
        XCTAssertEqual(area(open, .butt), 0)
        // Closed: the dot at the end is the dot at the start, drawn once (4 dots, not 5).
        let square = polyline([(20, 20), (30, 20), (30, 30), (20, 30)], closed: true)
        XCTAssertEqual(area(square, .round), 4 * .pi * 4, accuracy: 0.5)
        // Square dots turn with the path: on a 45° line each is a diamond-set square, as wide
        // as its diagonal.
        let diagonal = polyline([(20, 20), (40, 40)])
        let squares = diagonal.dashed(try pattern([0, 100]), strokeCap: .square).stroked(StrokeStyle(width: 4, cap: .square))
        XCTAssertEqual(squares.bounds.width, 4 * 2.0.squareRoot(), accuracy: 1e-6)
    }

    func testInvalidPatternsDrawSolidAndSayWhy() {
        XCTAssertNil(DashPattern(lengths: [], phase: 0))
        XCTAssertNil(DashPattern(lengths: [0, 0], phase: 3))
        XCTAssertNil(DashPattern(lengths: [5, -1], phase: 0))
        XCTAssertNil(DashPattern(lengths: [5, .nan], phase: 0))
        XCTAssertNil(DashPattern(lengths: [.infinity, 1], phase: 0))
        XCTAssertNil(DashPattern(lengths: [.greatestFiniteMagnitude, .greatestFiniteMagnitude], phase: 0))
        XCTAssertNil(DashPattern.problem(withLengths: []))
        XCTAssertNil(DashPattern.problem(withLengths: [0, 5]))
        XCTAssertEqual(DashPattern.problem(withLengths: [0, 0]), "invalid dash array: at least one element must be non-zero")
        XCTAssertEqual(DashPattern.problem(withLengths: [3, -2]), "invalid dash array: negative lengths are not allowed")
    }

    func testCurvesKeepTheirMarksInsideDashes() throws {
        var arc = FlattenedPath()
        arc.move(to: CGPoint(x: 0, y: 0))
        arc.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 80))
        let dashes = arc.dashed(try pattern([20, 10]))
        XCTAssertGreaterThan(dashes.contourCount, 3)
        XCTAssertFalse(dashes.curveInteriors.isEmpty)
        // Every marked point is inside a dash, never one of its ends.
        for range in dashes.curveInteriors {
            for i in range {
                XCTAssertFalse(dashes.contourStarts.contains(i))
                XCTAssertFalse(dashes.contourStarts.contains(i + 1) || i == dashes.points.count - 1)
            }
        }
        // The painted length is 2/3 of the curve, within one dash.
        XCTAssertEqual(dashes.length, arc.length * 2 / 3, accuracy: 20)
    }

    func testAbsurdPatternsStayBoundedInTimeAndMemory() throws {
        // 10⁻⁹ over 10⁶ px: far more than the dash limit, so the line stays solid, at once.
        let long = polyline([(0, 0), (1_000_000, 0)])
        let start = Date()
        let tiny = long.dashed(try pattern([1e-9, 1e-9]))
        XCTAssertEqual(tiny.points, long.points)
        // 10⁶ segments with an ordinary pattern: one pass, a bounded number of dashes.
        var zigzag = FlattenedPath()
        zigzag.move(to: .zero)
        for i in 1...1_000_000 { zigzag.addLine(to: CGPoint(x: Double(i) * 0.5, y: Double(i % 2))) }
        let dashes = zigzag.dashed(try pattern([10, 5]))
        XCTAssertLessThanOrEqual(dashes.contourCount, FlattenedPath.maximumDashCount)
        XCTAssertGreaterThan(dashes.contourCount, 10_000)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
        // A huge dash on a huge line is one piece.
        XCTAssertEqual(long.dashed(try pattern([1e12, 1])).contourCount, 1)
    }
}
