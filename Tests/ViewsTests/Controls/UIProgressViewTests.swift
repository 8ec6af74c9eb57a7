import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIProgressView`: pinned progress, the bar's width at rest and mid-animation, styles and
/// colours, and the look.
final class UIProgressViewTests: XCTestCase {
    func testDefaultsAndPinning() throws {
        ControlFixture.run { fixture in
            let bar = UIProgressView(progressViewStyle: .default)
            XCTAssertEqual(bar.frame.size, CGSize(width: 0, height: 4))
            XCTAssertEqual(bar.progress, 0)
            XCTAssertEqual(bar.progressViewStyle, .default)
            XCTAssertEqual(UIProgressView.Style.bar.rawValue, 1)
            XCTAssertEqual(bar.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: 4))
            bar.progress = 1.5
            XCTAssertEqual(bar.progress, 1)
            bar.progress = -1
            XCTAssertEqual(bar.progress, 0)
            bar.progress = 0.25
            bar.setProgress(.nan, animated: true)
            XCTAssertEqual(bar.progress, 0.25)
            XCTAssertEqual(fixture.diagnostics.count, 1)
        }
    }

    func testBarWidthFollowsProgressAndAnimates() throws {
        ControlFixture.run { fixture in
            let bar = UIProgressView(frame: CGRect(x: 0, y: 0, width: 200, height: 4))
            bar.progressTintColor = .red
            bar.trackTintColor = .blue
            fixture.window.addSubview(bar)
            bar.progress = 0.25
            XCTAssertEqual(redRun(composite(bar)), 50)
            fixture.commit()
            bar.setProgress(0.75, animated: true)
            fixture.commit()
            fixture.advance(0.125)
            XCTAssertEqual(Double(redRun(composite(bar))), 100, accuracy: 1.5, "half-way from 50 to 150 at half the time")
            fixture.advance(0.2)
            XCTAssertEqual(redRun(composite(bar)), 150)
            let track = straightColor(composite(bar), 190, 2)
            XCTAssertEqual([track.red, track.green, track.blue], [0, 0, 255], "the rest is the track")
        }
    }

    func testBarStyleDrawsNoTrackByDefault() throws {
        ControlFixture.run { _ in
            let bar = UIProgressView(progressViewStyle: .bar)
            bar.frame = CGRect(x: 0, y: 0, width: 100, height: 4)
            bar.progress = 0.5
            XCTAssertEqual(straightColor(composite(bar), 90, 2).alpha, 0, "no track")
            bar.progressViewStyle = .default
            XCTAssertGreaterThan(straightColor(composite(bar), 90, 2).alpha, 0, "the gray track")
        }
    }

    /// Progress 0, 0.4 and 1 in the default style, and a `.bar` at 0.6, at 2×.
    func testGoldenProgressViews() throws {
        ControlFixture.run { _ in
            let bars: [UIView] = [(0, UIProgressView.Style.default), (0.4, .default), (1, .default), (0.6, .bar)]
                .enumerated().map { index, item in
                    let bar = UIProgressView(frame: CGRect(x: 8, y: 6 + 10 * CGFloat(index), width: 100, height: 4))
                    bar.progressViewStyle = item.1
                    bar.progress = Float(item.0)
                    return bar
                }
            assertBitmap(stage(width: 116, height: 48, bars), matchesGolden: "progress-views")
        }
    }
}

/// How many pixels of the middle row are mostly red (the bar); the round end's partly covered
/// pixel counts when more than half covered.
private func redRun(_ bitmap: Bitmap) -> Int {
    var count = 0
    for x in 0..<bitmap.width {
        let pixel = straightColor(bitmap, x, bitmap.height / 2)
        if pixel.alpha > 127, pixel.red > 127, pixel.blue < 128 { count += 1 }
    }
    return count
}
