import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UISegmentedControl`: building and editing segments, selection by touch and by code,
/// momentary mode, disabled segments, widths, bad indices, the pill's slide, and the look.
final class UISegmentedControlTests: XCTestCase {
    func testItemsAndEditing() throws {
        ControlFixture.run { fixture in
            let control = UISegmentedControl(items: ["One", "Two", solid(.red, 10, 10), 42])
            XCTAssertEqual(control.numberOfSegments, 3, "the Int is skipped")
            XCTAssertEqual(fixture.diagnostics.count, 1)
            XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment)
            XCTAssertEqual(UISegmentedControl.noSegment, -1)
            XCTAssertEqual(control.titleForSegment(at: 1), "Two")
            XCTAssertNotNil(control.imageForSegment(at: 2))
            XCTAssertNil(control.titleForSegment(at: 2))
            XCTAssertEqual(control.bounds.height, 32)
            control.selectedSegmentIndex = 1
            control.insertSegment(withTitle: "Zero", at: 0, animated: false)
            XCTAssertEqual(control.selectedSegmentIndex, 2, "the selection moves with its segment")
            control.insertSegment(withTitle: "Last", at: 99, animated: true)
            XCTAssertEqual(control.titleForSegment(at: 4), "Last", "the index is pinned to the end")
            control.removeSegment(at: 2, animated: false)
            XCTAssertEqual(control.selectedSegmentIndex, UISegmentedControl.noSegment, "removing the selected one")
            control.setTitle("Uno", forSegmentAt: 1)
            XCTAssertEqual(control.titleForSegment(at: 1), "Uno")
            control.removeAllSegments()
            XCTAssertEqual(control.numberOfSegments, 0)
        }
    }

    func testBadIndicesAreReportedAndIgnored() throws {
        ControlFixture.run { fixture in
            let control = UISegmentedControl(items: ["A", "B"])
            control.selectedSegmentIndex = 5
            control.removeSegment(at: -1, animated: false)
            control.setEnabled(false, forSegmentAt: 2)
            control.setWidth(.nan, forSegmentAt: 0)
            XCTAssertEqual(control.selectedSegmentIndex, -1)
            XCTAssertEqual(control.numberOfSegments, 2)
            XCTAssertEqual(fixture.diagnostics.count, 4, "\(fixture.diagnostics)")
            XCTAssertTrue(fixture.diagnostics[0].contains("segment 5 is out of range 0..<2"), fixture.diagnostics[0])
        }
    }

    func testTouchSelectsTheSegmentItLiftsOnAndSendsValueChangedOnce() throws {
        ControlFixture.run { fixture in
            let control = UISegmentedControl(items: ["A", "B", "C"])
            control.frame = CGRect(x: 10, y: 10, width: 300, height: 32)
            fixture.window.addSubview(control)
            let log = ControlEventLog(control)
            fixture.tap(CGPoint(x: 160, y: 26))
            XCTAssertEqual(control.selectedSegmentIndex, 1)
            XCTAssertEqual(log.entries, ["touchDown", "valueChanged", "primary", "touchUpInside"])
            log.clear()
            fixture.tap(CGPoint(x: 160, y: 26))
            XCTAssertEqual(log.values, [], "selecting the selected segment again sends nothing")
            fixture.drag(from: CGPoint(x: 30, y: 26), to: CGPoint(x: 280, y: 26))
            XCTAssertEqual(control.selectedSegmentIndex, 2, "the segment where the touch lifts")
            control.setEnabled(false, forSegmentAt: 0)
            log.clear()
            fixture.tap(CGPoint(x: 30, y: 26))
            XCTAssertEqual(control.selectedSegmentIndex, 2, "a disabled segment cannot be selected")
            XCTAssertEqual(log.values, [])
            control.selectedSegmentIndex = 0
            XCTAssertEqual(log.values, [], "code changes send nothing")
        }
    }

    func testMomentarySelectionLastsOnlyDuringTheAction() throws {
        ControlFixture.run { fixture in
            let control = UISegmentedControl(items: ["A", "B"])
            control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
            control.isMomentary = true
            fixture.window.addSubview(control)
            var seen: [Int] = []
            control.addAction(UIAction { _ in seen.append(control.selectedSegmentIndex) }, for: .valueChanged)
            fixture.tap(CGPoint(x: 150, y: 16))
            fixture.tap(CGPoint(x: 150, y: 16))
            XCTAssertEqual(seen, [1, 1], "every tap reports, even on the same segment")
            XCTAssertEqual(control.selectedSegmentIndex, -1)
        }
    }

    func testWidthsFixedEqualAndApportioned() throws {
        ControlFixture.run { _ in
            let control = UISegmentedControl(items: ["A", "A much longer title"])
            let natural = control.intrinsicContentSize
            XCTAssertEqual(natural.height, 32)
            control.apportionsSegmentWidthsByContent = true
            let apportioned = control.intrinsicContentSize
            XCTAssertLessThan(apportioned.width, natural.width, "the short segment no longer takes the long one's width")
            control.apportionsSegmentWidthsByContent = false
            control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
            control.setWidth(50, forSegmentAt: 0)
            XCTAssertEqual(control.widthForSegment(at: 0), 50)
            control.selectedSegmentIndex = 1
            let bitmap = composite(control)
            // The pill covers segment 1: x 50…300 inset by 2; at x = 40 the track shows.
            XCTAssertEqual(straightColor(bitmap, 60, 4).red, 255, "pill (white) at x = 60")
            XCTAssertLessThan(straightColor(bitmap, 40, 4).alpha, 60, "translucent track at x = 40")
        }
    }

    func testPillSlidesToTheNewSegment() throws {
        try ControlFixture.run { fixture in
            let control = UISegmentedControl(items: ["", ""])
            control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
            control.selectedSegmentIndex = 0
            fixture.window.addSubview(control)
            fixture.commit()
            fixture.tap(CGPoint(x: 150, y: 16))
            fixture.commit()
            fixture.advance(0.125)
            // The pill's centre runs from x = 50 to 150; ease in-out is half-way at half time.
            XCTAssertEqual(try XCTUnwrap(whiteRunCentre(composite(control), row: 16)), 100, accuracy: 1.5)
            fixture.advance(0.2)
            XCTAssertEqual(try XCTUnwrap(whiteRunCentre(composite(control), row: 16)), 150, accuracy: 0.75)
        }
    }

    /// Three titles with the middle one selected, an image segment, a disabled segment, a tinted
    /// pill and a control with none selected, at 2×. Titles are FreeType text, whose
    /// anti-aliasing can move a little between releases: ±24 per channel on at most 300 pixels.
    func testGoldenSegmentedControls() throws {
        ControlFixture.run { _ in
            let plain = UISegmentedControl(items: ["First", "Second", "Third"])
            plain.frame = CGRect(x: 8, y: 8, width: 220, height: 32)
            plain.selectedSegmentIndex = 1
            let mixed = UISegmentedControl(items: ["Map", solid(.blue, 14, 14), "Off"])
            mixed.frame = CGRect(x: 8, y: 48, width: 220, height: 32)
            mixed.setEnabled(false, forSegmentAt: 2)
            mixed.selectedSegmentTintColor = .systemBlue
            mixed.setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
            mixed.selectedSegmentIndex = 0
            let none = UISegmentedControl(items: ["Day", "Week", "Month"])
            none.frame = CGRect(x: 8, y: 88, width: 220, height: 32)
            assertBitmap(stage(width: 236, height: 128, [plain, mixed, none]), matchesGolden: "segmented-controls",
                         tolerance: ImageTolerance(perChannel: 24, maxDifferingPixels: 300))
        }
    }
}
