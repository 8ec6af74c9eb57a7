import Foundation
import Geometry
import Graphics

/// A `CAKeyframeAnimation` resolved for evaluation: typed values, the key time of every
/// segment boundary, per-segment timing functions, and for vector values a curve (straight or
/// spline segments, or a path) with arc-length tables when paced.
struct KeyframeProgram {
    let kind: ValueKind
    let discrete: Bool
    /// Keyframe values: for discrete mode, the values shown in turn; otherwise the keyframes
    /// the generic interpolation runs between.
    let values: [AnimatableValue]
    /// Segment boundaries, non-decreasing, from 0 to 1: `segmentCount + 1` entries (for
    /// discrete mode, one per value plus the end).
    let keyTimes: [Double]
    let functions: [CAMediaTimingFunction?]
    /// For vector kinds outside discrete mode.
    let curve: SegmentedCurve?
    /// Per segment, for constant speed within curved segments (paced modes).
    let arcTables: [[Double]]?
    let rotation: CAAnimationRotationMode?

    var first: AnimatableValue { values.first ?? .zero(kind) }
    var last: AnimatableValue { values.last ?? .zero(kind) }

    /// The value at eased fraction `t` of the animation, and the path's tangent angle when it
    /// has one (for `rotationMode`).
    func value(at t: Double) -> (value: AnimatableValue, angle: Double?) {
        let n = values.count
        if n == 1 && curve == nil { return (values[0], nil) }
        if discrete {
            var index = 0
            for i in 0..<n where keyTimes[i] <= t { index = i }
            return (values[index], nil)
        }
        let segments = keyTimes.count - 1
        guard segments > 0 else { return (first, nil) }
        var i = 0
        if t >= keyTimes[segments] {
            i = segments - 1
        } else {
            while i < segments - 1 && keyTimes[i + 1] <= t { i += 1 }
        }
        let span = keyTimes[i + 1] - keyTimes[i]
        var s = span > 0 ? (t - keyTimes[i]) / span : (t >= keyTimes[i + 1] ? 1 : 0)
        s = min(1, max(0, s))
        if let function = functions.indices.contains(i) ? functions[i] : nil { s = function.output(at: s) }
        guard let curve else {
            return (values[i].interpolated(to: values[i + 1], fraction: s), nil)
        }
        if let arcTables { s = parameter(atLengthFraction: s, table: arcTables[i]) }
        let point = curve.point(i, s)
        let value = AnimatableValue.from(components: point, kind: kind) ?? first
        guard rotation != nil else { return (value, nil) }
        var d = curve.derivative(i, s)
        if d.allSatisfy({ $0 == 0 }) { d = zip(curve.point(i, 1), curve.point(i, 0)).map { $0 - $1 } }
        return (value, d.count >= 2 ? atan2(d[1], d[0]) : nil)
    }

    /// Resolves `animation` for values of `kind`; nil with a reason when its values do not fit.
    static func make(_ animation: CAKeyframeAnimation, kind: ValueKind, keyPath: String) -> KeyframeResult {
        let mode = animation.calculationMode
        let paced = mode == .paced || mode == .cubicPaced
        let cubic = mode == .cubic || mode == .cubicPaced
        let discrete = mode == .discrete

        var curve: SegmentedCurve?
        var values: [AnimatableValue]
        if let path = animation.path, kind == .point {
            let made = pathCurve(path)
            guard made.count > 0 else { return .failure(.emptyPath) }
            curve = made
            // The path's start, then the end of each segment (a discrete animation shows these).
            values = (0...made.count).map { i in
                let p = i == 0 ? made.point(0, 0) : made.point(i - 1, 1)
                return .point(CGPoint(x: p[0], y: p[1]))
            }
        } else {
            guard let raw = animation.values, !raw.isEmpty else { return .failure(.noValues) }
            values = []
            for (index, value) in raw.enumerated() {
                guard let typed = AnimatableValue(value, as: kind) else {
                    return .failure(.wrongType(index: index, value: value, kind: kind))
                }
                values.append(typed)
            }
        }

        let n = values.count
        var keyTimes: [Double]
        let given = animation.keyTimes?.map { min(1, max(0, $0.doubleValue)) }
        if discrete {
            if let given, given.count == n + 1, isNonDecreasing(given) {
                keyTimes = given
            } else if let given, given.count == n, isNonDecreasing(given) {
                keyTimes = given + [1]
            } else {
                keyTimes = (0...n).map { Double($0) / Double(n) }
            }
        } else if let given, given.count == n, n > 1, isNonDecreasing(given) {
            keyTimes = given
        } else {
            keyTimes = n > 1 ? (0..<n).map { Double($0) / Double(n - 1) } : [0, 1]
        }

        let components = values.compactMap(\.components)
        if !discrete, curve == nil, components.count == n, n > 1 {
            curve = cubic ? splineCurve(components, animation: animation) : lineCurve(components)
        }

        var arcTables: [[Double]]?
        if paced && !discrete && n > 1 {
            var lengths: [Double]
            if let curve {
                let tables = (0..<curve.count).map { curve.arcLengths($0) }
                lengths = tables.map { $0.last ?? 0 }
                arcTables = tables
            } else {
                lengths = (0..<(n - 1)).map { values[$0].distance(to: values[$0 + 1]) }
            }
            let total = lengths.reduce(0, +)
            if total > 0 {
                var running = 0.0
                keyTimes = [0] + lengths.map { running += $0; return running / total }
                keyTimes[keyTimes.count - 1] = 1
            } else {
                keyTimes = (0...lengths.count).map { Double($0) / Double(max(1, lengths.count)) }
            }
        }

        let functions: [CAMediaTimingFunction?] = paced ? [] : (animation.timingFunctions ?? []).map { $0 }
        return .success(KeyframeProgram(kind: kind, discrete: discrete, values: values, keyTimes: keyTimes,
                                        functions: functions, curve: discrete ? nil : curve, arcTables: arcTables,
                                        rotation: animation.path != nil ? animation.rotationMode : nil))
    }

    private static func isNonDecreasing(_ times: [Double]) -> Bool {
        zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }
    }

    private static func lineCurve(_ points: [[Double]]) -> SegmentedCurve {
        var curve = SegmentedCurve()
        for i in 0..<(points.count - 1) { curve.append(.line, [points[i], points[i + 1]]) }
        return curve
    }

    /// Kochanek–Bartels spline through `points` as cubic Bézier segments (Catmull-Rom when
    /// tension, continuity and bias are 0). The ends use their own point as the missing
    /// neighbour.
    private static func splineCurve(_ p: [[Double]], animation: CAKeyframeAnimation) -> SegmentedCurve {
        let n = p.count
        func parameter(_ list: [NSNumber]?, _ i: Int) -> Double {
            guard let list, list.indices.contains(i) else { return 0 }
            let v = list[i].doubleValue
            return v.isFinite ? v : 0
        }
        var outgoing: [[Double]] = [], incoming: [[Double]] = []
        for i in 0..<n {
            let previous = p[max(0, i - 1)], next = p[min(n - 1, i + 1)]
            let t = parameter(animation.tensionValues, i), c = parameter(animation.continuityValues, i)
            let b = parameter(animation.biasValues, i)
            let back = zip(p[i], previous).map { $0 - $1 }, ahead = zip(next, p[i]).map { $0 - $1 }
            let oa = (1 - t) * (1 + b) * (1 + c) / 2, ob = (1 - t) * (1 - b) * (1 - c) / 2
            let ia = (1 - t) * (1 + b) * (1 - c) / 2, ib = (1 - t) * (1 - b) * (1 + c) / 2
            outgoing.append(zip(back, ahead).map { oa * $0 + ob * $1 })
            incoming.append(zip(back, ahead).map { ia * $0 + ib * $1 })
        }
        var curve = SegmentedCurve()
        for i in 0..<(n - 1) {
            let c1 = zip(p[i], outgoing[i]).map { $0 + $1 / 3 }
            let c2 = zip(p[i + 1], incoming[i + 1]).map { $0 - $1 / 3 }
            curve.append(.cubic, [p[i], c1, c2, p[i + 1]])
        }
        return curve
    }

    /// A path's elements as curve segments: lines, quadratic and cubic curves as they are, a
    /// close as a line back to the subpath's start. A move is no segment (Apple: every point of
    /// the path except a move-to is a keyframe): the segment after it starts at the moved-to
    /// point, so the animation jumps there as that segment begins, taking no time of its own.
    private static func pathCurve(_ path: CGPath) -> SegmentedCurve {
        var curve = SegmentedCurve()
        var current: CGPoint?
        var start: CGPoint?
        func v(_ p: CGPoint) -> [Double] { [Double(p.x), Double(p.y)] }
        path.forEach { element in
            switch element {
            case let .move(to: p):
                current = p
                start = p
            case let .line(to: p):
                curve.append(.line, [v(current ?? p), v(p)])
                current = p
            case let .quadCurve(to: p, control: c):
                curve.append(.quadratic, [v(current ?? p), v(c), v(p)])
                current = p
            case let .curve(to: p, control1: c1, control2: c2):
                curve.append(.cubic, [v(current ?? p), v(c1), v(c2), v(p)])
                current = p
            case .closeSubpath:
                if let from = current, let to = start, from != to { curve.append(.line, [v(from), v(to)]) }
                current = start
            }
        }
        return curve
    }
}

/// Why a keyframe animation cannot run.
enum KeyframeError {
    case noValues
    case emptyPath
    case wrongType(index: Int, value: Any, kind: ValueKind)

    func message(keyPath: String) -> String {
        switch self {
        case .noValues: "CAKeyframeAnimation for '\(keyPath)' has no values; it has no effect"
        case .emptyPath: "CAKeyframeAnimation for '\(keyPath)' has an empty path; it has no effect"
        case let .wrongType(index, value, kind):
            "CAKeyframeAnimation for '\(keyPath)': values[\(index)] (\(type(of: value))) is not a \(kind.rawValue); the animation has no effect"
        }
    }
}

/// A keyframe program, or why there is none.
enum KeyframeResult {
    case success(KeyframeProgram)
    case failure(KeyframeError)
}
