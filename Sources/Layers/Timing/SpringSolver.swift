import Foundation

/// The closed-form motion of a damped spring, as `CASpringAnimation` and UIKit's spring
/// animations use it.
///
/// A mass `m` on a spring of stiffness `k` with damping coefficient `c` is released at
/// displacement 1 (the animation's start value) with velocity `v₀` towards the rest position 0
/// (the end value): `m·x″ + c·x′ + k·x = 0`, `x(0) = 1`, `x′(0) = −v₀`. The progress of the
/// animation is `1 − x(t)`, with `t` in seconds. With `ω₀ = √(k/m)` and `ζ = c / (2√(k·m))`:
/// under-damped (`ζ < 1`) it oscillates inside the envelope `e^(−ζω₀t)`, critically damped
/// (`ζ = 1`) and over-damped (`ζ > 1`) it creeps in without overshooting (unless `v₀` is large).
struct SpringSolver: Equatable {
    private enum Regime: Equatable {
        case underdamped(decay: Double, frequency: Double, a: Double, b: Double)
        case critical(omega: Double, a: Double, b: Double)
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
    }

    private let regime: Regime

    /// Values are made usable: mass and stiffness at least 1e-6, damping at least 0,
    /// non-finite values replaced by Apple's defaults (1, 100, 10, 0). Without
    /// `allowsOverdamping`, a damping above the critical `2√(k·m)` is lowered to it.
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, allowsOverdamping: Bool = true) {
        let m = mass.isFinite ? max(1e-6, mass) : 1
        let k = stiffness.isFinite ? max(1e-6, stiffness) : 100
        let requested = damping.isFinite ? max(0, damping) : 10
        let c = allowsOverdamping ? requested : min(requested, 2 * (k * m).squareRoot())
        let v0 = initialVelocity.isFinite ? initialVelocity : 0
        let omega = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if abs(zeta - 1) < 1e-9 {
            regime = .critical(omega: omega, a: 1, b: omega - v0)
        } else if zeta < 1 {
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            regime = .underdamped(decay: zeta * omega, frequency: frequency, a: 1, b: (zeta * omega - v0) / frequency)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - s), r2 = -omega * (zeta + s)
            let c2 = (-v0 - r1) / (r2 - r1)
            regime = .overdamped(r1: r1, r2: r2, c1: 1 - c2, c2: c2)
        }
    }

    /// The displacement `x(t)`: 1 at the start, 0 at rest; `t` in seconds (negative counts as 0).
    func displacement(at t: Double) -> Double {
        let t = max(0, t)
        switch regime {
        case let .underdamped(decay, frequency, a, b):
            return exp(-decay * t) * (a * cos(frequency * t) + b * sin(frequency * t))
        case let .critical(omega, a, b):
            return exp(-omega * t) * (a + b * t)
        case let .overdamped(r1, r2, c1, c2):
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// The fraction of the way from start to end value at `t` seconds (`1 − x(t)`); it passes 1
    /// when the spring overshoots.
    func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// The tolerance at which the spring counts as at rest, as a fraction of the distance
    /// travelled. Apple does not publish its rule; this value, applied to the envelope of the
    /// motion, reproduces the settling durations Apple documents (about 2.85 s at damping 5,
    /// just over 1 s at damping 15, with mass 1 and stiffness 100).
    static let restTolerance = 8.3e-4
    /// The longest settling duration reported (an undamped spring never settles).
    static let maximumSettlingDuration: Double = 60

    /// The time after which the motion's envelope stays within `restTolerance` of rest.
    var settlingDuration: Double {
        let epsilon = Self.restTolerance, limit = Self.maximumSettlingDuration
        switch regime {
        case let .underdamped(decay, _, a, b):
            guard decay > 0 else { return limit }
            let amplitude = (a * a + b * b).squareRoot()
            return min(limit, max(0, log(amplitude / epsilon) / decay))
        case let .critical(omega, a, b):
            let envelope = { (t: Double) in exp(-omega * t) * (abs(a) + abs(b) * t) }
            let peak = abs(b) > omega ? (abs(b) - omega) / (abs(b) * omega) : 0
            return Self.lastTime(above: epsilon, of: envelope, decreasingAfter: peak, limit: limit)
        case let .overdamped(r1, r2, c1, c2):
            let envelope = { (t: Double) in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) }
            return Self.lastTime(above: epsilon, of: envelope, decreasingAfter: 0, limit: limit)
        }
    }

    /// Where a function that decreases after `start` falls to `epsilon`, by bisection.
    private static func lastTime(above epsilon: Double, of f: (Double) -> Double,
                                 decreasingAfter start: Double, limit: Double) -> Double {
        guard f(start) > epsilon else { return start }
        guard f(limit) <= epsilon else { return limit }
        var low = start, high = limit
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if f(mid) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
