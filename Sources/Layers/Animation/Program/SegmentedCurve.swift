import Foundation

/// A curve through keyframes in n dimensions, one Bézier segment per pair of keyframes: what
/// linear and cubic keyframe values and keyframe paths become, so timing, pacing and
/// evaluation are written once.
struct SegmentedCurve {
    /// One piece of the curve, with its control points (each as `dimension` numbers).
    enum Segment {
        /// Straight from `points[0]` to `points[1]`.
        case line
        /// A quadratic Bézier `points[0...2]`.
        case quadratic
        /// A cubic Bézier `points[0...3]`.
        case cubic
    }

    private(set) var kinds: [Segment] = []
    private(set) var points: [[[Double]]] = []

    var count: Int { kinds.count }

    mutating func append(_ kind: Segment, _ controlPoints: [[Double]]) {
        kinds.append(kind)
        points.append(controlPoints)
    }

    /// The point of segment `i` at parameter `s` (`0...1`).
    func point(_ i: Int, _ s: Double) -> [Double] {
        let p = points[i]
        switch kinds[i] {
        case .line: return combine(p, [1 - s, s])
        case .quadratic:
            let u = 1 - s
            return combine(p, [u * u, 2 * u * s, s * s])
        case .cubic:
            let u = 1 - s
            return combine(p, [u * u * u, 3 * u * u * s, 3 * u * s * s, s * s * s])
        }
    }

    /// The derivative of segment `i` at `s` (for a path's tangent).
    func derivative(_ i: Int, _ s: Double) -> [Double] {
        let p = points[i]
        switch kinds[i] {
        case .line: return combine(p, [-1, 1])
        case .quadratic: return combine(p, [-2 * (1 - s), 2 * (1 - 2 * s), 2 * s])
        case .cubic:
            let u = 1 - s
            return combine(p, [-3 * u * u, 3 * u * u - 6 * u * s, 6 * u * s - 3 * s * s, 3 * s * s])
        }
    }

    /// The cumulative arc length of segment `i` at `samples + 1` evenly spaced parameters
    /// (exact for lines, sampled for curves).
    func arcLengths(_ i: Int, samples: Int = 48) -> [Double] {
        switch kinds[i] {
        case .line: return [0, distance(points[i][0], points[i][1])]
        case .quadratic, .cubic:
            var lengths = [0.0]
            var previous = point(i, 0)
            for k in 1...samples {
                let current = point(i, Double(k) / Double(samples))
                lengths.append(lengths[k - 1] + distance(previous, current))
                previous = current
            }
            return lengths
        }
    }

    private func combine(_ p: [[Double]], _ weights: [Double]) -> [Double] {
        var result = [Double](repeating: 0, count: p[0].count)
        for (point, weight) in zip(p, weights) {
            for d in 0..<point.count { result[d] += point[d] * weight }
        }
        return result
    }
}

func distance(_ a: [Double], _ b: [Double]) -> Double {
    var sum = 0.0
    for d in 0..<min(a.count, b.count) { sum += (a[d] - b[d]) * (a[d] - b[d]) }
    return sum.squareRoot()
}

/// The parameter of a segment at which its arc length reaches `fraction` of the whole, from a
/// table made by `arcLengths`.
func parameter(atLengthFraction fraction: Double, table: [Double]) -> Double {
    guard let total = table.last, total > 0, table.count > 1 else { return fraction }
    let target = fraction * total
    var low = 0, high = table.count - 1
    while high - low > 1 {
        let mid = (low + high) / 2
        if table[mid] < target { low = mid } else { high = mid }
    }
    let span = table[high] - table[low]
    let within = span > 0 ? (target - table[low]) / span : 0
    return (Double(low) + within) / Double(table.count - 1)
}
