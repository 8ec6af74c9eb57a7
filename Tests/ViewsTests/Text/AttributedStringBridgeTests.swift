import Foundation
import Views
import XCTest

/// `AttributeScopes.UIKitAttributes` and the conversions between `AttributedString` and
/// `NSAttributedString`.
final class AttributedStringBridgeTests: XCTestCase {
    func testUIKitAttributesCrossToNSAttributedStringRunByRun() throws {
        var text = AttributedString("Bold")
        text.font = .boldSystemFont(ofSize: 20)
        text.foregroundColor = .red
        text.underlineStyle = .single
        var rest = AttributedString(" plain")
        rest.kern = 2
        text += rest
        let converted = NSAttributedString(text)
        XCTAssertEqual(converted.string, "Bold plain")
        var range = NSRange()
        let first = converted.attributes(at: 0, effectiveRange: &range)
        XCTAssertEqual(range, NSRange(location: 0, length: 4))
        XCTAssertEqual(first[.font] as? UIFont, .boldSystemFont(ofSize: 20))
        XCTAssertEqual(first[.foregroundColor] as? UIColor, .red)
        XCTAssertEqual(first[.underlineStyle] as? NSUnderlineStyle, .single)
        let second = converted.attributes(at: 5, effectiveRange: &range)
        XCTAssertEqual(range, NSRange(location: 4, length: 6))
        XCTAssertEqual(second[.kern] as? CGFloat, 2)
        XCTAssertNil(second[.font])
        XCTAssertEqual(AttributedString(converted), text, "and back")
    }

    func testNSAttributedStringValuesUIKitAcceptsAreConvertedAndOthersDropped() throws {
        let source = NSMutableAttributedString(string: "ab", attributes: [
            .underlineStyle: NSUnderlineStyle.double.rawValue, .kern: 3, .ligature: 0,
            .foregroundColor: "not a colour", NSAttributedString.Key("Custom"): 1,
        ])
        let text = AttributedString(source)
        let run = try XCTUnwrap(text.runs.first)
        XCTAssertEqual(text.runs.count, 1)
        XCTAssertEqual(run.underlineStyle, .double, "an Int raw value")
        XCTAssertEqual(run.kern, 3)
        XCTAssertEqual(run.ligature, 0)
        XCTAssertNil(run.foregroundColor, "a value of the wrong type is dropped")
        XCTAssertEqual(String(text.characters), "ab")
    }

    func testANonFiniteOrHugeLigatureValueIsDroppedNotTrapped() {
        for value in [Double.nan, .infinity, 1e300] {
            let text = AttributedString(NSAttributedString(string: "fi", attributes: [.ligature: value]))
            XCTAssertNil(text.runs.first?.ligature, "\(value)")
        }
    }

    /// The form real code uses to style a button's title (Apple's developer forums):
    /// `AttributedString(title, attributes: AttributeContainer([.font: …]))`.
    func testAttributeContainerFromADictionaryKeepsUIKitsKeys() {
        let container = AttributeContainer([.font: UIFont.systemFont(ofSize: 12), .kern: 1.5,
                                            NSAttributedString.Key("Custom"): 1])
        let title = AttributedString("Log in", attributes: container)
        XCTAssertEqual(title.runs.first?.font, .systemFont(ofSize: 12))
        XCTAssertEqual(title.runs.first?.kern, 1.5)
        XCTAssertEqual(NSAttributedString(title).attributes(at: 0, effectiveRange: nil).count, 2, "the custom key is left out")
    }

    func testAttributeContainersTakeUIKitNamesAndMerge() {
        var base = AttributeContainer()
        base.font = .systemFont(ofSize: 12)
        base.foregroundColor = .blue
        var over = AttributeContainer()
        over.foregroundColor = .red
        let merged = base.merging(over)
        XCTAssertEqual(merged.font, .systemFont(ofSize: 12))
        XCTAssertEqual(merged.foregroundColor, .red)
    }
}
