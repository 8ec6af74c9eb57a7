import KinescopeTestSupport
@testable import Raster
import XCTest

final class MaskedCompositeKernelTests: XCTestCase {
    func testFastMaskedSourceOverMatchesReferenceAtEveryOpacity() throws {
        for width in kernelTestWidths {
            var random = SeededRandom(seed: 40 &+ UInt64(width))
            let source = random.bitmapView(width: width, height: 3)
            let mask = random.coverageMaskView(width: width, height: 3)
            for opacity: UInt8 in [0, 1, 100, 128, 254, 255, random.nextByte()] {
                for layout in DestinationLayout.allCases {
                    try assertFastMatchesReference(width: width, height: 3, layout: layout, seed: 41,
                                                   "opacity \(opacity)") { destination, kernels in
                        try destination.composite(source, atX: 0, y: 0, mask: mask, opacity: opacity, kernels: kernels)
                    }
                }
            }
        }
    }

    func testFastMaskedSourceOverMatchesReferenceForFullAndEmptyMasks() throws {
        for width in kernelTestWidths {
            let size = try PixelSize(width: width, height: 2)
            let opaque = Bitmap(size: size, filledWith: PremultipliedColor(packed: 0xFF10_2030))
            var random = SeededRandom(seed: 42 &+ UInt64(width))
            let mixed = random.bitmap(width: width, height: 2)
            for mask in [CoverageMask(size: size, filledWith: 255), CoverageMask(size: size)] {
                for source in [opaque, mixed] {
                    for opacity: UInt8 in [255, 90] {
                        try assertFastMatchesReference(width: width, height: 2, layout: .oddOffsetView, seed: 43) {
                            destination, kernels in
                            try destination.composite(source, atX: 0, y: 0, mask: mask, opacity: opacity, kernels: kernels)
                        }
                    }
                }
            }
        }
    }

    func testMaskFollowsTheSourceWhenTheSourceIsClipped() throws {
        var random = SeededRandom(seed: 44)
        let source = random.bitmap(width: 6, height: 4)
        let mask = random.coverageMask(width: 6, height: 4)
        let canvas = random.bitmap(width: 5, height: 5)
        for kernels in KernelPath.allCases {
            let target = canvas.copy()
            try target.composite(source, atX: -2, y: 3, mask: mask, opacity: 200, kernels: kernels)
            for py in 0..<canvas.height {
                for px in 0..<canvas.width {
                    var expected = canvas[x: px, y: py].packed
                    let sx = px + 2, sy = py - 3
                    if source.bounds.contains(x: sx, y: sy) {
                        let factor = divideBy255(UInt32(mask[x: sx, y: sy]) * 200)
                        expected = ReferenceKernels.sourceOver(
                            ReferenceKernels.scale(source[x: sx, y: sy].packed, by: factor), expected)
                    }
                    XCTAssertEqual(target[x: px, y: py].packed, expected, "\(kernels) pixel (\(px), \(py))")
                }
            }
        }
    }

    func testMaskOfAnotherSizeThanTheSourceIsRejected() throws {
        let canvas = Bitmap(width: 4, height: 4)
        let source = Bitmap(width: 3, height: 3)
        XCTAssertThrowsError(try canvas.composite(source, atX: 0, y: 0, mask: CoverageMask(width: 3, height: 2))) {
            XCTAssertEqual($0 as? RasterError, .sizeMismatch(try! PixelSize(width: 3, height: 2), source.size))
            XCTAssertTrue("\($0)".contains("3x2"), "message names the mask size: \($0)")
        }
    }

    func testHalfCoverageOfWhiteOverBlackIsMidGrey() throws {
        let canvas = bitmap(rows: [[0xFF00_0000, 0xFF00_0000, 0xFF00_0000]])
        let mask = CoverageMask(width: 3, height: 1)
        mask[x: 0, y: 0] = 128
        mask[x: 1, y: 0] = 255
        try canvas.composite(bitmap(rows: [[0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF]]), atX: 0, y: 0, mask: mask)
        XCTAssertEqual(words(of: canvas), [[0xFF80_8080, 0xFFFF_FFFF, 0xFF00_0000]])
        try canvas.composite(bitmap(rows: [[0, 0, 0xFFFF_FFFF]]), atX: 0, y: 0,
                             mask: CoverageMask(size: canvas.size, filledWith: 255), opacityFraction: 0.5)
        XCTAssertEqual(words(of: canvas), [[0xFF80_8080, 0xFFFF_FFFF, 0xFF80_8080]])
    }
}
