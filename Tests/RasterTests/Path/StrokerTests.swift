import Foundation
import Geometry
import KinescopeTestSupport
@testable import Raster
import XCTest

/// The stroker: outlines whose non-zero fill has the analytic area of the stroke, joins and caps
/// as Core Graphics draws them, no cracks on tight curves, degenerate input handled.
final class StrokerTests: XCTestCase {
    private func line(_ points: [(Double, Double)], closed: Bool = false) -> FlattenedPath {
        PathFixtures.polyline(points, closed: closed)
    }

    private func strokedArea(_ path: FlattenedPath, _ style: StrokeStyle, size: Int = 200) -> Double {
        PathFixtures.coveredArea(PathFixtures.rasterize(path.stroked(style), width: size, height: size))
    }

    /// The signed area of each contour (shoelace, y down).
    private func signedAreas(_ path: FlattenedPath) -> [Double] {
        (0..<path.contourCount).map { index in
            let c = Array(path.contour(index))
            var sum = 0.0
            for i in c.indices {
                let a = c[i], b = c[(i + 1) % c.count]
                sum += Double(a.x * b.y - b.x * a.y)
            }
            return sum / 2
        }
    }

    func testStrokedSquareRingHasTheAreaOfOuterMinusInnerSquare() {
        // Side 100, width 10, miter joins: the ring between squares of 110 and 90.
        let square = line([(50, 50), (150, 50), (150, 150), (50, 150)], closed: true)
        let area = strokedArea(square, StrokeStyle(width: 10))
        let expected = 110.0 * 110 - 90 * 90
        XCTAssertEqual(area, expected, accuracy: expected * 0.005)
        // Rotated by 30° and off the pixel grid: the same area.
        let rotated = square.applying(CGAffineTransform(translationX: -100, y: -100)
            .concatenating(CGAffineTransform(rotationAngle: .pi / 6))
            .concatenating(CGAffineTransform(translationX: 100.3, y: 99.6)))
        XCTAssertEqual(strokedArea(rotated, StrokeStyle(width: 10)), expected, accuracy: expected * 0.005)
        // Bevel joins cut four right triangles of legs 5 (area 12.5 each) off the outer corners.
        XCTAssertEqual(strokedArea(square, StrokeStyle(width: 10, join: .bevel)), expected - 50, accuracy: expected * 0.005)
        // Round joins cut four corners of 5² − π·5²/4.
        XCTAssertEqual(strokedArea(square, StrokeStyle(width: 10, join: .round)),
                       expected - 4 * (25 - .pi * 25 / 4), accuracy: expected * 0.005)
    }

    func testCapsAddTheirAnalyticArea() {
        let segment = line([(40, 100.5), (160, 100.5)])
        let w = 12.0, length = 120.0
        XCTAssertEqual(strokedArea(segment, StrokeStyle(width: w)), w * length, accuracy: w * length * 0.005)
        XCTAssertEqual(strokedArea(segment, StrokeStyle(width: w, cap: .square)), w * (length + w),
                       accuracy: w * length * 0.005)
        let round = w * length + .pi * (w / 2) * (w / 2)
        XCTAssertEqual(strokedArea(segment, StrokeStyle(width: w, cap: .round)), round, accuracy: round * 0.01)
        // Diagonal, fractional: the same.
        let diagonal = line([(30.25, 40.7), (30.25 + 0.6 * length, 40.7 + 0.8 * length)])
        XCTAssertEqual(strokedArea(diagonal, StrokeStyle(width: w, cap: .round)), round, accuracy: round * 0.01)
    }

    func testZeroLengthSegmentsDrawDotsWithRoundAndSquareCapsAndNothingWithButt() {
        let dot = line([(100, 100), (100, 100)])
        let disc = PathFixtures.rasterize(dot.stroked(StrokeStyle(width: 20, cap: .round), tolerance: 0.02),
                                          width: 200, height: 200)
        XCTAssertEqual(PathFixtures.coveredArea(disc), .pi * 100, accuracy: .pi)
        XCTAssertEqual(strokedArea(dot, StrokeStyle(width: 20, cap: .square)), 400, accuracy: 1)
        XCTAssertTrue(dot.stroked(StrokeStyle(width: 20)).isEmpty)
        var lone = FlattenedPath()
        lone.move(to: CGPoint(x: 10, y: 10))
        XCTAssertTrue(lone.stroked(StrokeStyle(width: 20, cap: .round)).isEmpty, "a lone move strokes nothing")
        // Repeated points inside a line change nothing.
        let repeated = line([(40, 100), (80, 100), (80, 100), (80, 100), (160, 100)])
        XCTAssertEqual(strokedArea(repeated, StrokeStyle(width: 10)), 1200, accuracy: 6)
        XCTAssertTrue(line([(10, 10), (20, 20)]).stroked(StrokeStyle(width: 0)).isEmpty, "width 0 is the caller's hairline")
    }

    func testEveryContourWindsTheSameWaySoPiecesNeverCancel() {
        let zigzag = line([(10, 10), (60, 90), (110, 10), (160, 90)])
        let ring = line([(50, 50), (150, 50), (150, 150), (50, 150)], closed: true)
        for join in [LineJoin.miter, .round, .bevel] {
            for cap in [LineCap.butt, .round, .square] {
                var path = zigzag
                path.append(contentsOf: ring)
                path.append(contentsOf: line([(30, 30), (30, 30)]))
                let outline = path.stroked(StrokeStyle(width: 8, cap: cap, join: join))
                let areas = signedAreas(outline)
                // The closed ring's inner contour is the outer's hole: it winds the other way
                // and is smaller. Together: a ring of negative winding.
                XCTAssertLessThan(areas[0], 0, "\(join) \(cap): open outline")
                XCTAssertLessThan(areas[1] + areas[2], 0, "\(join) \(cap): ring")
                if cap != .butt { XCTAssertLessThan(areas[3], 0, "\(join) \(cap): dot") }
            }
        }
    }

    func testTightCurvesHaveNoCracksOrHoles() {
        // A circle of radius 3 stroked 20 wide covers the disc of radius 13, centre included.
        var circle = FlattenedPath(tolerance: 0.05)
        circle.addEllipse(in: CGRect(x: 97, y: 97, width: 6, height: 6))
        let mask = PathFixtures.rasterize(circle.stroked(StrokeStyle(width: 20)), width: 200, height: 200)
        XCTAssertEqual(mask[x: 100, y: 100], 255)
        XCTAssertEqual(PathFixtures.coveredArea(mask), .pi * 169, accuracy: .pi * 169 * 0.01)

        // A hairpin of many short segments: every pixel near the centre line is covered, and the
        // coverage matches a supersampled oracle of the same outline: no overlap of the join
        // pieces is counted twice at an edge, beyond where the curve's tip folds its inner side
        // (an exact-area rasterizer adds the areas of self-overlapping parts of one outline in
        // the pixels they share; a supersampler does not).
        var hairpin = FlattenedPath(tolerance: 0.05)
        hairpin.move(to: CGPoint(x: 10, y: 12))
        hairpin.addCurve(to: CGPoint(x: 10, y: 28), control1: CGPoint(x: 50, y: 8), control2: CGPoint(x: 50, y: 32))
        let outline = hairpin.stroked(StrokeStyle(width: 6, join: .round))
        let tight = PathFixtures.rasterize(outline, width: 50, height: 40)
        let oracle = PathFixtures.supersampledCoverage(outline, rule: .nonZero, width: 50, height: 40, samples: 16)
        var worst = 0.0
        for y in 0..<40 {
            for x in 0..<50 {
                let d = abs(Double(tight[x: x, y: y]) / 255 - oracle[y * 50 + x])
                worst = max(worst, d)
            }
        }
        XCTAssertLessThan(worst, 0.08, "largest difference from the supersampled coverage")
    }

    func testCurvesAreStrokedAsTheirOffsetWhateverTheJoin() {
        // A circle of radius 4 from four cubics, stroked 24 wide: the disc of radius 16. The
        // points inside each flattened cubic are joined round (the offset of the curve), so
        // miter and bevel joins neither overshoot nor cut it; only the four points where the
        // cubics meet take the style's join (there the chords still turn by one flattening
        // step, so a bevel cuts about halfWidth² × step³ / 12 = 1 px² at each). Joined with the
        // style at every flattening point, miters would add and bevels cut about halfWidth ×
        // tolerance / radius × perimeter × 2/3 = 20 px².
        let r = 4.0, k = 0.5522847498 * r
        var circle = FlattenedPath(tolerance: 0.1)
        circle.move(to: CGPoint(x: 100 + r, y: 100))
        circle.addCurve(to: CGPoint(x: 100, y: 100 + r), control1: CGPoint(x: 100 + r, y: 100 + k),
                        control2: CGPoint(x: 100 + k, y: 100 + r))
        circle.addCurve(to: CGPoint(x: 100 - r, y: 100), control1: CGPoint(x: 100 - k, y: 100 + r),
                        control2: CGPoint(x: 100 - r, y: 100 + k))
        circle.addCurve(to: CGPoint(x: 100, y: 100 - r), control1: CGPoint(x: 100 - r, y: 100 - k),
                        control2: CGPoint(x: 100 - k, y: 100 - r))
        circle.addCurve(to: CGPoint(x: 100 + r, y: 100), control1: CGPoint(x: 100 + k, y: 100 - r),
                        control2: CGPoint(x: 100 + r, y: 100 - k))
        circle.close()
        let expected = Double.pi * 16 * 16
        var areas: [Double] = []
        for join in [LineJoin.miter, .round, .bevel] {
            let area = strokedArea(circle, StrokeStyle(width: 24, join: join))
            XCTAssertEqual(area, expected, accuracy: expected * 0.015, "\(join)")
            areas.append(area)
        }
        XCTAssertLessThan(areas.max()! - areas.min()!, 6, "the same disc with every join, but for four points")
        // Mapped point for point (as CGContext maps paths to user space), the curves stay smooth.
        let mapped = circle.applying(CGAffineTransform(translationX: 0.5, y: 0.25))
        XCTAssertEqual(strokedArea(mapped, StrokeStyle(width: 24, join: .bevel)), areas[2], accuracy: 0.5)
    }

    func testMiterLimitBevelsCornersSharperThanItAllows() {
        // Two segments meeting at 20°: the miter is 1/sin(10°) = 5.76 widths long.
        let angle = 20.0 * .pi / 180
        let tip = (100.0, 150.0)
        let corner = line([(tip.0 - 100 * sin(angle / 2), tip.1 - 100 * cos(angle / 2)), tip,
                           (tip.0 + 100 * sin(angle / 2), tip.1 - 100 * cos(angle / 2))])
        let mitered = corner.stroked(StrokeStyle(width: 4, miterLimit: 6)).bounds
        let beveled = corner.stroked(StrokeStyle(width: 4, miterLimit: 5.7)).bounds
        XCTAssertEqual(Double(mitered.maxY), tip.1 + 2 / sin(angle / 2), accuracy: 1e-6, "the miter tip")
        XCTAssertLessThan(Double(beveled.maxY), tip.1 + 2.01, "beveled within the line width")
    }

    func testNonFinitePointsAreDroppedAndHugeWidthsStayFinite() {
        let path = line([(10, 10), (.nan, 5), (100, 10), (.infinity, 3), (100, 100)])
        let outline = path.stroked(StrokeStyle(width: 4))
        XCTAssertFalse(outline.isEmpty)
        XCTAssertTrue(outline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        let huge = line([(10, 10), (100, 10), (100, 100)]).stroked(StrokeStyle(width: 1e300, cap: .round, join: .round))
        XCTAssertTrue(huge.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        XCTAssertTrue(line([(10, 10), (100, 10)]).stroked(StrokeStyle(width: .nan)).isEmpty)
    }

    func testAMillionSegmentsStrokeInBoundedTime() {
        var path = FlattenedPath()
        path.move(to: .zero)
        for i in 1...1_000_000 { path.addLine(to: CGPoint(x: Double(i) * 0.01, y: i & 1 == 0 ? 0 : 0.5)) }
        let start = Date()
        let outline = path.stroked(StrokeStyle(width: 2, cap: .round, join: .round))
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThan(outline.points.count, 2_000_000)
        XCTAssertLessThan(elapsed, 60, "debug build; linear in the number of points")
        print("stroked 10⁶ segments in \(elapsed) s, \(outline.points.count) points")
    }
}
