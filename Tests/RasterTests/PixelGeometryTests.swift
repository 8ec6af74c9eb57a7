import Raster
import XCTest

final class PixelGeometryTests: XCTestCase {
    func testIntersectionIsTheCommonPart() throws {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 6)
        XCTAssertEqual(a.intersection(PixelRect(x: 4, y: -2, width: 10, height: 5)), PixelRect(x: 4, y: 0, width: 6, height: 3))
        XCTAssertEqual(a.intersection(PixelRect(x: 2, y: 2, width: 3, height: 3)), PixelRect(x: 2, y: 2, width: 3, height: 3))
    }

    func testIntersectionOfDisjointOrTouchingRectsIsEmpty() throws {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 6)
        XCTAssertTrue(a.intersection(PixelRect(x: 10, y: 0, width: 5, height: 5)).isEmpty, "touching edges")
        XCTAssertTrue(a.intersection(PixelRect(x: -8, y: 7, width: 5, height: 5)).isEmpty)
    }

    func testUnionHoldsBothAndIgnoresEmptyRects() throws {
        let a = PixelRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(a.union(PixelRect(x: -2, y: 5, width: 2, height: 4)), PixelRect(x: -2, y: 2, width: 6, height: 7))
        XCTAssertEqual(a.union(PixelRect(x: 100, y: 100, width: 0, height: 9)), a)
        XCTAssertEqual(PixelRect(x: -50, y: 0, width: 5, height: 0).union(a), a)
    }

    func testNegativeSidesBecomeZero() throws {
        var rect = PixelRect(x: 3, y: 3, width: -4, height: 2)
        XCTAssertEqual(rect.width, 0)
        XCTAssertTrue(rect.isEmpty)
        rect.height = -1
        XCTAssertEqual(rect.height, 0)
    }

    func testContainsIsHalfOpen() throws {
        let rect = PixelRect(x: 1, y: 1, width: 2, height: 2)
        XCTAssertTrue(rect.contains(x: 1, y: 1))
        XCTAssertTrue(rect.contains(x: 2, y: 2))
        XCTAssertFalse(rect.contains(x: 3, y: 2))
        XCTAssertFalse(rect.contains(x: 2, y: 0))
    }
}
