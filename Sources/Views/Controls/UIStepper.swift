import Foundation
import Geometry
import Graphics
import Layers

/// A control for raising or lowering a value by a fixed step, as UIKit's `UIStepper`, with
/// iOS 13's look: a 94×32-point rounded rectangle (8-point corners) in `tertiarySystemFill`,
/// split by a 1×18-point separator into a − half and a + half, their 14-point glyphs drawn in
/// black (`UIColor.label`, not the tint, as iOS 13's stepper draws them), turning
/// `tertiaryLabel` gray when that direction is at its limit or the stepper is disabled. The
/// pressed half darkens (black at 8 %, Apple's exact shade is not documented).
///
/// A touch down on a half steps the value at once (UIKit steps on touch down, not up). With
/// `autorepeat` (the default), holding it steps again after 0.5 s and then every 0.1 s (Apple
/// does not document the delays; these match what iOS measures to within a frame), on the
/// animation engine's clock. `.valueChanged` (with `.primaryActionTriggered`) follows each
/// change when `isContinuous` (the default), else once when the touch lifts.
///
/// ```swift
/// let copies = UIStepper()
/// copies.minimumValue = 1
/// copies.maximumValue = 99
/// copies.addAction(UIAction { _ in label.text = "\(Int(copies.value))" }, for: .valueChanged)
/// ```
///
/// Range rules as Apple documents them (where UIKit raises, a diagnostic and no change):
/// `minimumValue` must stay below `maximumValue`, `stepValue` must be above 0, and values are
/// pinned to the range, or wrap around with `wraps`.
@MainActor
open class UIStepper: UIControl {
    override class var drawsWithDrawRect: Bool { self != UIStepper.self }

    /// The stepper's size: 94×32 points, as iOS 13.
    public static let standardSize = CGSize(width: 94, height: 32)
    /// The hold before the first repeat, and between later ones.
    static let autorepeatDelay: TimeInterval = 0.5
    static let autorepeatInterval: TimeInterval = 0.1

    private let background = ControlPart(color: .tertiarySystemFill, cornerRadius: 8)
    private let decrementHighlight = ControlPart(color: nil)
    private let incrementHighlight = ControlPart(color: nil)
    private let separator = ControlPart(color: .separator)
    private let minusGlyph = ShapePart(frame: .zero)
    private let plusGlyph = ShapePart(frame: .zero)
    private let decrementImageView = UIImageView(frame: .zero)
    private let incrementImageView = UIImageView(frame: .zero)
    private var decrementImages: [UInt: UIImage] = [:]
    private var incrementImages: [UInt: UIImage] = [:]

    private var valueStorage: Double = 0
    private var minimumStorage: Double = 0
    private var maximumStorage: Double = 100
    private var stepStorage: Double = 1

    /// The half being held (−1 or +1), the engine time it went down, repeats done since.
    private var held: (direction: Double, start: CFTimeInterval, repeats: Int)?
    private var repeatLink: CADisplayLink?
    private var valueAtTrackingStart: Double = 0

    /// A stepper at `frame.origin`, 94×32 points (the size given is ignored, as in UIKit),
    /// value 0 in 0…100 by steps of 1.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.standardSize))
        background.clipsToBounds = true
        background.addSubview(decrementHighlight)
        background.addSubview(incrementHighlight)
        for view in [background, separator, minusGlyph, plusGlyph, decrementImageView, incrementImageView] as [UIView] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        for glyph in [minusGlyph, plusGlyph] {
            glyph.shape.fillColor = nil
            glyph.shape.lineWidth = 2
            glyph.shape.lineCap = .round
        }
        applyLook()
    }

    /// The frame; its size stays 94×32 whatever is set, as UIKit ignores it.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.standardSize) }
    }

    // MARK: Value

    /// The value, within `minimumValue…maximumValue`. Default 0. Setting it from code sends no
    /// event; NaN is refused with a diagnostic.
    open var value: Double {
        get { valueStorage }
        set {
            guard !newValue.isNaN else { return ControlDiagnostics.report(self, "value NaN ignored; it stays \(valueStorage)") }
            valueStorage = min(max(newValue, minimumStorage), maximumStorage)
            applyLook()
        }
    }

    /// The lowest value. Default 0. Must be finite and below `maximumValue` (UIKit raises
    /// otherwise; here a diagnostic, and the minimum stays).
    open var minimumValue: Double {
        get { minimumStorage }
        set {
            setLimit("minimumValue", newValue, valid: newValue < maximumStorage, "below maximumValue \(maximumStorage)") {
                $0.minimumStorage = newValue
            }
        }
    }

    /// The highest value. Default 100. Must be finite and above `minimumValue`.
    open var maximumValue: Double {
        get { maximumStorage }
        set {
            setLimit("maximumValue", newValue, valid: newValue > minimumStorage, "above minimumValue \(minimumStorage)") {
                $0.maximumStorage = newValue
            }
        }
    }

    /// Stores a new end through `store` when `value` is finite and `valid`, else reports that
    /// `name` must be finite and `rule`; then pins the value into the range.
    private func setLimit(_ name: String, _ value: Double, valid: Bool, _ rule: String, store: (UIStepper) -> Void) {
        guard value.isFinite, valid else {
            return ControlDiagnostics.report(self, "\(name) \(value) must be finite and \(rule); ignored")
        }
        store(self)
        self.value = valueStorage
    }

    /// How much one press changes the value. Default 1; must be finite and above 0.
    open var stepValue: Double {
        get { stepStorage }
        set { setLimit("stepValue", newValue, valid: newValue > 0, "above 0") { $0.stepStorage = newValue } }
    }

    /// Whether stepping past one end continues from the other. Default false: the value stops
    /// at the end, and that half's glyph grays out.
    open var wraps = false { didSet { applyLook() } }

    /// Whether holding a half keeps stepping. Default true.
    open var autorepeat = true

    /// Whether `.valueChanged` is sent for each step (true, the default) or once when the touch
    /// lifts.
    open var isContinuous = true

    open override var isEnabled: Bool { didSet { applyLook() } }

    /// Sets the image drawn instead of the + glyph in `state` (nil removes it), at its own size,
    /// centred in the + half. The half's state is `.highlighted` while it is pressed and
    /// `.disabled` when the stepper is disabled or the value is at the maximum (without
    /// `wraps`); the image for that exact state is used, else the `.normal` one.
    open func setIncrementImage(_ image: UIImage?, for state: State) {
        incrementImages[state.rawValue] = image
        applyLook()
    }

    /// The + image for `state`, else the `.normal` one, else nil (the drawn glyph).
    open func incrementImage(for state: State) -> UIImage? { incrementImages[state.rawValue] ?? incrementImages[0] }

    /// Sets the image drawn instead of the − glyph in `state`; see `setIncrementImage`.
    open func setDecrementImage(_ image: UIImage?, for state: State) {
        decrementImages[state.rawValue] = image
        applyLook()
    }

    /// The − image for `state`, else the `.normal` one, else nil.
    open func decrementImage(for state: State) -> UIImage? { decrementImages[state.rawValue] ?? decrementImages[0] }

    /// 94×32 whatever `size` is.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.standardSize }

    /// 94×32.
    open override var intrinsicContentSize: CGSize { Self.standardSize }

    // MARK: Tracking

    /// Steps at once towards the half touched, and starts the autorepeat clock.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction: Double = touch.location(in: self).x < bounds.midX ? -1 : 1
        guard canStep(direction) else { return false }
        valueAtTrackingStart = valueStorage
        held = (direction, AnimationEngine.current.clock.now, 0)
        step(direction)
        if autorepeat {
            let link = CADisplayLink { [weak self] _ in self?.repeatIfDue() }
            link.add(to: .main, forMode: .common)
            repeatLink = link
        }
        applyLook()
        return true
    }

    /// Stops repeating while the touch is outside the control, as UIKit's stepper does.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        repeatIfDue()
        repeatLink?.isPaused = !bounds.contains(touch.location(in: self))
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        stopHolding()
    }

    open override func cancelTracking(with event: UIEvent?) {
        stopHolding()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let half = bounds.width / 2
        background.frame = bounds
        decrementHighlight.frame = CGRect(x: 0, y: 0, width: half, height: bounds.height)
        incrementHighlight.frame = CGRect(x: half, y: 0, width: half, height: bounds.height)
        separator.frame = CGRect(x: half - 0.5, y: (bounds.height - 18) / 2, width: 1, height: 18)
        minusGlyph.frame = decrementHighlight.frame
        plusGlyph.frame = incrementHighlight.frame
        let arm: CGFloat = 7, centre = CGPoint(x: half / 2, y: bounds.height / 2)
        let minus = CGMutablePath()
        minus.move(to: CGPoint(x: centre.x - arm, y: centre.y))
        minus.addLine(to: CGPoint(x: centre.x + arm, y: centre.y))
        minusGlyph.shape.path = minus
        for (view, half) in [(decrementImageView, decrementHighlight.frame), (incrementImageView, incrementHighlight.frame)] {
            let size = view.image?.size ?? .zero
            view.frame = CGRect(x: (half.midX - size.width / 2).rounded(), y: (half.midY - size.height / 2).rounded(),
                                width: size.width, height: size.height)
        }
        let plus = CGMutablePath()
        plus.addPath(minus)
        plus.move(to: CGPoint(x: centre.x, y: centre.y - arm))
        plus.addLine(to: CGPoint(x: centre.x, y: centre.y + arm))
        plusGlyph.shape.path = plus
    }

    // MARK: Private

    private func canStep(_ direction: Double) -> Bool {
        wraps || (direction < 0 ? valueStorage > minimumStorage : valueStorage < maximumStorage)
    }

    /// One step; past an end the value wraps (to the other end, as UIKit's stepper does, not by
    /// the remainder) or stops.
    private func step(_ direction: Double) {
        var next = valueStorage + direction * stepStorage
        if next > maximumStorage { next = wraps ? minimumStorage : maximumStorage }
        if next < minimumStorage { next = wraps ? maximumStorage : minimumStorage }
        guard next != valueStorage else { return }
        valueStorage = next
        applyLook()
        if isContinuous { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    /// Does the repeats the hold has earned by now (all of them, if frames were skipped).
    private func repeatIfDue() {
        guard let current = held, let link = repeatLink, !link.isPaused else { return }
        let elapsed = AnimationEngine.current.clock.now - current.start + GestureEnvironment.deadlineTolerance
        guard elapsed >= Self.autorepeatDelay else { return }
        let due = Int(((elapsed - Self.autorepeatDelay) / Self.autorepeatInterval).rounded(.down)) + 1
        var repeats = current.repeats
        while repeats < due, canStep(current.direction) {
            repeats += 1
            step(current.direction)
        }
        held = (current.direction, current.start, due)
    }

    private func stopHolding() {
        repeatLink?.invalidate()
        repeatLink = nil
        held = nil
        if !isContinuous, valueStorage != valueAtTrackingStart { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
        applyLook()
    }

    private func applyLook() {
        let enabled = UIColor.label, limited = UIColor.tertiaryLabel
        minusGlyph.shape.strokeColor = (isEnabled && canStep(-1) ? enabled : limited).cgColor
        plusGlyph.shape.strokeColor = (isEnabled && canStep(1) ? enabled : limited).cgColor
        for (direction, view, glyph) in [(-1.0, decrementImageView, minusGlyph), (1.0, incrementImageView, plusGlyph)] {
            let state: State = !(isEnabled && canStep(direction)) ? .disabled : held?.direction == direction ? .highlighted : .normal
            let image = direction < 0 ? decrementImage(for: state) : incrementImage(for: state)
            if view.image !== image { setNeedsLayout() }
            view.image = image
            view.isHidden = image == nil
            glyph.isHidden = image != nil
        }
        let pressed = UIColor(white: 0, alpha: 0.08)
        decrementHighlight.backgroundColor = held?.direction == -1 ? pressed : nil
        incrementHighlight.backgroundColor = held?.direction == 1 ? pressed : nil
    }
}
