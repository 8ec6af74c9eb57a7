import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UISlider`: Apple's defaults and range rules, the track and thumb rectangles, dragging the
/// thumb continuously or not, bad input, and the look.
final class UISliderTests: XCTestCase {
    func testDefaultsAreApples() throws {
        onMain {
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
            XCTAssertEqual(slider.value, 0)
            XCTAssertEqual(slider.minimumValue, 0)
            XCTAssertEqual(slider.maximumValue, 1)
            XCTAssertTrue(slider.isContinuous)
            XCTAssertNil(slider.minimumTrackTintColor)
            XCTAssertNil(slider.currentThumbImage)
            XCTAssertEqual(slider.intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: 31))
        }
    }

    func testValueIsPinnedAndMinAboveMaxRaisesTheMaximum() throws {
        ControlFixture.run { fixture in
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
            slider.value = 5
            XCTAssertEqual(slider.value, 1)
            slider.value = -3
            XCTAssertEqual(slider.value, 0)
            slider.maximumValue = 10
            slider.value = 7
            slider.minimumValue = 12
            XCTAssertEqual(slider.maximumValue, 12, "Apple: the maximum follows a larger minimum")
            XCTAssertEqual(slider.value, 12)
            slider.maximumValue = 4
            XCTAssertEqual(slider.minimumValue, 4, "Apple: the minimum follows a smaller maximum")
            XCTAssertEqual(slider.value, 4)
            slider.value = .nan
            slider.minimumValue = .infinity
            slider.maximumValue = -.infinity
            XCTAssertEqual([slider.value, slider.minimumValue, slider.maximumValue], [4, 4, 4])
            XCTAssertEqual(fixture.diagnostics.count, 3, "\(fixture.diagnostics)")
            XCTAssertTrue(fixture.diagnostics[0].hasPrefix("UISlider: value NaN ignored"), fixture.diagnostics[0])
            XCTAssertTrue(fixture.thumbFrameIsFinite(slider))
        }
    }

    func testTrackAndThumbRectangles() throws {
        onMain {
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
            let track = slider.trackRect(forBounds: slider.bounds)
            assertEqual(track, CGRect(x: 0, y: 13.5, width: 200, height: 4))
            assertEqual(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0), CGRect(x: 0, y: 1.5, width: 28, height: 28))
            assertEqual(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 1), CGRect(x: 172, y: 1.5, width: 28, height: 28))
            assertEqual(slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.5), CGRect(x: 86, y: 1.5, width: 28, height: 28))
            slider.minimumValueImage = solid(.red, 20, 10)
            slider.maximumValueImage = solid(.red, 16, 16)
            assertEqual(slider.minimumValueImageRect(forBounds: slider.bounds), CGRect(x: 0, y: 10.5, width: 20, height: 10))
            assertEqual(slider.maximumValueImageRect(forBounds: slider.bounds), CGRect(x: 184, y: 7.5, width: 16, height: 16))
            assertEqual(slider.trackRect(forBounds: slider.bounds), CGRect(x: 32, y: 13.5, width: 140, height: 4))
            slider.setThumbImage(solid(.blue, 10, 40), for: .normal)
            let withImage = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 1)
            assertEqual(withImage, CGRect(x: 162, y: -4.5, width: 10, height: 40))
            XCTAssertEqual(slider.intrinsicContentSize.height, 40, "a tall thumb image makes the slider taller")
        }
    }

    func testImagesReplaceTheTrackAndThumbAndFollowTheState() throws {
        ControlFixture.run { _ in
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 110, height: 31))
            slider.setMinimumTrackImage(solid(.red, 2, 6), for: .normal)
            slider.setMaximumTrackImage(solid(.blue, 2, 6), for: .normal)
            slider.setThumbImage(solid(.green, 10, 10), for: .normal)
            slider.setThumbImage(solid(.red, 12, 12), for: .highlighted)
            slider.value = 0.5
            XCTAssertEqual(slider.trackRect(forBounds: slider.bounds).height, 6, "the track images' height")
            let bitmap = composite(slider)
            let left = straightColor(bitmap, 20, 15), right = straightColor(bitmap, 90, 15), thumb = straightColor(bitmap, 55, 15)
            XCTAssertEqual([left.red, left.blue], [255, 0])
            XCTAssertEqual([right.red, right.blue], [0, 255])
            XCTAssertEqual([thumb.red, thumb.green], [0, 255])
            UIView.performWithoutAnimation { slider.isHighlighted = true }
            XCTAssertEqual(slider.currentThumbImage?.size, CGSize(width: 12, height: 12), "the highlighted image")
            XCTAssertEqual(straightColor(composite(slider), 55, 15).red, 255)
            XCTAssertNotNil(slider.minimumTrackImage(for: .disabled), "a state without its own image uses the normal one")
        }
    }

    func testDraggingTheThumbSendsValueChangedContinuously() throws {
        ControlFixture.run { fixture in
            let slider = UISlider(frame: CGRect(x: 10, y: 20, width: 228, height: 31))
            fixture.window.addSubview(slider)
            let log = ControlEventLog(slider)
            // Thumb travel is 228 − 28 = 200 points for 0…1; the thumb's centre is at x = 24.
            fixture.drag(from: CGPoint(x: 24, y: 35), to: CGPoint(x: 124, y: 35), steps: 4)
            XCTAssertEqual(slider.value, 0.5, accuracy: 1e-6)
            XCTAssertEqual(log.values.filter { $0 == "valueChanged" }.count, 4, "one per move")
            XCTAssertEqual(log.entries.last, "touchUpInside")
            log.clear()
            fixture.drag(from: CGPoint(x: 124, y: 35), to: CGPoint(x: 600, y: 35))
            XCTAssertEqual(slider.value, 1, "pinned at the end")
        }
    }

    func testNonContinuousSliderSendsOnceOnReleaseAndTouchesOffTheThumbDoNothing() throws {
        ControlFixture.run { fixture in
            let slider = UISlider(frame: CGRect(x: 10, y: 20, width: 228, height: 31))
            slider.isContinuous = false
            fixture.window.addSubview(slider)
            let log = ControlEventLog(slider)
            fixture.drag(from: CGPoint(x: 24, y: 35), to: CGPoint(x: 74, y: 35), steps: 5)
            XCTAssertEqual(slider.value, 0.25, accuracy: 1e-6)
            XCTAssertEqual(log.values, ["valueChanged", "primary"])
            log.clear()
            fixture.drag(from: CGPoint(x: 200, y: 35), to: CGPoint(x: 230, y: 35))
            XCTAssertEqual(slider.value, 0.25, accuracy: 1e-6, "the touch went down on the track, not the thumb")
            XCTAssertEqual(log.values, [])
        }
    }

    func testAnimatedSetValueMovesTheThumbOverTime() throws {
        try ControlFixture.run { fixture in
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
            fixture.window.addSubview(slider)
            slider.layoutIfNeeded()
            fixture.commit()
            slider.setValue(1, animated: true)
            XCTAssertEqual(slider.value, 1, "the model value changes at once")
            fixture.commit()
            fixture.advance(0.125)
            let shown = try XCTUnwrap(whiteRunCentre(composite(slider), row: 15))
            XCTAssertEqual(shown, 114, accuracy: 1, "half-way between 14 and 214 at half the 0.25 s")
        }
    }

    /// Values 0, 0.3 and 1 with the default look, a custom-tinted one with value images, and a
    /// disabled one, at 2×. Shapes only, so compared exactly.
    func testGoldenSliderStates() throws {
        ControlFixture.run { _ in
            let values: [Float] = [0, 0.3, 1]
            var sliders = values.enumerated().map { index, value in
                let slider = UISlider(frame: CGRect(x: 8, y: 4 + 34 * CGFloat(index), width: 160, height: 31))
                slider.value = value
                return slider
            }
            let tinted = UISlider(frame: CGRect(x: 8, y: 106, width: 160, height: 31))
            tinted.minimumValueImage = solid(.red, 10, 10)
            tinted.maximumValueImage = solid(.blue, 14, 14)
            tinted.minimumTrackTintColor = .orange
            tinted.thumbTintColor = .yellow
            tinted.value = 0.6
            let disabled = UISlider(frame: CGRect(x: 8, y: 140, width: 160, height: 31))
            disabled.value = 0.5
            disabled.isEnabled = false
            sliders += [tinted, disabled]
            assertBitmap(stage(width: 176, height: 176, sliders), matchesGolden: "slider-states")
        }
    }
}

extension ControlFixture {
    func thumbFrameIsFinite(_ slider: UISlider) -> Bool {
        let rect = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: slider.value)
        return rect.minX.isFinite && rect.minY.isFinite
    }
}

/// A `width`×`height`-point image (one pixel per point) filled with `color`.
func solid(_ color: PremultipliedColor, _ width: Int, _ height: Int) -> UIImage {
    UIImage(cgImage: CGImage(bitmap: Bitmap(size: try! PixelSize(width: width, height: height), filledWith: color)))
}
