import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIActivityIndicatorView`: styles and sizes, hiding while stopped, the stepped turn on the
/// virtual clock, and the look.
final class UIActivityIndicatorViewTests: XCTestCase {
    func testStylesSizesAndRawValues() throws {
        onMain {
            XCTAssertEqual([UIActivityIndicatorView.Style.whiteLarge, .white, .gray, .medium, .large].map(\.rawValue),
                           [0, 1, 2, 100, 101])
            let medium = UIActivityIndicatorView(style: .medium)
            XCTAssertEqual(medium.bounds.size, CGSize(width: 20, height: 20))
            XCTAssertEqual(UIActivityIndicatorView(style: .large).intrinsicContentSize, CGSize(width: 37, height: 37))
            XCTAssertEqual(UIActivityIndicatorView(frame: .zero).style, .medium)
            XCTAssertEqual(UIActivityIndicatorView(style: .white).color, .white)
            XCTAssertEqual(medium.color, .systemGray)
            medium.color = .red
            XCTAssertEqual(medium.color, .red)
            medium.color = nil
            XCTAssertEqual(medium.color, .systemGray, "nil goes back to the style's colour")
        }
    }

    func testHidesWhenStoppedByDefault() throws {
        ControlFixture.run { _ in
            let spinner = UIActivityIndicatorView(style: .medium)
            XCTAssertTrue(spinner.hidesWhenStopped)
            XCTAssertTrue(spinner.isHidden)
            XCTAssertFalse(spinner.isAnimating)
            spinner.startAnimating()
            XCTAssertFalse(spinner.isHidden)
            XCTAssertTrue(spinner.isAnimating)
            spinner.stopAnimating()
            XCTAssertTrue(spinner.isHidden)
            spinner.hidesWhenStopped = false
            XCTAssertFalse(spinner.isHidden, "a stopped spinner shows once it no longer hides")
        }
    }

    func testTurnsAnEighthEveryEighthOfASecond() throws {
        ControlFixture.run { fixture in
            let spinner = UIActivityIndicatorView(style: .large)
            fixture.window.addSubview(spinner)
            spinner.startAnimating()
            fixture.commit()
            let start = composite(spinner)
            fixture.advance(0.06)
            XCTAssertTrue(composite(spinner).hasSamePixels(as: start), "no smooth turn inside a step")
            fixture.advance(0.08)
            let stepped = composite(spinner)
            XCTAssertFalse(stepped.hasSamePixels(as: start), "one step after 0.125 s")
            fixture.advance(1)
            XCTAssertTrue(composite(spinner).hasSamePixels(as: stepped), "a whole turn later the same picture")
            spinner.stopAnimating()
            fixture.commit()
            XCTAssertTrue(spinner.isHidden)
        }
    }

    /// The leading (strongest) tick points up and the faintest one follows it clockwise.
    func testStrongestTickLeadsAtTwelveOClock() throws {
        ControlFixture.run { _ in
            let spinner = UIActivityIndicatorView(style: .large)
            spinner.color = .black
            spinner.hidesWhenStopped = false
            let bitmap = composite(spinner)
            let top = straightColor(bitmap, 18, 4), clockwise = straightColor(bitmap, 30, 6), anticlockwise = straightColor(bitmap, 6, 6)
            XCTAssertGreaterThan(top.alpha, 230)
            XCTAssertLessThan(clockwise.alpha, anticlockwise.alpha)
            XCTAssertGreaterThan(anticlockwise.alpha, 150)
        }
    }

    /// Medium and large, stopped but shown, at 2×.
    func testGoldenIndicators() throws {
        ControlFixture.run { _ in
            let medium = UIActivityIndicatorView(style: .medium)
            medium.frame.origin = CGPoint(x: 8, y: 16)
            let large = UIActivityIndicatorView(style: .large)
            large.frame.origin = CGPoint(x: 40, y: 8)
            for spinner in [medium, large] { spinner.hidesWhenStopped = false }
            assertBitmap(stage(width: 86, height: 52, [medium, large]), matchesGolden: "activity-indicators")
        }
    }
}
