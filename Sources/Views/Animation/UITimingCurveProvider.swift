import Foundation
import Geometry
import Layers

/// The kind of timing a `UITimingCurveProvider` gives (Apple's raw values).
public enum UITimingCurveType: Int, Sendable {
    /// One of the standard `UIView.AnimationCurve` curves.
    case builtin = 0
    /// A cubic Bézier curve with custom control points.
    case cubic = 1
    /// A spring.
    case spring = 2
    /// Both a cubic curve and a spring. Kinescope's own providers never report it; a custom
    /// provider that does is paced by its spring.
    case composed = 3
}

/// What paces a property animator or a percent-driven transition: a cubic curve, a spring, or
/// both (Apple's protocol).
@MainActor
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    /// The curve, for `.builtin`, `.cubic` and `.composed`.
    var cubicTimingParameters: UICubicTimingParameters? { get }
    /// The spring, for `.spring` and `.composed`.
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), as UIKit's class.
@MainActor
open class UICubicTimingParameters: UITimingCurveProvider {
    /// The standard curve this was made from; `.easeInOut` for custom control points (Apple's
    /// value then is undocumented).
    public let animationCurve: UIView.AnimationCurve
    /// The first control point, in the unit square (x clamped to 0…1).
    public let controlPoint1: CGPoint
    /// The second control point (x clamped to 0…1).
    public let controlPoint2: CGPoint
    private let isBuiltin: Bool

    /// The system's default curve: Core Animation's default timing function, ease in ease out
    /// (control points (0.42, 0) and (0.58, 1)).
    public convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    /// One of the standard curves, with its Core Animation control points.
    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        let points = curve.timingFunction.controlPointPair
        controlPoint1 = points.0
        controlPoint2 = points.1
        isBuiltin = true
    }

    /// A custom curve through two control points; a non-finite coordinate counts as the
    /// linear curve's (0, 0) or (1, 1).
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = Self.unitPoint(point1, fallback: .zero)
        controlPoint2 = Self.unitPoint(point2, fallback: CGPoint(x: 1, y: 1))
        isBuiltin = false
    }

    private static func unitPoint(_ p: CGPoint, fallback: CGPoint) -> CGPoint {
        guard p.x.isFinite, p.y.isFinite else { return fallback }
        return CGPoint(x: min(1, max(0, p.x)), y: p.y)
    }

    /// `.builtin` for a named UIKit curve (`init(animationCurve:)`), `.cubic` for control points.
    public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The Core Animation function of this curve.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring timing, as UIKit's class: either a damping ratio (the spring then settles in the
/// animator's duration) or a physical spring of mass, stiffness and damping (it then takes the
/// time the spring needs, whatever duration the animator was given).
///
///     let system = UISpringTimingParameters()   // mass 3, stiffness 1000, damping 500
///     let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: system)
///
/// As Core Animation does by default (`CASpringAnimation.allowsOverdamping` false), an
/// overdamped physical spring moves as the critically damped one of the same mass and
/// stiffness: the default spring — UIKit's system spring, animation curve 7, a damping ratio of
/// 4.56 — reaches 54.5 % of the way at 0.1 s, 87.9 % at 0.2 s and 97.3 % at 0.3 s.
@MainActor
open class UISpringTimingParameters: UITimingCurveProvider {
    enum Spring: Equatable {
        case ratio(CGFloat)
        case physical(mass: CGFloat, stiffness: CGFloat, damping: CGFloat)
    }

    let spring: Spring
    /// The initial velocity, in units of the whole distance per second (1 covers the distance
    /// in a second if kept up), as `UIView.animate(…initialSpringVelocity:…)`. Kinescope
    /// animates every property along one spring, so `dx` paces them all and `dy` is ignored
    /// unless `dx` is 0 (a vertical move given only as `dy`).
    public let initialVelocity: CGVector

    /// UIKit's system spring: mass 3, stiffness 1000, damping 500, no initial velocity (Apple
    /// documents it as a damping ratio of 4.56; solved as critically damped).
    public convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring that settles in the animator's duration with damping ratio `ratio` (1: no
    /// overshoot; clamped to 0.01…1 as the spring `UIView.animate` variant), no initial velocity.
    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring that settles in the animator's duration with damping ratio `ratio` and initial
    /// velocity `velocity`.
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        spring = .ratio(ratio.isFinite ? min(max(ratio, 0.01), 1) : 1)
        initialVelocity = Self.finite(velocity)
    }

    /// A physical spring. Mass and stiffness must be positive and damping not negative (Apple
    /// leaves other values undefined; here a non-finite or out-of-range value takes the system
    /// spring's: 3, 1000, 500).
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        spring = .physical(mass: mass.isFinite && mass > 0 ? mass : 3,
                           stiffness: stiffness.isFinite && stiffness > 0 ? stiffness : 1000,
                           damping: damping.isFinite && damping >= 0 ? damping : 500)
        initialVelocity = Self.finite(velocity)
    }

    private static func finite(_ v: CGVector) -> CGVector {
        CGVector(dx: v.dx.isFinite ? v.dx : 0, dy: v.dy.isFinite ? v.dy : 0)
    }

    /// Always `.spring`.
    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// The velocity paced along the one spring (see `initialVelocity`).
    var scalarVelocity: CGFloat { initialVelocity.dx != 0 ? initialVelocity.dx : initialVelocity.dy }

    /// The Core Animation spring for `keyPath` running `duration` seconds: a ratio spring is
    /// fitted to `duration`, a physical one keeps its own constants.
    func springAnimation(keyPath: String, duration: TimeInterval) -> CASpringAnimation {
        switch spring {
        case let .ratio(ratio):
            return AnimationBlock.springAnimation(keyPath: keyPath, duration: duration, dampingRatio: ratio,
                                                  velocity: scalarVelocity)
        case let .physical(mass, stiffness, damping):
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.mass = mass
            animation.stiffness = stiffness
            animation.damping = damping
            animation.initialVelocity = scalarVelocity
            return animation
        }
    }

    /// How long a physical spring takes to come to rest (Core Animation's settling duration);
    /// nil for a ratio spring, which takes the animator's duration.
    var settlingDuration: TimeInterval? {
        guard case .physical = spring else { return nil }
        return springAnimation(keyPath: "position", duration: 1).settlingDuration
    }
}

extension CAMediaTimingFunction {
    /// The two inner control points.
    var controlPointPair: (CGPoint, CGPoint) {
        var a: [Float] = [0, 0], b: [Float] = [0, 0]
        getControlPoint(at: 1, values: &a)
        getControlPoint(at: 2, values: &b)
        return (CGPoint(x: CGFloat(a[0]), y: CGFloat(a[1])), CGPoint(x: CGFloat(b[0]), y: CGFloat(b[1])))
    }
}
