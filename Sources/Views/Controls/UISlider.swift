import Geometry
import Graphics
import Layers

/// A control for picking a value from a continuous range, as UIKit's `UISlider`, with iOS 13's
/// look: a 4-point track with round ends, filled in `minimumTrackTintColor` (the tint, system
/// blue) left of the thumb and `maximumTrackTintColor` (`systemFill`, a translucent gray) right
/// of it, and a white 28-point thumb with a soft shadow. Default height 31 points.
///
/// Dragging the thumb moves it by the touch's movement (a touch must go down on the thumb, or
/// within 10 points of it, as on iOS, where tapping the track does nothing); `.valueChanged`
/// (with `.primaryActionTriggered`) is sent for every change while dragging when `isContinuous`
/// (the default), else once when the touch lifts. Setting `value` from code sends no event.
///
/// ```swift
/// let volume = UISlider(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
/// volume.minimumValue = 0
/// volume.maximumValue = 11
/// volume.value = 7
/// volume.addTarget(self, action: Player.volumeChanged, for: .valueChanged)
/// ```
///
/// Images replace parts as in UIKit: `setThumbImage(_:for:)` draws that image (at its size) for
/// the thumb, `setMinimumTrackImage` / `setMaximumTrackImage` stretch images over the two parts
/// of the track (at the image's height), and `minimumValueImage` / `maximumValueImage` sit at
/// the ends, the track shortened to leave them 12 points of room each (Apple does not
/// document the gap). A disabled slider draws at half opacity.
@MainActor
open class UISlider: UIControl {
    override class var drawsWithDrawRect: Bool { self != UISlider.self }

    /// The default height (31 points), thumb diameter (28) and track height (4) of iOS 13.
    static let standardHeight: CGFloat = 31
    static let thumbDiameter: CGFloat = 28
    static let trackHeight: CGFloat = 4
    /// The room between a value image and the track.
    static let valueImagePadding: CGFloat = 12
    /// How far outside the thumb a touch still picks it up.
    static let thumbTouchSlop: CGFloat = 10
    /// How long `setValue(_:animated: true)` takes.
    static let animationDuration: TimeInterval = 0.25

    private var valueStorage: Float = 0
    private var minimumStorage: Float = 0
    private var maximumStorage: Float = 1
    private var thumbImages: [UInt: UIImage] = [:]
    private var minimumTrackImages: [UInt: UIImage] = [:]
    private var maximumTrackImages: [UInt: UIImage] = [:]

    /// Holds the parts, so that a disabled slider fades as one picture.
    private let content = ControlPart(frame: .zero)
    private let maximumTrack = ControlPart(color: .systemFill, cornerRadius: UISlider.trackHeight / 2)
    private let minimumTrack = ControlPart(color: .systemBlue, cornerRadius: UISlider.trackHeight / 2)
    private let maximumTrackImageView = UIImageView(frame: .zero)
    private let minimumTrackImageView = UIImageView(frame: .zero)
    private let thumb = ControlPart(color: .white, cornerRadius: UISlider.thumbDiameter / 2)
    private let thumbImageView = UIImageView(frame: .zero)
    private let minimumValueImageView = UIImageView(frame: .zero)
    private let maximumValueImageView = UIImageView(frame: .zero)

    /// Where the touch and the thumb's value were when dragging began.
    private var dragStart: (x: CGFloat, value: Float)?
    /// The value when tracking began, to tell whether a non-continuous drag changed it.
    private var valueAtTrackingStart: Float = 0

    /// A slider with `frame`, at value 0 in 0…1.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        thumb.castShadow(opacity: 0.15, radius: 4, dy: 3)
        thumb.layer.borderWidth = 0.5
        thumb.layer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.04)
        for view in [minimumValueImageView, maximumValueImageView, maximumTrackImageView, minimumTrackImageView,
                     thumbImageView] {
            view.isUserInteractionEnabled = false
            view.isHidden = true
        }
        for view in [minimumValueImageView, maximumValueImageView, maximumTrack, maximumTrackImageView, minimumTrack,
                     minimumTrackImageView, thumb, thumbImageView] as [UIView] {
            content.addSubview(view)
        }
        addSubview(content)
        applyLook()
    }

    // MARK: Value

    /// The value, always within `minimumValue…maximumValue` (a value outside is pinned to the
    /// nearer end). Default 0. NaN is refused with a diagnostic.
    open var value: Float {
        get { valueStorage }
        set { setValue(newValue, animated: false) }
    }

    /// Sets `value` (pinned to the range), moving the thumb in a 0.25 s animation when
    /// `animated`. Sends no event.
    open func setValue(_ value: Float, animated: Bool) {
        guard !value.isNaN else {
            ControlDiagnostics.report(self, "value NaN ignored; the value stays \(valueStorage)")
            return
        }
        valueStorage = min(max(value, minimumStorage), maximumStorage)
        UIView.controlAnimation(animated, duration: Self.animationDuration) { self.layoutParts() }
    }

    /// The value at the leading end. Default 0. Setting it above `maximumValue` raises
    /// `maximumValue` to it, and the value follows into the range, as Apple documents. NaN and
    /// infinities are refused with a diagnostic.
    open var minimumValue: Float {
        get { minimumStorage }
        set { setRange("minimumValue", newValue, minimum: newValue, maximum: max(maximumStorage, newValue)) }
    }

    /// The value at the trailing end. Default 1. Setting it below `minimumValue` lowers
    /// `minimumValue` to it, as Apple documents. NaN and infinities are refused with a diagnostic.
    open var maximumValue: Float {
        get { maximumStorage }
        set { setRange("maximumValue", newValue, minimum: min(minimumStorage, newValue), maximum: newValue) }
    }

    /// Sets both ends after `name` was given `given` (refused with a diagnostic unless finite),
    /// then pins the value into the new range.
    private func setRange(_ name: String, _ given: Float, minimum: Float, maximum: Float) {
        guard given.isFinite else { return ControlDiagnostics.report(self, "\(name) \(given) ignored; it must be finite") }
        minimumStorage = minimum
        maximumStorage = maximum
        setValue(valueStorage, animated: false)
    }

    /// Whether `.valueChanged` is sent while dragging (true, the default) or only when the touch
    /// lifts.
    open var isContinuous = true

    // MARK: Look

    /// The colour of the track left of the thumb; nil (the default) draws the `tintColor`.
    open var minimumTrackTintColor: UIColor? { didSet { applyLook() } }
    /// The colour of the track right of the thumb; nil (the default) draws `UIColor.systemFill`.
    open var maximumTrackTintColor: UIColor? { didSet { applyLook() } }
    /// The thumb's colour; nil (the default) draws white.
    open var thumbTintColor: UIColor? { didSet { applyLook() } }

    /// The image at the leading end, at its own size, vertically centred. Default nil.
    open var minimumValueImage: UIImage? { didSet { applyLook() } }
    /// The image at the trailing end. Default nil.
    open var maximumValueImage: UIImage? { didSet { applyLook() } }

    /// The filled track is drawn in the (inherited) tint unless `minimumTrackTintColor` is set.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyLook()
    }
    open override var isEnabled: Bool { didSet { applyLook() } }
    open override var isHighlighted: Bool { didSet { if isHighlighted != oldValue { applyLook() } } }

    /// Sets the thumb image for `state` (nil removes it): shown at its own size instead of the
    /// drawn thumb. The image for the exact state is used, else the `.normal` one.
    open func setThumbImage(_ image: UIImage?, for state: State) {
        thumbImages[state.rawValue] = image
        applyLook()
    }

    /// Sets the image stretched over the track left of the thumb in `state`.
    open func setMinimumTrackImage(_ image: UIImage?, for state: State) {
        minimumTrackImages[state.rawValue] = image
        applyLook()
    }

    /// Sets the image stretched over the track right of the thumb in `state`.
    open func setMaximumTrackImage(_ image: UIImage?, for state: State) {
        maximumTrackImages[state.rawValue] = image
        applyLook()
    }

    /// The thumb image for `state`, else the `.normal` one, else nil.
    open func thumbImage(for state: State) -> UIImage? { thumbImages[state.rawValue] ?? thumbImages[0] }
    /// The minimum track image for `state`, else the `.normal` one, else nil.
    open func minimumTrackImage(for state: State) -> UIImage? { minimumTrackImages[state.rawValue] ?? minimumTrackImages[0] }
    /// The maximum track image for `state`, else the `.normal` one, else nil.
    open func maximumTrackImage(for state: State) -> UIImage? { maximumTrackImages[state.rawValue] ?? maximumTrackImages[0] }
    /// The thumb image shown now.
    open var currentThumbImage: UIImage? { thumbImage(for: state) }
    /// The minimum track image shown now.
    open var currentMinimumTrackImage: UIImage? { minimumTrackImage(for: state) }
    /// The maximum track image shown now.
    open var currentMaximumTrackImage: UIImage? { maximumTrackImage(for: state) }

    // MARK: Geometry

    /// Where the minimum value image goes: its size at the leading edge, centred vertically
    /// (zero-sized without an image).
    open func minimumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        let size = minimumValueImage?.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where the maximum value image goes: its size at the trailing edge, centred vertically.
    open func maximumValueImageRect(forBounds bounds: CGRect) -> CGRect {
        let size = maximumValueImage?.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The track: the width left between the value images (12 points from each), 4 points high
    /// (or the track images' height), centred vertically.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        let left = minimumValueImage.map { $0.size.width + Self.valueImagePadding } ?? 0
        let right = maximumValueImage.map { $0.size.width + Self.valueImagePadding } ?? 0
        let height = max(currentMinimumTrackImage?.size.height ?? 0, currentMaximumTrackImage?.size.height ?? 0)
        let trackHeight = height > 0 ? height : Self.trackHeight
        return CGRect(x: bounds.minX + left, y: bounds.midY - trackHeight / 2,
                      width: max(0, bounds.width - left - right), height: trackHeight)
    }

    /// The thumb for `value`: 28×28 points (or the thumb image's size), centred on the track's
    /// height, its left edge moving from the track's left end (at `minimumValue`) to where its
    /// right edge meets the track's right end (at `maximumValue`).
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let size = currentThumbImage?.size ?? CGSize(width: Self.thumbDiameter, height: Self.thumbDiameter)
        let x = rect.minX + CGFloat(fraction(of: value)) * max(0, rect.width - size.width)
        return CGRect(x: x, y: rect.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The bounds' width (or `size`'s when the slider has none) by 31 points, or the thumb's or
    /// an image's height if larger.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width > 0 ? bounds.width : max(0, size.width), height: naturalHeight)
    }

    /// No intrinsic width (a slider stretches), and the natural height: 31 points or the
    /// thumb's or an image's height if larger.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: naturalHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    // MARK: Tracking

    /// Picks the thumb up when the touch is on it (or within 10 points).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let location = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: valueStorage)
        guard thumbFrame.insetBy(dx: -Self.thumbTouchSlop, dy: -Self.thumbTouchSlop).contains(location) else {
            isHighlighted = false
            return false
        }
        dragStart = (location.x, valueStorage)
        valueAtTrackingStart = valueStorage
        return true
    }

    /// Moves the thumb by the touch's horizontal movement since it went down.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let start = dragStart else { return false }
        isHighlighted = true
        let track = trackRect(forBounds: bounds)
        let travel = max(1, track.width - (currentThumbImage?.size.width ?? Self.thumbDiameter))
        let delta = Float((touch.location(in: self).x - start.x) / travel) * (maximumStorage - minimumStorage)
        let old = valueStorage
        setValue(start.value + delta, animated: false)
        if isContinuous, valueStorage != old { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
        return true
    }

    /// A non-continuous slider sends `.valueChanged` now if the drag changed the value.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        dragStart = nil
        if !isContinuous, valueStorage != valueAtTrackingStart { sendActions(for: [.valueChanged, .primaryActionTriggered]) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        endTracking(nil, with: event)
    }

    // MARK: Private

    private var naturalHeight: CGFloat {
        max(Self.standardHeight, currentThumbImage?.size.height ?? 0, minimumValueImage?.size.height ?? 0,
            maximumValueImage?.size.height ?? 0)
    }

    /// Where `value` lies in the range, 0…1 (0 for an empty range).
    private func fraction(of value: Float) -> Float {
        let span = maximumStorage - minimumStorage
        guard span > 0, span.isFinite else { return 0 }
        return min(max((value - minimumStorage) / span, 0), 1)
    }

    private func applyLook() {
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.backgroundColor = thumbTintColor ?? .white
        let images: [(UIImageView, UIImage?)] = [
            (thumbImageView, currentThumbImage), (minimumTrackImageView, currentMinimumTrackImage),
            (maximumTrackImageView, currentMaximumTrackImage), (minimumValueImageView, minimumValueImage),
            (maximumValueImageView, maximumValueImage),
        ]
        for (view, image) in images {
            view.image = image
            view.isHidden = image == nil
        }
        thumb.isHidden = currentThumbImage != nil
        minimumTrack.isHidden = currentMinimumTrackImage != nil
        maximumTrack.isHidden = currentMaximumTrackImage != nil
        content.alpha = isEnabled ? 1 : 0.5
        setNeedsLayout()
    }

    private func layoutParts() {
        content.frame = bounds
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: valueStorage)
        let split = thumbFrame.midX
        let minimumPart = CGRect(x: track.minX, y: track.minY, width: max(0, split - track.minX), height: track.height)
        maximumTrack.frame = track
        minimumTrack.frame = minimumPart
        minimumTrackImageView.frame = minimumPart
        maximumTrackImageView.frame = CGRect(x: split, y: track.minY, width: max(0, track.maxX - split), height: track.height)
        thumb.frame = thumbFrame
        thumbImageView.frame = thumbFrame
        minimumValueImageView.frame = minimumValueImageRect(forBounds: bounds)
        maximumValueImageView.frame = maximumValueImageRect(forBounds: bounds)
    }
}
