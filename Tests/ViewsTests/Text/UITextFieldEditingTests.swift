import Foundation
import Geometry
import KinescopeTestSupport
@testable import Views
import XCTest

final class UITextFieldEditingTests: XCTestCase {
    func testTappingBeginsEditingAndTypingInsertsAtTheCaret() throws {
        ControlFixture.run { f in
            let field = f.field()
            var changes = 0, began = 0
            field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
            field.addAction(UIAction { _ in began += 1 }, for: .editingDidBegin)
            f.tap(CGPoint(x: 100, y: 27))
            XCTAssertTrue(field.isFirstResponder)
            XCTAssertTrue(field.isEditing)
            f.type("hello")
            XCTAssertEqual(field.text, "hello")
            XCTAssertEqual(changes, 5)
            XCTAssertEqual(began, 1)
            f.press(Keys.left, times: 2)
            f.type("X")
            XCTAssertEqual(field.text, "helXlo")
            f.press(Keys.backSpace)
            f.press(Keys.delete)
            XCTAssertEqual(field.text, "helo")
        }
    }

    func testShiftArrowsExtendAndControlArrowsMoveByWord() throws {
        ControlFixture.run { f in
            let field = f.field()
            field.text = "hello big world"
            XCTAssertTrue(field.becomeFirstResponder())
            f.press(Keys.home)
            f.press(Keys.right, [.shift], times: 5)
            XCTAssertEqual(field.text(in: field.selectedTextRange!), "hello")
            f.press(Keys.right)
            XCTAssertEqual(field.editor.selectedRange, NSRange(location: 5, length: 0), "Right collapses to the end")
            f.press(Keys.right, [.control])
            XCTAssertEqual(field.editor.selectedRange.location, 9)
            f.press(Keys.right, [.control])
            XCTAssertEqual(field.editor.selectedRange.location, 15)
            f.press(Keys.left, [.control])
            XCTAssertEqual(field.editor.selectedRange.location, 10)
            f.press(Keys.left, [.control, .shift])
            XCTAssertEqual(field.editor.selectedRange, NSRange(location: 6, length: 4))
            f.control("a")
            XCTAssertEqual(field.editor.selectedRange, NSRange(location: 0, length: 15))
        }
    }

    func testMovementAndDeletionStepOverWholeGraphemeClusters() throws {
        ControlFixture.run { f in
            let field = f.field()
            field.text = "e\u{301}👍🏽x"
            XCTAssertEqual((field.text! as NSString).length, 7)
            XCTAssertTrue(field.becomeFirstResponder())
            f.press(Keys.left)
            XCTAssertEqual(field.editor.selectedRange.location, 6)
            f.press(Keys.left)
            XCTAssertEqual(field.editor.selectedRange.location, 2, "the emoji with its skin tone is one cluster of 4 units")
            f.press(Keys.backSpace)
            XCTAssertEqual(field.text, "👍🏽x")
            XCTAssertEqual(field.offset(from: field.beginningOfDocument, to: field.endOfDocument), 5)
            XCTAssertNil(field.position(from: field.endOfDocument, offset: 1))
        }
    }

    func testClipboardRoundTripAndPrimarySelection() throws {
        ControlFixture.run { f in
            let field = f.field()
            field.text = "copy me"
            XCTAssertTrue(field.becomeFirstResponder())
            let before = UIPasteboard.general.changeCount
            f.control("a")
            XCTAssertEqual(UIPasteboard.primary.string, "copy me", "selecting sets PRIMARY")
            f.control("c")
            XCTAssertEqual(UIPasteboard.general.string, "copy me")
            XCTAssertEqual(UIPasteboard.general.changeCount, before + 1)
            XCTAssertTrue(UIPasteboard.general.hasStrings)
            f.press(Keys.end)
            f.control("v")
            XCTAssertEqual(field.text, "copy mecopy me")
            f.press(Keys.left, [.shift], times: 2)
            f.control("x")
            XCTAssertEqual(field.text, "copy mecopy ")
            XCTAssertEqual(UIPasteboard.general.strings, ["me"])
            UIPasteboard.primary.string = "PRI"
            field.pastePrimarySelection(at: CGPoint(x: 2, y: 17))
            XCTAssertEqual(field.text, "PRIcopy mecopy ")
        }
    }

    func testUndoTakesBackTypingRunsAndRedoRestoresThem() throws {
        ControlFixture.run { f in
            let field = f.field()
            XCTAssertTrue(field.becomeFirstResponder())
            f.type("abc")
            f.press(Keys.left)
            f.type("XY")
            XCTAssertEqual(field.text, "abXYc")
            XCTAssertEqual(field.undoManager?.undoActionName, "Typing")
            f.control("z")
            XCTAssertEqual(field.text, "abc", "the typing since the caret moved is one step")
            f.control("z")
            XCTAssertEqual(field.text, "", "the first run, typed over three key events, is one step")
            XCTAssertFalse(field.undoManager!.canUndo)
            f.control("z", shift: true)
            XCTAssertEqual(field.text, "abc")
            f.control("z", shift: true)
            XCTAssertEqual(field.text, "abXYc")
            f.press(Keys.end)
            f.press(Keys.backSpace, times: 3)
            XCTAssertEqual(field.text, "ab")
            f.control("z")
            XCTAssertEqual(field.text, "abXYc", "consecutive Backspaces are one step")
        }
    }

    func testDelegateVetoesChangesAndBeginningAndEnding() throws {
        ControlFixture.run { f in
            let field = f.field()
            let delegate = FieldDelegate()
            field.delegate = delegate
            delegate.allowsBegin = false
            f.tap(CGPoint(x: 100, y: 27))
            XCTAssertFalse(field.isFirstResponder)
            delegate.allowsBegin = true
            f.tap(CGPoint(x: 100, y: 27))
            XCTAssertTrue(field.isFirstResponder)
            delegate.refusesDigits = true
            f.type("a1b2")
            XCTAssertEqual(field.text, "ab")
            XCTAssertTrue(delegate.calls.contains("change 1,0 '1'"))
            delegate.allowsEnd = false
            XCTAssertFalse(field.resignFirstResponder())
            XCTAssertTrue(field.isFirstResponder)
            XCTAssertTrue(f.window.endEditing(true), "a forced end ignores the veto")
            XCTAssertFalse(field.isFirstResponder)
            XCTAssertEqual(delegate.calls.filter { !$0.hasPrefix("change") },
                           ["shouldBegin", "shouldBegin", "didBegin", "shouldEnd", "didEnd"])
        }
    }

    func testReturnAsksTheDelegateAndSendsTheExitEvents() throws {
        ControlFixture.run { f in
            let field = f.field()
            let delegate = FieldDelegate()
            field.delegate = delegate
            var events: [String] = []
            field.addAction(UIAction { _ in events.append("exit") }, for: .editingDidEndOnExit)
            field.addAction(UIAction { _ in events.append("primary") }, for: .primaryActionTriggered)
            XCTAssertTrue(field.becomeFirstResponder())
            f.type("a")
            f.press(Keys.returnKey)
            XCTAssertEqual(field.text, "a", "a field takes no newline")
            XCTAssertEqual(events, ["exit", "primary"])
            delegate.returns = false
            f.press(Keys.returnKey)
            XCTAssertEqual(events, ["exit", "primary"])
            XCTAssertEqual(delegate.calls.filter { $0 == "shouldReturn" }.count, 2)
        }
    }

    func testSecureEntryShowsBulletsAndRefusesCopying() throws {
        ControlFixture.run { f in
            let field = f.field()
            field.isSecureTextEntry = true
            XCTAssertTrue(field.becomeFirstResponder())
            f.type("pw😀")
            XCTAssertEqual(field.text, "pw😀")
            XCTAssertEqual(field.store.paragraphs.map(\.text), ["•••"])
            UIPasteboard.general.string = "before"
            f.control("a")
            f.control("c")
            f.control("x")
            XCTAssertEqual(UIPasteboard.general.string, "before")
            XCTAssertEqual(field.text, "pw😀")
            XCTAssertEqual(field.displayRange(field.editor.selectedRange), NSRange(location: 0, length: 3))
        }
    }

    func testPlaceholderShowsOnlyWhileEmpty() throws {
        ControlFixture.run { f in
            let field = f.field()
            field.placeholder = "Name"
            field.layoutIfNeeded()
            XCTAssertFalse(field.placeholderLabel.isHidden)
            XCTAssertEqual(field.placeholderLabel.textColor, UITextField.placeholderColor)
            field.text = "x"
            field.layoutIfNeeded()
            XCTAssertTrue(field.placeholderLabel.isHidden)
            field.text = nil
            field.layoutIfNeeded()
            XCTAssertFalse(field.placeholderLabel.isHidden)
            XCTAssertEqual(field.text, "")
        }
    }

    func testTabMovesToTheNextFieldInReadingOrder() throws {
        ControlFixture.run(height: 200) { f in
            let lower = f.field(at: CGPoint(x: 10, y: 100))
            let upperRight = f.field(at: CGPoint(x: 160, y: 10), width: 100)
            let upperLeft = f.field(at: CGPoint(x: 10, y: 10), width: 100)
            XCTAssertTrue(upperLeft.becomeFirstResponder())
            f.press(Keys.tab)
            XCTAssertTrue(upperRight.isFirstResponder)
            f.press(Keys.tab)
            XCTAssertTrue(lower.isFirstResponder)
            f.press(Keys.tab)
            XCTAssertTrue(upperLeft.isFirstResponder, "wraps around")
            f.press(Keys.tab, [.shift])
            XCTAssertTrue(lower.isFirstResponder)
        }
    }

    func testClearButtonEmptiesTheFieldAfterAsking() throws {
        ControlFixture.run { f in
            let field = f.field()
            let delegate = FieldDelegate()
            field.delegate = delegate
            field.clearButtonMode = .always
            field.text = "some text"
            field.layoutIfNeeded()
            XCTAssertFalse(field.clearButton.isHidden)
            var changes = 0
            field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
            let button = field.clearButtonRect(forBounds: field.bounds)
            f.tap(CGPoint(x: 10 + button.midX, y: 10 + button.midY))
            XCTAssertEqual(field.text, "")
            XCTAssertEqual(changes, 1)
            XCTAssertTrue(delegate.calls.contains("shouldClear"))
            field.layoutIfNeeded()
            XCTAssertTrue(field.clearButton.isHidden, "no button without text")
        }
    }

    func testClicksPlaceTheCaretAndSelectWordsDragsSelect() throws {
        ControlFixture.run { f in
            let field = f.field(width: 300)
            field.borderStyle = .none
            field.text = "alpha beta gamma"
            field.layoutIfNeeded()
            f.tap(CGPoint(x: 11, y: 27))
            XCTAssertEqual(field.editor.selectedRange, NSRange(location: 0, length: 0))
            let beta = field.canvas.caretRect(for: 7)
            let betaPoint = CGPoint(x: 10 + field.canvas.frame.minX + beta.midX, y: 27)
            f.advance(1)
            f.tap(betaPoint, count: 2)
            XCTAssertEqual(field.text(in: field.selectedTextRange!), "beta")
            f.advance(1)
            f.tap(betaPoint, count: 3)
            XCTAssertEqual(field.editor.selectedRange, NSRange(location: 0, length: 16))
            f.advance(1)
            let start = field.canvas.caretRect(for: 6)
            f.drag(from: CGPoint(x: 10 + field.canvas.frame.minX + start.minX + 1, y: 27), to: CGPoint(x: 309, y: 27))
            XCTAssertEqual(field.text(in: field.selectedTextRange!), "beta gamma")
        }
    }

    func testLongTextScrollsToKeepTheCaretVisible() throws {
        ControlFixture.run { f in
            let field = f.field(width: 80)
            XCTAssertTrue(field.becomeFirstResponder())
            f.type("a long line that cannot fit")
            field.layoutIfNeeded()
            let caret = field.canvas.caretRect(for: field.editor.length)
            XCTAssertGreaterThan(field.scrollX, 0)
            XCTAssertLessThanOrEqual(caret.maxX, field.canvas.bounds.width + 0.01)
            XCTAssertGreaterThanOrEqual(caret.minX, 0)
            f.press(Keys.home)
            XCTAssertEqual(field.scrollX, 0)
        }
    }

    func testIntrinsicSizeFollowsTextAndBorder() throws {
        ControlFixture.run { f in
            let field = UITextField(frame: .zero)
            field.text = "Hello"
            let plain = field.intrinsicContentSize
            field.borderStyle = .roundedRect
            let rounded = field.intrinsicContentSize
            XCTAssertEqual(rounded.width - plain.width, 14, accuracy: 1)
            XCTAssertEqual(rounded.height - plain.height, 14, accuracy: 1)
            field.text = "Hello, world"
            XCTAssertGreaterThan(field.intrinsicContentSize.width, rounded.width)
        }
    }

    func testTextDidChangeNotificationIsPosted() throws {
        ControlFixture.run { f in
            let field = f.field()
            let posts = Counter()
            let token = NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: field,
                                                               queue: nil) { _ in posts.value += 1 }
            defer { NotificationCenter.default.removeObserver(token) }
            XCTAssertTrue(field.becomeFirstResponder())
            f.type("ab")
            XCTAssertEqual(posts.value, 2)
        }
    }
}
