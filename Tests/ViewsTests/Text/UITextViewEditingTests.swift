import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
@testable import Views
import XCTest

final class UITextViewEditingTests: XCTestCase {
    @MainActor
    final class ViewDelegate: UITextViewDelegate {
        var calls: [String] = []
        var refusesNewlines = false
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            !(refusesNewlines && text == "\n")
        }
        func textViewDidChange(_ textView: UITextView) { calls.append("change") }
        func textViewDidChangeSelection(_ textView: UITextView) { calls.append("selection") }
        func textViewDidBeginEditing(_ textView: UITextView) { calls.append("begin") }
        func textViewDidEndEditing(_ textView: UITextView) { calls.append("end") }
    }

    func testDefaultsMatchApple() throws {
        onMain {
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            XCTAssertEqual(view.textContainerInset, UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
            XCTAssertEqual(view.textContainer.lineFragmentPadding, 5)
            XCTAssertTrue(view.isEditable)
            XCTAssertTrue(view.isSelectable)
            XCTAssertEqual(view.text, "")
            XCTAssertEqual(view.store.wrapWidth, 190)
        }
    }

    func testReturnTypesNewlinesAndUpDownMoveByLine() throws {
        ControlFixture.run(height: 200) { f in
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
            let delegate = ViewDelegate()
            view.delegate = delegate
            f.window.addSubview(view)
            XCTAssertTrue(view.becomeFirstResponder())
            f.type("one")
            f.press(Keys.returnKey)
            f.type("two")
            f.press(Keys.returnKey)
            f.type("three")
            XCTAssertEqual(view.text, "one\ntwo\nthree")
            f.press(Keys.up)
            XCTAssertEqual(view.selectedRange.location, 7, "from the end of 'three' up to the end of 'two'")
            f.press(Keys.up)
            XCTAssertEqual(view.selectedRange.location, 3)
            f.press(Keys.home)
            XCTAssertEqual(view.selectedRange.location, 0)
            f.press(Keys.down, [.shift])
            XCTAssertEqual(view.selectedRange, NSRange(location: 0, length: 4))
            f.press(Keys.end, [.control])
            XCTAssertEqual(view.selectedRange.location, 13)
            delegate.refusesNewlines = true
            f.press(Keys.returnKey)
            XCTAssertEqual(view.text, "one\ntwo\nthree")
            XCTAssertEqual(delegate.calls.first, "begin")
            XCTAssertEqual(delegate.calls.filter { $0 == "change" }.count, 13)
        }
    }

    func testLinesWrapAndTheCaretStaysInView() throws {
        ControlFixture.run(height: 200) { f in
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
            f.window.addSubview(view)
            view.layoutIfNeeded()
            XCTAssertTrue(view.becomeFirstResponder())
            f.type("the quick brown fox jumps over the lazy dog again and again")
            view.layoutIfNeeded()
            XCTAssertGreaterThan(view.store.paragraphs[0].layout?.lines.count ?? 0, 3)
            XCTAssertGreaterThan(view.contentSize.height, view.bounds.height)
            XCTAssertGreaterThan(view.contentOffset.y, 0, "scrolled down to the caret")
            let caret = view.canvas.caretRect(for: view.editor.length)
            XCTAssertGreaterThanOrEqual(caret.minY, -0.01)
            XCTAssertLessThanOrEqual(caret.maxY, view.bounds.height + 0.01)
        }
    }

    func testUnselectableViewIgnoresPressesAndUneditableViewIgnoresTyping() throws {
        ControlFixture.run { f in
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            view.text = "fixed"
            view.isEditable = false
            f.window.addSubview(view)
            f.tap(CGPoint(x: 20, y: 15))
            XCTAssertTrue(view.isFirstResponder, "still selectable")
            f.type("x")
            XCTAssertEqual(view.text, "fixed")
            f.control("a")
            f.control("c")
            XCTAssertEqual(UIPasteboard.general.string, "fixed")
            view.isSelectable = false
            XCTAssertFalse(view.isFirstResponder)
            XCTAssertFalse(view.canBecomeFirstResponder)
        }
    }

    func testMiddleClickPastesThePrimarySelection() throws {
        ControlFixture.run { f in
            let source = f.field()
            source.text = "picked"
            XCTAssertTrue(source.becomeFirstResponder())
            f.control("a")
            let view = UITextView(frame: CGRect(x: 0, y: 60, width: 200, height: 60))
            f.window.addSubview(view)
            f.window.sendMiddleClick(at: CGPoint(x: 20, y: 70))
            XCTAssertEqual(view.text, "picked")
            XCTAssertTrue(view.isFirstResponder)
        }
    }

    func testCaretBlinksOnTheLayerClockWithoutRedrawingText() throws {
        ControlFixture.run { f in
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            f.window.addSubview(view)
            XCTAssertTrue(view.becomeFirstResponder())
            f.type("blink")
            f.commit()
            _ = f.window.layer.makeRenderNode()
            let draws = view.canvas.textDrawCount
            XCTAssertTrue(view.canvas.isCaretBlinking)
            var opacities: [Float] = []
            for _ in 0..<8 {
                f.advance(0.25)
                _ = f.window.layer.makeRenderNode()
                opacities.append(view.canvas.caretLayer.presentation()?.opacity ?? -1)
            }
            XCTAssertEqual(opacities, [1, 1, 1, 0, 0, 1, 1, 0], "solid for 0.5 s after typing, then on 0.5 s, off 0.5 s")
            XCTAssertEqual(view.canvas.textDrawCount, draws, "blinking draws no text")
            XCTAssertEqual(view.canvas.caretLayer.frame.width, 2)
        }
    }

    func testMillionCharacterTextEditsOnlyTheTouchedParagraph() throws {
        ControlFixture.run(height: 300) { f in
            let line = String(repeating: "lorem ipsum dolor sit amet ", count: 2) + "end"
            let paragraphs = 1_000_000 / (line.utf16.count + 1) + 1
            let text = Array(repeating: line, count: paragraphs).joined(separator: "\n")
            XCTAssertGreaterThanOrEqual(text.utf16.count, 1_000_000)
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            f.window.addSubview(view)
            view.text = text
            view.layoutIfNeeded()
            let laidOut = view.store.paragraphs.filter { $0.layout != nil }.count
            XCTAssertLessThan(laidOut, 40, "only what is shown is laid out")
            XCTAssertTrue(view.becomeFirstResponder())
            view.selectedRange = NSRange(location: 500_000, length: 0)
            view.layoutIfNeeded()
            let start = Date()
            f.type("Z")
            view.layoutIfNeeded()
            _ = view.canvas.caretRect(for: view.selectedRange.location)
            let elapsed = Date().timeIntervalSince(start)
            print("UITextView 10^6 characters: keystroke to laid-out frame \(String(format: "%.2f", elapsed * 1000)) ms (debug build)")
            XCTAssertEqual(view.selectedRange.location, 500_001)
            XCTAssertEqual(view.text.utf16.count, text.utf16.count + 1)
            XCTAssertLessThan(view.store.paragraphs.filter { $0.layout != nil }.count, 80)
            XCTAssertGreaterThan(view.contentOffset.y, 1000, "scrolled to the caret in the middle")
            f.control("z")
            XCTAssertEqual(view.text.utf16.count, text.utf16.count)
        }
    }
}
