import Foundation
import Geometry

/// Recognises a gesture from the touches of a view (and, for pinch and rotation, from the mouse
/// wheel) and calls its targets, as UIKit's `UIGestureRecognizer`.
///
/// Targets are methods given as `Type.method`, since Linux has no selectors. The action may take
/// the recogniser, typed as the class you made, or nothing:
///
/// ```swift
/// let pan = UIPanGestureRecognizer(target: self, action: ViewController.handlePan)
/// view.addGestureRecognizer(pan)
///
/// func handlePan(_ sender: UIPanGestureRecognizer) {
///     let t = sender.translation(in: view)
///     sender.view!.center.x += t.x
///     sender.setTranslation(.zero, in: view)
/// }
/// ```
///
/// **State machine** (Apple's). A discrete recogniser (tap, swipe) goes `.possible → .ended`
/// (`.recognized`) or `.possible → .failed`; a continuous one (pan, long press, pinch, rotation)
/// goes `.possible → .began → .changed… → .ended` or `.cancelled`, or `.possible → .failed`.
/// Targets are called for every change to `.began`, `.changed`, `.ended` (recognised) and
/// `.cancelled`, never for `.failed`. After a final state (ended, cancelled, failed) the window
/// calls `reset()`, the state returns to `.possible`, and the recogniser sees no more of the
/// touches that were down then. A recogniser still `.possible` once its touches have all lifted,
/// with no deadline pending (a multiple tap waiting for its next tap has one), fails: UIKit
/// leaves this to each recogniser; doing it here keeps an undecided custom recogniser from
/// holding the view's `touchesEnded` for ever.
///
/// **Arbitration** (UIKit's). Every recogniser on the touched view and its ancestors sees the
/// touch before the view. By default the first to recognise wins: the others that are still
/// possible fail (and any already begun are cancelled), unless a delegate's
/// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` says yes for the pair.
/// `require(toFail:)` (and the delegate's `shouldRequireFailureOf` / `shouldBeRequiredToFailBy`)
/// holds a recogniser that has recognised in `.possible` until the other fails; if the other
/// recognises instead, the held one fails.
///
/// **Subclassing.** Override `touchesBegan/Moved/Ended/Cancelled(_:with:)` and set `state`, as
/// with `UIGestureRecognizerSubclass` in UIKit; override `reset()` (calling `super`) to clear
/// your own state. Setting `state` to a change the state machine does not allow (`.changed`
/// while `.possible`, anything after a final state) is ignored. Targets run after the touch
/// method that set the state returns, each seeing the state it was sent for.
@MainActor
open class UIGestureRecognizer {
    /// UIKit's recogniser states, with UIKit's raw values.
    public enum State: Int, Sendable {
        /// Not yet recognised (the default state; also between gestures).
        case possible = 0
        /// A continuous gesture has begun.
        case began = 1
        /// A continuous gesture has changed.
        case changed = 2
        /// A continuous gesture ended, or a discrete one was recognised.
        case ended = 3
        /// A continuous gesture was cancelled (the touch was cancelled, the recogniser removed
        /// or disabled, or another recogniser won).
        case cancelled = 4
        /// The touches are not this gesture.
        case failed = 5
        /// A discrete gesture was recognised: the same value as `.ended`.
        public static let recognized = State.ended
    }

    /// The view the recogniser is attached to (`UIView.addGestureRecognizer(_:)`). Removing the
    /// recogniser from its view in the middle of a gesture cancels the gesture (targets get
    /// `.cancelled`; one still possible fails).
    public internal(set) weak var view: UIView? {
        didSet { if oldValue !== view { environment?.recognizerLeft(self) } }
    }

    /// The current state. Read it in actions; subclasses set it to move through the state
    /// machine (see the class discussion). Default `.possible`.
    open var state: State {
        get { reportedState ?? storedState }
        set { requestTransition(to: newValue) }
    }

    /// Whether the recogniser receives touches. Default true. Disabling it in the middle of a
    /// gesture cancels the gesture, as in UIKit (a possible one fails).
    open var isEnabled = true {
        didSet { if oldValue && !isEnabled { environment?.recognizerLeft(self) } }
    }

    /// Whether the touches of a recognised gesture are cancelled in the view: the view gets
    /// `touchesCancelled` (if it had seen the touch begin) and no more of those touches.
    /// Default true, as in UIKit.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan`/`touchesMoved` wait until this recogniser fails (they
    /// are dropped if it recognises). Default false, as in UIKit.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits while this recogniser is still possible: it is
    /// delivered once the recogniser fails, or turned into `touchesCancelled` if it recognises
    /// (with `cancelsTouchesInView`). Default true, as in UIKit: this is why a view under a
    /// double-tap recogniser sees the end of a single tap only once the double tap has failed.
    open var delaysTouchesEnded = true

    /// The delegate, held weakly as in UIKit.
    open weak var delegate: UIGestureRecognizerDelegate?

    /// An identifier for debugging. Default nil.
    open var name: String?

    /// The number of touches the recogniser is tracking: 0 or 1 here (one pointer). A touch that
    /// lifted still counts during the action it caused. Wheel-driven gestures (pinch, rotation)
    /// have none.
    open var numberOfTouches: Int { trackedTouches.count }

    // State kept for the window's arbitration (see GestureEnvironment).
    var storedState: State = .possible
    /// The state shown to targets while their action for it runs.
    var reportedState: State?
    /// A recognised state held back until the recognisers this one requires to fail have failed.
    var pendingState: State?
    /// A continuous gesture that ended while its `.began` was held back.
    var pendingEnd = false
    /// Clock time at which `deadlineReached(at:)` is due, for recognisers that need time to
    /// pass without input (long press, multiple taps, swipe, wheel gestures).
    var deadline: TimeInterval?
    weak var environment: GestureEnvironment?
    var trackedTouches: [UITouch] = []
    var lastLocationInWindow: CGPoint = .zero
    var failureRequirements: [WeakRecognizer] = []

    private struct Registration {
        let target: ObjectIdentifier
        let perform: @MainActor (UIGestureRecognizer) -> Void
    }
    private var registrations: [Registration] = []

    /// A recogniser without targets.
    public init() {}

    /// A recogniser calling `action` on `target` (held weakly) at each state change; the action
    /// takes the recogniser as the type it declares (`UIGestureRecognizer`, or the subclass).
    public init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target?, action: ((Target) -> @MainActor (Recognizer) -> Void)?
    ) {
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recogniser calling an action method that takes no argument.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> @MainActor () -> Void) {
        addTarget(target, action: action)
    }

    /// Adds an action, called on `target` (held weakly) at each state change after the ones
    /// already added. The action's parameter may be typed as this recogniser's class; it is not
    /// called for a recogniser of another type.
    public func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> @MainActor (Recognizer) -> Void
    ) {
        registrations.append(Registration(target: ObjectIdentifier(target)) { [weak target] recognizer in
            if let target, let recognizer = recognizer as? Recognizer { action(target)(recognizer) }
        })
    }

    /// Adds an action that takes no argument.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> @MainActor () -> Void) {
        registrations.append(Registration(target: ObjectIdentifier(target)) { [weak target] _ in
            if let target { action(target)() }
        })
    }

    /// Removes every action of `target` (nil: of every target). UIKit's
    /// `removeTarget(_:action:)` can name one selector; Swift methods cannot be compared, so
    /// this removes all of the target's actions.
    public func removeTarget(_ target: AnyObject?) {
        guard let target else { return registrations.removeAll() }
        registrations.removeAll { $0.target == ObjectIdentifier(target) }
    }

    /// Makes this recogniser wait, once it recognises, until `otherGestureRecognizer` fails;
    /// if the other recognises, this one fails. The classic use: a single tap that must not fire
    /// on the first tap of a double tap, `singleTap.require(toFail: doubleTap)`. The other is
    /// held weakly. Only a recogniser that is taking part in the current touches holds this one
    /// back; an idle one elsewhere counts as failed.
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else { return }
        failureRequirements.removeAll { $0.recognizer == nil }
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
    }

    /// Where the gesture is, in `view`'s coordinates (nil: the window's): the tracked touch's
    /// location (UIKit's centroid of one touch), or where the last touch lifted, or the pointer
    /// of a wheel gesture.
    open func location(in view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window ?? trackedTouches.first?.window else { return lastLocationInWindow }
        return view.convert(lastLocationInWindow, from: window)
    }

    /// The location of the tracked touch at `touchIndex` (0 ..< `numberOfTouches`) in `view`'s
    /// coordinates. UIKit raises for an index out of range; here it gives `location(in:)`.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return location(in: view) }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// Stops this recogniser from seeing `touch`: it gets none of its later phases, and the
    /// touch is not cancelled in the view when this recogniser recognises. Meant to be called
    /// by subclasses, as in UIKit.
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        environment?.recognizer(self, ignores: touch)
    }

    /// A touch began: subclasses look at it and may set `state`. The base does nothing.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch moved. The base does nothing.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch lifted. The base does nothing.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// A touch was cancelled: the base cancels a begun gesture and fails a possible one;
    /// subclasses that override it call `super`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = (state == .began || state == .changed) ? .cancelled : .failed
    }

    /// Called by the window after a final state; subclasses clear their own state and call
    /// `super`. Calling it yourself puts the recogniser back to `.possible` at once.
    open func reset() {
        storedState = .possible
        pendingState = nil
        pendingEnd = false
        deadline = nil
        trackedTouches = []
    }

    /// Whether this recogniser, having recognised, stops `preventedGestureRecognizer` from
    /// recognising. Default true; with `canBePrevented(by:)` and the delegates' simultaneity,
    /// this decides the arbitration between two recognisers.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// Whether `preventingGestureRecognizer`, having recognised, stops this one. Default true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// A class-wide failure requirement, for subclasses (as the delegate's
    /// `gestureRecognizer(_:shouldRequireFailureOf:)`). Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// A class-wide failure requirement the other way round (as the delegate's
    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)`). Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// The time-driven step of a recogniser: called by the window when `deadline` has come
    /// (the clock at or past it). Subclasses in this module override it.
    func deadlineReached(at time: TimeInterval) {}

    /// A wheel turn with the pointer over the recogniser's view (or a descendant), for the
    /// wheel-driven recognisers; the others ignore it. `deltaY` is in notches, negative away
    /// from the user.
    func wheelTurned(deltaX: CGFloat, deltaY: CGFloat, modifierFlags: UIKeyModifierFlags, time: TimeInterval) {}

    /// Whether this recogniser listens to the wheel (and is offered wheel events).
    var isWheelDriven: Bool { false }

    private func requestTransition(to new: State) {
        let old = storedState
        let allowed: Bool = switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
        guard allowed else {
            // Apple's machine has no possible → cancelled: a cancelled attempt fails.
            if old == .possible, new == .cancelled { requestTransition(to: .failed) }
            return
        }
        if let environment {
            environment.transition(self, to: new)
        } else {
            // Not attached to a window's touches (driven by hand): no arbitration.
            storedState = new
            if new != .failed { sendActions(as: new) }
        }
    }

    /// Calls every target's action, with `state` reading `reported` meanwhile.
    func sendActions(as reported: State) {
        let saved = reportedState
        reportedState = reported
        defer { reportedState = saved }
        for registration in registrations { registration.perform(self) }
    }

    /// Records `touch` as tracked (a new one) and its location as the gesture's.
    func track(_ touch: UITouch) {
        if !trackedTouches.contains(where: { $0 === touch }) { trackedTouches.append(touch) }
        lastLocationInWindow = touch.locationInWindow
    }
}

/// A weak reference to a recogniser (failure requirements hold the other recogniser weakly).
@MainActor
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}
