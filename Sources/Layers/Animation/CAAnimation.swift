import Foundation

/// Told when an animation starts and stops. Both methods are optional.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation began: called in the run loop's callback step of the first frame at or
    /// after its begin time.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended: `flag` is true when it ran to the end of its active period, false
    /// when it was removed first (`removeAnimation(forKey:)`, or replaced by another animation
    /// added under its key).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of Core Animation's animations: timing (`CAMediaTiming`), a timing
/// function, a delegate and whether it is removed when it ends.
///
/// `CALayer.add(_:forKey:)` stores a *copy*, made when it is added: changing the animation
/// afterwards does not change what runs, and the delegate's callbacks receive the copy (as on
/// Apple's platforms). A subclass with stored properties overrides
/// `copyProperties(from:)` so that its copies carry them.
open class CAAnimation: CAMediaTiming, CAAction, CustomStringConvertible {
    /// Creates an animation with Apple's defaults.
    public required init() {}

    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var speed: Float = 1
    open var timeOffset: CFTimeInterval = 0
    open var repeatCount: Float = 0
    open var repeatDuration: CFTimeInterval = 0
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    /// Paces each repetition: maps elapsed fraction to progress. nil is linear (an animation
    /// added in a transaction that has a timing function takes that one).
    open var timingFunction: CAMediaTimingFunction?

    /// Told when the animation starts and stops. Held strongly, as Apple's animations hold
    /// their delegate (beware of retain cycles through it); released when the animation is
    /// removed from its layer and no reference remains.
    open var delegate: (any CAAnimationDelegate)?

    /// Whether the animation is removed from the layer when its active period ends. Default
    /// true; set false (with `fillMode = .forwards`) to keep showing its last state.
    open var isRemovedOnCompletion = true

    private var customValues: [String: Any] = [:]

    /// A copy of the animation, of the same class, with every property copied (the delegate,
    /// the timing function and a group's child animations are shared, not copied).
    open func copy() -> Any {
        let copy = type(of: self).init()
        copy.copyProperties(from: self)
        return copy
    }

    /// Copies `other`'s properties into this animation. Subclasses that add stored properties
    /// override it, call `super`, and copy theirs.
    open func copyProperties(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        customValues = other.customValues
    }

    /// The value of `key`, as Core Animation's key-value coding gives it: one of the
    /// animation's properties by its key (`"duration"`, `"removedOnCompletion"`, `"keyPath"`,
    /// `"fromValue"`, `"calculationMode"`…, in the property's own type), else the value stored
    /// under `key` with `setValue(_:forKey:)` (Core Animation objects accept any key, a common
    /// way to tag an animation), else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? {
        if let own = ownValue(forKey: key) { return own }
        return customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets the property named `key` (numbers may come as any numeric type or `NSNumber`; a
    /// value of the wrong type for a property is ignored), or stores `value` under any other key
    /// (nil removes it); copies of the animation carry it.
    open func setValue(_ value: Any?, forKey key: String) {
        if setOwnValue(value, forKey: key) { return }
        customValues[key] = value
    }

    /// The value of the animation's property named `key`; nil (`.none`) when `key` names none.
    /// Subclasses add their properties, falling back on `super`.
    func ownValue(forKey key: String) -> Any?? {
        if let timing = mediaTimingValue(forKey: key) { return timing }
        return switch key {
        case "timingFunction": .some(timingFunction)
        case "delegate": .some(delegate)
        case "removedOnCompletion": isRemovedOnCompletion
        default: nil
        }
    }

    /// Sets the property named `key`; false when `key` names none. A value of the wrong type
    /// for a property leaves it as it was (and is not stored under the key either).
    func setOwnValue(_ value: Any?, forKey key: String) -> Bool {
        if setMediaTimingValue(value, forKey: key) != nil { return true }
        switch key {
        case "timingFunction": if value == nil || value is CAMediaTimingFunction { timingFunction = value as? CAMediaTimingFunction }
        case "delegate": if value == nil || value is any CAAnimationDelegate { delegate = value as? any CAAnimationDelegate }
        case "removedOnCompletion": if let flag = value as? Bool { isRemovedOnCompletion = flag }
        default: return false
        }
        return true
    }

    /// The value `value(forKey:)` returns for a key never set. Default nil.
    open class func defaultValue(forKey key: String) -> Any? { nil }

    /// Adds the animation to the layer `anObject` under the key `event`: what an animation
    /// returned as an action does when a property changes.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    open var description: String {
        "<\(type(of: self)) duration: \(duration)>"
    }
}
