import KinescopeTestSupport
import Raster
import XCTest

final class CoverageMaskTests: XCTestCase {
    func testNewMaskHasZeroCoverageAndFilledMaskTheGivenValue() throws {
        let empty = CoverageMask(width: 4, height: 2)
        XCTAssertEqual(empty.rowStride, 4)
        XCTAssertTrue((0..<2).allSatisfy { empty.row($0).allSatisfy { $0 == 0 } })
        let full = CoverageMask(size: try PixelSize(width: 3, height: 3), filledWith: 255)
        XCTAssertTrue((0..<3).allSatisfy { full.row($0).allSatisfy { $0 == 255 } })
    }

    func testViewsShareValuesAndCopiesDoNot() throws {
        let mask = CoverageMask(width: 7, height: 4)
        let view = try mask.view(of: PixelRect(x: 3, y: 1, width: 2, height: 3))
        view[x: 1, y: 2] = 200
        XCTAssertEqual(mask[x: 4, y: 3], 200)
        let copy = view.copy()
        XCTAssertEqual(copy.rowStride, 2)
        XCTAssertTrue(copy.hasSameCoverage(as: view))
        copy[x: 1, y: 2] = 9
        XCTAssertEqual(mask[x: 4, y: 3], 200)
        XCTAssertFalse(copy.hasSameCoverage(as: view))
    }

    func testViewOutsideTheBoundsThrows() throws {
        let mask = CoverageMask(width: 3, height: 3)
        let rect = PixelRect(x: 2, y: 2, width: 2, height: 1)
        XCTAssertThrowsError(try mask.view(of: rect)) {
            XCTAssertEqual($0 as? RasterError, .rectOutOfBounds(rect, mask.size))
        }
    }

    func testBorrowedMemoryIsWrittenInPlace() throws {
        var storage = [UInt8](repeating: 1, count: 8)
        storage.withUnsafeMutableBufferPointer { buffer in
            let mask = CoverageMask(borrowing: buffer.baseAddress!, size: try! PixelSize(width: 2, height: 2), rowStride: 4)
            mask[x: 1, y: 1] = 77
        }
        XCTAssertEqual(storage, [1, 1, 1, 1, 1, 77, 1, 1])
    }
}
