import Foundation
import Geometry
import KinescopeTestSupport
import XCTest
@testable import Raster

final class CoverageRasterizerTests: XCTestCase {
    typealias F = PathFixtures

    func testRectWithFractionalEdgesHasExactAreaCoverage() throws {
        let (x0, y0, x1, y1) = (1.5, 1.5, 6.25, 5.75)
        var path = FlattenedPath()
        path.addRect(CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        let mask = F.rasterize(path, width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let overlapX = max(0, min(Double(x + 1), x1) - max(Double(x), x0))
                let overlapY = max(0, min(Double(y + 1), y1) - max(Double(y), y0))
                let expected = UInt8((overlapX * overlapY * 255).rounded())
                XCTAssertEqual(mask[x: x, y: y], expected, "pixel (\(x), \(y))")
            }
        }
        XCTAssertEqual(mask[x: 1, y: 1], 64, "a quarter-covered pixel is 0.25 · 255, rounded")
        XCTAssertEqual(mask[x: 6, y: 3], 64, "a pixel covered a quarter of its width")
        XCTAssertEqual(mask[x: 3, y: 3], 255)
    }

    func testCircleCoverageSumsToItsArea() throws {
        for radius in [40.0, 10.0, 3.5] {
            var path = FlattenedPath()
            path.addEllipse(in: CGRect(x: 50.3 - radius, y: 49.6 - radius, width: 2 * radius, height: 2 * radius))
            let area = F.coveredArea(F.rasterize(path, width: 100, height: 100))
            let exact = Double.pi * radius * radius
            XCTAssertEqual(area, exact, accuracy: exact * 0.005, "radius \(radius)")
        }
    }

    func testStarCentreIsFilledUnderNonZeroAndEmptyUnderEvenOdd() throws {
        // A pentagram drawn in one stroke: its central pentagon has winding number 2.
        let points = (0..<5).map { i -> (Double, Double) in
            let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
            return (50 + 45 * cos(angle), 50 + 45 * sin(angle))
        }
        let star = F.polygon(points)
        let nonZero = F.rasterize(star, rule: .nonZero, width: 100, height: 100)
        let evenOdd = F.rasterize(star, rule: .evenOdd, width: 100, height: 100)
        XCTAssertEqual(nonZero[x: 50, y: 50], 255)
        XCTAssertEqual(evenOdd[x: 50, y: 50], 0)
        // A point of the star (winding 1) is filled under both rules.
        XCTAssertEqual(nonZero[x: 50, y: 15], 255)
        XCTAssertEqual(evenOdd[x: 50, y: 15], 255)
        XCTAssertGreaterThan(F.coveredArea(nonZero), F.coveredArea(evenOdd) + 500)
    }

    func testRotatedSquareHasFullInteriorAndPartialEdges() throws {
        var path = FlattenedPath()
        let t = CGAffineTransform(translationX: 50, y: 50).rotated(by: .pi / 6)
        path.addRect(CGRect(x: -20, y: -20, width: 40, height: 40), transform: t)
        let mask = F.rasterize(path, width: 100, height: 100)
        var partial = 0
        for y in 0..<100 {
            for x in 0..<100 {
                // Distance of the pixel centre from the square's centre, in the square's frame.
                let dx = Double(x) + 0.5 - 50, dy = Double(y) + 0.5 - 50
                let u = dx * cos(.pi / 6) + dy * sin(.pi / 6), v = -dx * sin(.pi / 6) + dy * cos(.pi / 6)
                let inset = 20 - max(abs(u), abs(v))
                let value = mask[x: x, y: y]
                if inset > 0.75 { XCTAssertEqual(value, 255, "inside at (\(x), \(y))") }
                if inset < -0.75 { XCTAssertEqual(value, 0, "outside at (\(x), \(y))") }
                if value > 0 && value < 255 { partial += 1 }
            }
        }
        XCTAssertGreaterThan(partial, 140, "the 160-pixel outline is anti-aliased")
        XCTAssertEqual(F.coveredArea(mask), 1600, accuracy: 1600 * 0.001)
    }

    func testRoundedRectCutsItsCornersAndKeepsItsSides() throws {
        var path = FlattenedPath()
        path.addRoundedRect(CGRect(x: 10, y: 10, width: 80, height: 60), radii: CornerRadii(uniform: 20))
        let mask = F.rasterize(path, width: 100, height: 100)
        XCTAssertEqual(mask[x: 10, y: 10], 0, "the corner pixel lies outside the arc")
        XCTAssertEqual(mask[x: 89, y: 69], 0)
        XCTAssertEqual(mask[x: 10, y: 40], 255, "the straight side is pixel-aligned")
        XCTAssertEqual(mask[x: 9, y: 40], 0)
        XCTAssertEqual(mask[x: 16, y: 16], 255, "inside the arc")
        let exact = 80.0 * 60 - (4 - Double.pi) * 400
        XCTAssertEqual(F.coveredArea(mask), exact, accuracy: exact * 0.001)

        var one = FlattenedPath()
        one.addRoundedRect(CGRect(x: 10, y: 10, width: 80, height: 60),
                           radii: CornerRadii(topLeft: 20, topRight: 0, bottomRight: 0, bottomLeft: 0))
        let oneMask = F.rasterize(one, width: 100, height: 100)
        XCTAssertEqual(oneMask[x: 10, y: 10], 0)
        XCTAssertEqual(oneMask[x: 89, y: 10], 255, "a square corner stays square")
        XCTAssertEqual(oneMask[x: 89, y: 69], 255)
        XCTAssertEqual(oneMask[x: 10, y: 69], 255)
    }

    func testBorderRingFillsTheSameUnderBothRules() throws {
        var path = FlattenedPath()
        path.addRoundedRectBorder(CGRect(x: 10, y: 10, width: 80, height: 60), radii: CornerRadii(uniform: 12), width: 4)
        let nonZero = F.rasterize(path, rule: .nonZero, width: 100, height: 100)
        let evenOdd = F.rasterize(path, rule: .evenOdd, width: 100, height: 100)
        XCTAssertTrue(nonZero.hasSameCoverage(as: evenOdd))
        XCTAssertEqual(nonZero[x: 50, y: 40], 0, "the inside of the border is empty")
        XCTAssertEqual(nonZero[x: 11, y: 40], 255)
        XCTAssertEqual(nonZero[x: 14, y: 40], 0)
        let outer = 80.0 * 60 - (4 - Double.pi) * 144, inner = 72.0 * 52 - (4 - Double.pi) * 64
        XCTAssertEqual(F.coveredArea(nonZero), outer - inner, accuracy: (outer - inner) * 0.002)
    }

    func testShapesPartlyOffTheMaskAreClipped() throws {
        var circle = FlattenedPath()
        circle.addEllipse(in: CGRect(x: -30, y: 20, width: 60, height: 60))
        XCTAssertEqual(F.coveredArea(F.rasterize(circle, width: 100, height: 100)), Double.pi * 450,
                       accuracy: Double.pi * 450 * 0.005, "the right half of a circle centred on the left edge")

        let band = F.polygon([(-1e9, 10.5), (50, 10.5), (50, 20), (-1e9, 20)])
        let mask = F.rasterize(band, width: 100, height: 30)
        for y in 0..<30 {
            for x in 0..<100 {
                let expected: UInt8 = x >= 50 || y < 10 || y >= 20 ? 0 : (y == 10 ? 128 : 255)
                XCTAssertEqual(mask[x: x, y: y], expected, "pixel (\(x), \(y))")
            }
        }
        let outside = F.polygon([(120, 10), (200, 10), (150, 90)])
        XCTAssertEqual(F.coveredArea(F.rasterize(outside, width: 100, height: 100)), 0)
        let above = F.polygon([(-50, -90), (200, -90), (50, -10)])
        XCTAssertEqual(F.coveredArea(F.rasterize(above, width: 100, height: 100)), 0)
    }

    func testHugeCoordinatesClipToTheHalfPlaneTheyBound() throws {
        let big = 1e300
        let halfPlane = F.polygon([(-big, 50), (big, 50), (big, big), (-big, big)])
        let mask = F.rasterize(halfPlane, width: 64, height: 100)
        for y in [0, 49, 50, 99] {
            XCTAssertEqual(Set(mask.row(y)), [y >= 50 ? 255 : 0], "row \(y)")
        }
        let sliver = F.polygon([(-big, 10), (big, 10.25), (big, 30), (-big, 30)])
        XCTAssertEqual(F.coveredArea(F.rasterize(sliver, width: 64, height: 40)), 64 * 19.875, accuracy: 0.5)
    }

    func testNonFinitePointsAreSkipped() throws {
        let triangle = F.polygon([(10, 10), (90, 20), (40, 80)])
        let expected = F.rasterize(triangle, width: 100, height: 100)
        for bad in [Double.nan, .infinity, -.infinity] {
            let path = F.polygon([(10, 10), (bad, 5), (90, 20), (40, bad), (40, 80)])
            XCTAssertTrue(F.rasterize(path, width: 100, height: 100).hasSameCoverage(as: expected), "\(bad)")
        }
        // Points that a mapping sends to NaN are dropped as well.
        var mapped = triangle.mapped { $0 }
        mapped = mapped.mapped { $0.x == 90 ? CGPoint(x: CGFloat.nan, y: 0) : $0 }
        let twoPoints = F.polygon([(10, 10), (40, 80)])
        XCTAssertTrue(F.rasterize(mapped, width: 100, height: 100)
            .hasSameCoverage(as: F.rasterize(twoPoints, width: 100, height: 100)))
        XCTAssertEqual(F.coveredArea(F.rasterize(twoPoints, width: 100, height: 100)), 0)
    }

    func testDegenerateInputCoversNothing() throws {
        let collinear = F.polygon([(10, 10), (50, 50), (90, 90), (30, 30)])
        XCTAssertEqual(F.coveredArea(F.rasterize(collinear, width: 100, height: 100)), 0)
        XCTAssertEqual(F.coveredArea(F.rasterize(F.polygon([(5, 5)]), width: 10, height: 10)), 0)
        XCTAssertEqual(F.coveredArea(F.rasterize(FlattenedPath(), width: 10, height: 10)), 0)
        // A filled mask is overwritten, not added to.
        let mask = CoverageMask(size: PixelSize(uncheckedWidth: 10, height: 10), filledWith: 200)
        CoverageRasterizer().fill(FlattenedPath(), rule: .nonZero, into: mask)
        XCTAssertEqual(Set(F.values(mask)), [0])
        // An empty mask is accepted.
        CoverageRasterizer().fill(collinear, rule: .nonZero, into: CoverageMask(width: 0, height: 5))
    }

    func testOverlappingContoursCountOnceUnderNonZeroAndCancelUnderEvenOdd() throws {
        var path = FlattenedPath()
        path.addRect(CGRect(x: 10, y: 10, width: 40, height: 40))
        path.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
        let nonZero = F.rasterize(path, rule: .nonZero, width: 80, height: 80)
        let evenOdd = F.rasterize(path, rule: .evenOdd, width: 80, height: 80)
        XCTAssertEqual(nonZero[x: 40, y: 40], 255)
        XCTAssertEqual(evenOdd[x: 40, y: 40], 0)
        XCTAssertEqual(F.coveredArea(nonZero), 2 * 1600 - 400, accuracy: 0.01)
        XCTAssertEqual(F.coveredArea(evenOdd), 2 * 1600 - 800, accuracy: 0.01)
    }

    func testOriginShiftsThePathIntoTheMask() throws {
        var path = FlattenedPath()
        path.addEllipse(in: CGRect(x: 1000.25, y: 2000.5, width: 30, height: 20))
        let shifted = CoverageMask(width: 40, height: 30)
        CoverageRasterizer().fill(path, rule: .nonZero, into: shifted, origin: CGPoint(x: 995, y: 1995))
        var local = FlattenedPath()
        local.addEllipse(in: CGRect(x: 5.25, y: 5.5, width: 30, height: 20))
        XCTAssertTrue(shifted.hasSameCoverage(as: F.rasterize(local, width: 40, height: 30)))
    }

    func testReusedRasterizerMatchesAFreshOne() throws {
        let rasterizer = CoverageRasterizer()
        var big = FlattenedPath()
        big.addEllipse(in: CGRect(x: -20, y: 10, width: 300, height: 90))
        _ = F.rasterize(big, width: 200, height: 120, rasterizer: rasterizer)
        var small = FlattenedPath()
        small.addRoundedRect(CGRect(x: 3.3, y: 4.1, width: 30, height: 20), radii: CornerRadii(uniform: 6))
        let reused = F.rasterize(small, width: 40, height: 30, rasterizer: rasterizer)
        XCTAssertTrue(reused.hasSameCoverage(as: F.rasterize(small, width: 40, height: 30)))
        let again = F.rasterize(big, width: 200, height: 120, rasterizer: rasterizer)
        XCTAssertTrue(again.hasSameCoverage(as: F.rasterize(big, width: 200, height: 120)))
    }

    func testMaskViewWithStrideIsFilledInPlace() throws {
        let whole = CoverageMask(size: PixelSize(uncheckedWidth: 30, height: 20), filledWith: 7)
        let view = try whole.view(of: PixelRect(x: 5, y: 4, width: 10, height: 10))
        CoverageRasterizer().fill(F.polygon([(0, 0), (10, 0), (10, 10), (0, 10)]), rule: .nonZero, into: view)
        XCTAssertEqual(whole[x: 5, y: 4], 255)
        XCTAssertEqual(whole[x: 14, y: 13], 255)
        XCTAssertEqual(whole[x: 4, y: 4], 7, "values outside the view are untouched")
        XCTAssertEqual(whole[x: 15, y: 13], 7)
    }

    func testFastPathMatchesReferenceOnSeededRandomPolygons() throws {
        var random = SeededRandom(seed: 0x5EED_0001)
        let rasterizer = CoverageRasterizer()
        for trial in 0..<60 {
            let width = random.next(in: 1...90), height = random.next(in: 1...70)
            var path = FlattenedPath()
            for _ in 0..<random.next(in: 1...3) {
                let count = random.next(in: 2...(trial % 3 == 0 ? 120 : 12))
                for i in 0..<count {
                    let spread = trial % 4 == 0 ? 1e6 : 40
                    let p = CGPoint(x: random.pathCoordinate(in: -spread...(Double(width) + spread)),
                                    y: random.pathCoordinate(in: -spread...(Double(height) + spread)))
                    if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
                }
                if trial % 5 == 0 {
                    path.addCurve(to: CGPoint(x: 3, y: 4), control1: CGPoint(x: 80, y: -5), control2: CGPoint(x: -9, y: 60))
                }
                path.close()
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                let fast = F.rasterize(path, rule: rule, width: width, height: height, kernels: .fast, rasterizer: rasterizer)
                let reference = F.rasterize(path, rule: rule, width: width, height: height, kernels: .reference)
                XCTAssertTrue(fast.hasSameCoverage(as: reference), "trial \(trial), \(rule)")
            }
        }
    }

    func testFastPathMatchesReferenceOnWideRowsCrossedManyTimes() throws {
        // A dashed zig-zag stroke 190 px wide: rows of several bit-set words, crossed by dozens of
        // edges, then a smaller mask from the same rasterizer (its bits must have been cleared).
        var zigzag = FlattenedPath()
        zigzag.move(to: CGPoint(x: 2, y: 10))
        for i in 1...60 { zigzag.addLine(to: CGPoint(x: 2 + Double(i) * 3.1, y: i % 2 == 0 ? 10 : 90)) }
        let outline = zigzag.dashed(DashPattern(lengths: [7, 3], phase: 1)!).stroked(StrokeStyle(width: 2.5, cap: .round))
        let rasterizer = CoverageRasterizer()
        for (width, height) in [(190, 100), (70, 40), (190, 100)] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let fast = F.rasterize(outline, rule: rule, width: width, height: height, kernels: .fast, rasterizer: rasterizer)
                let reference = F.rasterize(outline, rule: rule, width: width, height: height, kernels: .reference)
                XCTAssertTrue(fast.hasSameCoverage(as: reference), "\(width)×\(height), \(rule)")
            }
        }
    }

    func testCoverageAgreesWithSupersampledOracle() throws {
        var random = SeededRandom(seed: 0x5EED_0002)
        for trial in 0..<6 {
            // A star-shaped polygon around the centre: simple, so both rules agree and the exact
            // area is what 16×16 supersampling approaches.
            let count = random.next(in: 3...14)
            var angles = (0..<count).map { _ in random.pathCoordinate(in: 0...(2 * Double.pi)) }
            angles.sort()
            let points = angles.map { a -> (Double, Double) in
                let r = random.pathCoordinate(in: 4...18)
                return (16 + r * cos(a), 16 + r * sin(a))
            }
            let path = F.polygon(points)
            for rule in [FillRule.nonZero, .evenOdd] {
                let mask = F.rasterize(path, rule: rule, width: 32, height: 32)
                let oracle = PathFixtures.supersampledCoverage(path, rule: rule, width: 32, height: 32)
                var worst = 0.0
                for (value, expected) in zip(F.values(mask), oracle) {
                    worst = max(worst, abs(Double(value) / 255 - expected))
                }
                // 16×16 samples misplace an edge by up to 1/32 of a pixel across its length:
                // two edges in one pixel stay within 0.1.
                XCTAssertLessThan(worst, 0.1, "trial \(trial), \(rule)")
            }
        }
    }

    func testCoverageByteFoldsEvenOddAndClampsNonZero() {
        XCTAssertEqual(coverageByte(0.5, evenOdd: false), 128)
        XCTAssertEqual(coverageByte(-0.25, evenOdd: false), 64)
        XCTAssertEqual(coverageByte(2, evenOdd: false), 255)
        XCTAssertEqual(coverageByte(-1.5, evenOdd: false), 255)
        XCTAssertEqual(coverageByte(2, evenOdd: true), 0)
        XCTAssertEqual(coverageByte(1.75, evenOdd: true), 64)
        XCTAssertEqual(coverageByte(-3, evenOdd: true), 255)
    }
}
