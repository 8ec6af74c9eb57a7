import Foundation
import Geometry

/// The formulas behind `UIScrollView`'s motion, one axis at a time, as pure functions of time
/// so that tests can compare a scroll view's offsets with them at sampled frames.
///
/// **Deceleration** (UIKit's exponential decay). After a release at velocity `v0` (points per
/// second), each millisecond keeps `rate` of the velocity of the one before
/// (`UIScrollView.DecelerationRate`: 0.998 normal, 0.99 fast), so `v(t) = v0 · rate^(1000 t)`.
/// Summing the millisecond steps, the distance travelled after `t` seconds is
///
///     d(t) = D · (1 − rate^(1000 t)),   D = v0 / 1000 · rate / (1 − rate)
///
/// and the offset comes to rest `D` from where it was released: 499 ms' worth of the release
/// velocity at the normal rate (0.998 / 0.002), 99 ms' worth at the fast one. `D` is the target
/// offset `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` reports (clamped to
/// the content); a target the delegate moves is reached by the same decay with `D` set to the
/// new distance (a proportionally faster or slower start), so the motion still lasts as long.
///
/// **Rubber band** (the resistance past an edge that UIKit is measured to apply): a finger
/// `x` points past the edge of a scroll view `d` points long on that axis pulls the content
/// `f(x, d) = (1 − 1 / (x · 0.55 / d + 1)) · d`, never as far as `d`.
///
/// **Spring back** (critically damped, as UIKit's bounce): a displacement `x0` from the edge
/// with velocity `v0` moves as `x(t) = (x0 + (v0 + ω x0) t) · e^(−ω t)` with
/// `ω = ScrollPhysics.springFrequency`.
enum ScrollPhysics {
    /// UIKit's rubber-band constant.
    static let rubberBandCoefficient: CGFloat = 0.55
    /// The spring's natural angular frequency (radians per second) for bounce-back and paging:
    /// 2π / 0.5, i.e. a critically damped spring with a 0.5 s response. UIKit documents none;
    /// with it a 100-point overshoot settles (under half a point) in about 0.45 s, which is
    /// what the bounce looks like on iOS.
    static let springFrequency: CGFloat = 2 * .pi / 0.5
    /// Distance (points) from the rest position under which a motion stops and snaps to it.
    static let restDistance: CGFloat = 0.5
    /// Speed (points per second) under which a spring counts as at rest (with `restDistance`).
    static let restSpeed: CGFloat = 5
    /// The largest release speed honoured, points per second; faster (or infinite) flicks count
    /// as this fast. UIKit has no documented limit; a real flick peaks near 10 000.
    static let maximumSpeed: CGFloat = 100_000

    /// `f(x, d)`: how far the content moves for a pull `x` points past an edge (any sign) of a
    /// view `d` points long. 0 for a non-positive or non-finite `d`.
    static func rubberBand(_ x: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0, d.isFinite, x.isFinite else { return 0 }
        let magnitude = (1 - 1 / (abs(x) * rubberBandCoefficient / d + 1)) * d
        return x < 0 ? -magnitude : magnitude
    }

    /// The pull that `rubberBand(_:dimension:)` turns into `y` (its inverse), for a drag that
    /// starts while the content is already past an edge. Pulls of `d` or more count as just
    /// under `d`.
    static func inverseRubberBand(_ y: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0, d.isFinite, y.isFinite else { return 0 }
        let magnitude = min(abs(y), d * 0.999)
        let x = d * magnitude / (rubberBandCoefficient * (d - magnitude))
        return y < 0 ? -x : x
    }

    /// `D`: the distance a release at `velocity` (points per second) decelerates through.
    static func decelerationDistance(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        let r = validRate(rate)
        return clampSpeed(velocity) / 1000 * r / (1 - r)
    }

    /// The share of the deceleration distance still to travel after `t` seconds:
    /// `rate^(1000 t)`.
    static func decayRemaining(after t: TimeInterval, rate: CGFloat) -> CGFloat {
        pow(validRate(rate), CGFloat(max(0, t)) * 1000)
    }

    /// The velocity (points per second) `t` seconds into a deceleration over `distance`.
    static func decayVelocity(distance: CGFloat, after t: TimeInterval, rate: CGFloat) -> CGFloat {
        let r = validRate(rate)
        return distance * 1000 * (1 - r) / r * decayRemaining(after: t, rate: r)
    }

    /// The spring's displacement from its rest position and its velocity `t` seconds after it
    /// started at displacement `x0` with velocity `v0`.
    static func spring(from x0: CGFloat, velocity v0: CGFloat, after t: TimeInterval) -> (offset: CGFloat, velocity: CGFloat) {
        let w = springFrequency, time = CGFloat(max(0, t))
        let decay = exp(-w * time)
        let b = v0 + w * x0
        return ((x0 + b * time) * decay, (b - w * (x0 + b * time)) * decay)
    }

    /// A usable deceleration rate: inside (0, 1), else the normal rate.
    static func validRate(_ rate: CGFloat) -> CGFloat {
        rate.isFinite && rate > 0 && rate < 1 ? rate : 0.998
    }

    /// A release speed UIKit could report: NaN counts as 0, anything beyond
    /// `maximumSpeed` (infinity too) as `maximumSpeed`.
    static func clampSpeed(_ v: CGFloat) -> CGFloat {
        v.isNaN ? 0 : max(-maximumSpeed, min(maximumSpeed, v))
    }
}

/// The motion of one axis of a scroll view after a release, a wheel-free animation or a
/// bounce: a deceleration towards a rest position, or a spring back to one; `nil` when at rest.
struct ScrollAxisMotion {
    enum Phase {
        /// Decelerating from `start` over `distance` (see `ScrollPhysics`); `edge` is where the
        /// content ends in the direction of travel when the decay would carry it past (the
        /// motion then bounces there, or stops there without `bounces`), else nil.
        case decay(start: CGFloat, distance: CGFloat, edge: CGFloat?, bounces: Bool)
        /// Springing to `rest` from `displacement` (offset − rest) with `velocity`.
        case spring(rest: CGFloat, displacement: CGFloat, velocity: CGFloat)
    }

    var phase: Phase
    var startTime: TimeInterval
    var rate: CGFloat

    /// Where the axis is at `time`, and whether it has come to rest there.
    mutating func offset(at time: TimeInterval) -> (offset: CGFloat, atRest: Bool) {
        let t = max(0, time - startTime)
        switch phase {
        case let .decay(start, distance, edge, bounces):
            let remaining = ScrollPhysics.decayRemaining(after: t, rate: rate)
            let position = start + distance * (1 - remaining)
            if let edge, (distance > 0 ? position > edge : position < edge) {
                guard bounces else { return (edge, true) }
                // Crossed the edge: spring back from it with the velocity the decay had there,
                // starting at the moment of the crossing.
                let share = 1 - (edge - start) / distance
                let crossing = share > 0 && share < 1 ? log(share) / (1000 * log(ScrollPhysics.validRate(rate))) : 0
                let velocity = ScrollPhysics.decayVelocity(distance: distance, after: TimeInterval(crossing), rate: rate)
                phase = .spring(rest: edge, displacement: 0, velocity: velocity)
                startTime += TimeInterval(crossing)
                return offset(at: time)
            }
            let end = start + distance
            if abs(distance * remaining) < ScrollPhysics.restDistance { return (edge ?? end, true) }
            return (position, false)
        case let .spring(rest, displacement, velocity):
            let state = ScrollPhysics.spring(from: displacement, velocity: velocity, after: t)
            if abs(state.offset) < ScrollPhysics.restDistance && abs(state.velocity) < ScrollPhysics.restSpeed
                || !state.offset.isFinite {
                return (rest, true)
            }
            return (rest + state.offset, false)
        }
    }
}
