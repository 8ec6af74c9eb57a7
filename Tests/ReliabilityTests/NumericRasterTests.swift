import Foundation
import Geometry
import KinescopeTestSupport
import Raster
import XCTest

/// Odd numbers through the raster core: sizes outside the allowed range are errors naming the
/// value; image maps with NaN, infinite or singular entries draw nothing; rectangles anywhere
/// (negative, huge, far outside) touch only what lies inside the bitmap; paths with non-finite
/// or enormous points rasterise without trapping; blurs of any radius either work or throw.
final class NumericRasterTests: XCTestCase {
    func testPixelSizesOutsideTheRangeThrowAnErrorNamingThem() throws {
        for (width, height) in [(-1, 10), (10, -1), (16385, 1), (1, 16385), (Int.max, 1), (Int.min, Int.min), (1 << 40, 1 << 40)] {
            XCTAssertThrowsError(try PixelSize(width: width, height: height)) { error in
                XCTAssertEqual(error as? RasterError, .invalidSize(width: width, height: height))
                XCTAssertTrue("\(error)".contains("\(width)x\(height)"), "\(error)")
                XCTAssertTrue("\(error)".contains("0...16384"), "the message says what is valid: \(error)")
            }
        }
        XCTAssertNoThrow(try PixelSize(width: 0, height: 16384))
    }

    func testImageMapsWithNaNInfiniteOrSingularEntriesDrawNothingAndOthersStayInsideTheClip() throws {
        var random = SeededRandom(seed: 404)
        let image = random.bitmap(width: 24, height: 18)
        let background = PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 255)
        let target = Bitmap(size: try PixelSize(width: 40, height: 30), filledWith: background)
        let clip = PixelRect(x: 5, y: 4, width: 30, height: 20)
        var drewNothing = 0
        for index in 0..<1500 {
            var entries = [1.0, 0, 2, 0, 1, 3, 0, 0, 1].map { $0 + Double(random.next(in: -100...100)) / 400 }
            for _ in 0..<random.next(in: 1...3) { entries[random.next(below: 9)] = Double(Nasty.draw(&random)) }
            if index % 5 == 0 { entries = [1, 2, 0, 2, 4, 0, 0, 0, 1] }  // singular
            let map = ProjectiveTransform(entries[0], entries[1], entries[2], entries[3], entries[4], entries[5],
                                          entries[6], entries[7], entries[8])
            let options = ImageDrawOptions(opacity: Nasty.floats[random.next(below: Nasty.floats.count)],
                                           filter: ImageFilter.allCases[random.next(below: 3)],
                                           edgeAntialiasing: random.next(below: 2) == 0)
            target.fill(with: background)
            target.drawImage(image, inverseTransform: map, options: options, clip: clip)
            let unchanged = target.hasSamePixels(as: Bitmap(size: target.size, filledWith: background))
            if !map.isFinite || map.determinant == 0 {
                XCTAssertTrue(unchanged, "a map with NaN, infinite or singular entries draws nothing: \(map)")
            }
            if unchanged { drewNothing += 1 }
            for y in 0..<target.height {
                for x in 0..<target.width where !clip.contains(x: x, y: y) {
                    XCTAssertEqual(target[x: x, y: y], background, "pixel (\(x), \(y)) outside the clip changed under \(map)")
                }
            }
        }
        XCTAssertLessThan(drewNothing, 1400, "some of the maps are ordinary and must draw")
    }

    func testFillCopyAndCompositeAtAnyPlaceTouchOnlyThePixelsInside() throws {
        var random = SeededRandom(seed: 505)
        let source = random.bitmap(width: 9, height: 7)
        let mask = random.coverageMask(width: 9, height: 7)
        let target = Bitmap(width: 20, height: 16)
        let places = [Int.min, Int.min / 2, -1_000_000_000, -9, -8, -1, 0, 5, 19, 20, 1_000_000_000, Int.max / 2, Int.max]
        for x in places {
            for y in places {
                target.fill(with: .clear)
                target.fill(PixelRect(x: x, y: y, width: 30, height: 30), with: .white)
                target.fill(PixelRect(x: x, y: y, width: -5, height: Int.max), with: .white)
                target.copy(from: source, atX: x, y: y)
                target.composite(source, atX: x, y: y, opacityFraction: Nasty.floats[random.next(below: Nasty.floats.count)])
                try target.composite(source, atX: x, y: y, mask: mask, opacity: 200)
                // The 30×30 fill is the widest; where it cannot reach, nothing may change.
                let reaches = x < 20 && x > -30 && y < 16 && y > -30
                if !reaches {
                    XCTAssertTrue(target.hasSamePixels(as: Bitmap(width: 20, height: 16)), "drawing at (\(x), \(y)) changed pixels")
                }
            }
        }
        let other = random.bitmap(width: 9, height: 7), mixed = Bitmap(width: 9, height: 7)
        for fraction in Nasty.floats {
            try mixed.mix(from: source, to: other, fraction: fraction)
            if fraction.isNaN || fraction <= 0 { XCTAssertTrue(mixed.hasSamePixels(as: source), "fraction \(fraction) shows `from`") }
            if fraction >= 1 { XCTAssertTrue(mixed.hasSamePixels(as: other), "fraction \(fraction) shows `to`") }
        }
    }

    func testPathsWithNonFiniteOrEnormousPointsRasteriseWithoutTrapping() throws {
        var random = SeededRandom(seed: 606)
        let rasterizer = CoverageRasterizer()
        let mask = CoverageMask(width: 48, height: 40)
        for index in 0..<800 {
            var path = FlattenedPath(tolerance: Double(Nasty.draw(&random)))
            for _ in 0..<random.next(in: 1...3) {
                path.move(to: Nasty.point(&random))
                for _ in 0..<random.next(in: 1...6) {
                    switch random.next(below: 3) {
                    case 0: path.addLine(to: Nasty.point(&random))
                    case 1: path.addQuadCurve(to: Nasty.point(&random), control: Nasty.point(&random))
                    default: path.addCurve(to: Nasty.point(&random), control1: Nasty.point(&random), control2: Nasty.point(&random))
                    }
                }
                if random.next(below: 2) == 0 { path.close() }
            }
            let rect = Nasty.rect(&random)
            let radius = Double(Nasty.draw(&random))
            switch index % 4 {
            case 0: path.addRect(rect, transform: Nasty.affine(&random))
            case 1: path.addRoundedRect(rect, radii: CornerRadii(uniform: radius))
            case 2: path.addEllipse(in: rect)
            default: path.addRoundedRectBorder(rect, radii: CornerRadii(topLeft: radius, topRight: 1, bottomRight: radius, bottomLeft: 0),
                                               width: Double(Nasty.draw(&random)))
            }
            XCTAssertTrue(path.points.allSatisfy(\.isFinite), "non-finite points are dropped as they are added")
            rasterizer.fill(path, rule: index % 2 == 0 ? .nonZero : .evenOdd, into: mask, origin: index % 7 == 0 ? Nasty.point(&random) : .zero)
        }
        var empty = FlattenedPath()
        empty.move(to: CGPoint(x: CGFloat.nan, y: 1))
        empty.addLine(to: CGPoint(x: CGFloat.infinity, y: 5))
        rasterizer.fill(empty, rule: .nonZero, into: mask)
        XCTAssertTrue(mask.hasSameCoverage(as: CoverageMask(width: 48, height: 40)), "a path of only non-finite points covers nothing")
    }

    /// Any deviation gives a valid blur (NaN and negatives none, huge ones clamped to 2048);
    /// one whose grown output would pass 16384 pixels a side throws before allocating it.
    func testBlurOfAnyStandardDeviationWorksOrThrowsInvalidSize() throws {
        var random = SeededRandom(seed: 707)
        let mask = random.coverageMask(width: 12, height: 9)
        let bitmap = random.bitmap(width: 12, height: 9)
        let wide = CoverageMask(width: 5000, height: 1)
        for value in Nasty.values + [2048, 2049, 5000, 0.4, 3, 20] {
            let blur = BoxBlur(standardDeviation: Double(value))
            XCTAssertTrue((0...BoxBlur.maximumStandardDeviation).contains(blur.standardDeviation), "\(value) → \(blur)")
            XCTAssertTrue(blur.radii.allSatisfy { $0 >= 0 }, "\(blur)")
            if value.isNaN || value <= 0 { XCTAssertTrue(blur.isIdentity, "NaN and non-positive deviations do not blur: \(blur)") }
            if blur.extent <= 64 {
                XCTAssertEqual(try mask.blurred(blur).width, 12 + 2 * blur.extent)
                XCTAssertEqual(try bitmap.blurred(blur).height, 9 + 2 * blur.extent)
            }
            if 5000 + 2 * blur.extent > PixelSize.maxDimension {
                XCTAssertThrowsError(try wide.blurred(blur)) {
                    XCTAssertEqual($0 as? RasterError, .invalidSize(width: 5000 + 2 * blur.extent, height: 1 + 2 * blur.extent))
                }
            }
        }
        XCTAssertEqual(BoxBlur(standardDeviation: 1e300).standardDeviation, BoxBlur.maximumStandardDeviation)
    }
}
