import Foundation
import Geometry
import Graphics
import Layers
import Raster
import Views
import XCTest

/// UILabel's `attributedText` (UIKit's rule: the style at location 0 becomes the label's font
/// and colour) and its unblurred shadow.
final class UILabelStyleTests: XCTestCase {
    func testAttributedTextSetsTextFontAndColourFromItsFirstCharacter() throws {
        onMain {
            let label = makeLabel(nil, width: 200, height: 40)
            let font = UIFont.boldSystemFont(ofSize: 22)
            let styled = NSMutableAttributedString(string: "Red", attributes: [.font: font, .foregroundColor: UIColor.red])
            styled.append(NSAttributedString(string: " rest", attributes: [.foregroundColor: UIColor.blue]))
            label.attributedText = styled
            XCTAssertEqual(label.text, "Red rest")
            XCTAssertEqual(label.font, font)
            XCTAssertEqual(label.textColor, .red)
            XCTAssertEqual(label.attributedText, styled, "kept as set")
            label.attributedText = NSAttributedString(string: "Plain")
            XCTAssertEqual(label.font, font, "attributes absent at location 0 keep the label's")
            XCTAssertEqual(label.textColor, .red)
            label.attributedText = NSAttributedString(string: "Gray", attributes: [.foregroundColor: UIColor.gray.cgColor])
            XCTAssertEqual(label.textColor, .gray, "a CGColor foreground counts too")
        }
    }

    func testTextReplacesAttributedTextAndFontRestylesIt() throws {
        onMain {
            let label = makeLabel(nil, width: 200, height: 40)
            XCTAssertNil(label.attributedText)
            label.attributedText = NSAttributedString(string: "One", attributes: [.foregroundColor: UIColor.green])
            label.font = .systemFont(ofSize: 30)
            let restyled = label.attributedText
            XCTAssertEqual(restyled?.attribute(.font, at: 2, effectiveRange: nil) as? UIFont, .systemFont(ofSize: 30),
                           "a font set afterwards covers the whole string")
            XCTAssertEqual(restyled?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .green)
            label.text = "Two"
            let rebuilt = label.attributedText
            XCTAssertEqual(rebuilt?.string, "Two")
            XCTAssertEqual(rebuilt?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont, label.font,
                           "built from text with the label's font")
            XCTAssertEqual(rebuilt?.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor, .green)
            label.attributedText = nil
            XCTAssertNil(label.text)
        }
    }

    func testShadowIsDrawnUnderTheTextAtItsOffset() throws {
        try onMain {
            let label = makeLabel("I", width: 60, height: 40) { $0.font = .boldSystemFont(ofSize: 24) }
            XCTAssertNil(label.shadowColor)
            XCTAssertEqual(label.shadowOffset, CGSize(width: 0, height: -1), "UIKit's default")
            let plain = try XCTUnwrap(inkBox(composite(label)))
            label.shadowColor = .red
            label.shadowOffset = CGSize(width: 4, height: 2)
            let bitmap = composite(label)
            let shadowed = try XCTUnwrap(inkBox(bitmap))
            XCTAssertEqual(shadowed.minX, plain.minX)
            XCTAssertEqual(shadowed.width, plain.width + 4)
            XCTAssertEqual(shadowed.height, plain.height + 2)
            let shadowOnly = bitmap[x: shadowed.maxX - 1, y: shadowed.maxY - 2]
            XCTAssertEqual(shadowOnly.straight.green, 0, "\(shadowOnly)")
            XCTAssertGreaterThan(shadowOnly.straight.red, 200, "red shadow to the lower right: \(shadowOnly)")
            let stem = bitmap[x: plain.minX + plain.width / 2, y: plain.minY + plain.height / 2]
            XCTAssertEqual(stem.packed & 0xFF_FFFF, 0, "the text itself is black, over its shadow")
            label.shadowOffset = .zero
            XCTAssertTrue(composite(label).hasSamePixels(as: { label.shadowColor = nil; return composite(label) }()),
                          "a shadow exactly under the text is not drawn")
        }
    }
}
