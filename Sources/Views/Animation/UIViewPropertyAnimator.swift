import Foundation
import Geometry
import Layers

/// The states of an animator (Apple's raw values).
public enum UIViewAnimatingState: Int, Sendable {
    /// Its animations have not started, or it finished: the animation blocks have not run (or
    /// ran to completion) and no animation is on the views.
    case inactive = 0
    /// Started or paused: the animation blocks ran, the model values are the final ones, and
    /// the views show the animations (moving, or held while paused).
    case active = 1
    /// Stopped with `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animator's animations ended (Apple's raw values).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0
    case start = 1
    case current = 2
}

extension UIView {
    /// The standard timing curves (Apple's raw values), the same as the curve field of
    /// `UIView.AnimationOptions`.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        var timingFunction: CAMediaTimingFunction {
            UIView.AnimationOptions(rawValue: UInt(rawValue) << 16).timingFunction
        }
    }
}

/// The control an interactive animation gives: start, pause, scrub, reverse, stop (Apple's
/// protocol, adopted by `UIViewPropertyAnimator`).
@MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// Animates view property changes and lets them be paused, scrubbed, reversed and stopped
/// (UIKit's class, basic form).
///
///     let animator = UIViewPropertyAnimator(duration: 1, curve: .easeOut) { box.center.x = 160 }
///     animator.addCompletion { position in print(position == .end) }
///     animator.startAnimation()
///     // later, interactively:
///     animator.pauseAnimation()
///     animator.fractionComplete = 0.3
///
/// Built the Core Animation way: the animation blocks run when the animator becomes active
/// (start, pause or a `fractionComplete` set), their changes become one animation per view
/// property, and pausing or scrubbing re-adds them with `speed` 0 and `timeOffset` at the
/// chosen moment; a display link ends the animator on the frame its time runs out.
///
/// While running, `fractionComplete` is the fraction of the duration gone. With
/// `scrubsLinearly` (the default, as in UIKit) a paused animator is scrubbed linearly:
/// pausing turns `fractionComplete` into the progress the curve had reached (so nothing
/// moves), the views then show that fraction of the way, and resuming goes on along the curve
/// from the time at which it gives that progress.
///
/// Kinescope's choices where UIKit says nothing or raises: a call that UIKit rejects (start
/// after `stopAnimation(false)`, `finishAnimation(at:)` while not stopped, setting
/// `fractionComplete` while running) is ignored; a spring animator always scrubs along its
/// spring (a spring's progress has no inverse). Views keep receiving touches while animated,
/// as with UIKit's default `isUserInteractionEnabled`.
@MainActor
open class UIViewPropertyAnimator: UIViewAnimating {
    private enum Timing {
        case curve(CAMediaTimingFunction)
        case spring(UISpringTimingParameters)
    }

    /// One animated property: where it goes from and to, and when it starts on the animator's
    /// timeline (seconds; it ends with the animator).
    private struct Track {
        let view: UIView
        let key: String
        let from: Any
        let to: Any
        let start: TimeInterval
        /// The value before the animator's first animation of the property, restored by a
        /// finish at `.start` (`from` is where the current run started).
        let original: Any
    }

    /// The total duration, seconds.
    public let duration: TimeInterval
    /// The delay given to `startAnimation(afterDelay:)`, seconds; 0 before.
    public private(set) var delay: TimeInterval = 0
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations are moving (started, not paused, stopped or finished).
    public private(set) var isRunning = false
    /// Whether the animations run backwards, towards their start. Changing it while running
    /// turns them round where they are; an animator that reaches its start finishes at
    /// `.start`, with the properties set back to their start values.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active, isRunning else { return }
            let now = CACurrentMediaTime()
            position = time(at: now, reversed: oldValue)
            anchor = now
            schedule()
        }
    }
    /// Whether reaching the end pauses the animator (active, not running, completion handlers
    /// not called) instead of finishing it, so it can still be reversed or scrubbed. Default
    /// false.
    public var pausesOnCompletion = false
    /// Whether a paused animator scrubs linearly (see the class notes) rather than along its
    /// timing curve. Default true. Read when the animator pauses.
    public var scrubsLinearly = true
    /// Stored only (Kinescope's animators are always interruptible). Default true.
    public var isInterruptible = true
    /// Stored only: animated views receive touches either way. Default true.
    public var isUserInteractionEnabled = true

    private var timing: Timing
    /// The length of the current run, seconds: `duration`, or after
    /// `continueAnimation(withTimingParameters:durationFactor:)` the continuation's.
    private lazy var timeline: TimeInterval = duration
    /// The fraction complete at the start of the current run (0, or where a continuation began).
    private var baseFraction: CGFloat = 0
    private var pending: [(animations: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var tracks: [Track] = []
    /// The animator's time (seconds, 0…duration) at media time `anchor`; while paused
    /// linearly, the progress times the duration.
    private var position: TimeInterval = 0
    /// Whether the animator paused linearly (`scrubsLinearly` at the pause, curve timing).
    private var pausedLinearly = false
    private var anchor: CFTimeInterval = 0
    private var link: CADisplayLink?
    /// Marks the animations of the latest scheduling, so that only they are removed.
    private var token = AnimationToken()

    /// An animator of `duration` seconds paced by one of the standard curves.
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = Self.validDuration(duration)
        timing = .curve(curve.timingFunction)
        if let animations { pending.append((animations, 0)) }
    }

    /// An animator paced by the cubic Bézier curve from (0, 0) to (1, 1) through the two
    /// control points (x clamped to 0…1).
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                animations: (() -> Void)? = nil) {
        self.duration = Self.validDuration(duration)
        timing = .curve(CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y),
                                              Float(point2.x), Float(point2.y)))
        if let animations { pending.append((animations, 0)) }
    }

    /// An animator whose changes follow a spring that settles in `duration`: `ratio` 1 has no
    /// overshoot, smaller values oscillate (clamped to 0.01…1), as in the spring
    /// `UIView.animate` variant.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = Self.validDuration(duration)
        timing = .spring(UISpringTimingParameters(dampingRatio: ratio))
        if let animations { pending.append((animations, 0)) }
    }

    /// An animator paced by `parameters`: a cubic curve, or a spring. A damping-ratio spring
    /// settles in `duration`; a physical spring (`init(mass:stiffness:damping:initialVelocity:)`,
    /// or `UISpringTimingParameters()`, the system spring) takes its own time, as UIKit ignores
    /// the duration then: `duration` becomes the spring's settling duration (0.52 s for the
    /// system spring). A provider that gives neither curve nor spring paces as `.easeInOut`.
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        if let spring = parameters.springTimingParameters {
            timing = .spring(spring)
            self.duration = Self.validDuration(spring.settlingDuration ?? duration)
        } else {
            timing = .curve(parameters.cubicTimingParameters?.timingFunction ?? UIView.AnimationCurve.easeInOut.timingFunction)
            self.duration = Self.validDuration(duration)
        }
    }

    /// An animator made and started at once: `options` gives the curve (other options are
    /// ignored, as transitions are by UIKit); `completion` is its first completion handler.
    /// Returns the animator (of this class, not `Self`).
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let curve = UIView.AnimationCurve(rawValue: Int(options.curve)) ?? .easeInOut
        let animator = UIViewPropertyAnimator(duration: duration, curve: curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private static func validDuration(_ duration: TimeInterval) -> TimeInterval {
        duration.isFinite ? max(0, duration) : 0
    }

    /// Adds animations that start with the others. Added to an active animator, they start at
    /// once and run for its remaining time.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that start after `delayFactor` (0…1, clamped) times the animator's
    /// remaining duration and end with it.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(1, max(0, delayFactor)) : 0
        guard state == .active else {
            if state == .inactive { pending.append((animation, factor)) }
            return
        }
        let now = CACurrentMediaTime()
        let current = time(at: now)
        position = current
        anchor = now
        capture(animation, start: current + Double(factor) * (timeline - current))
        schedule()
    }

    /// Adds a handler called once, with the position where the animations ended, when the
    /// animator finishes (not when it is stopped without finishing). Handlers run in the order
    /// added.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts (or resumes) the animations after `delay` seconds; during the delay the views
    /// show where the animations stand.
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return }
        let wait = delay.isFinite ? max(0, delay) : 0
        if state == .inactive {
            self.delay = wait
            activate()
        } else if isRunning {
            return
        }
        if pausedLinearly, case let .curve(function) = timing {
            position = timeline * Self.time(reaching: position / timeline, along: function)
        }
        pausedLinearly = false
        isRunning = true
        anchor = CACurrentMediaTime() + wait
        schedule()
        watchForEnd()
    }

    /// Pauses the animations where they are (an inactive animator becomes active, paused at
    /// its start).
    public func pauseAnimation() {
        guard state != .stopped else { return }
        if state == .inactive {
            activate()
        } else {
            guard isRunning else { return }
            position = time(at: CACurrentMediaTime())
            isRunning = false
            stopWatching()
        }
        holdPaused()
    }

    /// Holds the animations at `position` (a time), turned into progress when scrubbing
    /// linearly.
    private func holdPaused() {
        if scrubsLinearly, case let .curve(function) = timing, timeline > 0 {
            pausedLinearly = true
            position = timeline * function.output(at: position / timeline)
        }
        schedule()
    }

    /// Stops the animations where they are: the views' properties take the values shown now
    /// and the animations are removed. With `withoutFinishing` true the animator becomes
    /// inactive and its completion handlers are never called; with false it waits in
    /// `.stopped` for `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        position = time(at: CACurrentMediaTime())
        isRunning = false
        pausedLinearly = false
        stopWatching()
        let shown = tracks.map { $0.view.layer.presentation()?.value(forKey: $0.key) }
        removeAnimations()
        UIView.performWithoutAnimation {
            for (track, value) in zip(tracks, shown) { if let value { track.view.layer.setValue(value, forKey: track.key) } }
        }
        if withoutFinishing {
            state = .inactive
            tracks = []
            completions = []
            timeline = duration
            baseFraction = 0
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: the properties take their end values (`.end`), their start
    /// values (`.start`) or stay as stopped (`.current`); then the completion handlers run with
    /// `finalPosition`. Ignored unless the animator is stopped.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        finish(at: finalPosition)
    }

    /// Resumes a paused animator with new timing, as UIKit: the animations go on from where
    /// they are shown to their end values along `parameters` (nil keeps the animator's timing)
    /// over the remaining fraction of `duration` times `durationFactor` (not positive or not
    /// finite: 1); a physical spring takes its settling duration instead. `fractionComplete`
    /// goes on from its value at the call to 1; setting it afterwards scrubs only that rest.
    /// UIKit requires a paused animator: otherwise, and for a reversed animator (Kinescope
    /// continues forwards only), a diagnostic is printed and nothing changes.
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active, !isRunning, !isReversed else {
            return viewControllerDiagnostic("UIViewPropertyAnimator.continueAnimation: the animator must be paused and not reversed; ignored")
        }
        let factor = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) : 1
        let now = CACurrentMediaTime()
        let fraction = fractionComplete
        let current = time(at: now)
        if let parameters {
            if let spring = parameters.springTimingParameters {
                timing = .spring(spring)
            } else {
                timing = .curve(parameters.cubicTimingParameters?.timingFunction ?? UIView.AnimationCurve.easeInOut.timingFunction)
            }
        }
        var length = Double(1 - fraction) * duration * factor
        if case let .spring(spring) = timing, let settling = spring.settlingDuration { length = settling }
        let left = max(timeline - current, 1e-9)
        let shown = tracks.map { $0.view.layer.presentation()?.value(forKey: $0.key) }
        tracks = zip(tracks, shown).map { track, value in
            Track(view: track.view, key: track.key, from: value ?? track.from, to: track.to,
                  start: max(0, track.start - current) * length / left, original: track.original)
        }
        removeAnimations()
        baseFraction = fraction
        timeline = length
        position = 0
        pausedLinearly = false
        startAnimation()
    }

    /// The fraction of the duration reached, 0…1. Setting it moves the animations there; it can
    /// be set only while paused (an inactive animator becomes active and paused first). With
    /// a duration of 0 the animator is at 0 until it finishes.
    public var fractionComplete: CGFloat {
        get {
            guard timeline > 0 else { return baseFraction }
            return baseFraction + (1 - baseFraction) * CGFloat(time(at: CACurrentMediaTime()) / timeline)
        }
        set {
            guard newValue.isFinite else { return }
            if state == .inactive { pauseAnimation() }
            guard state == .active, !isRunning else { return }
            let within = baseFraction < 1 ? (newValue - baseFraction) / (1 - baseFraction) : 1
            position = timeline * Double(min(1, max(0, within)))
            schedule()
        }
    }

    /// The fraction of time (0…1) at which `function` first reaches `progress`, by bisection
    /// (the named curves and most control-point curves rise monotonically).
    private static func time(reaching progress: Double, along function: CAMediaTimingFunction) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if function.output(at: mid) < progress { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The animator's time at media time `now`, seconds in 0…duration.
    private func time(at now: CFTimeInterval, reversed: Bool? = nil) -> TimeInterval {
        guard isRunning else { return position }
        let elapsed = max(0, now - anchor)
        let moved = (reversed ?? isReversed) ? position - elapsed : position + elapsed
        return min(timeline, max(0, moved))
    }

    /// Runs the pending animation blocks and makes the animator active, at its start.
    private func activate() {
        state = .active
        pausedLinearly = false
        position = 0
        let blocks = pending
        pending = []
        for (animations, factor) in blocks { capture(animations, start: Double(factor) * timeline) }
    }

    /// Runs `animations`, recording each property change as a track starting at `start`
    /// seconds; a track of the same property replaces the older one.
    private func capture(_ animations: () -> Void, start: TimeInterval) {
        let template = AnimationBlock(duration: max(timeline, 1e-9), delay: 0, options: [], spring: nil)
        let changes = ChangeRecorder.recording(template: template, animations)
        for change in changes {
            guard let to = change.view.layer.value(forKey: change.key) else { continue }
            let from = change.start(beginFromCurrentState: true) ?? to
            tracks.removeAll { $0.view === change.view && $0.key == change.key }
            tracks.append(Track(view: change.view, key: change.key, from: from, to: to, start: min(start, timeline), original: from))
        }
    }

    /// Re-adds every track's animation for the animator's current state: held at `position`
    /// while paused (speed 0, `timeOffset`), moving from there while running, forwards or
    /// backwards (speed −1).
    private func schedule() {
        token = AnimationToken()
        for track in tracks {
            let span = max(timeline - track.start, 1e-6)
            let animation = makeAnimation(for: track, span: span)
            let within = min(span, max(0, position - track.start))
            let layer = track.view.layer
            if !isRunning {
                if pausedLinearly { animation.timingFunction = CAMediaTimingFunction(name: .linear) }
                animation.speed = 0
                // A time offset of exactly one duration would wrap to the start of a second cycle.
                animation.timeOffset = min(within, span * (1 - 1e-9))
            } else {
                let anchorTime = layer.convertTime(anchor, from: nil)
                if isReversed {
                    animation.speed = -1
                    animation.beginTime = anchorTime - (span - within)
                } else {
                    animation.beginTime = anchorTime - (position - track.start)
                }
                if animation.beginTime == 0 { animation.beginTime = .leastNonzeroMagnitude }
            }
            layer.add(animation, forKey: track.key)
        }
    }

    private func makeAnimation(for track: Track, span: TimeInterval) -> CABasicAnimation {
        let animation: CABasicAnimation
        switch timing {
        case let .curve(function):
            animation = CABasicAnimation(keyPath: track.key)
            animation.timingFunction = function
        case let .spring(parameters):
            animation = parameters.springAnimation(keyPath: track.key, duration: span)
        }
        animation.fromValue = track.from
        animation.toValue = track.to
        animation.duration = span
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        animation.setValue(token, forKey: AnimationToken.key)
        return animation
    }

    /// Removes the animations of the latest scheduling still on their layers.
    private func removeAnimations() {
        for track in tracks {
            let layer = track.view.layer
            if layer.animation(forKey: track.key)?.value(forKey: AnimationToken.key) as? AnimationToken === token {
                layer.removeAnimation(forKey: track.key)
            }
        }
    }

    /// Adds a display link that ends the animator on the first frame at or after its end.
    private func watchForEnd() {
        guard link == nil else { return }
        let link = CADisplayLink { [self] _ in
            MainActor.assumeIsolated { self.checkForEnd() }
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    private func stopWatching() {
        link?.invalidate()
        link = nil
    }

    private func checkForEnd() {
        guard state == .active, isRunning else { return }
        let now = CACurrentMediaTime()
        guard now >= anchor else { return }
        let t = time(at: now)
        let atEnd = isReversed ? t <= 0 : t >= timeline
        guard atEnd else { return }
        position = t
        isRunning = false
        stopWatching()
        if pausesOnCompletion {
            holdPaused()
        } else {
            finish(at: isReversed ? .start : .end)
        }
    }

    private func finish(at final: UIViewAnimatingPosition) {
        removeAnimations()
        UIView.performWithoutAnimation {
            for track in tracks {
                switch final {
                case .end: track.view.layer.setValue(track.to, forKey: track.key)
                case .start: track.view.layer.setValue(track.original, forKey: track.key)
                case .current: break
                }
            }
        }
        state = .inactive
        isRunning = false
        pausedLinearly = false
        tracks = []
        timeline = duration
        baseFraction = 0
        let handlers = completions
        completions = []
        for handler in handlers { handler(final) }
    }
}

/// Identifies the animations one scheduling of a property animator added.
private final class AnimationToken {
    static let key = "kinescope.UIViewPropertyAnimator"
}
