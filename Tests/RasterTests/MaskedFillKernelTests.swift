import KinescopeTestSupport
@testable import Raster
import XCTest

final class MaskedFillKernelTests: XCTestCase {
    func testFastMaskedFillMatchesReferenceForRandomCoverageColoursAndOpacities() throws {
        for width in kernelTestWidths {
            var random = SeededRandom(seed: 70 &+ UInt64(width))
            let mask = random.coverageMaskView(width: width, height: 3)
            let colours = [PremultipliedColor(packed: 0xFF20_8040), PremultipliedColor(packed: 0x8040_2010),
                           PremultipliedColor(packed: random.nextByte() == 0 ? 0x0101_0101 : 0x7F7F_7F7F)]
            for colour in colours {
                for opacity: UInt8 in [0, 1, 128, 254, 255, random.nextByte()] {
                    for layout in DestinationLayout.allCases {
                        assertFastMatchesReference(width: width, height: 3, layout: layout, seed: 71,
                                                       "colour \(colour), opacity \(opacity)") { destination, kernels in
                            destination.fill(colour, through: mask, atX: 0, y: 0, opacity: opacity, kernels: kernels)
                        }
                    }
                }
            }
        }
    }

    func testFastMaskedFillMatchesReferenceOnSparseFullAndEmptyMasks() throws {
        for width in kernelTestWidths {
            let size = try PixelSize(width: width, height: 2)
            let sparse = CoverageMask(size: size)
            for x in stride(from: 3, to: width, by: 11) { sparse[x: x, y: x % 2] = UInt8(truncatingIfNeeded: 40 &* x) }
            for mask in [CoverageMask(size: size, filledWith: 255), CoverageMask(size: size), sparse] {
                for colour in [PremultipliedColor(packed: 0xFF10_2030), PremultipliedColor(packed: 0x6030_2010)] {
                    for opacity: UInt8 in [255, 90] {
                        assertFastMatchesReference(width: width, height: 2, layout: .oddOffsetView, seed: 72) {
                            destination, kernels in
                            destination.fill(colour, through: mask, atX: 0, y: 0, opacity: opacity, kernels: kernels)
                        }
                    }
                }
            }
        }
    }

    func testMaskedFillPlacedPartlyOutsideTheBitmapPaintsOnlyTheOverlap() throws {
        var random = SeededRandom(seed: 73)
        let mask = random.coverageMask(width: 7, height: 4)
        let canvas = random.bitmap(width: 5, height: 5)
        let colour = PremultipliedColor(packed: 0xC060_3020)
        for kernels in KernelPath.allCases {
            let target = canvas.copy()
            target.fill(colour, through: mask, atX: -3, y: 2, opacity: 200, kernels: kernels)
            for py in 0..<canvas.height {
                for px in 0..<canvas.width {
                    var expected = canvas[x: px, y: py].packed
                    let mx = px + 3, my = py - 2
                    if mx < mask.width, my >= 0, my < mask.height {
                        let factor = divideBy255(UInt32(mask[x: mx, y: my]) * 200)
                        expected = ReferenceKernels.sourceOver(ReferenceKernels.scale(colour.packed, by: factor), expected)
                    }
                    XCTAssertEqual(target[x: px, y: py].packed, expected, "\(kernels) pixel (\(px), \(py))")
                }
            }
        }
    }
}
