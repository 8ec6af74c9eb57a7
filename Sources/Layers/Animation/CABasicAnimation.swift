import Geometry

/// An animation of one property from one value to another.
///
/// Which values it interpolates depends on which of `fromValue`, `toValue` and `byValue` are
/// set, by Apple's rules ("current value" is the property's value in the render tree at each
/// frame — the model value with the animations added before this one applied):
///
/// | set | interpolates |
/// |---|---|
/// | from, to | `fromValue` → `toValue` |
/// | from, by | `fromValue` → `fromValue + byValue` |
/// | by, to | `toValue − byValue` → `toValue` |
/// | from | `fromValue` → current value |
/// | to | current value → `toValue` |
/// | by | current value → current value + `byValue` |
/// | none | the value before the transaction changed the property → current value |
///
/// The last row is what implicit animations use: `layer.opacity = 0` adds a basic animation
/// with no values, which runs from the opacity shown before the change to 0.
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value (`Any?` as on Apple's platforms: a number, `CGPoint`, `CGSize`,
    /// `CGRect`, `CGColor`, `CATransform3D`, `CGAffineTransform`, `CGImage`…).
    open var fromValue: Any?
    /// The end value.
    open var toValue: Any?
    /// The change relative to the start value.
    open var byValue: Any?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    override func ownValue(forKey key: String) -> Any?? {
        switch key {
        case "fromValue": .some(fromValue)
        case "toValue": .some(toValue)
        case "byValue": .some(byValue)
        default: super.ownValue(forKey: key)
        }
    }

    override func setOwnValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: return super.setOwnValue(value, forKey: key)
        }
        return true
    }
}

/// A basic animation whose progress follows a damped spring instead of a timing function.
///
/// The spring starts at `fromValue` and comes to rest at `toValue` (the basic animation's rules
/// decide which values those are); with little damping it overshoots and oscillates. Time runs
/// in seconds, not as a fraction of `duration`: a `duration` shorter than `settlingDuration`
/// cuts the motion off (it then jumps to the end value), a longer one holds the end value.
/// `timingFunction` is ignored. See `SpringSolver` for the equations.
open class CASpringAnimation: CABasicAnimation {
    /// The mass of the object on the spring; more mass swings longer and further. Must be
    /// greater than 0. Default 1.
    open var mass: CGFloat = 1
    /// The spring's stiffness coefficient; stiffer springs move faster. Must be greater than 0.
    /// Default 100.
    open var stiffness: CGFloat = 100
    /// The damping coefficient (friction); more damping ends the motion sooner with fewer
    /// bounces. Default 10.
    open var damping: CGFloat = 10
    /// The initial velocity in units of the whole distance per second: 1 moves at a speed that
    /// would cover the distance in one second. Positive values move towards the end value,
    /// negative away from it. Default 0.
    open var initialVelocity: CGFloat = 0
    /// Whether an overdamped spring (damping above the critical `2√(stiffness·mass)`) is solved
    /// as overdamped. Default false, as on Apple's platforms: the damping is then lowered to the
    /// critical value, so a spring with too much damping creeps in no slower than a critically
    /// damped one — how UIKit's system spring (mass 3, stiffness 1000, damping 500: a damping
    /// ratio of 4.56) reaches 0.545 of the way in 0.1 s.
    open var allowsOverdamping = false

    /// A spring described as designers describe it (iOS 17): it settles in about
    /// `perceptualDuration` seconds, and `bounce` (`-1...1`) says how much it overshoots — 0 is
    /// critically damped, positive values bounce. As SwiftUI's `Spring(duration:bounce:)`
    /// defines them: mass 1, stiffness `(2π / duration)²`, damping ratio `1 − bounce` (or
    /// `1 / (1 + bounce)` for a negative bounce). A duration that is not positive counts as 0.5 s.
    public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
        self.init()
        let duration = perceptualDuration.isFinite && perceptualDuration > 0 ? perceptualDuration : 0.5
        let b = Double(bounce.isFinite ? min(0.999, max(-0.999, bounce)) : 0)
        let omega = 2 * Double.pi / duration
        let ratio = b >= 0 ? 1 - b : 1 / (1 + b)
        mass = 1
        stiffness = CGFloat(omega * omega)
        damping = CGFloat(2 * ratio * omega)
    }

    /// The time the spring takes to come to rest with the current parameters, in seconds: the
    /// time after which the motion stays within 0.083 % of the distance from the end value
    /// (a tolerance that reproduces the figures in Apple's documentation: about 2.85 s with
    /// damping 5, just over 1 s with damping 15, mass 1 and stiffness 100). Capped at 60 s.
    open var settlingDuration: CFTimeInterval { solver.settlingDuration }

    var solver: SpringSolver {
        SpringSolver(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                     initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
        allowsOverdamping = other.allowsOverdamping
    }

    override func ownValue(forKey key: String) -> Any?? {
        switch key {
        case "mass": mass
        case "stiffness": stiffness
        case "damping": damping
        case "initialVelocity": initialVelocity
        case "settlingDuration": settlingDuration
        case "allowsOverdamping": allowsOverdamping
        default: super.ownValue(forKey: key)
        }
    }

    override func setOwnValue(_ value: Any?, forKey key: String) -> Bool {
        let number = scalarValue(value).map { CGFloat($0) }
        switch key {
        case "mass": if let number { mass = number }
        case "stiffness": if let number { stiffness = number }
        case "damping": if let number { damping = number }
        case "initialVelocity": if let number { initialVelocity = number }
        case "settlingDuration": break
        case "allowsOverdamping": if let flag = value as? Bool { allowsOverdamping = flag }
        default: return super.setOwnValue(value, forKey: key)
        }
        return true
    }
}
