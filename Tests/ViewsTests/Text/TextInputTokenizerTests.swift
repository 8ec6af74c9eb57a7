import Foundation
import Geometry
import KinescopeTestSupport
import XCTest
@testable import Views

/// `UITextInputStringTokenizer` on a text view's text: characters, words, sentences,
/// paragraphs, laid-out lines and the document, in both directions; and what the input delegate
/// is told.
final class TextInputTokenizerTests: XCTestCase {
    @MainActor private static func view(_ f: ControlFixture, text: String, width: CGFloat = 400) -> UITextView {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: width, height: 200))
        view.font = .systemFont(ofSize: 17)
        view.text = text
        f.window.addSubview(view)
        view.layoutIfNeeded()
        return view
    }

    @MainActor private static func at(_ view: UITextView, _ offset: Int) -> UITextPosition {
        view.position(from: view.beginningOfDocument, offset: offset)!
    }

    @MainActor private static func text(_ view: UITextView, _ range: UITextRange?) -> String? {
        range.flatMap { view.text(in: $0) }
    }

    func testWordsAreFoundInBothDirections() throws {
        try ControlFixture.run(height: 220) { f in
            let view = Self.view(f, text: "Hello, wide world")
            let t = view.tokenizer
            let forward = UITextDirection(UITextStorageDirection.forward), backward = UITextDirection(UITextStorageDirection.backward)
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 2), with: .word, inDirection: forward)), "Hello")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 7), with: .word, inDirection: forward)), "wide",
                           "at a word's start, forward: the word that starts there")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 5), with: .word, inDirection: backward)), "Hello",
                           "at a word's end, backward: the word that ends there")
            XCTAssertNil(t.rangeEnclosingPosition(Self.at(view, 6), with: .word, inDirection: forward), "between words")
            XCTAssertTrue(t.isPosition(Self.at(view, 5), atBoundary: .word, inDirection: forward))
            XCTAssertTrue(t.isPosition(Self.at(view, 7), atBoundary: .word, inDirection: backward))
            XCTAssertFalse(t.isPosition(Self.at(view, 8), atBoundary: .word, inDirection: forward))
            XCTAssertEqual(view.offset(from: view.beginningOfDocument,
                                       to: try XCTUnwrap(t.position(from: Self.at(view, 6), toBoundary: .word, inDirection: forward))), 11)
            XCTAssertEqual(view.offset(from: view.beginningOfDocument,
                                       to: try XCTUnwrap(t.position(from: Self.at(view, 11), toBoundary: .word,
                                                                    inDirection: UITextDirection(UITextLayoutDirection.left)))), 7)
            XCTAssertNil(t.position(from: view.endOfDocument, toBoundary: .word, inDirection: forward))
            XCTAssertTrue(t.isPosition(Self.at(view, 7), withinTextUnit: .word, inDirection: forward))
            XCTAssertFalse(t.isPosition(Self.at(view, 7), withinTextUnit: .word, inDirection: backward))
            XCTAssertFalse(t.isPosition(Self.at(view, 6), withinTextUnit: .word, inDirection: forward))
        }
    }

    func testCharactersAreGraphemeClusters() throws {
        try ControlFixture.run(height: 220) { f in
            let view = Self.view(f, text: "a👍🏽b")
            let t = view.tokenizer
            let forward = UITextDirection(UITextStorageDirection.forward)
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 1), with: .character, inDirection: forward)), "👍🏽")
            let next = try XCTUnwrap(t.position(from: Self.at(view, 1), toBoundary: .character, inDirection: forward))
            XCTAssertEqual(view.offset(from: view.beginningOfDocument, to: next), 5, "over both scalars (4 UTF-16 units)")
        }
    }

    func testSentencesParagraphsAndTheDocument() throws {
        try ControlFixture.run(height: 220) { f in
            let view = Self.view(f, text: "One. Two? Three\nNext paragraph.")
            let t = view.tokenizer
            let forward = UITextDirection(UITextStorageDirection.forward)
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 1), with: .sentence, inDirection: forward)), "One. ")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 6), with: .sentence, inDirection: forward)), "Two? ")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 12), with: .sentence, inDirection: forward)), "Three",
                           "a paragraph's end ends its sentence")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 3), with: .paragraph, inDirection: forward)),
                           "One. Two? Three")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 20), with: .paragraph, inDirection: forward)),
                           "Next paragraph.")
            XCTAssertEqual(Self.text(view, t.rangeEnclosingPosition(Self.at(view, 20), with: .document, inDirection: forward)),
                           view.text)
            XCTAssertTrue(t.isPosition(view.endOfDocument, atBoundary: .document, inDirection: forward))
            XCTAssertTrue(t.isPosition(view.beginningOfDocument, atBoundary: .paragraph,
                                       inDirection: UITextDirection(UITextStorageDirection.backward)))
        }
    }

    func testLinesAreTheLaidOutLines() throws {
        try ControlFixture.run(height: 220) { f in
            let view = Self.view(f, text: "alpha beta gamma delta epsilon zeta eta theta", width: 120)
            let t = view.tokenizer
            let forward = UITextDirection(UITextLayoutDirection.right)
            let first = try XCTUnwrap(Self.text(view, t.rangeEnclosingPosition(view.beginningOfDocument, with: .line,
                                                                                inDirection: forward)))
            XCTAssertTrue(view.text.hasPrefix(first))
            XCTAssertLessThan(first.count, view.text.count, "the text wraps: the first line is a part of it")
            let end = try XCTUnwrap(t.position(from: view.beginningOfDocument, toBoundary: .line, inDirection: forward))
            XCTAssertEqual(view.offset(from: view.beginningOfDocument, to: end), first.utf16.count)
            let second = try XCTUnwrap(t.rangeEnclosingPosition(end, with: .line, inDirection: forward))
            XCTAssertEqual(view.offset(from: view.beginningOfDocument, to: second.start), first.utf16.count,
                           "the next line starts where the first ends")
            XCTAssertGreaterThan(view.caretRect(for: second.end).minY, view.caretRect(for: view.beginningOfDocument).minY,
                                 "on a later line")
        }
    }

    func testTheInputDelegateHearsOfEachTextAndSelectionChange() throws {
        try ControlFixture.run(height: 220) { f in
            let field = f.field()
            field.text = "ab"
            XCTAssertTrue(field.becomeFirstResponder())
            let recorder = InputDelegateRecorder()
            field.inputDelegate = recorder
            field.insertText("c")
            XCTAssertEqual(recorder.calls, ["textWill ab|", "textDid abc|"], "typing: the text, once")
            recorder.calls.removeAll()
            field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.beginningOfDocument)
            XCTAssertEqual(recorder.calls, ["selectionWill abc|", "selectionDid |abc"], "the caret alone")
            recorder.calls.removeAll()
            field.text = "xyz"
            XCTAssertEqual(recorder.calls, ["textWill |abc", "textDid xyz|"], "code setting the text")
            recorder.calls.removeAll()
            field.deleteBackward()
            field.undoManager?.undo()
            XCTAssertEqual(recorder.calls.count, 4, "a deletion and its undo: \(recorder.calls)")
            recorder.calls.removeAll()
            field.selectedTextRange = field.selectedTextRange
            XCTAssertEqual(recorder.calls, [], "no change, no call")
            XCTAssertTrue(field.inputDelegate === recorder)
        }
    }

    /// On a long text every answer is the one a scan of the units gives (the tokenizer keeps the
    /// units of an unchanged text and searches them), and a changed text is tokenized anew.
    func testAnswersOnALongTextMatchAScanOfItsUnitsAndFollowItsChanges() throws {
        try ControlFixture.run(height: 220) { f in
            func text(_ seed: Int) -> String {
                (0..<400).map { i in (i + seed) % 37 == 0 ? "\n\n" : (i * 7 + seed) % 5 == 0 ? "ab, " : "w\(i) " }.joined()
            }
            let view = Self.view(f, text: text(0))
            let t = view.tokenizer
            XCTAssertTrue(t as AnyObject === view.tokenizer as AnyObject, "one tokenizer, kept with its units")
            let forward = UITextDirection(UITextStorageDirection.forward)
            let backward = UITextDirection(UITextStorageDirection.backward)
            for seed in [0, 3] {
                view.text = text(seed)
                let utf16 = Array(view.text.utf16)
                var words: [Range<Int>] = [], paragraphs: [Range<Int>] = [], start = 0, i = 0
                while i < utf16.count {
                    guard let scalar = Unicode.Scalar(utf16[i]), TextEditor.isWordCharacter(Character(scalar)) else {
                        i += 1
                        continue
                    }
                    let first = i
                    while i < utf16.count, let s = Unicode.Scalar(utf16[i]), TextEditor.isWordCharacter(Character(s)) { i += 1 }
                    words.append(first..<i)
                }
                for (k, unit) in utf16.enumerated() where unit == 10 {
                    paragraphs.append(start..<k)
                    start = k + 1
                }
                paragraphs.append(start..<utf16.count)
                for (granularity, units) in [(UITextGranularity.word, words), (.paragraph, paragraphs)] {
                    for p in stride(from: 0, through: utf16.count, by: 3) {
                        let position = Self.at(view, p)
                        @MainActor func offsets(_ range: UITextRange?) -> Range<Int>? {
                            guard let range else { return nil }
                            return view.offset(from: view.beginningOfDocument, to: range.start)
                                ..< view.offset(from: view.beginningOfDocument, to: range.end)
                        }
                        let empty = units.first { $0.isEmpty && $0.lowerBound == p }
                        XCTAssertEqual(offsets(t.rangeEnclosingPosition(position, with: granularity, inDirection: forward)),
                                       units.first { $0.lowerBound <= p && p < $0.upperBound } ?? empty, "\(granularity) \(p) forward")
                        XCTAssertEqual(offsets(t.rangeEnclosingPosition(position, with: granularity, inDirection: backward)),
                                       units.last { $0.lowerBound < p && p <= $0.upperBound } ?? empty, "\(granularity) \(p) backward")
                        XCTAssertEqual(t.isPosition(position, atBoundary: granularity, inDirection: forward),
                                       units.contains { $0.upperBound == p })
                        XCTAssertEqual(t.isPosition(position, atBoundary: granularity, inDirection: backward),
                                       units.contains { $0.lowerBound == p })
                        let next = t.position(from: position, toBoundary: granularity, inDirection: forward)
                        XCTAssertEqual(next.map { view.offset(from: view.beginningOfDocument, to: $0) },
                                       units.map(\.upperBound).filter { $0 > p }.min())
                        let previous = t.position(from: position, toBoundary: granularity, inDirection: backward)
                        XCTAssertEqual(previous.map { view.offset(from: view.beginningOfDocument, to: $0) },
                                       units.map(\.lowerBound).filter { $0 < p }.max())
                    }
                }
            }
        }
    }
}

/// Records what a text input tells its input delegate, with the text and caret at that moment.
@MainActor
private final class InputDelegateRecorder: UITextInputDelegate {
    var calls: [String] = []

    private func note(_ what: String, _ input: (any UITextInput)?) {
        guard let input, let whole = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument),
              var text = input.text(in: whole) else { return calls.append(what) }
        if let caret = input.selectedTextRange?.start {
            let offset = input.offset(from: input.beginningOfDocument, to: caret)
            text.insert("|", at: text.index(text.startIndex, offsetBy: min(offset, text.count)))
        }
        calls.append("\(what) \(text)")
    }

    func selectionWillChange(_ textInput: (any UITextInput)?) { note("selectionWill", textInput) }
    func selectionDidChange(_ textInput: (any UITextInput)?) { note("selectionDid", textInput) }
    func textWillChange(_ textInput: (any UITextInput)?) { note("textWill", textInput) }
    func textDidChange(_ textInput: (any UITextInput)?) { note("textDid", textInput) }
}
