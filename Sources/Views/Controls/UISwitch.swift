import Geometry
import Graphics
import Layers

/// An on/off switch, as UIKit's `UISwitch`, with iOS 13's look: a 51×31-point capsule track,
/// light gray (`secondarySystemFill`) when off and `onTintColor` (system green) when on, and a
/// white 27-point thumb with a soft shadow, 2 points inside the track.
///
/// Tapping toggles the switch; dragging moves the thumb to the side the touch ends on. Either
/// way the thumb slides and the track fades to the new colour (0.3 s, ease in-out: UIKit's own
/// is a spring of about that length, Apple does not document it) and `.valueChanged` (with
/// `.primaryActionTriggered`) is sent when `isOn` changed. While pressed the thumb stretches to
/// 34 points towards the middle, as on iOS. Setting `isOn` from code sends no event, as in UIKit.
///
/// ```swift
/// let toggle = UISwitch()
/// toggle.isOn = true
/// toggle.addAction(UIAction { _ in save(toggle.isOn) }, for: .valueChanged)
/// ```
///
/// The size is fixed, as in UIKit: `init(frame:)` and `frame` keep the origin and use 51×31.
/// A disabled switch draws at half opacity.
@MainActor
open class UISwitch: UIControl {
    override class var drawsWithDrawRect: Bool { self != UISwitch.self }

    /// The switch's fixed size: 51×31 points, as iOS 7 and later.
    public static let standardSize = CGSize(width: 51, height: 31)
    /// The thumb's diameter (27 points) and its inset from the track's edge (2 points).
    static let thumbDiameter: CGFloat = 27
    static let thumbInset: CGFloat = 2
    /// How wide the thumb grows while pressed.
    static let pressedThumbWidth: CGFloat = 34
    /// How long `setOn(_:animated: true)` takes.
    static let animationDuration: TimeInterval = 0.3

    private let content = ControlPart(frame: CGRect(origin: .zero, size: UISwitch.standardSize))
    private let track = ControlPart(color: .secondarySystemFill, cornerRadius: UISwitch.standardSize.height / 2)
    private let thumb = ControlPart(color: .white, cornerRadius: UISwitch.thumbDiameter / 2)
    private var isOnStorage = false
    /// Where the thumb is drawn while a drag moves it, before the value is committed.
    private var shownOn = false
    private var dragged = false
    private var trackingStart: CGPoint = .zero

    /// A switch at `frame.origin`, off; the size is always 51×31.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.standardSize))
        content.isUserInteractionEnabled = false
        track.frame = content.bounds
        thumb.castShadow(opacity: 0.15, radius: 4, dy: 3)
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.04)
        content.addSubview(track)
        content.addSubview(thumb)
        addSubview(content)
        applyLook()
    }

    /// The frame; its size stays 51×31 whatever is set, as UIKit ignores it.
    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.standardSize) }
    }

    /// Whether the switch is on. Default false. Setting it moves the thumb at once and sends no
    /// event.
    open var isOn: Bool {
        get { isOnStorage }
        set { setOn(newValue, animated: false) }
    }

    /// Sets `isOn`, sliding the thumb and fading the track when `animated`. Sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        isOnStorage = on
        shownOn = on
        UIView.controlAnimation(animated, duration: Self.animationDuration) { self.applyLook() }
    }

    /// The track colour when on; nil (the default) draws `UIColor.systemGreen`.
    open var onTintColor: UIColor? {
        didSet { applyLook() }
    }

    /// The thumb colour; nil (the default) draws white.
    open var thumbTintColor: UIColor? {
        didSet { applyLook() }
    }

    open override var isEnabled: Bool {
        didSet { applyLook() }
    }

    open override var isHighlighted: Bool {
        didSet {
            guard isHighlighted != oldValue else { return }
            UIView.controlAnimation(true, duration: 0.2) { self.layoutThumb() }
        }
    }

    /// 51×31 whatever `size` is.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.standardSize }

    /// 51×31.
    open override var intrinsicContentSize: CGSize { Self.standardSize }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        dragged = false
        trackingStart = touch.location(in: self)
        return true
    }

    /// Once the touch has moved 4 points from where it went down, the thumb follows the side of
    /// the middle the touch is on.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let location = touch.location(in: self)
        if abs(location.x - trackingStart.x) >= 4 { dragged = true }
        if dragged {
            let side = location.x > bounds.midX
            if side != shownOn {
                shownOn = side
                UIView.controlAnimation(true, duration: Self.animationDuration) { self.applyLook() }
            }
        }
        return true
    }

    /// A tap inside toggles the switch; a drag leaves it on the side the thumb was moved to.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let target = dragged ? shownOn : (isTouchInside ? !isOnStorage : isOnStorage)
        dragged = false
        let changed = target != isOnStorage
        setOn(target, animated: true)
        if changed { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    /// A cancelled touch puts the thumb back where the value says.
    open override func cancelTracking(with event: UIEvent?) {
        dragged = false
        setOn(isOnStorage, animated: true)
    }

    private func applyLook() {
        track.backgroundColor = shownOn ? (onTintColor ?? .systemGreen) : .secondarySystemFill
        thumb.backgroundColor = thumbTintColor ?? .white
        content.alpha = isEnabled ? 1 : 0.5
        layoutThumb()
    }

    /// The thumb's frame for the shown side and the pressed state.
    private func layoutThumb() {
        let width = isHighlighted ? Self.pressedThumbWidth : Self.thumbDiameter
        let x = shownOn ? Self.standardSize.width - Self.thumbInset - width : Self.thumbInset
        thumb.frame = CGRect(x: x, y: Self.thumbInset, width: width, height: Self.thumbDiameter)
    }
}
