import Geometry

/// A view that sends actions to targets when touched, as UIKit's `UIControl`.
///
/// UIKit's `addTarget(_:action:for:)` takes an Objective-C selector, which Linux lacks; the
/// Swift spelling here takes the method itself: `button.addTarget(self, action: ViewController.tapped,
/// for: .touchUpInside)` for `@objc func tapped()`-style methods, or `addAction(_:for:)` with a
/// `UIAction` as in iOS 14.
@MainActor
open class UIControl: UIView {
    /// UIKit's own controls draw through subviews; subclasses (a custom control overriding
    /// `draw(_:)`) draw as any view does.
    override class var drawsWithDrawRect: Bool { self != UIControl.self && self != UIButton.self }

    /// Control events, with UIKit's raw values.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A control's main action: sent by buttons after `.touchUpInside`, and here by the
        /// value controls (switch, slider, segmented control, stepper, page control) together
        /// with `.valueChanged`, so that a `primaryAction` given to `init(frame:primaryAction:)`
        /// runs when the value changes, as on iOS 14.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu was shown by the control (iOS 14); no Kinescope control shows menus yet.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits free for the app's own events.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits reserved for UIKit's internal use.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Control states, with UIKit's raw values.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        /// Focused by a focus engine (tvOS, keyboards); Kinescope has none, so no control has it.
        public static let focused = State(rawValue: 1 << 3)
        /// Bits free for the app's own use.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Bits reserved for UIKit's internal use.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// How content (a button's image and title) sits horizontally in the control, with UIKit's
    /// raw values. Kinescope lays out left to right, so `.leading` is `.left` and `.trailing`
    /// is `.right`.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center = 0, left, right, fill, leading, trailing
    }

    /// How content sits vertically in the control, with UIKit's raw values.
    public enum ContentVerticalAlignment: Int, Sendable {
        case center = 0, top, bottom, fill
    }

    /// The horizontal alignment of the content within the bounds. Default `.center`, as in UIKit;
    /// changing it lays the control out again.
    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center {
        didSet { if contentHorizontalAlignment != oldValue { setNeedsLayout() } }
    }

    /// The vertical alignment of the content within the bounds. Default `.center`, as in UIKit.
    open var contentVerticalAlignment: ContentVerticalAlignment = .center {
        didSet { if contentVerticalAlignment != oldValue { setNeedsLayout() } }
    }

    /// `contentHorizontalAlignment` with `.leading` and `.trailing` resolved to `.left` and
    /// `.right` (text runs left to right here).
    open var effectiveContentHorizontalAlignment: ContentHorizontalAlignment {
        switch contentHorizontalAlignment {
        case .leading: .left
        case .trailing: .right
        case let alignment: alignment
        }
    }

    /// The control's state: `.normal`, or the union of `.highlighted`, `.disabled` (when not
    /// enabled) and `.selected` that hold, as UIKit's `state`.
    open var state: State {
        var state: State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    private struct Registration {
        let events: Event
        let identifier: ObjectIdentifier?
        let perform: @MainActor (UIControl) -> Void
    }

    private var registrations: [Registration] = []

    /// Whether the control responds to touches. Default true; a disabled control passes touches
    /// up the responder chain and shows its `.disabled` look.
    open var isEnabled = true
    /// Whether the control is selected (a toggled button). Default false; only the app sets it.
    open var isSelected = false
    /// Whether a touch is down inside the control (within 70 points of its bounds). Set by
    /// touch tracking; default false.
    open var isHighlighted = false
    /// Whether a touch is being tracked: from the touch going down until it lifts or is
    /// cancelled.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside the control (its bounds and the 70-point tracking
    /// margin around them). True from the touch going down; false when not tracking.
    public var isTouchInside: Bool { touchInside }
    private var touchInside = false
    /// Whether `beginTracking` and every `continueTracking` since returned true.
    private var trackingContinues = false

    /// Calls `action` on `target` (held weakly, as UIKit holds targets) when one of `events` occurs.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> @MainActor () -> Void, for events: Event) {
        registrations.append(Registration(events: events, identifier: ObjectIdentifier(target)) { [weak target] _ in
            if let target { action(target)() }
        })
    }

    /// The same, for action methods that take the sender.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> @MainActor (Any) -> Void, for events: Event) {
        registrations.append(Registration(events: events, identifier: ObjectIdentifier(target)) { [weak target] control in
            if let target { action(target)(control) }
        })
    }

    /// Removes every action of `target` (nil: of all targets) for `events`.
    public func removeTarget(_ target: AnyObject?, for events: Event) {
        registrations.removeAll { registration in
            (target == nil || registration.identifier == target.map(ObjectIdentifier.init)) && !registration.events.isDisjoint(with: events)
        }
    }

    /// iOS 14's closure actions. Adding the same action again for the same events does nothing
    /// (UIKit keeps one registration per action and event).
    public func addAction(_ action: UIAction, for events: Event) {
        let id = ObjectIdentifier(action)
        let new = events.subtracting(registrations.filter { $0.identifier == id }.reduce(into: Event()) { $0.formUnion($1.events) })
        guard !new.isEmpty else { return }
        registrations.append(Registration(events: new, identifier: id) { [weak self] _ in self?.sendAction(action) })
    }

    /// Removes `action` from `events` (it keeps its other events).
    public func removeAction(_ action: UIAction, for events: Event) {
        let id = ObjectIdentifier(action)
        registrations = registrations.compactMap { registration in
            guard registration.identifier == id else { return registration }
            let kept = registration.events.subtracting(events)
            return kept.isEmpty ? nil : Registration(events: kept, identifier: id, perform: registration.perform)
        }
    }

    /// Runs `action`'s handler with `action` as its argument, as iOS 14's `sendAction(_:)`
    /// (subclasses override it to see every closure action the control runs).
    open func sendAction(_ action: UIAction) {
        action.handler(action)
    }

    /// A control with `frame` that runs `primaryAction` (if any) on `.primaryActionTriggered`,
    /// as iOS 14's `init(frame:primaryAction:)`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Sends the actions registered for `events`, in the order they were added.
    open func sendActions(for events: Event) {
        for registration in registrations where !registration.events.isDisjoint(with: events) {
            registration.perform(self)
        }
    }

    /// Starts tracking: `.touchDown`, plus `.touchDownRepeat` when the touch's `tapCount` is
    /// above 1 (a quick second tap), then `beginTracking(_:with:)`. A disabled control passes
    /// the touch up the chain.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return super.touchesBegan(touches, with: event) }
        isTracking = true
        touchInside = true
        isHighlighted = true
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown)
        trackingContinues = beginTracking(touch, with: event)
    }

    /// Sends `.touchDragEnter` / `.touchDragExit` as the touch crosses the tracking margin
    /// (70 points around the bounds), then `.touchDragInside` or `.touchDragOutside`, then
    /// `continueTracking(_:with:)` while tracking goes on.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking, let touch = touches.first else { return }
        let inside = isWithinTrackingMargin(touch)
        if inside != touchInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit) }
        touchInside = inside
        isHighlighted = inside
        sendActions(for: inside ? .touchDragInside : .touchDragOutside)
        if trackingContinues { trackingContinues = continueTracking(touch, with: event) }
    }

    /// Ends tracking: `endTracking(_:with:)`, then `.touchUpInside` when the touch lifts within
    /// 70 points of the bounds (UIKit's undocumented tracking margin), else `.touchUpOutside`.
    /// Buttons also send `.primaryActionTriggered` after `.touchUpInside`, as UIKit's buttons do.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking else { return super.touchesEnded(touches, with: event) }
        let inside = touches.first.map(isWithinTrackingMargin) ?? touchInside
        touchInside = inside
        isHighlighted = false
        if trackingContinues { endTracking(touches.first, with: event) }
        isTracking = false
        trackingContinues = false
        touchInside = false
        let primary: Event = self is UIButton ? .primaryActionTriggered : []
        sendActions(for: inside ? Event.touchUpInside.union(primary) : .touchUpOutside)
    }

    /// Cancels tracking: `cancelTracking(with:)`, then `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isTracking else { return }
        isHighlighted = false
        if trackingContinues { cancelTracking(with: event) }
        isTracking = false
        trackingContinues = false
        touchInside = false
        sendActions(for: .touchCancel)
    }

    /// Called when a touch goes down in the control, after `.touchDown`; return false to stop
    /// tracking it (no `continueTracking` or `endTracking` calls follow; the touch-up events
    /// are still sent). The default returns true. Override to track touches as a slider does.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// Called for each move of a tracked touch, after the drag events; return false to stop
    /// tracking. The default returns true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }

    /// Called when a tracked touch lifts, before `.touchUpInside` / `.touchUpOutside`. `touch`
    /// is nil when the lift came without one. The default does nothing.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}

    /// Called when tracking is cancelled (a gesture recogniser took the touch, the window went
    /// away), before `.touchCancel`. The default does nothing.
    open func cancelTracking(with event: UIEvent?) {}

    private func isWithinTrackingMargin(_ touch: UITouch) -> Bool {
        bounds.insetBy(dx: -Self.trackingMargin, dy: -Self.trackingMargin).contains(touch.location(in: self))
    }

    /// How far outside its bounds a touch still counts as inside the control: 70 points, what
    /// UIKit's controls measure (Apple does not document it).
    static let trackingMargin: CGFloat = 70
}

/// A closure action, as iOS 14's `UIAction`. A button made with `UIButton(type:primaryAction:)`
/// shows its title and image.
@MainActor
public final class UIAction {
    public let title: String
    public let image: UIImage?
    public let handler: @MainActor (UIAction) -> Void

    public init(title: String = "", image: UIImage? = nil, handler: @escaping @MainActor (UIAction) -> Void) {
        self.title = title
        self.image = image
        self.handler = handler
    }
}
