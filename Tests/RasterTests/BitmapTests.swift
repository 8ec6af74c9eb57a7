import KinescopeTestSupport
import Raster
import XCTest

final class BitmapTests: XCTestCase {
    func testNewBitmapIsTransparentBlackWithATightStride() throws {
        let image = Bitmap(width: 5, height: 3)
        XCTAssertEqual(image.rowStride, 5)
        XCTAssertTrue((0..<3).allSatisfy { image.row($0).allSatisfy { $0 == 0 } })
        let filled = Bitmap(size: try PixelSize(width: 2, height: 2), filledWith: .white)
        XCTAssertEqual(words(of: filled), [[0xFFFF_FFFF, 0xFFFF_FFFF], [0xFFFF_FFFF, 0xFFFF_FFFF]])
    }

    func testLargeBitmapsAreZeroedHugePageAlignedAndIndependent() throws {
        // 1920×1080 (8.3 MB) is above the 4 MB from which pixel memory is mapped from the kernel.
        var bitmaps = [Bitmap(width: 1920, height: 1080), Bitmap(width: 1920, height: 1080)]
        for bitmap in bitmaps {
            XCTAssertEqual(Int(bitPattern: bitmap.baseAddress) % (2 << 20), 0, "a large bitmap starts on a 2 MB boundary")
            XCTAssertTrue(sampledRowsAreZero(bitmap), "transparent black")
        }
        bitmaps[0].row(1079).update(repeating: 0xFFFF_FFFF)
        bitmaps[0].row(0)[0] = 0x8000_0080
        XCTAssertTrue(bitmaps[1].row(1079).allSatisfy { $0 == 0 } && bitmaps[1].row(0)[0] == 0, "two bitmaps, two mappings")
        let copy = bitmaps[0].copy()
        bitmaps.removeAll()
        // The copy outlives its original's unmapping; a new bitmap in its place is zeroed again.
        XCTAssertEqual(copy.row(0)[0], 0x8000_0080)
        XCTAssertTrue(copy.row(1079).allSatisfy { $0 == 0xFFFF_FFFF })
        let again = Bitmap(width: 1920, height: 1080)
        XCTAssertTrue(sampledRowsAreZero(again))
    }

    /// Every 31st row and the last (a debug build is too slow for all 2 million pixels).
    private func sampledRowsAreZero(_ bitmap: Bitmap) -> Bool {
        (Array(stride(from: 0, to: bitmap.height, by: 31)) + [bitmap.height - 1]).allSatisfy { y in
            bitmap.row(y).allSatisfy { $0 == 0 }
        }
    }

    func testViewsShareMemoryWithTheirParent() throws {
        let parent = Bitmap(width: 6, height: 5)
        let view = try parent.view(of: PixelRect(x: 2, y: 1, width: 3, height: 2))
        XCTAssertEqual(view.rowStride, 6)
        view[x: 0, y: 0] = .white
        view[x: 2, y: 1] = .black
        XCTAssertEqual(parent[x: 2, y: 1], .white)
        XCTAssertEqual(parent[x: 4, y: 2], .black)
        parent[x: 3, y: 2] = PremultipliedColor(packed: 0x8000_0080)
        XCTAssertEqual(view[x: 1, y: 1].packed, 0x8000_0080)
        let nested = try view.view(of: PixelRect(x: 1, y: 1, width: 2, height: 1))
        XCTAssertEqual(nested[x: 0, y: 0].packed, 0x8000_0080)
        XCTAssertEqual(nested[x: 1, y: 0], .black)
    }

    func testCopyIsIndependentOfTheOriginal() throws {
        var random = SeededRandom(seed: 60)
        let parent = random.bitmap(width: 9, height: 4)
        let view = try parent.view(of: PixelRect(x: 1, y: 1, width: 5, height: 2))
        let copy = view.copy()
        XCTAssertEqual(copy.rowStride, 5, "copies are tightly packed")
        XCTAssertTrue(copy.hasSamePixels(as: view))
        let saved = view[x: 0, y: 0]
        copy[x: 0, y: 0] = PremultipliedColor(packed: ~saved.packed)
        XCTAssertEqual(view[x: 0, y: 0], saved, "writing the copy leaves the original alone")
        view[x: 1, y: 1] = PremultipliedColor(packed: ~copy[x: 1, y: 1].packed)
        XCTAssertNotEqual(copy[x: 1, y: 1], view[x: 1, y: 1], "writing the original leaves the copy alone")
    }

    func testViewOutsideTheBoundsThrowsNamingTheRect() throws {
        let image = Bitmap(width: 4, height: 3)
        for rect in [PixelRect(x: 1, y: 1, width: 4, height: 1), PixelRect(x: -1, y: 0, width: 2, height: 2),
                     PixelRect(x: 0, y: 2, width: 1, height: 2), PixelRect(x: 9, y: 9, width: 0, height: 0)] {
            XCTAssertThrowsError(try image.view(of: rect), "\(rect)") { error in
                XCTAssertEqual(error as? RasterError, .rectOutOfBounds(rect, image.size))
                XCTAssertTrue("\(error)".contains("\(rect)") && "\(error)".contains("4x3"), "\(error)")
            }
        }
        XCTAssertNoThrow(try image.view(of: image.bounds))
        XCTAssertEqual(try image.view(of: PixelRect(x: 2, y: 1, width: 0, height: 2)).size.area, 0)
        XCTAssertEqual(try image.view(of: PixelRect(x: 4, y: 3, width: 0, height: 0)).size.area, 0,
                       "an empty view may sit on the far corner")
    }

    func testBorrowedMemoryIsReadAndWrittenInPlace() throws {
        var storage = [UInt32](repeating: 7, count: 12)
        storage.withUnsafeMutableBufferPointer { buffer in
            let image = Bitmap(borrowing: buffer.baseAddress!, size: try! PixelSize(width: 3, height: 2), rowStride: 5)
            image.fill(with: .white)
            XCTAssertEqual(image[x: 2, y: 1], .white)
        }
        let white = PremultipliedColor.white.packed
        XCTAssertEqual(storage, [white, white, white, 7, 7, white, white, white, 7, 7, 7, 7])
    }

    func testSamePixelsIgnoresStrideButNotSizeOrContent() throws {
        var random = SeededRandom(seed: 61)
        let parent = random.bitmap(width: 8, height: 3)
        let view = try parent.view(of: PixelRect(x: 2, y: 0, width: 4, height: 3))
        XCTAssertTrue(view.hasSamePixels(as: view.copy()))
        XCTAssertFalse(view.hasSamePixels(as: parent))
        let changed = view.copy()
        changed[x: 3, y: 2] = PremultipliedColor(packed: ~changed[x: 3, y: 2].packed)
        XCTAssertFalse(view.hasSamePixels(as: changed))
    }

    func testInvalidSizesAreRejectedWithTheValidRange() throws {
        XCTAssertThrowsError(try PixelSize(width: -1, height: 3)) {
            XCTAssertEqual($0 as? RasterError, .invalidSize(width: -1, height: 3))
            XCTAssertTrue("\($0)".contains("0...16384"), "\($0)")
        }
        XCTAssertThrowsError(try PixelSize(width: 3, height: PixelSize.maxDimension + 1))
        XCTAssertEqual(try PixelSize(width: 0, height: PixelSize.maxDimension).area, 0)
    }
}
