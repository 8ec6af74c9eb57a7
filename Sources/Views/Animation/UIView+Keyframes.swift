import Foundation
import Geometry
import Layers

extension UIView {
    /// Options of `animateKeyframes`, with UIKit's raw values: the flags of
    /// `UIView.AnimationOptions` (bits 0–9, same meanings) and the calculation mode in bits
    /// 10–12.
    ///
    /// As in UIKit, the curve field of `UIView.AnimationOptions` (bits 16–19) is honoured too
    /// when passed through the raw value, and paces the whole animation; without it the whole
    /// animation eases in and out (`curveEaseInOut` is 0).
    public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// Straight lines between keyframe values (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each value holds until the next key time, then jumps.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Constant speed over the whole path; the keyframes' relative times are ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth (Catmull-Rom) curve through the keyframe values.
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// The cubic curve at constant speed; the keyframes' relative times are ignored.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The Core Animation calculation mode of the mode field (an unknown value is linear).
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        /// The flags and curve, as `UIView.AnimationOptions`.
        var animationOptions: AnimationOptions { AnimationOptions(rawValue: rawValue & ~(0x7 << 10)) }
    }

    /// Runs a keyframe animation: inside `animations`, call
    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` once per keyframe.
    /// Each property changed in keyframes becomes one `CAKeyframeAnimation` on its layer, over
    /// `duration` seconds after `delay`: it starts from the value on screen, moves to each
    /// keyframe's value during that keyframe's time range, and holds its last value between
    /// keyframes and after the last one (a property not set in a keyframe keeps the value of
    /// the previous keyframe that set it). With `.calculationModeDiscrete` each value appears at
    /// the end of its keyframe's range. Changes made directly in `animations`, outside
    /// keyframes, animate over the whole duration as in `animate(withDuration:…)`.
    ///
    /// The model values change at once; `completion` receives `false` if an animation was
    /// removed or replaced before its end. A duration of 0 or less applies every change at
    /// once and calls `completion(true)` on the next run-loop turn.
    ///
    ///     UIView.animateKeyframes(withDuration: 1, delay: 0, options: .calculationModeLinear, animations: {
    ///         UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { box.center.x = 80 }
    ///         UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { box.alpha = 0 }
    ///     })
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                        options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        let block = AnimationBlock(duration: duration, delay: delay, options: options.animationOptions, spring: nil)
        runAnimationBlock(block, animations: animations, completion: completion,
                          keyframes: KeyframeCollector(mode: options.calculationMode))
    }

    /// Adds one keyframe to the enclosing `animateKeyframes` block: the properties `animations`
    /// changes reach their new values between `frameStartTime` and `frameStartTime +
    /// frameDuration`, both fractions (0…1) of the whole animation's duration. Values outside
    /// 0…1 are clamped, and the range is cut at 1. Called outside an `animateKeyframes` block,
    /// it runs `animations` as if called directly (UIKit leaves this undefined).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        guard let top = AnimationBlockStack.current.blocks.last, let top, let collector = top.keyframes else {
            animations()
            return
        }
        let start = frameStartTime.isFinite ? min(1, max(0, frameStartTime)) : 0
        let length = frameDuration.isFinite ? min(1 - start, max(0, frameDuration)) : 0
        let changes = ChangeRecorder.recording(template: top, animations)
        collector.add(changes, start: start, end: start + length,
                      beginFromCurrentState: top.options.contains(.beginFromCurrentState))
    }
}

/// The keyframes of one `animateKeyframes` block, by view and key.
@MainActor
final class KeyframeCollector {
    private struct Track {
        let view: UIView
        let key: String
        let initial: Any?
        /// Keyframes in the order added: relative start, end and the value reached.
        var frames: [(start: Double, end: Double, value: Any?)] = []
    }

    let mode: CAAnimationCalculationMode
    private var tracks: [Track] = []

    init(mode: CAAnimationCalculationMode) {
        self.mode = mode
    }

    func add(_ changes: [ChangeRecorder.Change], start: Double, end: Double, beginFromCurrentState: Bool) {
        for change in changes {
            let value = change.view.layer.value(forKey: change.key)
            if let index = tracks.firstIndex(where: { $0.view === change.view && $0.key == change.key }) {
                tracks[index].frames.append((start, end, value))
            } else {
                var track = Track(view: change.view, key: change.key,
                                  initial: change.start(beginFromCurrentState: beginFromCurrentState))
                track.frames.append((start, end, value))
                tracks.append(track)
            }
        }
    }

    /// Adds one `CAKeyframeAnimation` per track to its layer, timed and tracked by `block`.
    func addAnimations(for block: AnimationBlock) {
        for track in tracks {
            guard let (values, keyTimes) = Self.keyframes(initial: track.initial, frames: track.frames) else { continue }
            let animation = CAKeyframeAnimation(keyPath: track.key)
            animation.values = values
            animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
            animation.calculationMode = mode
            animation.timingFunction = block.options.timingFunction
            block.configure(animation, on: track.view)
            track.view.layer.add(animation, forKey: track.key)
        }
        tracks = []
    }

    /// The values and key times of one property: the initial value at 0, a hold at each
    /// keyframe's start, the keyframe's value at its end, and a hold to 1. Nil when a value is
    /// missing (nothing to interpolate).
    static func keyframes(initial: Any?, frames: [(start: Double, end: Double, value: Any?)]) -> ([Any], [Double])? {
        let ordered = frames.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
        guard let initial = unwrapped(initial ?? ordered.first?.element.value) else { return nil }
        var values: [Any] = [initial]
        var times: [Double] = [0]
        for (_, frame) in ordered {
            guard let value = unwrapped(frame.value) else { return nil }
            let last = times[times.count - 1]
            if frame.start > last {
                values.append(values[values.count - 1])
                times.append(frame.start)
            }
            values.append(value)
            times.append(max(frame.end, times[times.count - 1]))
        }
        if times[times.count - 1] < 1 {
            values.append(values[values.count - 1])
            times.append(1)
        }
        return (values, times)
    }

    /// `value` with an `Optional` wrapped inside `Any` taken out; nil when it holds nothing.
    private static func unwrapped(_ value: Any?) -> Any? {
        guard let value else { return nil }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map(\.value)
    }
}
