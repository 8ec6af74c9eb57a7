import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIPageControl`: sizes, pinning, taps either side of the current dot, hiding for a single
/// page, and the look.
final class UIPageControlTests: XCTestCase {
    func testSizesAndPinning() throws {
        ControlFixture.run { fixture in
            let dots = UIPageControl()
            XCTAssertEqual(dots.numberOfPages, 0)
            XCTAssertEqual(dots.currentPage, 0)
            XCTAssertFalse(dots.hidesForSinglePage)
            XCTAssertEqual(dots.size(forNumberOfPages: 0), CGSize(width: 0, height: 37))
            XCTAssertEqual(dots.size(forNumberOfPages: 1), CGSize(width: 7, height: 37))
            XCTAssertEqual(dots.size(forNumberOfPages: 5), CGSize(width: 71, height: 37))
            dots.numberOfPages = 5
            XCTAssertEqual(dots.intrinsicContentSize, CGSize(width: 71, height: 37))
            dots.currentPage = 9
            XCTAssertEqual(dots.currentPage, 4)
            dots.currentPage = -2
            XCTAssertEqual(dots.currentPage, 0)
            dots.currentPage = 4
            dots.numberOfPages = 3
            XCTAssertEqual(dots.currentPage, 2, "fewer pages pull the current one in")
            dots.numberOfPages = -1
            XCTAssertEqual(dots.numberOfPages, 3)
            XCTAssertEqual(fixture.diagnostics.count, 1)
        }
    }

    func testTapsRightAndLeftOfTheCurrentDotTurnOnePage() throws {
        ControlFixture.run { fixture in
            let dots = UIPageControl(frame: CGRect(x: 0, y: 0, width: 200, height: 37))
            dots.numberOfPages = 3
            fixture.window.addSubview(dots)
            let log = ControlEventLog(dots)
            // Dots at x = 84.5, 100.5, 116.5 (centres); the current one is the first.
            fixture.tap(CGPoint(x: 190, y: 18))
            XCTAssertEqual(dots.currentPage, 1)
            fixture.tap(CGPoint(x: 101, y: 18))
            XCTAssertEqual(dots.currentPage, 2, "a tap just right of the current dot's centre goes on")
            fixture.tap(CGPoint(x: 190, y: 18))
            XCTAssertEqual(dots.currentPage, 2, "no page after the last")
            fixture.tap(CGPoint(x: 5, y: 18))
            XCTAssertEqual(dots.currentPage, 1)
            XCTAssertEqual(log.values, ["valueChanged", "primary", "valueChanged", "primary", "valueChanged", "primary"])
            log.clear()
            dots.currentPage = 0
            XCTAssertEqual(log.entries, [], "code changes send nothing")
        }
    }

    func testHidesDotsForASinglePage() throws {
        ControlFixture.run { _ in
            let dots = UIPageControl(frame: CGRect(x: 0, y: 0, width: 40, height: 37))
            dots.numberOfPages = 1
            dots.hidesForSinglePage = true
            XCTAssertEqual(inkBox(composite(dots)), nil)
            dots.numberOfPages = 2
            XCTAssertNotNil(inkBox(composite(dots)))
        }
    }

    /// Five pages with the third current in the default colours, and four with custom ones, at 2×.
    func testGoldenPageControls() throws {
        ControlFixture.run { _ in
            let plain = UIPageControl(frame: CGRect(x: 0, y: 0, width: 100, height: 37))
            plain.numberOfPages = 5
            plain.currentPage = 2
            let tinted = UIPageControl(frame: CGRect(x: 100, y: 0, width: 100, height: 37))
            tinted.numberOfPages = 4
            tinted.pageIndicatorTintColor = .lightGray
            tinted.currentPageIndicatorTintColor = .systemBlue
            assertBitmap(stage(width: 200, height: 37, [plain, tinted]), matchesGolden: "page-controls")
        }
    }
}
