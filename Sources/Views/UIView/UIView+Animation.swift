import Foundation
import Geometry
import Layers

extension UIView {
    /// Options of the animation and transition methods, with UIKit's raw values: flags in bits
    /// 0–9, the curve in bits 16–19, the transition in bits 20–23, the preferred frame rate in
    /// bits 24–27.
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        var curve: UInt { (rawValue >> 16) & 0xF }
        var transition: UInt { (rawValue >> 20) & 0xF }
        var flags: AnimationOptions { AnimationOptions(rawValue: rawValue & 0x3FF) }

        /// The timing function of the curve field.
        var timingFunction: CAMediaTimingFunction {
            switch curve {
            case 1: CAMediaTimingFunction(name: .easeIn)
            case 2: CAMediaTimingFunction(name: .easeOut)
            case 3: CAMediaTimingFunction(name: .linear)
            default: CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }

        /// The registered transition name of the transition field, nil for none.
        var transitionName: String? {
            switch transition {
            case 1: "flipFromLeft"
            case 2: "flipFromRight"
            case 3: "curlUp"
            case 4: "curlDown"
            case 5: "crossDissolve"
            case 6: "flipFromTop"
            case 7: "flipFromBottom"
            default: nil
            }
        }
    }

    /// Animates the changes `animations` makes to animatable view properties (frame, bounds,
    /// center, transform, alpha, backgroundColor…) over `duration` seconds after `delay`, then
    /// calls `completion` with `true` if every animation ran to its end, `false` if one was
    /// interrupted or replaced.
    ///
    /// As in UIKit: the model values change at once (read them back immediately); the screen
    /// follows through animations that start at the next commit. A duration of 0 or less applies
    /// the changes without animation and still calls `completion(true)`, on the next run-loop
    /// turn. Nested animation blocks inherit the outer block's duration, curve and options
    /// unless they pass the matching `overrideInherited…` option.
    ///
    /// A property that is not animating starts from its model value before the change, so a
    /// value set without animation just before the block (`view.alpha = 0`, then
    /// `animate { view.alpha = 1 }`) is where the animation starts, as in UIKit. A property whose
    /// earlier animation is still in flight follows Apple's documented `beginFromCurrentState`
    /// rule: with the option the new animation starts from the value shown now; without it the
    /// earlier animation counts as finished and the new one starts from the value that one was
    /// heading to (a visible jump, as UIKit before iOS 8; iOS 8 and later blend the two
    /// additively for position, bounds and transform, which Kinescope does not). Either way the
    /// earlier animation is replaced and its completion receives `false`.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               options: AnimationOptions = [], animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        runAnimationBlock(AnimationBlock(duration: duration, delay: delay, options: options, spring: nil),
                          animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring animation that settles in about `duration`: `dampingRatio` 1 has no overshoot,
    /// smaller values oscillate; `velocity` is the initial speed as a fraction of the whole
    /// distance per second. UIKit does not document the spring it builds; Kinescope uses mass 1,
    /// stiffness `(2π / duration)²` and damping `4π · dampingRatio / duration` (an undamped
    /// period equal to the duration), which matches UIKit's feel closely.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions = [], animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let ratio = dampingRatio.isFinite ? min(max(dampingRatio, 0.01), 1) : 1
        let spring = AnimationBlock.Spring(dampingRatio: ratio, velocity: velocity.isFinite ? velocity : 0)
        runAnimationBlock(AnimationBlock(duration: duration, delay: delay, options: options, spring: spring),
                          animations: animations, completion: completion)
    }

    /// Applies the changes `actionsWithoutAnimation` makes at once, even inside an animation block.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let state = AnimationBlockStack.current
        state.blocks.append(nil)
        actionsWithoutAnimation()
        state.blocks.removeLast()
    }

    /// Whether animations are enabled: true unless `setAnimationsEnabled(false)` turned them off,
    /// or inside `performWithoutAnimation`, as in UIKit. (Outside an animation block changes
    /// are not animated either way.)
    public static var areAnimationsEnabled: Bool {
        let state = AnimationBlockStack.current
        return state.animationsEnabled && (state.blocks.last.map { $0 != nil } ?? true)
    }

    /// The view's answer to its layer's action search: inside an animation block, an animation
    /// with the block's timing for animatable properties; outside, `NSNull()` — a view's layer
    /// does not animate on its own, as in UIKit.
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        let state = AnimationBlockStack.current
        guard state.animationsEnabled, let block = state.blocks.last, let block else { return NSNull() }
        guard Self.animatableKeys.contains(event), block.duration > 0, block.duration.isFinite else { return NSNull() }
        let replaced = block.oldValues[OldValueKey(layer: ObjectIdentifier(layer), key: event)]
        let presentation = layer.presentation()
        let shown = presentation?.value(forKey: event)
        let inFlight = layer.animation(forKey: event) != nil
        if let recorder = block.recorder {
            recorder.record(view: self, key: event, shown: shown, replaced: replaced, inFlight: inFlight)
            return NSNull()
        }
        // UIKit's animations start from the model value the setter replaced — a value set
        // without animation earlier in the same turn included (the "set the start state, then
        // animate" idiom) — except that `beginFromCurrentState` over an animation in flight
        // starts from the value shown (nil lets the engine take it). Without a replaced value
        // (the layer's property was set directly), the engine starts from the value shown.
        let from = inFlight && block.options.contains(.beginFromCurrentState) && presentation != nil ? nil : replaced
        return block.makeAnimation(forKey: event, on: self, from: from)
    }

    /// Remembers the model value a setter is about to replace, for the animation block open
    /// now (the first value per layer and key wins). A recording block records the change even
    /// when the value stays the same (the layer then runs no action), so that a keyframe can
    /// return a property to the value it has.
    func noteAnimatableChange(_ key: String, _ oldValue: Any) {
        guard let block = AnimationBlockStack.current.blocks.last, let block else { return }
        let id = OldValueKey(layer: ObjectIdentifier(layer), key: key)
        if block.oldValues[id] == nil { block.oldValues[id] = oldValue }
        block.recorder?.record(view: self, key: key, shown: layer.presentation()?.value(forKey: key), replaced: oldValue,
                               inFlight: layer.animation(forKey: key) != nil)
    }

    static let animatableKeys: Set<String> = [
        "bounds", "position", "transform", "opacity", "backgroundColor", "zPosition", "anchorPoint",
        "cornerRadius", "borderWidth", "borderColor", "shadowOpacity", "shadowOffset", "shadowRadius",
        "shadowColor", "contentsRect", "sublayerTransform", "hidden", "masksToBounds",
    ]

    /// Runs `animations` inside `block` (after inheritance); with `keyframes`, the block also
    /// collects `addKeyframe` calls and turns them into keyframe animations at its end.
    static func runAnimationBlock(_ block: AnimationBlock, animations: () -> Void,
                                  completion: ((Bool) -> Void)?, keyframes: KeyframeCollector? = nil) {
        let state = AnimationBlockStack.current
        let effective = block.inheriting(from: state.blocks.last ?? nil)
        guard effective.duration > 0, effective.duration.isFinite else {
            performWithoutAnimation(animations)
            if let completion { callOnNextTurn { completion(true) } }
            return
        }
        let tracker = AnimationCompletionTracker(completion: completion)
        effective.tracker = tracker
        effective.keyframes = keyframes
        CATransaction.begin()
        state.blocks.append(effective)
        animations()
        keyframes?.addAnimations(for: effective)
        if effective.options.contains(.layoutSubviews) {
            for view in tracker.views { view.layoutIfNeeded() }
        }
        state.blocks.removeLast()
        CATransaction.commit()
        tracker.sealed()
    }
}

/// The animation settings of one `UIView.animate` block.
@MainActor
final class AnimationBlock {
    struct Spring {
        let dampingRatio: CGFloat
        let velocity: CGFloat
    }

    var duration: TimeInterval
    var delay: TimeInterval
    var options: UIView.AnimationOptions
    let spring: Spring?
    var tracker: AnimationCompletionTracker?
    /// Set on the block of an `animateKeyframes` call: collects its `addKeyframe` calls.
    var keyframes: KeyframeCollector?
    /// Set on a block that records changes instead of animating them (one keyframe, or a
    /// property animator's animations): changes inside apply at once, without an animation.
    var recorder: ChangeRecorder?
    /// Model values replaced inside the block, by layer and key.
    var oldValues: [OldValueKey: Any] = [:]
    /// A fractional repeat count (`UIView.setAnimationRepeatCount(_:)`), over the `.repeat` option.
    var repeatCount: Float?

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, spring: Spring?) {
        self.duration = duration
        self.delay = delay.isFinite ? max(0, delay) : 0
        self.options = options
        self.spring = spring
    }

    /// This block's settings after UIKit's inheritance rules inside `outer`.
    func inheriting(from outer: AnimationBlock?) -> AnimationBlock {
        guard let outer else { return self }
        let result = AnimationBlock(duration: options.contains(.overrideInheritedDuration) ? duration : outer.duration,
                                    delay: delay, options: options, spring: spring ?? outer.spring)
        if !options.contains(.overrideInheritedCurve) {
            result.options = result.options.subtracting(UIView.AnimationOptions(rawValue: 0xF << 16))
                .union(UIView.AnimationOptions(rawValue: outer.options.curve << 16))
        }
        if !options.contains(.overrideInheritedOptions) {
            result.options = result.options.union(outer.options.flags.intersection([.repeat, .autoreverse, .allowUserInteraction]))
        }
        return result
    }

    func makeAnimation(forKey key: String, on view: UIView, from: Any?) -> CAAnimation {
        let animation: CABasicAnimation
        if let spring {
            animation = Self.springAnimation(keyPath: key, duration: duration, dampingRatio: spring.dampingRatio,
                                             velocity: spring.velocity)
        } else if options.curve == Self.systemSpringCurve {
            animation = Self.systemSpringAnimation(keyPath: key)
        } else {
            animation = CABasicAnimation(keyPath: key)
            animation.timingFunction = options.timingFunction
        }
        animation.fromValue = from
        configure(animation, on: view)
        return animation
    }

    /// UIKit's private animation curve 7 (the keyboard's curve, `AnimationOptions(rawValue:
    /// 7 << 16)`): the system spring instead of a timing function.
    static let systemSpringCurve: UInt = 7

    /// UIKit's system spring: mass 3, stiffness 1000, damping 500 (a damping ratio of 4.56,
    /// solved as critically damped since overdamping is not allowed), cut off at the block's
    /// duration (0.5 s where UIKit uses it, by then within 0.11 % of the end).
    static func systemSpringAnimation(keyPath: String) -> CASpringAnimation {
        let s = CASpringAnimation(keyPath: keyPath)
        s.mass = 3
        s.stiffness = 1000
        s.damping = 500
        return s
    }

    /// Kinescope's spring for a UIKit spring of `duration` (see the spring `animate` variant).
    static func springAnimation(keyPath: String, duration: TimeInterval, dampingRatio: CGFloat,
                                velocity: CGFloat) -> CASpringAnimation {
        let s = CASpringAnimation(keyPath: keyPath)
        let omega = 2 * Double.pi / duration
        s.mass = 1
        s.stiffness = CGFloat(omega * omega)
        s.damping = CGFloat(4 * Double.pi * Double(dampingRatio) / duration)
        s.initialVelocity = velocity
        return s
    }

    /// Gives `animation` the block's duration, delay, repeat and autoreverse, and tracks it for
    /// the completion block and touch blocking.
    func configure(_ animation: CAAnimation, on view: UIView) {
        animation.duration = duration
        if delay > 0 {
            animation.beginTime = CACurrentMediaTime() + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if let repeatCount { animation.repeatCount = repeatCount }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        tracker?.track(animation, on: view, blocksInteraction: !options.contains(.allowUserInteraction))
    }
}

struct OldValueKey: Hashable {
    let layer: ObjectIdentifier
    let key: String
}

/// Calls a block's completion once every animation it made has stopped, with `finished` true
/// only if all of them finished; with none, on the next run-loop turn with `true`.
@MainActor
final class AnimationCompletionTracker: CAAnimationDelegate {
    private let completion: ((Bool) -> Void)?
    private var running = 0
    private var allFinished = true
    private var isSealed = false
    private var called = false
    /// The views animated, held weakly: the animations (which retain this delegate, as Apple's
    /// do) live in their layers, so strong references would keep a view removed in the middle
    /// of an endless animation alive for ever.
    private var trackedViews: [WeakView] = []
    var views: [UIView] { trackedViews.compactMap(\.view) }

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    func track(_ animation: CAAnimation, on view: UIView, blocksInteraction: Bool) {
        running += 1
        animation.delegate = self
        if !trackedViews.contains(where: { $0.view === view }) { trackedViews.append(WeakView(view: view)) }
        if blocksInteraction { view.interactionBlockingAnimations += 1 }
        blockingViews.append((WeakView(view: view), blocksInteraction))
    }

    private var blockingViews: [(WeakView, Bool)] = []

    func sealed() {
        isSealed = true
        if running == 0 { finish(after: true) }
    }

    nonisolated func animationDidStart(_ anim: CAAnimation) {}

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated {
            running -= 1
            if !flag { allFinished = false }
            if running == 0 && isSealed { finish(after: false) }
        }
    }

    private func finish(after noAnimations: Bool) {
        guard !called else { return }
        called = true
        for (entry, blocking) in blockingViews where blocking { entry.view?.interactionBlockingAnimations -= 1 }
        blockingViews.removeAll()
        guard let completion else { return }
        if noAnimations {
            callOnNextTurn { completion(true) }
        } else {
            completion(allFinished)
        }
    }
}

/// A view held weakly.
@MainActor
struct WeakView {
    weak var view: UIView?
}

/// The animation blocks open on the calling thread (nil entries: `performWithoutAnimation`).
@MainActor
final class AnimationBlockStack {
    var blocks: [AnimationBlock?] = []
    /// The blocks opened by `UIView.beginAnimations(_:context:)`, innermost last.
    var begun: [BegunAnimations] = []
    /// `UIView.setAnimationsEnabled(_:)`.
    var animationsEnabled = true
    static let current = AnimationBlockStack()
}

/// Runs `body` on the next run-loop turn: the completion block of an empty transaction, which
/// Core Animation calls on the turn after its commit.
@MainActor
func callOnNextTurn(_ body: @escaping () -> Void) {
    CATransaction.begin()
    CATransaction.setCompletionBlock(body)
    CATransaction.commit()
}
