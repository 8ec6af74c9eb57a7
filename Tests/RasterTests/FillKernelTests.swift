import KinescopeTestSupport
@testable import Raster
import XCTest

final class FillKernelTests: XCTestCase {
    private let colors: [PremultipliedColor] = [
        .clear, .black, .white, PremultipliedColor(packed: 0x8040_2010), PremultipliedColor(packed: 0x0101_0000),
        PremultipliedColor(packed: 0xFE7F_00FE),
    ]

    func testFastCopyFillMatchesReferenceAndStaysInsideTheRect() throws {
        for color in colors {
            assertFastMatchesReferenceAtAllWidths(seed: 1, "\(color)") { destination, kernels in
                destination.fill(destination.bounds, with: color, operation: .copy, kernels: kernels)
            }
            for width in kernelTestWidths where width > 2 {
                let rect = PixelRect(x: 1, y: 1, width: width - 2, height: 1)
                assertFastMatchesReference(width: width, height: 3, layout: .oddOffsetView, seed: 2, touched: rect,
                                           "\(color)") { destination, kernels in
                    destination.fill(rect, with: color, operation: .copy, kernels: kernels)
                }
            }
        }
    }

    func testFastSourceOverFillMatchesReferenceAndStaysInsideTheRect() throws {
        for color in colors {
            assertFastMatchesReferenceAtAllWidths(seed: 3, "\(color)") { destination, kernels in
                destination.fill(destination.bounds, with: color, operation: .sourceOver, kernels: kernels)
            }
            for width in kernelTestWidths where width > 2 {
                let rect = PixelRect(x: 2, y: 0, width: width - 2, height: 2)
                assertFastMatchesReference(width: width, height: 3, layout: .tight, seed: 4, touched: rect,
                                           "\(color)") { destination, kernels in
                    destination.fill(rect, with: color, operation: .sourceOver, kernels: kernels)
                }
            }
        }
    }

    func testCopyFillWritesExactlyTheColourInTheClippedRect() throws {
        let canvas = Bitmap(size: try PixelSize(width: 4, height: 3), filledWith: .black)
        let color = PremultipliedColor(packed: 0x8040_2010)
        for kernels in KernelPath.allCases {
            let target = canvas.copy()
            target.fill(PixelRect(x: 2, y: -5, width: 10, height: 7), with: color, operation: .copy, kernels: kernels)
            let b: UInt32 = 0xFF00_0000, c = color.packed
            XCTAssertEqual(words(of: target), [[b, b, c, c], [b, b, c, c], [b, b, b, b]], "\(kernels)")
        }
    }

    func testSourceOverFillBlendsTheColourOverEachPixel() throws {
        let canvas = bitmap(rows: [[0xFFFF_0000, 0, 0xFF00_0000]])
        canvas.fill(with: PremultipliedColor(packed: 0x8080_8080), operation: .sourceOver)
        XCTAssertEqual(words(of: canvas), [[0xFFFF_8080, 0x8080_8080, 0xFF80_8080]])
    }

    func testFillOfARectOutsideTheBitmapChangesNothing() throws {
        var random = SeededRandom(seed: 5)
        let canvas = random.bitmap(width: 9, height: 4)
        let before = canvas.copy()
        for rect in [PixelRect(x: 9, y: 0, width: 3, height: 3), PixelRect(x: -4, y: 1, width: 4, height: 2),
                     PixelRect(x: 0, y: 4, width: 9, height: 1), PixelRect(x: 2, y: 2, width: 0, height: 2)] {
            canvas.fill(rect, with: .white)
            canvas.fill(rect, with: .white, operation: .sourceOver)
        }
        assertSamePixels(canvas, before, "fills outside the bounds")
    }

    func testWholeBitmapFillReachesEveryPixelOfAView() throws {
        var random = SeededRandom(seed: 6)
        let parent = random.bitmap(width: 20, height: 6)
        let before = parent.copy()
        let view = try parent.view(of: PixelRect(x: 3, y: 1, width: 11, height: 4))
        view.fill(with: .white)
        for y in 0..<view.height {
            XCTAssertTrue(view.row(y).allSatisfy { $0 == PremultipliedColor.white.packed }, "row \(y)")
        }
        assertUnchanged(parent, comparedWith: before, outside: PixelRect(x: 3, y: 1, width: 11, height: 4))
    }
}
