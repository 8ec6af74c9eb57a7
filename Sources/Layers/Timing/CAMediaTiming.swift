/// Core Animation's hierarchical timing model, adopted by `CAAnimation` and `CALayer`.
///
/// Time flows from parent to child in two stages, as Apple documents them. First, parent time
/// `tp` becomes *active local time*: `t = (tp − beginTime) × speed + timeOffset`. Second, active
/// local time becomes *basic local time* within one `duration`: the object repeats
/// (`repeatCount` or `repeatDuration`) and, with `autoreverses`, plays each repetition forwards
/// then backwards. Outside its active period an object has no effect unless `fillMode` holds
/// its first or last state.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time (for an animation: the layer's time, which
    /// is media time unless a layer above changes it; see `CALayer.convertTime(_:from:)`).
    /// 0 on an animation means "when the transaction that adds it commits". Default 0.
    var beginTime: CFTimeInterval { get set }
    /// The length of one repetition, in seconds. An animation added with 0 takes the
    /// transaction's `animationDuration` (0.25 s unless changed), or inside a group the group's
    /// duration. `.infinity` is one repetition that never ends (an animation then stays at its
    /// start; a group's children run on their own clocks for ever). NaN and negative values
    /// count as 0. Default 0 for an animation, `.infinity` for a layer.
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to parent time: 2 plays twice as fast, 0 stops time
    /// (the classic way to pause), a negative value plays backwards. Default 1.
    var speed: Float { get set }
    /// Added to active local time: an animation with `timeOffset` 1 s and duration 3 s starts
    /// showing its state at 1 s, plays to the end, then wraps round to 0 s and stops at 1 s.
    /// Default 0.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats; may be fractional, and `.infinity` (or
    /// `.greatestFiniteMagnitude`) repeats forever. 0 means once. Default 0.
    var repeatCount: Float { get set }
    /// How long the object repeats, in seconds; 0 is ignored, `.infinity` repeats forever.
    /// Setting both `repeatCount` and `repeatDuration` is undefined on Apple's platforms; here
    /// `repeatDuration` wins.
    /// Default 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each repetition plays forwards then backwards (one repetition then lasts
    /// `2 × duration`). Default false.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active period. Default `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}

extension CAMediaTiming {
    /// The value of one of the timing properties by its key-value coding name (`"beginTime"`,
    /// `"duration"`, `"speed"`, `"timeOffset"`, `"repeatCount"`, `"repeatDuration"`,
    /// `"autoreverses"`, `"fillMode"`); nil (`.none`) when `key` names none of them.
    func mediaTimingValue(forKey key: String) -> Any?? {
        switch key {
        case "beginTime": beginTime
        case "duration": duration
        case "speed": speed
        case "timeOffset": timeOffset
        case "repeatCount": repeatCount
        case "repeatDuration": repeatDuration
        case "autoreverses": autoreverses
        case "fillMode": fillMode
        default: nil
        }
    }

    /// Sets the timing property named `key` from a key-value coding value (numbers of any
    /// numeric type or `NSNumber`, a fill mode or its raw string): nil when `key` names none of
    /// them, false when `value` has the wrong type (nothing changes), true once set.
    func setMediaTimingValue(_ value: Any?, forKey key: String) -> Bool? {
        let number = scalarValue(value)
        switch key {
        case "beginTime": guard let number else { return false }; beginTime = number
        case "duration": guard let number else { return false }; duration = number
        case "speed": guard let number else { return false }; speed = Float(number)
        case "timeOffset": guard let number else { return false }; timeOffset = number
        case "repeatCount": guard let number else { return false }; repeatCount = Float(number)
        case "repeatDuration": guard let number else { return false }; repeatDuration = number
        case "autoreverses": guard let flag = value as? Bool else { return false }; autoreverses = flag
        case "fillMode":
            if let mode = value as? CAMediaTimingFillMode { fillMode = mode } else if let name = value as? String { fillMode = .init(rawValue: name) } else { return false }
        default: return nil
        }
        return true
    }
}

/// What a timed object shows before it starts and after it ends (Apple's raw strings).
///
/// An animation that is removed on completion (`isRemovedOnCompletion`, the default) is gone
/// when it ends, so `.forwards` keeps its last state only with `isRemovedOnCompletion = false`.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No effect outside the active period (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The last state stays after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The first state shows before the begin time (useful with a delayed `beginTime`).
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both `.backwards` and `.forwards`.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// A snapshot of an object's `CAMediaTiming` values, with the time arithmetic.
struct MediaTiming: Equatable {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Double = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Double = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    init() {}

    /// The object's values, made usable: NaN and negative lengths become 0, and so do
    /// non-finite begin times, speeds (1) and offsets; `.infinity` stays what it means for
    /// `duration` (one repetition that never ends), `repeatCount` and `repeatDuration` (repeat
    /// forever).
    init(_ object: any CAMediaTiming) {
        beginTime = finite(object.beginTime)
        duration = nonNegative(object.duration)
        speed = object.speed.isFinite ? Double(object.speed) : 1
        timeOffset = finite(object.timeOffset)
        repeatCount = nonNegative(Double(object.repeatCount))
        repeatDuration = nonNegative(object.repeatDuration)
        autoreverses = object.autoreverses
        fillMode = object.fillMode
    }

    /// The length of one repetition including its reverse half.
    var cycle: CFTimeInterval { autoreverses ? 2 * duration : duration }

    /// How long the object is active, in its own (speed-scaled) time; may be infinite.
    var activeDuration: CFTimeInterval {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            // `greatestFiniteMagnitude` is Apple's idiom for "forever".
            return repeatCount >= Double(Float.greatestFiniteMagnitude) ? .infinity : cycle * repeatCount
        }
        return cycle
    }

    /// The parent time at which the active period ends (`.infinity` when it never does, or
    /// when time does not run forwards).
    var endTime: CFTimeInterval {
        guard speed != 0 else { return .infinity }
        return beginTime + activeDuration / abs(speed)
    }

    /// Basic local time at parent time `parentTime`: the position within one `duration`
    /// (`0...duration`) and the number of completed repetitions; nil when the object has no
    /// effect then (before its start or after its end, without a fill).
    func local(at parentTime: CFTimeInterval) -> LocalTime? {
        var elapsed = (parentTime - beginTime) * abs(speed)
        let total = activeDuration
        var ended = false
        if !(elapsed >= 0) {
            guard fillMode.fillsBackwards else { return nil }
            elapsed = 0
        } else if elapsed >= total {
            guard fillMode.fillsForwards else { return nil }
            elapsed = total
            ended = true
        }
        guard duration > 0 else { return LocalTime(time: 0, fraction: ended ? 1 : 0, iteration: 0) }
        guard duration.isFinite else {
            // One repetition that never ends: time runs on from the start and never reaches
            // the end (a reversed one stays at its end).
            let t = max(0, elapsed + timeOffset)
            return LocalTime(time: t, fraction: speed < 0 ? 1 : 0, iteration: 0)
        }
        let t = elapsed + timeOffset
        let cycle = self.cycle
        var iteration = (t / cycle).rounded(.down)
        var within = t - iteration * cycle
        if ended && within <= 1e-12 && iteration > 0 {
            // The end of the last repetition, not the start of one more.
            iteration -= 1
            within = cycle
        }
        if autoreverses && within > duration { within = cycle - within }
        if speed < 0 { within = duration - within }
        within = min(duration, max(0, within))
        return LocalTime(time: within, fraction: within / duration, iteration: Int(min(iteration, 1e9)))
    }
}

/// A position inside one repetition of a timed object.
struct LocalTime {
    /// Seconds since the repetition began, `0...duration`.
    var time: CFTimeInterval
    /// `time / duration`, `0...1`.
    var fraction: Double
    /// Completed repetitions before this one (for cumulative animations).
    var iteration: Int
}

@inline(__always) func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

/// `value` when it is a length of time Core Animation accepts (0 or more, `.infinity`
/// included), else 0 (NaN and negative values).
@inline(__always) func nonNegative(_ value: Double) -> Double { value >= 0 ? value : 0 }
