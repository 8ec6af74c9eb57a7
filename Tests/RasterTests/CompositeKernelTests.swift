import KinescopeTestSupport
@testable import Raster
import XCTest

final class CompositeKernelTests: XCTestCase {
    private let opacities: [UInt8] = [0, 1, 64, 128, 254, 255]

    func testFastSourceOverMatchesReferenceAtEveryOpacity() throws {
        for width in kernelTestWidths {
            var random = SeededRandom(seed: 30 &+ UInt64(width))
            let source = random.bitmapView(width: width, height: 3)
            for opacity in opacities + [random.nextByte()] {
                for layout in DestinationLayout.allCases {
                    assertFastMatchesReference(width: width, height: 3, layout: layout, seed: 31,
                                               "opacity \(opacity)") { destination, kernels in
                        destination.composite(source, atX: 0, y: 0, opacity: opacity, kernels: kernels)
                    }
                }
            }
        }
    }

    func testFastSourceOverMatchesReferenceForOpaqueAndClearSources() throws {
        for width in kernelTestWidths {
            let opaque = Bitmap(size: try PixelSize(width: width, height: 2), filledWith: PremultipliedColor(packed: 0xFF80_4020))
            let clear = Bitmap(width: width, height: 2)
            for source in [opaque, clear] {
                for opacity: UInt8 in [255, 100] {
                    assertFastMatchesReference(width: width, height: 2, layout: .oddOffsetView, seed: 32,
                                               "opacity \(opacity)") { destination, kernels in
                        destination.composite(source, atX: 0, y: 0, opacity: opacity, kernels: kernels)
                    }
                }
            }
        }
    }

    func testSourceOverOfAPartlyOutsideSourceTouchesOnlyTheOverlap() throws {
        for width in kernelTestWidths {
            var random = SeededRandom(seed: 33 &+ UInt64(width))
            let source = random.bitmapView(width: width, height: 4)
            // Placed one pixel right of and two rows above the destination's origin.
            let overlap = PixelRect(x: 1, y: 0, width: width - 1, height: 2)
            assertFastMatchesReference(width: width, height: 3, layout: .oddOffsetView, seed: 34, touched: overlap) {
                destination, kernels in
                destination.composite(source, atX: 1, y: -2, opacity: 200, kernels: kernels)
            }
        }
    }

    func testSourceOverAgreesWithThePixelFormulaAtEveryPlacement() throws {
        var random = SeededRandom(seed: 35)
        let source = random.bitmap(width: 5, height: 3)
        let canvas = random.bitmap(width: 6, height: 5)
        for kernels in KernelPath.allCases {
            for y in -3...5 {
                for x in -5...6 {
                    let target = canvas.copy()
                    target.composite(source, atX: x, y: y, opacity: 77, kernels: kernels)
                    for py in 0..<canvas.height {
                        for px in 0..<canvas.width {
                            var expected = canvas[x: px, y: py].packed
                            if source.bounds.contains(x: px - x, y: py - y) {
                                let scaled = ReferenceKernels.scale(source[x: px - x, y: py - y].packed, by: 77)
                                expected = ReferenceKernels.sourceOver(scaled, expected)
                            }
                            guard target[x: px, y: py].packed == expected else {
                                return XCTFail("\(kernels) at (\(x), \(y)): pixel (\(px), \(py))")
                            }
                        }
                    }
                }
            }
        }
    }

    func testCompositingABitmapOverItselfUsesEachPixelOnce() throws {
        var random = SeededRandom(seed: 36)
        for kernels in KernelPath.allCases {
            let image = random.bitmap(width: 37, height: 3)
            let expected = image.copy()
            expected.composite(image.copy(), atX: 0, y: 0, opacity: 255, kernels: .reference)
            image.composite(image, atX: 0, y: 0, opacity: 255, kernels: kernels)
            assertSamePixels(image, expected, "\(kernels) self-composite")
        }
    }

    func testFractionalOpacityFollowsCALayerOpacityClamping() throws {
        XCTAssertEqual(byteValue(ofFraction: 0), 0)
        XCTAssertEqual(byteValue(ofFraction: 1), 255)
        XCTAssertEqual(byteValue(ofFraction: 0.5), 128)
        XCTAssertEqual(byteValue(ofFraction: 0.25), 64)
        XCTAssertEqual(byteValue(ofFraction: -3), 0)
        XCTAssertEqual(byteValue(ofFraction: 7.5), 255)
        XCTAssertEqual(byteValue(ofFraction: .nan), 0)
        XCTAssertEqual(byteValue(ofFraction: .infinity), 255)

        let canvas = bitmap(rows: [[0xFF00_0000]])
        canvas.composite(bitmap(rows: [[0xFFFF_FFFF]]), atX: 0, y: 0, opacityFraction: 0.5)
        XCTAssertEqual(words(of: canvas), [[0xFF80_8080]])
    }

    func testPublicCompositeWithDefaultOpacityDrawsTheSourceAsIs() throws {
        let canvas = bitmap(rows: [[0xFF00_0000, 0xFF00_00FF]])
        canvas.composite(bitmap(rows: [[0x8080_8080, 0]]), atX: 0, y: 0)
        XCTAssertEqual(words(of: canvas), [[0xFF80_8080, 0xFF00_00FF]])
    }
}
