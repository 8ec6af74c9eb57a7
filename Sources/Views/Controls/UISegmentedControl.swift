import Foundation
import Geometry
import Graphics
import Layers

/// A row of segments of which one is selected, as UIKit's `UISegmentedControl`, with iOS 13's
/// look: a rounded gray track (`tertiarySystemFill`, 8-point corners, 32 points high) with
/// 1×12-point separators between segments, and a white pill (`selectedSegmentTintColor`,
/// 2 points inside the track, 7-point corners, a soft shadow) behind the selected segment,
/// sliding to a newly selected segment in 0.25 s. Titles are 13-point system font, semibold
/// when selected, in `UIColor.label`; images are drawn at their own size, centred.
///
/// A touch that lifts on an enabled segment selects it and sends `.valueChanged` (with
/// `.primaryActionTriggered`) when the selection changed; while pressed, the segment's
/// content fades to 40 % (iOS dims it; Apple gives no figure). With `isMomentary` no pill is
/// drawn and the selection lasts only while the actions run.
///
/// ```swift
/// let units = UISegmentedControl(items: ["km", "mi"])
/// units.selectedSegmentIndex = 0
/// units.addAction(UIAction { _ in setUnits(units.selectedSegmentIndex) }, for: .valueChanged)
/// ```
///
/// Widths: segments with a width set by `setWidth(_:forSegmentAt:)` keep it; the others share
/// the rest of the bounds equally, or in proportion to their content with
/// `apportionsSegmentWidthsByContent`. The intrinsic width gives each segment its content plus
/// 12 points each side (the widest one's, times the count, when not apportioning).
@MainActor
open class UISegmentedControl: UIControl {
    override class var drawsWithDrawRect: Bool { self != UISegmentedControl.self }

    /// The index meaning "no segment selected": -1.
    public static let noSegment = -1

    static let standardHeight: CGFloat = 32
    static let contentPadding: CGFloat = 12
    static let pillInset: CGFloat = 2
    static let animationDuration: TimeInterval = 0.25

    @MainActor
    private struct Segment {
        var title: String?
        var image: UIImage?
        var width: CGFloat = 0
        var isEnabled = true
        let label = UILabel(frame: .zero)
        let imageView = UIImageView(frame: .zero)
    }

    private let track = ControlPart(color: .tertiarySystemFill, cornerRadius: 8)
    private let pill = ControlPart(color: .white, cornerRadius: 7)
    private var separators: [ControlPart] = []
    private var segments: [Segment] = []
    private var selectedStorage = UISegmentedControl.noSegment
    private var titleAttributes: [UInt: [NSAttributedString.Key: Any]] = [:]
    /// The segment under the tracked touch.
    private var pressedSegment: Int?

    /// A control with `frame` and no segments.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        pill.castShadow(opacity: 0.12, radius: 4, dy: 3)
        pill.layer.borderWidth = 0.5
        pill.layer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.04)
        addSubview(track)
        addSubview(pill)
        pill.isHidden = true
    }

    /// A control with a segment per item: a `String` becomes a title, a `UIImage` an image;
    /// other items are skipped with a diagnostic (UIKit raises). Sized to fit, none selected.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String {
                insertSegment(withTitle: title, at: numberOfSegments, animated: false)
            } else if let image = item as? UIImage {
                insertSegment(with: image, at: numberOfSegments, animated: false)
            } else {
                ControlDiagnostics.report(self, "init(items:): \(type(of: item)) is neither a String nor a UIImage; skipped")
            }
        }
        frame.size = intrinsicContentSize
    }

    // MARK: Segments

    /// How many segments there are.
    open var numberOfSegments: Int { segments.count }

    /// Inserts a segment titled `title` at `segment` (pinned to `0...numberOfSegments`, as
    /// UIKit does), sliding the others aside over 0.25 s when `animated`. A selection moves
    /// with its segment.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment, animated: animated)
    }

    /// Inserts a segment showing `image` at `segment`.
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment, animated: animated)
    }

    /// Removes the segment at `segment` (an index out of range is reported and ignored). Removing
    /// the selected segment leaves none selected.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard checked(segment, "removeSegment(at:animated:)") else { return }
        let removed = segments.remove(at: segment)
        removed.label.removeFromSuperview()
        removed.imageView.removeFromSuperview()
        separators.popLast()?.removeFromSuperview()
        if selectedStorage == segment { selectedStorage = Self.noSegment } else if selectedStorage > segment { selectedStorage -= 1 }
        relayout(animated: animated)
    }

    /// Removes every segment; none is selected afterwards.
    open func removeAllSegments() {
        while !segments.isEmpty { removeSegment(at: segments.count - 1, animated: false) }
    }

    /// Sets the title of `segment` (replacing its image, as UIKit does).
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        setContent(title: title, image: nil, at: segment, "setTitle(_:forSegmentAt:)")
    }

    /// The title of `segment`, nil for an image segment or an index out of range.
    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    /// Sets the image of `segment` (replacing its title).
    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        setContent(title: nil, image: image, at: segment, "setImage(_:forSegmentAt:)")
    }

    /// The image of `segment`, nil for a title segment or an index out of range.
    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// Sets whether `segment` can be selected by touch; a disabled segment draws its content
    /// in `tertiaryLabel` gray. Default true.
    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard checked(segment, "setEnabled(_:forSegmentAt:)") else { return }
        segments[segment].isEnabled = enabled
        relayout(animated: false)
    }

    /// Whether `segment` is enabled (false out of range).
    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) && segments[segment].isEnabled
    }

    /// Sets the width of `segment` in points; 0 (the default) sizes it automatically. Negative
    /// and non-finite widths are refused with a diagnostic.
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard checked(segment, "setWidth(_:forSegmentAt:)") else { return }
        guard width.isFinite, width >= 0 else {
            return ControlDiagnostics.report(self, "setWidth(_:forSegmentAt:): width \(width) ignored")
        }
        segments[segment].width = width
        relayout(animated: false)
    }

    /// The width set for `segment` (0 when automatic or out of range).
    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    /// Whether automatic segments share the width in proportion to their content. Default false.
    open var apportionsSegmentWidthsByContent = false { didSet { relayout(animated: false) } }

    // MARK: Selection

    /// The selected segment, or `noSegment` (-1, the default). Setting an index out of range
    /// is reported and ignored (UIKit raises). Setting it from code sends no event and moves
    /// the pill at once.
    open var selectedSegmentIndex: Int {
        get { selectedStorage }
        set {
            guard newValue == Self.noSegment || checked(newValue, "selectedSegmentIndex") else { return }
            selectedStorage = newValue
            relayout(animated: false)
        }
    }

    /// Whether selection is momentary: no pill, and `selectedSegmentIndex` is the touched
    /// segment only while the `.valueChanged` actions run. Default false.
    open var isMomentary = false { didSet { relayout(animated: false) } }

    /// The pill's colour; nil (the default) draws white.
    open var selectedSegmentTintColor: UIColor? { didSet { relayout(animated: false) } }

    /// Sets the `.font` and `.foregroundColor` the titles use in `state` (`.normal`, or
    /// `.selected` for the selected segment, which otherwise uses the normal attributes with a
    /// semibold font). Other keys are kept but not drawn.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        titleAttributes[state.rawValue] = attributes
        relayout(animated: false)
    }

    /// The attributes set for `state`, or nil.
    open func titleTextAttributes(for state: State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    open override var isEnabled: Bool { didSet { relayout(animated: false) } }

    // MARK: Layout

    /// The width every segment's content needs plus 12 points each side, by 32 points.
    open override var intrinsicContentSize: CGSize {
        let natural = segments.indices.map { segments[$0].width > 0 ? segments[$0].width : naturalWidth(of: $0) }
        let width = apportionsSegmentWidthsByContent ? natural.reduce(0, +) : (natural.max() ?? 0) * CGFloat(natural.count)
        return CGSize(width: width, height: Self.standardHeight)
    }

    /// The intrinsic size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSegments()
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        press(segment(at: touch.location(in: self)))
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        press(isTouchInside ? segment(at: touch.location(in: self)) : nil)
        return true
    }

    /// Selects the enabled segment the touch lifted on.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let target = touch.flatMap { bounds.contains($0.location(in: self)) ? segment(at: $0.location(in: self)) : nil }
        press(nil)
        guard let target, segments[target].isEnabled else { return }
        if isMomentary {
            selectedStorage = target
            sendActions(for: [.valueChanged, .primaryActionTriggered])
            selectedStorage = Self.noSegment
            return
        }
        guard target != selectedStorage else { return }
        selectedStorage = target
        relayout(animated: true)
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    open override func cancelTracking(with event: UIEvent?) {
        press(nil)
    }

    // MARK: Private

    private func insert(_ segment: Segment, at index: Int, animated: Bool) {
        let index = min(max(index, 0), segments.count)
        segment.label.textAlignment = .center
        addSubview(segment.label)
        addSubview(segment.imageView)
        segments.insert(segment, at: index)
        if segments.count > 1 {
            let separator = ControlPart(color: .separator)
            separators.append(separator)
            insertSubview(separator, belowSubview: pill)
        }
        if selectedStorage >= index { selectedStorage += 1 }
        relayout(animated: animated)
    }

    private func setContent(title: String?, image: UIImage?, at segment: Int, _ what: String) {
        guard checked(segment, what) else { return }
        segments[segment].title = title
        segments[segment].image = image
        relayout(animated: false)
    }

    /// Whether `segment` is a valid index; if not, a diagnostic naming `what`.
    private func checked(_ segment: Int, _ what: String) -> Bool {
        guard segments.indices.contains(segment) else {
            ControlDiagnostics.report(self, "\(what): segment \(segment) is out of range 0..<\(segments.count); ignored")
            return false
        }
        return true
    }

    private func font(selected: Bool) -> UIFont {
        if selected, let font = titleAttributes[State.selected.rawValue]?[.font] as? UIFont { return font }
        if let font = titleAttributes[State.normal.rawValue]?[.font] as? UIFont {
            return selected ? UIFont.systemFont(ofSize: font.pointSize, weight: .semibold) : font
        }
        return .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    private func titleColor(selected: Bool, enabled: Bool) -> UIColor {
        guard enabled else { return .tertiaryLabel }
        if selected, let color = titleAttributes[State.selected.rawValue]?[.foregroundColor] as? UIColor { return color }
        return titleAttributes[State.normal.rawValue]?[.foregroundColor] as? UIColor ?? .label
    }

    /// The content of `index` plus the padding either side, measured in the selected (wider)
    /// font so that selecting never truncates.
    private func naturalWidth(of index: Int) -> CGFloat {
        let segment = segments[index]
        let content: CGFloat
        if let image = segment.image {
            content = image.size.width
        } else if let title = segment.title, !title.isEmpty {
            content = title.size(withAttributes: [.font: font(selected: true)]).width.rounded(.up)
        } else {
            content = 0
        }
        return content + 2 * Self.contentPadding
    }

    /// The segments' widths across the bounds.
    private func segmentWidths() -> [CGFloat] {
        let fixed = segments.map(\.width)
        let automatic = segments.indices.filter { fixed[$0] == 0 }
        let rest = max(0, bounds.width - fixed.reduce(0, +))
        var widths = fixed
        guard !automatic.isEmpty else { return widths }
        if apportionsSegmentWidthsByContent {
            let natural = automatic.map(naturalWidth(of:))
            let total = natural.reduce(0, +)
            for (i, index) in automatic.enumerated() {
                widths[index] = total > 0 ? rest * natural[i] / total : rest / CGFloat(automatic.count)
            }
        } else {
            for index in automatic { widths[index] = rest / CGFloat(automatic.count) }
        }
        return widths
    }

    private func segmentFrames() -> [CGRect] {
        var x = bounds.minX
        return segmentWidths().map { width in
            defer { x += width }
            return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
        }
    }

    private func segment(at point: CGPoint) -> Int? {
        let frames = segmentFrames()
        if let index = frames.firstIndex(where: { point.x >= $0.minX && point.x < $0.maxX }) { return index }
        guard !frames.isEmpty else { return nil }
        return point.x < bounds.midX ? 0 : frames.count - 1
    }

    private func press(_ segment: Int?) {
        guard segment != pressedSegment else { return }
        pressedSegment = segment
        for (index, item) in segments.enumerated() {
            let alpha: CGFloat = index == segment && index != selectedStorage && item.isEnabled ? 0.4 : 1
            item.label.alpha = alpha
            item.imageView.alpha = alpha
        }
    }

    private func relayout(animated: Bool) {
        UIView.controlAnimation(animated, duration: Self.animationDuration) { self.layoutSegments() }
    }

    private func layoutSegments() {
        track.frame = bounds
        let frames = segmentFrames()
        let showsPill = !isMomentary && segments.indices.contains(selectedStorage)
        pill.backgroundColor = selectedSegmentTintColor ?? .white
        pill.isHidden = !showsPill
        if showsPill { pill.frame = frames[selectedStorage].insetBy(dx: Self.pillInset, dy: Self.pillInset) }
        for (index, separator) in separators.enumerated() {
            let boundary = frames[index].maxX
            separator.frame = CGRect(x: boundary - 0.5, y: bounds.midY - 6, width: 1, height: 12)
            separator.alpha = showsPill && (index == selectedStorage || index + 1 == selectedStorage) ? 0 : 1
        }
        for (index, segment) in segments.enumerated() {
            let selected = showsPill && index == selectedStorage
            let enabled = isEnabled && segment.isEnabled
            let frame = frames[index]
            segment.label.isHidden = segment.image != nil
            segment.imageView.isHidden = segment.image == nil
            segment.label.text = segment.title
            segment.label.font = font(selected: selected)
            segment.label.textColor = titleColor(selected: selected, enabled: enabled)
            let textHeight = segment.label.sizeThatFits(.zero).height
            segment.label.frame = CGRect(x: frame.minX + 4, y: (frame.midY - textHeight / 2).rounded(),
                                         width: max(0, frame.width - 8), height: textHeight)
            segment.imageView.image = segment.image
            segment.imageView.alpha = enabled ? 1 : 0.3
            if let size = segment.image?.size {
                segment.imageView.frame = CGRect(x: (frame.midX - size.width / 2).rounded(), y: (frame.midY - size.height / 2).rounded(),
                                                 width: size.width, height: size.height)
            }
        }
    }
}
