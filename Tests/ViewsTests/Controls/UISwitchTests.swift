import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UISwitch`: fixed size, taps and drags toggling with `.valueChanged`, code changes sending
/// nothing, the thumb half-way through its slide, and the look on and off.
final class UISwitchTests: XCTestCase {
    func testSizeIsFixedAt51By31() throws {
        onMain {
            let toggle = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 100))
            XCTAssertEqual(toggle.frame, CGRect(x: 10, y: 20, width: 51, height: 31))
            toggle.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
            XCTAssertEqual(toggle.frame, CGRect(x: 5, y: 6, width: 51, height: 31))
            XCTAssertEqual(toggle.intrinsicContentSize, CGSize(width: 51, height: 31))
            XCTAssertEqual(toggle.sizeThatFits(CGSize(width: 500, height: 500)), CGSize(width: 51, height: 31))
            XCTAssertFalse(toggle.isOn)
            XCTAssertNil(toggle.onTintColor)
            XCTAssertNil(toggle.thumbTintColor)
        }
    }

    func testTapTogglesAndSendsValueChangedThenTouchUpInside() throws {
        ControlFixture.run { fixture in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
            fixture.window.addSubview(toggle)
            let log = ControlEventLog(toggle)
            fixture.tap(CGPoint(x: 45, y: 35))
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(log.entries, ["touchDown", "valueChanged", "primary", "touchUpInside"])
            log.clear()
            fixture.tap(CGPoint(x: 30, y: 30))
            XCTAssertFalse(toggle.isOn)
            XCTAssertEqual(log.values, ["valueChanged", "primary"])
            log.clear()
            fixture.tap(CGPoint(x: 45, y: 35), end: CGPoint(x: 300, y: 35))
            XCTAssertFalse(toggle.isOn, "lifting outside the tracking margin does not toggle")
            XCTAssertEqual(log.entries, ["touchDown", "touchUpOutside"])
        }
    }

    func testDragSetsTheSideTheTouchEndsOnAndSendsOnlyForAChange() throws {
        ControlFixture.run { fixture in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
            fixture.window.addSubview(toggle)
            let log = ControlEventLog(toggle)
            fixture.drag(from: CGPoint(x: 25, y: 35), to: CGPoint(x: 68, y: 35))
            XCTAssertTrue(toggle.isOn, "dragged right")
            fixture.drag(from: CGPoint(x: 60, y: 35), to: CGPoint(x: 66, y: 35))
            XCTAssertTrue(toggle.isOn, "a drag that stays on the on side leaves it on (a tap would toggle)")
            XCTAssertEqual(log.values, ["valueChanged", "primary"], "only the first drag changed the value")
        }
    }

    func testSettingFromCodeSendsNothingAndDisabledIgnoresTouches() throws {
        ControlFixture.run { fixture in
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
            fixture.window.addSubview(toggle)
            let log = ControlEventLog(toggle)
            toggle.isOn = true
            toggle.setOn(false, animated: true)
            XCTAssertEqual(log.entries, [])
            toggle.isEnabled = false
            fixture.tap(CGPoint(x: 45, y: 35))
            XCTAssertFalse(toggle.isOn)
            XCTAssertEqual(log.entries, [])
        }
    }

    func testThumbIsHalfWayAndTrackHalfFadedMidAnimation() throws {
        try ControlFixture.run { fixture in
            let toggle = UISwitch(frame: CGRect(x: 0, y: 0, width: 0, height: 0))
            fixture.window.addSubview(toggle)
            fixture.commit()
            toggle.setOn(true, animated: true)
            fixture.commit()
            fixture.advance(0.15)
            let bitmap = composite(toggle)
            // The thumb's centre runs from x = 15.5 to 35.5; ease in-out is half-way at half time.
            let thumb = try XCTUnwrap(whiteRunCentre(bitmap, row: 15))
            XCTAssertEqual(thumb, 25.5, accuracy: 1, "thumb centre mid-slide")
            let track = straightColor(bitmap, 48, 15)
            XCTAssertGreaterThan(track.green, track.red + 40, "the track is fading to green")
            XCTAssertLessThan(track.alpha, 250, "…and is not yet the opaque green")
            fixture.advance(0.2)
            let done = composite(toggle)
            XCTAssertEqual(try XCTUnwrap(whiteRunCentre(done, row: 15)), 35.5, accuracy: 0.75)
            let green = straightColor(done, 6, 15)
            XCTAssertEqual([green.red, green.green, green.blue], [52, 199, 89], "system green")
        }
    }

    /// The switch 0.1, 0.15 and 0.2 s into `setOn(true, animated: true)`, side by side at 1× on
    /// transparent: the thumb sliding right and the track filling with green.
    func testGoldenSwitchMidAnimation() throws {
        ControlFixture.run { fixture in
            let times: [TimeInterval] = [0.1, 0.15, 0.2]
            var frames: [Bitmap] = []
            for time in times {
                let toggle = UISwitch()
                fixture.window.addSubview(toggle)
                fixture.commit()
                toggle.setOn(true, animated: true)
                fixture.commit()
                fixture.advance(time)
                frames.append(composite(toggle))
                toggle.removeFromSuperview()
            }
            let strip = Bitmap(width: 51 * frames.count, height: 31)
            for (index, frame) in frames.enumerated() {
                for y in 0..<31 { for x in 0..<51 { strip[x: 51 * index + x, y: y] = frame[x: x, y: y] } }
            }
            assertBitmap(strip, matchesGolden: "switch-mid-animation")
        }
    }

    func testColoursFollowOnTintAndThumbTint() throws {
        ControlFixture.run { _ in
            let toggle = UISwitch()
            toggle.onTintColor = .red
            toggle.thumbTintColor = .blue
            toggle.isOn = true
            let bitmap = composite(toggle)
            let track = straightColor(bitmap, 6, 15), thumb = straightColor(bitmap, 36, 15)
            XCTAssertEqual([track.red, track.green, track.blue], [255, 0, 0])
            XCTAssertEqual([thumb.red, thumb.green, thumb.blue], [0, 0, 255])
        }
    }

    /// Off, on, pressed and disabled on white, at 2× so edges and the shadow show. Shapes only
    /// (no text), so compared exactly.
    func testGoldenSwitchStates() throws {
        ControlFixture.run { _ in
            let off = UISwitch(frame: CGRect(x: 8, y: 8, width: 0, height: 0))
            let on = UISwitch(frame: CGRect(x: 67, y: 8, width: 0, height: 0))
            on.isOn = true
            let pressed = UISwitch(frame: CGRect(x: 126, y: 8, width: 0, height: 0))
            UIView.performWithoutAnimation { pressed.isHighlighted = true }
            let disabled = UISwitch(frame: CGRect(x: 185, y: 8, width: 0, height: 0))
            disabled.isOn = true
            disabled.isEnabled = false
            assertBitmap(stage(width: 244, height: 50, [off, on, pressed, disabled]), matchesGolden: "switch-states")
        }
    }
}
