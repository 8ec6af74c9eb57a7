import Foundation
import Geometry
import KinescopeTestSupport
import XCTest
@testable import Raster

final class BoxBlurTests: XCTestCase {
    typealias F = PathFixtures

    /// A rounded rectangle's coverage, with fractional edges so that the mask has partial values.
    private func shapeMask(width: Int = 60, height: Int = 40) -> CoverageMask {
        var path = FlattenedPath()
        path.addRoundedRect(CGRect(x: 8.5, y: 6.25, width: Double(width) - 17, height: Double(height) - 12.5),
                            radii: CornerRadii(uniform: 7))
        return F.rasterize(path, width: width, height: height)
    }

    private func randomMask(_ random: inout SeededRandom, width: Int, height: Int) -> CoverageMask {
        let mask = CoverageMask(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { mask[x: x, y: y] = random.next(below: 4) == 0 ? random.nextByte() : 0 }
        }
        return mask
    }

    func testBoxWidthsMatchTheGaussianVariance() {
        for sigma in [1.0, 2.5, 4, 8, 13.7, 32, 100] {
            let blur = BoxBlur(standardDeviation: sigma)
            XCTAssertEqual(blur.radii.count, 3)
            let variance = blur.radii.reduce(0.0) { $0 + Double((2 * $1 + 1) * (2 * $1 + 1) - 1) / 12 }
            // Odd widths move in steps of 2, so the variance lands within one step of σ².
            XCTAssertEqual(variance, sigma * sigma, accuracy: Double(2 * blur.radii.max()! + 2) / 3, "σ \(sigma)")
            XCTAssertLessThanOrEqual(blur.radii.max()! - blur.radii.min()!, 1)
            // Three windows of width ≈ √(4σ² + 1) reach 3·(width − 1)/2 pixels.
            XCTAssertEqual(Double(blur.extent), 1.5 * ((4 * sigma * sigma + 1).squareRoot() - 1), accuracy: 1.6,
                           "σ \(sigma)")
        }
    }

    func testOutOfRangeStandardDeviationsAreClamped() {
        XCTAssertTrue(BoxBlur(standardDeviation: 0).isIdentity)
        XCTAssertTrue(BoxBlur(standardDeviation: -3).isIdentity)
        XCTAssertTrue(BoxBlur(standardDeviation: .nan).isIdentity)
        XCTAssertEqual(BoxBlur(standardDeviation: .infinity).standardDeviation, BoxBlur.maximumStandardDeviation)
        XCTAssertEqual(BoxBlur(standardDeviation: 1e9), BoxBlur(standardDeviation: BoxBlur.maximumStandardDeviation))
    }

    func testZeroRadiusIsTheIdentity() throws {
        var random = SeededRandom(seed: 0xB1_0001)
        let mask = randomMask(&random, width: 23, height: 17)
        let blur = BoxBlur(standardDeviation: 0)
        for kernels in KernelPath.allCases {
            let out = CoverageMask(width: 23, height: 17)
            try mask.blur(blur, into: out, kernels: kernels)
            XCTAssertTrue(out.hasSameCoverage(as: mask), "\(kernels)")
        }
        let bitmap = Bitmap(width: 19, height: 7)
        random.fill(bitmap)
        XCTAssertTrue(try bitmap.blurred(blur).hasSamePixels(as: bitmap))
    }

    func testBlurKeepsTheTotalCoverageAndGrowsByTheExtent() throws {
        let mask = shapeMask()
        let total = F.coveredArea(mask)
        for sigma in [0.7, 2, 5, 11] {
            let blur = BoxBlur(standardDeviation: sigma)
            let blurred = try mask.blurred(blur)
            XCTAssertEqual(blurred.width, 60 + 2 * blur.extent)
            XCTAssertEqual(blurred.height, 40 + 2 * blur.extent)
            XCTAssertEqual(F.coveredArea(blurred), total, accuracy: total * 0.002, "σ \(sigma)")
            // Nothing reaches the grown border: the tails end inside it.
            XCTAssertEqual(Set(blurred.row(0)), [0])
            XCTAssertEqual(Set(blurred.row(blurred.height - 1)), [0])
        }
    }

    func testBlurOfASymmetricImageIsSymmetric() throws {
        // Random values in one eighth of an odd-sized square, mirrored about both axes and the
        // diagonal, so the input is exactly symmetric.
        var random = SeededRandom(seed: 0xB1_0004)
        let size = 31, half = size / 2
        let mask = CoverageMask(width: size, height: size)
        for y in 0...half {
            for x in y...half {
                let v = random.next(below: 3) == 0 ? 0 : random.nextByte()
                for (px, py) in [(x, y), (y, x)] {
                    mask[x: px, y: py] = v
                    mask[x: size - 1 - px, y: py] = v
                    mask[x: px, y: size - 1 - py] = v
                    mask[x: size - 1 - px, y: size - 1 - py] = v
                }
            }
        }
        for sigma in [1.5, 4.0] {
            let blurred = try mask.blurred(BoxBlur(standardDeviation: sigma))
            let side = blurred.width
            var worstDiagonal = 0
            for y in 0..<side {
                for x in 0..<side {
                    let v = blurred[x: x, y: y]
                    XCTAssertEqual(v, blurred[x: side - 1 - x, y: y], "mirror in x at (\(x), \(y))")
                    XCTAssertEqual(v, blurred[x: x, y: side - 1 - y], "mirror in y at (\(x), \(y))")
                    worstDiagonal = max(worstDiagonal, abs(Int(v) - Int(blurred[x: y, y: x])))
                }
            }
            // Horizontal passes round before vertical ones, so the diagonal mirror may differ by
            // one step.
            XCTAssertLessThanOrEqual(worstDiagonal, 1, "σ \(sigma)")
        }
    }

    func testBlurredStepFollowsTheGaussianProfile() throws {
        let sigma = 6.0
        // Tall enough that the middle row does not feel the top and bottom edges.
        let mask = CoverageMask(width: 80, height: 80)
        for y in 0..<80 { for x in 0..<40 { mask[x: x, y: y] = 255 } }
        let blur = BoxBlur(standardDeviation: sigma)
        let blurred = try mask.blurred(blur)
        let y = blur.extent + 40
        for x in blur.extent + 20..<blur.extent + 60 {
            // The step is at x = 40 of the original; pixel centres sit at x + 0.5.
            let distance = Double(x - blur.extent) + 0.5 - 40
            let expected = 255 * 0.5 * erfc(distance / (sigma * 2.0.squareRoot()))
            XCTAssertEqual(Double(blurred[x: x, y: y]), expected, accuracy: 255 * 0.02, "x \(x)")
        }
    }

    func testFastMatchesReferenceOnSeededRandomMasks() throws {
        var random = SeededRandom(seed: 0xB1_0002)
        for trial in 0..<24 {
            let width = random.next(in: 0...37), height = random.next(in: 0...29)
            let mask = randomMask(&random, width: width, height: height)
            let blur = BoxBlur(standardDeviation: [0, 0.6, 1, 2.5, 4, 9][trial % 6])
            let fast = try mask.blurred(blur)
            let reference = CoverageMask(size: fast.size)
            try mask.blur(blur, into: reference, kernels: .reference)
            try mask.blur(blur, into: fast, kernels: .fast)
            XCTAssertTrue(fast.hasSameCoverage(as: reference), "trial \(trial), \(width)x\(height), \(blur)")
        }
    }

    func testFastMatchesReferenceOnSeededRandomBitmapsAndStaysPremultiplied() throws {
        var random = SeededRandom(seed: 0xB1_0003)
        let workspace = BlurWorkspace()
        for trial in 0..<12 {
            let bitmap = Bitmap(width: random.next(in: 1...31), height: random.next(in: 1...23))
            random.fill(bitmap)
            let blur = BoxBlur(standardDeviation: [0.8, 2, 3.3, 6][trial % 4])
            let fast = try bitmap.blurred(blur, workspace: workspace)
            let reference = Bitmap(size: fast.size)
            try bitmap.blur(blur, into: reference, kernels: .reference)
            XCTAssertTrue(fast.hasSamePixels(as: reference), "trial \(trial), \(blur)")
            for y in 0..<fast.height {
                for p in fast.row(y) {
                    let c = PremultipliedColor(packed: p)
                    XCTAssertTrue(c.red <= c.alpha && c.green <= c.alpha && c.blue <= c.alpha, "\(c)")
                }
            }
        }
    }

    func testBitmapBlurMovesEachChannelLikeAMaskBlur() throws {
        let mask = shapeMask(width: 30, height: 24)
        let bitmap = Bitmap(width: 30, height: 24)
        for y in 0..<24 {
            for x in 0..<30 {
                let a = mask[x: x, y: y]
                bitmap[x: x, y: y] = PremultipliedColor(red: a / 2, green: 0, blue: a, alpha: a)
            }
        }
        let blur = BoxBlur(standardDeviation: 3)
        let blurredMask = try mask.blurred(blur), blurredBitmap = try bitmap.blurred(blur)
        for y in 0..<blurredMask.height {
            for x in 0..<blurredMask.width {
                XCTAssertEqual(blurredBitmap[x: x, y: y].alpha, blurredMask[x: x, y: y])
                XCTAssertEqual(blurredBitmap[x: x, y: y].blue, blurredMask[x: x, y: y])
                XCTAssertEqual(blurredBitmap[x: x, y: y].green, 0)
            }
        }
    }

    func testReusedWorkspaceGivesTheSameResult() throws {
        let workspace = BlurWorkspace()
        let big = shapeMask(width: 90, height: 70), small = shapeMask(width: 20, height: 30)
        let blur = BoxBlur(standardDeviation: 3)
        _ = try big.blurred(blur, workspace: workspace)
        XCTAssertTrue(try small.blurred(blur, workspace: workspace).hasSameCoverage(as: try small.blurred(blur)))
    }

    func testWrongDestinationSizeAndOversizedResultsAreErrors() throws {
        let mask = shapeMask()
        let blur = BoxBlur(standardDeviation: 2)
        XCTAssertThrowsError(try mask.blur(blur, into: CoverageMask(width: 60, height: 40))) { error in
            guard case RasterError.sizeMismatch = error else { return XCTFail("\(error)") }
            XCTAssertTrue("\(error)".contains("60x40"), "\(error)")
        }
        let wide = CoverageMask(width: PixelSize.maxDimension, height: 1)
        XCTAssertThrowsError(try wide.blurred(blur)) { error in
            guard case RasterError.invalidSize = error else { return XCTFail("\(error)") }
        }
    }
}
