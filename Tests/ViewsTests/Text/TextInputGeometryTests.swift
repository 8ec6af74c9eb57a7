import Foundation
import Geometry
import KinescopeTestSupport
@testable import Views
import XCTest

/// `UITextInput`'s geometry, navigation by layout direction and marked text, on `UITextField`
/// and `UITextView`: the calls custom text code and input methods make.
final class TextInputGeometryTests: XCTestCase {
    @MainActor private static func view(_ f: ControlFixture, text: String) -> UITextView {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 110))
        view.font = .systemFont(ofSize: 17)
        view.text = text
        f.window.addSubview(view)
        view.layoutIfNeeded()
        return view
    }

    func testCaretAndSelectionRectsFollowTheLayout() throws {
        try ControlFixture.run(height: 200) { f in
            let view = Self.view(f, text: "one two three four five six seven eight")
            let start = view.caretRect(for: view.beginningOfDocument)
            XCTAssertEqual(start.minX, view.textContainerInset.left + view.textContainer.lineFragmentPadding, accuracy: 1.01,
                           "the first caret at the text's origin (2 points wide, centred)")
            XCTAssertEqual(start.minY, view.textContainerInset.top, accuracy: 0.5)
            XCTAssertEqual(start.width, 2)
            XCTAssertEqual(start.height, UIFont.systemFont(ofSize: 17).lineHeight, accuracy: 1)
            let end = view.caretRect(for: view.endOfDocument)
            XCTAssertGreaterThanOrEqual(end.minY, start.maxY - 0.01, "the text wraps: its end is on a later line")

            let whole = try XCTUnwrap(view.textRange(from: view.beginningOfDocument, to: view.endOfDocument))
            let rects = view.selectionRects(for: whole)
            XCTAssertGreaterThanOrEqual(rects.count, 2, "one rectangle per line")
            XCTAssertTrue(rects.first!.containsStart && !rects.first!.containsEnd)
            XCTAssertTrue(rects.last!.containsEnd)
            XCTAssertEqual(view.firstRect(for: whole), rects[0].rect)
            let caretOnly = view.selectionRects(for: try XCTUnwrap(view.textRange(from: view.endOfDocument, to: view.endOfDocument)))
            XCTAssertEqual(caretOnly.map(\.rect), [end])
        }
    }

    func testHitTestingFindsPositionsAndCharacters() throws {
        try ControlFixture.run(height: 200) { f in
            let view = Self.view(f, text: "hello world")
            let caret3 = view.caretRect(for: try XCTUnwrap(view.position(from: view.beginningOfDocument, offset: 3)))
            let near = try XCTUnwrap(view.closestPosition(to: CGPoint(x: caret3.midX + 1, y: caret3.midY)))
            XCTAssertEqual(view.offset(from: view.beginningOfDocument, to: near), 3)
            let character = try XCTUnwrap(view.characterRange(at: CGPoint(x: caret3.midX + 3, y: caret3.midY)))
            XCTAssertEqual(view.text(in: character), "l", "the character right of the caret at 3")
            let within = try XCTUnwrap(view.textRange(from: view.beginningOfDocument,
                                                      to: try XCTUnwrap(view.position(from: view.beginningOfDocument, offset: 2))))
            let clamped = try XCTUnwrap(view.closestPosition(to: CGPoint(x: 190, y: caret3.midY), within: within))
            XCTAssertEqual(view.offset(from: view.beginningOfDocument, to: clamped), 2)
            XCTAssertNil(view.closestPosition(to: CGPoint(x: CGFloat.nan, y: 0)))
        }
    }

    func testLayoutDirectionsMoveByCharactersAndLines() throws {
        try ControlFixture.run(height: 200) { f in
            let view = Self.view(f, text: "ab👍🏽cd\nsecond line")
            let start = view.beginningOfDocument
            let afterEmoji = try XCTUnwrap(view.position(from: start, in: .right, offset: 3))
            XCTAssertEqual(view.offset(from: start, to: afterEmoji), 6, "an emoji with its skin tone is one step of four UTF-16 units")
            XCTAssertNil(view.position(from: start, in: .left, offset: 1), "nothing left of the start")
            let below = try XCTUnwrap(view.position(from: start, in: .down, offset: 1))
            XCTAssertEqual(view.offset(from: start, to: below), 9, "the next line's start, below the first caret")
            let up = try XCTUnwrap(view.position(from: below, in: .up, offset: 1))
            XCTAssertEqual(view.offset(from: start, to: up), 0)
            let line = try XCTUnwrap(view.characterRange(byExtending: afterEmoji, in: .right))
            XCTAssertEqual(view.text(in: line), "cd")
            let range = try XCTUnwrap(view.textRange(from: afterEmoji, to: below))
            XCTAssertEqual(view.offset(from: start, to: try XCTUnwrap(view.position(within: range, farthestIn: .left))), 6)
            XCTAssertEqual(view.baseWritingDirection(for: start, in: .forward), .leftToRight)
        }
    }

    func testMarkedTextIsComposedUnderlinedAndCommitted() throws {
        try ControlFixture.run { f in
            let field = f.field()
            field.text = "ab"
            XCTAssertTrue(field.becomeFirstResponder())
            var asked: [String] = []
            let delegate = RecordingFieldDelegate { asked.append($0) }
            field.delegate = delegate
            field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
            XCTAssertEqual(field.text, "abni")
            let marked = try XCTUnwrap(field.markedTextRange)
            XCTAssertEqual(field.text(in: marked), "ni")
            XCTAssertEqual(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start), 4)
            XCTAssertEqual(field.canvas.markedUnderlineFrames.count, 1, "the composition is underlined")
            field.setMarkedText("你", selectedRange: NSRange(location: 1, length: 0))
            XCTAssertEqual(field.text, "ab你", "the marked text is replaced, not added to")
            XCTAssertEqual(asked, ["{2, 0}→ni", "{2, 2}→你"], "the delegate is asked, as for typing")
            field.unmarkText()
            XCTAssertNil(field.markedTextRange)
            XCTAssertTrue(field.canvas.markedUnderlineFrames.isEmpty)
            XCTAssertEqual(field.text, "ab你")

            field.setMarkedText("ha", selectedRange: NSRange(location: 2, length: 0))
            field.insertText("哈")
            XCTAssertEqual(field.text, "ab你哈", "inserting text commits it over the marked text")
            XCTAssertNil(field.markedTextRange)
            field.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
            field.setMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
            XCTAssertEqual(field.text, "ab你哈", "nil removes the marked text")
            XCTAssertNil(field.markedTextRange)
        }
    }

    func testASecureFieldsGeometryCountsCharacters() throws {
        try ControlFixture.run { f in
            let field = f.field()
            field.isSecureTextEntry = true
            field.text = "é👍🏽x"
            let end = field.caretRect(for: field.endOfDocument)
            let afterEmoji = field.caretRect(for: try XCTUnwrap(field.position(from: field.beginningOfDocument, in: .right, offset: 2)))
            XCTAssertLessThan(afterEmoji.minX, end.minX, "three bullets, the caret after the second before the end")
            let hit = try XCTUnwrap(field.closestPosition(to: CGPoint(x: end.midX + 20, y: end.midY)))
            XCTAssertEqual(field.offset(from: field.beginningOfDocument, to: hit), "é👍🏽x".utf16.count)
        }
    }
}

/// A field delegate that reports each change it is asked about as "{location, length}→text".
@MainActor
private final class RecordingFieldDelegate: UITextFieldDelegate {
    let report: (String) -> Void
    init(_ report: @escaping (String) -> Void) { self.report = report }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        report("{\(range.location), \(range.length)}→\(string)")
        return true
    }
}
