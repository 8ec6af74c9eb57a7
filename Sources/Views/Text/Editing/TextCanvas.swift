import Foundation
import Geometry
import Graphics
import Layers

/// What a text field or text view shows of its editor: the selection highlight, the text and
/// the caret, each on its own layer, so a blink or a selection change never draws the text
/// again (only `setNeedsDisplayText()` does, after an edit or a scroll).
///
/// The caret is 2 points wide in the tint colour and blinks on the layer clock: a discrete
/// keyframe animation of its opacity, on 0.5 s and off 0.5 s, that starts 0.5 s after the last
/// edit or caret move, so the caret stays solid while the user types. The selection is drawn
/// in the tint colour at 25 % alpha (UIKit's shade is not documented; 20–30 % matches it).
@MainActor
final class TextCanvas: UIView {
    static let caretWidth: CGFloat = 2
    static let selectionAlpha: CGFloat = 0.25
    static let blinkKey = "kinescope.caretBlink"

    let store: TextLayoutStore
    private let ink: TextInk
    private let highlights = CALayer()
    private let caret = CALayer()
    private var highlightPool: [CALayer] = []
    /// The underlines of marked text (an input method's composition), one per line.
    private var markPool: [CALayer] = []
    /// Where the text's origin is in the canvas (the scroll of a field, the inset of a view).
    var textOffset: CGPoint = .zero {
        didSet {
            guard textOffset != oldValue else { return }
            ink.setNeedsDisplay()
        }
    }
    /// Whether the caret and selection show (the owner is first responder).
    var showsSelection = false
    private var caretBlinks = false

    init(store: TextLayoutStore) {
        self.store = store
        ink = TextInk(store: store)
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        clipsToBounds = true
        layer.addSublayer(highlights)
        ink.isUserInteractionEnabled = false
        ink.backgroundColor = nil
        ink.isOpaque = false
        addSubview(ink)
        caret.isHidden = true
        layer.addSublayer(caret)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if ink.frame != bounds {
            ink.frame = bounds
            ink.setNeedsDisplay()
        }
        highlights.frame = bounds
    }

    /// Draws the text again (after an edit, a style change or a move of the visible part).
    func setNeedsDisplayText() {
        ink.textOffset = textOffset
        ink.setNeedsDisplay()
    }

    /// Places the caret or the selection rectangles for `range`, and underlines `marked` (the
    /// marked text, shown as X11 input methods show their composition: a 1-point line under
    /// it, in `markedStyle`'s `.underlineColor`, else the text colour, over its
    /// `.backgroundColor` when it has one); `restartBlink` holds the caret solid for another
    /// 0.5 s (an edit or a caret move).
    func showSelection(_ range: NSRange, tint: UIColor, restartBlink: Bool, marked: NSRange? = nil,
                       markedStyle: [NSAttributedString.Key: Any]? = nil) {
        ink.textOffset = textOffset
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let markRects = marked.map { store.selectionRects(for: $0) } ?? []
        while markPool.count < 2 * markRects.count {
            let layer = CALayer()
            highlights.addSublayer(layer)
            markPool.append(layer)
        }
        let underline = ((markedStyle?[.underlineColor] as? UIColor) ?? store.textColor).cgColor
        let background = (markedStyle?[.backgroundColor] as? UIColor)?.cgColor
        for (i, layer) in markPool.enumerated() {
            let rectIndex = i / 2, isLine = i % 2 == 0
            layer.isHidden = rectIndex >= markRects.count || (!isLine && background == nil)
            guard !layer.isHidden else { continue }
            let rect = markRects[rectIndex].offsetBy(dx: textOffset.x, dy: textOffset.y)
            layer.frame = isLine ? CGRect(x: rect.minX, y: rect.maxY - 1, width: rect.width, height: 1) : rect
            layer.backgroundColor = isLine ? underline : background
        }
        let rects = showsSelection ? store.selectionRects(for: range) : []
        while highlightPool.count < rects.count {
            let layer = CALayer()
            highlights.addSublayer(layer)
            highlightPool.append(layer)
        }
        let fill = tint.withAlphaComponent(Self.selectionAlpha).cgColor
        for (i, layer) in highlightPool.enumerated() {
            layer.isHidden = i >= rects.count
            guard i < rects.count else { continue }
            layer.frame = rects[i].offsetBy(dx: textOffset.x, dy: textOffset.y)
            layer.backgroundColor = fill
        }
        let showCaret = showsSelection && range.length == 0
        caret.isHidden = !showCaret
        guard showCaret else { return stopBlinking() }
        caret.frame = store.caretRect(for: range.location, width: Self.caretWidth).offsetBy(dx: textOffset.x, dy: textOffset.y)
        caret.backgroundColor = tint.cgColor
        if restartBlink || !caretBlinks { startBlinking() }
    }

    /// The caret's rectangle for `offset` in the canvas.
    func caretRect(for offset: Int) -> CGRect {
        store.caretRect(for: offset, width: Self.caretWidth).offsetBy(dx: textOffset.x, dy: textOffset.y)
    }

    private func startBlinking() {
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 0] as [Float]
        blink.keyTimes = [0, 0.5]
        blink.calculationMode = .discrete
        blink.duration = 1
        blink.repeatCount = .infinity
        blink.beginTime = CACurrentMediaTime() + 0.5
        caret.add(blink, forKey: Self.blinkKey)
        caretBlinks = true
    }

    private func stopBlinking() {
        caret.removeAnimation(forKey: Self.blinkKey)
        caretBlinks = false
    }

    /// Whether the caret is blinking (tests).
    var isCaretBlinking: Bool { caretBlinks && !caret.isHidden }
    /// The caret layer (tests read its frame and presentation opacity).
    var caretLayer: CALayer { caret }
    /// The selection rectangles shown, canvas coordinates.
    var highlightFrames: [CGRect] { highlightPool.filter { !$0.isHidden }.map(\.frame) }
    /// The marked text's underlines shown, canvas coordinates (tests).
    var markedUnderlineFrames: [CGRect] { markPool.enumerated().filter { $0.offset % 2 == 0 && !$0.element.isHidden }.map(\.element.frame) }
    /// How many times the text was drawn (tests check that blinking draws nothing).
    var textDrawCount: Int { ink.drawCount }
}

/// The text itself: draws the paragraphs its bounds show.
@MainActor
private final class TextInk: UIView {
    override class var drawsWithDrawRect: Bool { true }
    let store: TextLayoutStore
    var textOffset: CGPoint = .zero
    private(set) var drawCount = 0

    init(store: TextLayoutStore) {
        self.store = store
        super.init(frame: .zero)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        drawCount += 1
        let scale = Double(TextRenderer.scale(of: context))
        if scale > 0 { store.scale = scale }
        let visible = bounds.offsetBy(dx: -textOffset.x, dy: -textOffset.y)
        store.draw(in: context, rect: visible, origin: textOffset)
    }
}
