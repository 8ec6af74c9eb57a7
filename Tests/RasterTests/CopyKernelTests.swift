import KinescopeTestSupport
@testable import Raster
import XCTest

final class CopyKernelTests: XCTestCase {
    func testFastCopyMatchesReferenceForUnalignedSources() throws {
        for width in kernelTestWidths {
            var random = SeededRandom(seed: 20 &+ UInt64(width))
            let source = random.bitmapView(width: width, height: 3)
            for layout in DestinationLayout.allCases {
                assertFastMatchesReference(width: width, height: 3, layout: layout, seed: 21) { destination, kernels in
                    destination.copy(from: source, atX: 0, y: 0, kernels: kernels)
                }
                let shifted = PixelRect(x: 1, y: 1, width: width - 1, height: 2)
                assertFastMatchesReference(width: width, height: 3, layout: layout, seed: 22, touched: shifted) {
                    destination, kernels in
                    destination.copy(from: source, atX: 1, y: 1, kernels: kernels)
                }
            }
        }
    }

    func testCopyClipsToBothBitmapsAtEveryOrigin() throws {
        var random = SeededRandom(seed: 23)
        let source = random.bitmap(width: 5, height: 4)
        let canvas = random.bitmap(width: 7, height: 6)
        for kernels in KernelPath.allCases {
            for y in -5...7 {
                for x in -6...8 {
                    let target = canvas.copy()
                    target.copy(from: source, atX: x, y: y, kernels: kernels)
                    for py in 0..<canvas.height {
                        for px in 0..<canvas.width {
                            let inside = source.bounds.contains(x: px - x, y: py - y)
                            let expected = inside ? source[x: px - x, y: py - y] : canvas[x: px, y: py]
                            guard target[x: px, y: py] == expected else {
                                return XCTFail("\(kernels) copy at (\(x), \(y)): pixel (\(px), \(py)) is "
                                               + "\(target[x: px, y: py]), expected \(expected)")
                            }
                        }
                    }
                }
            }
        }
    }

    func testCopyWithinOneBitmapMovesPixelsAsIfThroughABuffer() throws {
        var random = SeededRandom(seed: 24)
        let original = random.bitmap(width: 21, height: 9)
        let offsets = [(2, 1), (-2, -1), (5, 0), (-5, 0), (0, 3), (0, -3), (1, -2), (-1, 2)]
        for kernels in KernelPath.allCases {
            for (dx, dy) in offsets {
                let moved = original.copy()
                let region = try moved.view(of: PixelRect(x: 6, y: 3, width: 10, height: 4))
                moved.copy(from: region, atX: 6 + dx, y: 3 + dy, kernels: kernels)

                let expected = original.copy()
                let snapshot = try original.view(of: PixelRect(x: 6, y: 3, width: 10, height: 4)).copy()
                expected.copy(from: snapshot, atX: 6 + dx, y: 3 + dy, kernels: .reference)
                assertSamePixels(moved, expected, "\(kernels) move by (\(dx), \(dy))")
            }
        }
    }

    func testPublicCopyPlacesTheSourceAtTheOrigin() throws {
        let canvas = Bitmap(width: 3, height: 2)
        canvas.copy(from: bitmap(rows: [[0xFF00_0001, 0xFF00_0002], [0xFF00_0003, 0xFF00_0004]]), atX: 1, y: 1)
        XCTAssertEqual(words(of: canvas), [[0, 0, 0], [0, 0xFF00_0001, 0xFF00_0002]])
    }

    func testCopyFromExtremeOriginsChangesNothing() throws {
        var random = SeededRandom(seed: 25)
        let canvas = random.bitmap(width: 4, height: 4)
        let before = canvas.copy()
        let source = random.bitmap(width: 3, height: 3)
        for (x, y) in [(Int.max, 0), (Int.min, 0), (0, Int.max), (0, Int.min), (4, 0), (-3, 0), (0, -3)] {
            canvas.copy(from: source, atX: x, y: y)
            canvas.composite(source, atX: x, y: y)
        }
        assertSamePixels(canvas, before, "copies that land outside")
    }
}
