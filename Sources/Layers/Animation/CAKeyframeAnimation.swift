import Foundation
import Graphics

/// How a keyframe animation computes the values between its keyframes (Apple's raw strings).
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight lines between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each keyframe's value holds until the next key time; nothing in between.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, at constant speed: `keyTimes` and `timingFunctions` are ignored and the key times
    /// follow the distances between keyframes.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Catmull-Rom spline through the keyframes, shaped by `tensionValues`,
    /// `continuityValues` and `biasValues` (Kochanek–Bartels).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline at constant speed along it: `keyTimes` and `timingFunctions` are
    /// ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a keyframe `path` turns with it (Apple's raw strings).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's x axis follows the path's tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The layer's x axis points against the path's tangent.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation through a sequence of values (keyframes), or along a path.
///
/// Key times are fractions of the duration (`0...1`, non-decreasing, as many as `values`; for
/// `.discrete` one more than `values`, or as many, the last value then holding to the end).
/// When `keyTimes` is nil or its count does not fit, keyframes are evenly spaced. Each segment
/// between keyframes can have its own timing function (`timingFunctions`, one fewer than
/// `values`), applied after the animation's own `timingFunction`.
///
///     let shake = CAKeyframeAnimation(keyPath: "position.x")
///     shake.values = [0, 10, -10, 10, 0]
///     shake.keyTimes = [0, 0.25, 0.5, 0.75, 1]
///     shake.isAdditive = true
///     shake.duration = 0.4
///     layer.add(shake, forKey: "shake")
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values (of the key path's type, as for `CABasicAnimation`).
    open var values: [Any]?
    /// A path for a point property (`position`, `anchorPoint`) to follow; when set, `values` is
    /// ignored. The path's start and the end of each line and curve are its keyframes (so
    /// `keyTimes` has one entry per line or curve, plus one); a move-to is not a keyframe: the
    /// layer jumps to it when the next line or curve begins. Curves are followed exactly.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions of the duration.
    open var keyTimes: [NSNumber]?
    /// The pacing of each segment.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed. Default `.linear`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels tension per keyframe for the cubic modes (1 tight, -1 round). Default 0.
    open var tensionValues: [NSNumber]?
    /// Kochanek–Bartels continuity per keyframe (-1 sharp corners, 1 inverted corners).
    open var continuityValues: [NSNumber]?
    /// Kochanek–Bartels bias per keyframe (-1 leans towards the next keyframe, 1 the previous).
    open var biasValues: [NSNumber]?
    /// Whether a layer following `path` turns to its tangent. Default nil: it does not turn.
    open var rotationMode: CAAnimationRotationMode?

    /// `.linear` for `"calculationMode"` (as Apple's class answers), else `super`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "calculationMode" ? CAAnimationCalculationMode.linear : super.defaultValue(forKey: key)
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
    }

    override func ownValue(forKey key: String) -> Any?? {
        switch key {
        case "values": .some(values)
        case "path": .some(path)
        case "keyTimes": .some(keyTimes)
        case "timingFunctions": .some(timingFunctions)
        case "calculationMode": calculationMode
        case "tensionValues": .some(tensionValues)
        case "continuityValues": .some(continuityValues)
        case "biasValues": .some(biasValues)
        case "rotationMode": .some(rotationMode)
        default: super.ownValue(forKey: key)
        }
    }

    override func setOwnValue(_ value: Any?, forKey key: String) -> Bool {
        func numbers() -> [NSNumber]? {
            (value as? [NSNumber]) ?? (value as? [Any])?.compactMap { scalarValue($0).map { NSNumber(value: $0) } }
        }
        switch key {
        case "values": if value == nil || value is [Any] { values = value as? [Any] }
        case "path": if value == nil || value is CGPath { path = value as? CGPath }
        case "keyTimes": keyTimes = numbers()
        case "timingFunctions": if value == nil || value is [CAMediaTimingFunction] { timingFunctions = value as? [CAMediaTimingFunction] }
        case "calculationMode":
            if let mode = value as? CAAnimationCalculationMode { calculationMode = mode } else if let name = value as? String { calculationMode = .init(rawValue: name) }
        case "tensionValues": tensionValues = numbers()
        case "continuityValues": continuityValues = numbers()
        case "biasValues": biasValues = numbers()
        case "rotationMode":
            if value == nil { rotationMode = nil } else if let mode = value as? CAAnimationRotationMode { rotationMode = mode } else if let name = value as? String { rotationMode = .init(rawValue: name) }
        default: return super.setOwnValue(value, forKey: key)
        }
        return true
    }
}

/// Several animations run together on one layer, on the group's timeline.
///
/// A child's `beginTime` is relative to the group's start (0 starts with the group), a child
/// with duration 0 runs for the group's duration (the group's own 0 becoming the transaction's
/// when it is added), and children are cut off, not scaled, when the group's active period ends:
/// a 10 s child in a 5 s group shows only its first 5 s. The group's `speed`, `timeOffset`,
/// repetition and timing function move its children's time. The children's delegates and
/// `isRemovedOnCompletion` are ignored; the group's apply.
///
/// A copy of a group holds the same child objects, not copies of them (as on Apple's
/// platforms). `CALayer.add(_:forKey:)` nevertheless runs the group as it was when added: the
/// layer copies the whole tree of groups and children for itself.
open class CAAnimationGroup: CAAnimation {
    /// The animations to run, concurrently, in the group's time.
    open var animations: [CAAnimation]?

    /// Shares the children: the copy's `animations` holds the same objects as the original's.
    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations
    }

    override func ownValue(forKey key: String) -> Any?? {
        key == "animations" ? .some(animations) : super.ownValue(forKey: key)
    }

    override func setOwnValue(_ value: Any?, forKey key: String) -> Bool {
        guard key == "animations" else { return super.setOwnValue(value, forKey: key) }
        if value == nil || value is [CAAnimation] { animations = value as? [CAAnimation] }
        return true
    }
}
