import Foundation
import Geometry

/// A direction in the laid-out text (UIKit's raw values).
public enum UITextLayoutDirection: Int, Sendable {
    case right = 2
    case left = 3
    case up = 4
    case down = 5
}

/// A direction in the stored text (UIKit's raw values).
public enum UITextStorageDirection: Int, Sendable {
    case forward = 0
    case backward = 1
}

/// One rectangle of a range's highlight, as UIKit's `UITextSelectionRect`: a line's part of
/// the range, in the text input's coordinates.
@MainActor
open class UITextSelectionRect {
    /// The rectangle, in the text input's coordinates.
    open var rect: CGRect { storedRect }
    /// The line's direction. Kinescope's text inputs lay out left to right.
    open var writingDirection: NSWritingDirection { .leftToRight }
    /// Whether the range starts in this rectangle.
    open var containsStart: Bool { starts }
    /// Whether the range ends in this rectangle.
    open var containsEnd: Bool { ends }
    /// Whether the text runs vertically (never, here).
    open var isVertical: Bool { false }

    private let storedRect: CGRect
    private let starts: Bool
    private let ends: Bool

    /// An empty rectangle (zero, containing neither end), for subclasses that override the
    /// properties, as UIKit's subclasses do.
    public init() {
        storedRect = .zero
        starts = false
        ends = false
    }

    init(rect: CGRect, containsStart: Bool, containsEnd: Bool) {
        storedRect = rect
        starts = containsStart
        ends = containsEnd
    }
}

/// What a text input view gives the shared geometry of `UITextInput`: where its text store's
/// coordinates lie in its own, and how its shown offsets map to its text's (a secure field
/// shows one bullet per character).
@MainActor
protocol TextInputGeometry: UIView {
    var editor: TextEditor { get }
    var store: TextLayoutStore { get }
    /// The store's point `point` in the view's coordinates.
    func viewPoint(fromStore point: CGPoint) -> CGPoint
    /// The view's point `point` in the store's coordinates.
    func storePoint(fromView point: CGPoint) -> CGPoint
    /// A text offset as an offset of what is shown.
    func shownOffset(_ offset: Int) -> Int
    /// The text offset of what is shown at `shown`.
    func textOffset(fromShown shown: Int) -> Int
}

extension TextInputGeometry {
    private func viewRect(fromStore rect: CGRect) -> CGRect {
        let origin = viewPoint(fromStore: rect.origin)
        return CGRect(origin: origin, size: rect.size)
    }

    private func shownRange(_ range: NSRange) -> NSRange {
        let lower = shownOffset(range.location)
        return NSRange(location: lower, length: shownOffset(range.location + range.length) - lower)
    }

    func geometryCaretRect(for position: UITextPosition) -> CGRect {
        guard let offset = editor.offset(of: position) else { return .null }
        return viewRect(fromStore: store.caretRect(for: shownOffset(offset), width: TextCanvas.caretWidth))
    }

    func geometrySelectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard let r = editor.range(of: range) else { return [] }
        guard r.length > 0 else {
            let caret = geometryCaretRect(for: TextOffset(r.location))
            return [UITextSelectionRect(rect: caret, containsStart: true, containsEnd: true)]
        }
        let rects = store.selectionRects(for: shownRange(r))
        return rects.enumerated().map { i, rect in
            UITextSelectionRect(rect: viewRect(fromStore: rect), containsStart: i == 0, containsEnd: i == rects.count - 1)
        }
    }

    func geometryFirstRect(for range: UITextRange) -> CGRect {
        guard let r = editor.range(of: range) else { return .null }
        if r.length == 0 { return geometryCaretRect(for: TextOffset(r.location)) }
        return store.selectionRects(for: shownRange(r)).first.map(viewRect(fromStore:)) ?? .null
    }

    func geometryClosestPosition(to point: CGPoint) -> UITextPosition? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let shown = store.offset(at: storePoint(fromView: point))
        return TextOffset(editor.boundary(textOffset(fromShown: shown), forward: false))
    }

    func geometryClosestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let r = editor.range(of: range), let found = (geometryClosestPosition(to: point) as? TextOffset)?.offset
        else { return nil }
        return TextOffset(min(max(found, r.location), r.location + r.length))
    }

    func geometryCharacterRange(at point: CGPoint) -> UITextRange? {
        guard point.x.isFinite, point.y.isFinite, editor.length > 0 else { return nil }
        // The character whose box holds the point: the one after the nearest caret position,
        // or before it when the point is past the middle of that character.
        let near = (geometryClosestPosition(to: point) as? TextOffset)?.offset ?? 0
        var start = near
        if near > 0 {
            let before = editor.grapheme(from: near, forward: false)
            let caret = geometryCaretRect(for: TextOffset(near)).midX
            if point.x < caret || near == editor.length { start = before }
        }
        let end = editor.grapheme(from: start, forward: true)
        guard end > start else { return nil }
        return TextOffsetRange(NSRange(location: start, length: end - start))
    }

    func geometryPosition(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        guard let start = editor.offset(of: position) else { return nil }
        switch direction {
        case .right, .left:
            var at = start
            let forward = (direction == .right) == (offset >= 0)
            for _ in 0..<abs(offset) {
                let next = editor.grapheme(from: at, forward: forward)
                guard next != at else { return nil }
                at = next
            }
            return TextOffset(at)
        case .up, .down:
            let lines = direction == .down ? offset : -offset
            let x = store.caretRect(for: shownOffset(start), width: 0).minX
            return TextOffset(textOffset(fromShown: store.offset(from: shownOffset(start), lines: lines, x: x)))
        }
    }

    func geometryPosition(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        guard let r = editor.range(of: range) else { return nil }
        switch direction {
        case .left, .up: return TextOffset(r.location)
        case .right, .down: return TextOffset(r.location + r.length)
        }
    }

    func geometryCharacterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        guard let at = editor.offset(of: position) else { return nil }
        let line = store.lineRange(containing: shownOffset(at))
        let lineStart = textOffset(fromShown: line.location), lineEnd = textOffset(fromShown: line.location + line.length)
        switch direction {
        case .left, .up: return TextOffsetRange(NSRange(location: lineStart, length: at - lineStart))
        case .right, .down: return TextOffsetRange(NSRange(location: at, length: max(0, lineEnd - at)))
        }
    }

    var geometryMarkedTextRange: UITextRange? { editor.markedRange.map(TextOffsetRange.init) }
}
