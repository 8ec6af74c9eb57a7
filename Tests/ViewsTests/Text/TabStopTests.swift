import Foundation
import Geometry
import Views
import XCTest

/// `NSTextTab` and the paragraph style's `tabStops` / `defaultTabInterval` in laid-out text:
/// Apple's defaults, the four alignments, decimal tabs, stops past the last one.
final class TabStopTests: XCTestCase {
    private var font: UIFont { .systemFont(ofSize: 15) }

    private func width(_ text: String, _ style: NSParagraphStyle? = nil) -> CGFloat {
        var attributes: [NSAttributedString.Key: Any] = [.font: font]
        if let style { attributes[.paragraphStyle] = style }
        return text.size(withAttributes: attributes).width
    }

    private func style(_ stops: [NSTextTab], interval: CGFloat = 0) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        style.tabStops = stops
        style.defaultTabInterval = interval
        return style
    }

    func testDefaultsAreTwelveLeftStopsTwentyEightPointsApartAndNoInterval() {
        let style = NSParagraphStyle.default
        XCTAssertEqual(style.tabStops.map(\.location), (1...12).map { CGFloat($0) * 28 })
        XCTAssertTrue(style.tabStops.allSatisfy { $0.alignment == .natural && $0.options.isEmpty })
        XCTAssertEqual(style.defaultTabInterval, 0)
        XCTAssertEqual(width("a\tb"), 28 + width("b"))
        XCTAssertEqual(width("a\t\tb"), 56 + width("b"), "each tab goes on to the next stop")
    }

    func testLeftRightAndCentreStopsPlaceTheTextAfterTheTab() {
        let b = width("bbb")
        XCTAssertEqual(width("a\tbbb", style([NSTextTab(textAlignment: .left, location: 100)])), 100 + b, accuracy: 1e-9)
        XCTAssertEqual(width("a\tbbb", style([NSTextTab(textAlignment: .right, location: 200)])), 200, accuracy: 1e-9,
                       "the text ends at a right stop")
        XCTAssertEqual(width("a\tbbb", style([NSTextTab(textAlignment: .center, location: 150)])), 150 + b / 2,
                       accuracy: 1e-9, "and is centred on a centre stop")
        XCTAssertEqual(width("a\tbbb\tc", style([NSTextTab(textAlignment: .right, location: 120),
                                                  NSTextTab(textAlignment: .left, location: 300)])),
                       300 + width("c"), accuracy: 1e-9, "a right stop aligns the text up to the next tab")
    }

    func testDecimalStopAlignsTheFirstTerminator() {
        let terminators = NSTextTab.columnTerminators(for: Locale(identifier: "en_US"))
        XCTAssertTrue(terminators.contains("."))
        let decimal = style([NSTextTab(textAlignment: .right, location: 120, options: [.columnTerminators: terminators])])
        XCTAssertEqual(width("x\t12.5", decimal), 120 + width(".5"), accuracy: 1e-9)
        XCTAssertEqual(width("x\t3.25", decimal), 120 + width(".25"), accuracy: 1e-9)
        XCTAssertEqual(width("x\t42", decimal), 120, accuracy: 1e-9, "no terminator: right-aligned at the stop")
    }

    func testTextThatWouldReachBackStartsRightAfterTheTab() {
        let column = "a wide second column"
        let tabbed = width("a\t" + column, style([NSTextTab(textAlignment: .right, location: 40)]))
        XCTAssertEqual(tabbed, width("a") + width(column), accuracy: 1e-6, "a tab never moves text backwards")
    }

    func testPastTheLastStopTheDefaultIntervalOrTheTabsOwnWidth() {
        XCTAssertEqual(width("a\tb", style([], interval: 40)), 40 + width("b"), accuracy: 1e-9)
        XCTAssertEqual(width("a\t\tb", style([NSTextTab(textAlignment: .left, location: 30)], interval: 50)),
                       50 + width("b"), accuracy: 1e-9, "after the stop at 30, multiples of 50")
        let plain = width("a\tb", style([]))
        XCTAssertGreaterThan(plain, width("ab"), "no stop, no interval: the tab glyph's own advance")
        XCTAssertLessThan(plain, width("ab") + 10)
    }

    func testMutableStyleKeepsItsStopsSorted() {
        let style = NSMutableParagraphStyle()
        style.tabStops = [NSTextTab(textAlignment: .left, location: 90), NSTextTab(textAlignment: .right, location: 30)]
        XCTAssertEqual(style.tabStops.map(\.location), [30, 90])
        style.addTabStop(NSTextTab(textAlignment: .center, location: 60))
        XCTAssertEqual(style.tabStops.map(\.location), [30, 60, 90])
        style.removeTabStop(NSTextTab(textAlignment: .right, location: 30))
        XCTAssertEqual(style.tabStops.map(\.location), [60, 90])
        XCTAssertEqual((style.copy() as? NSParagraphStyle)?.tabStops, style.tabStops)
        XCTAssertEqual(NSTextTab(textAlignment: .left, location: .nan).location, 0)
    }
}
