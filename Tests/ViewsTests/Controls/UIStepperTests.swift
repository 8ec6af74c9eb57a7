import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIStepper`: Apple's defaults and range rules, stepping on touch down, wrapping, autorepeat
/// on the virtual clock, non-continuous reporting, and the look.
final class UIStepperTests: XCTestCase {
    func testDefaultsAndSize() throws {
        onMain {
            let stepper = UIStepper(frame: CGRect(x: 3, y: 4, width: 10, height: 10))
            XCTAssertEqual(stepper.frame, CGRect(x: 3, y: 4, width: 94, height: 32))
            XCTAssertEqual(stepper.intrinsicContentSize, CGSize(width: 94, height: 32))
            XCTAssertEqual([stepper.value, stepper.minimumValue, stepper.maximumValue, stepper.stepValue], [0, 0, 100, 1])
            XCTAssertFalse(stepper.wraps)
            XCTAssertTrue(stepper.autorepeat)
            XCTAssertTrue(stepper.isContinuous)
        }
    }

    func testTouchDownStepsAndSendsValueChanged() throws {
        ControlFixture.run { fixture in
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
            stepper.autorepeat = false
            fixture.window.addSubview(stepper)
            let log = ControlEventLog(stepper)
            fixture.window.sendTouch(.began, at: CGPoint(x: 90, y: 26), timestamp: fixture.clock.now)
            XCTAssertEqual(stepper.value, 1, "stepped on touch down")
            XCTAssertEqual(log.entries, ["touchDown", "valueChanged", "primary"])
            fixture.window.sendTouch(.ended, at: CGPoint(x: 90, y: 26), timestamp: fixture.clock.now + 0.05)
            fixture.tap(CGPoint(x: 90, y: 26))
            fixture.tap(CGPoint(x: 20, y: 26))
            XCTAssertEqual(stepper.value, 1)
            fixture.tap(CGPoint(x: 20, y: 26))
            XCTAssertEqual(stepper.value, 0)
            log.clear()
            fixture.tap(CGPoint(x: 20, y: 26))
            XCTAssertEqual(stepper.value, 0, "at the minimum the − half does nothing")
            XCTAssertEqual(log.values, [])
        }
    }

    func testWrapsToTheOtherEnd() throws {
        ControlFixture.run { fixture in
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
            stepper.maximumValue = 3
            stepper.stepValue = 2
            stepper.wraps = true
            fixture.window.addSubview(stepper)
            fixture.tap(CGPoint(x: 20, y: 26))
            XCTAssertEqual(stepper.value, 3, "below the minimum wraps to the maximum")
            fixture.tap(CGPoint(x: 90, y: 26))
            XCTAssertEqual(stepper.value, 0, "past the maximum wraps to the minimum")
            stepper.wraps = false
            stepper.value = 2
            fixture.tap(CGPoint(x: 90, y: 26))
            XCTAssertEqual(stepper.value, 3, "without wrapping the value stops at the end")
        }
    }

    func testHoldingRepeatsAfterHalfASecondThenEveryTenth() throws {
        ControlFixture.run { fixture in
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
            fixture.window.addSubview(stepper)
            fixture.commit()
            fixture.window.sendTouch(.began, at: CGPoint(x: 90, y: 26), timestamp: fixture.clock.now)
            XCTAssertEqual(stepper.value, 1)
            for _ in 0..<29 { fixture.advance(1.0 / 60) }
            XCTAssertEqual(stepper.value, 1, "no repeat before 0.5 s")
            fixture.advance(1.0 / 60)
            XCTAssertEqual(stepper.value, 2, "the first repeat at 0.5 s")
            fixture.advance(0.35)
            XCTAssertEqual(stepper.value, 5, "then one every 0.1 s, caught up after a long frame")
            fixture.window.sendTouch(.ended, at: CGPoint(x: 90, y: 26), timestamp: fixture.clock.now)
            fixture.advance(1)
            XCTAssertEqual(stepper.value, 5, "nothing after the lift")
        }
    }

    func testNonContinuousSendsOnceOnLift() throws {
        ControlFixture.run { fixture in
            let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
            stepper.isContinuous = false
            fixture.window.addSubview(stepper)
            let log = ControlEventLog(stepper)
            fixture.commit()
            fixture.window.sendTouch(.began, at: CGPoint(x: 90, y: 26), timestamp: fixture.clock.now)
            fixture.advance(0.75)
            XCTAssertEqual(stepper.value, 4)
            XCTAssertEqual(log.values, [])
            fixture.window.sendTouch(.ended, at: CGPoint(x: 90, y: 26), timestamp: fixture.clock.now)
            XCTAssertEqual(log.values, ["valueChanged", "primary"])
        }
    }

    func testImagesReplaceTheGlyphsPerHalfState() throws {
        ControlFixture.run { fixture in
            let stepper = UIStepper(frame: CGRect(x: 0, y: 0, width: 0, height: 0))
            stepper.setIncrementImage(solid(.green, 10, 10), for: .normal)
            stepper.setIncrementImage(solid(.red, 10, 10), for: .highlighted)
            stepper.setDecrementImage(solid(.blue, 10, 10), for: .disabled)
            fixture.window.addSubview(stepper)
            var bitmap = composite(stepper)
            XCTAssertEqual(straightColor(bitmap, 70, 16).green, 255, "the + image, centred in the right half")
            XCTAssertEqual(straightColor(bitmap, 23, 16).blue, 255, "at the minimum the − half is disabled")
            fixture.window.sendTouch(.began, at: CGPoint(x: 70, y: 16), timestamp: fixture.clock.now)
            bitmap = composite(stepper)
            XCTAssertEqual(straightColor(bitmap, 70, 16).red, 255, "pressed: the highlighted image")
            XCTAssertLessThan(straightColor(bitmap, 23, 16).blue, 200, "at 1 the − half has no image: the drawn glyph")
            fixture.window.sendTouch(.ended, at: CGPoint(x: 70, y: 16), timestamp: fixture.clock.now)
            XCTAssertNil(stepper.decrementImage(for: .normal))
        }
    }

    func testInvalidRangesAreRefused() throws {
        ControlFixture.run { fixture in
            let stepper = UIStepper()
            stepper.minimumValue = 100
            stepper.maximumValue = -5
            stepper.stepValue = 0
            stepper.stepValue = .infinity
            stepper.value = .nan
            XCTAssertEqual([stepper.value, stepper.minimumValue, stepper.maximumValue, stepper.stepValue], [0, 0, 100, 1])
            XCTAssertEqual(fixture.diagnostics.count, 5, "\(fixture.diagnostics)")
            stepper.value = 500
            XCTAssertEqual(stepper.value, 100, "pinned")
        }
    }

    /// At the minimum (− grayed), in the middle, and disabled, at 2×. Shapes only.
    func testGoldenSteppers() throws {
        ControlFixture.run { _ in
            let atMinimum = UIStepper(frame: CGRect(x: 8, y: 8, width: 0, height: 0))
            let middle = UIStepper(frame: CGRect(x: 110, y: 8, width: 0, height: 0))
            middle.value = 50
            let disabled = UIStepper(frame: CGRect(x: 212, y: 8, width: 0, height: 0))
            disabled.value = 50
            disabled.isEnabled = false
            assertBitmap(stage(width: 314, height: 48, [atMinimum, middle, disabled]), matchesGolden: "steppers")
        }
    }
}
