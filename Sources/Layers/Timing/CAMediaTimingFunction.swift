/// The names of Core Animation's predefined timing functions (Apple's raw strings).
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Even pace: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly, then speeds up: control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Starts quickly, then slows down: control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow at both ends: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of the system's own animations (CSS's `ease`): control points (0.25, 0.1) and
    /// (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A timing function: a cubic Bézier curve from (0, 0) to (1, 1) that maps an animation's
/// fraction of elapsed time (x) to its fraction of progress (y).
///
/// The two inner control points are given; x must lie in `0...1` for the curve to be a
/// function (values outside are clamped, as Core Animation clamps them), y may leave `0...1`
/// for anticipation and overshoot. The curve is solved exactly (Newton's method on x(t), with
/// bisection when Newton stalls), not approximated by a table.
///
///     let ease = CAMediaTimingFunction(name: .easeInEaseOut)
///     ease.output(at: 0.25)   // 0.1291...
open class CAMediaTimingFunction: CustomStringConvertible {
    /// The first and second inner control points.
    let c1: (x: Double, y: Double)
    let c2: (x: Double, y: Double)
    private let name: CAMediaTimingFunctionName?

    /// One of the predefined functions, with Apple's control points. An unknown name gives the
    /// linear function.
    public init(name: CAMediaTimingFunctionName) {
        self.name = name
        switch name {
        case .easeIn: (c1, c2) = ((0.42, 0), (1, 1))
        case .easeOut: (c1, c2) = ((0, 0), (0.58, 1))
        case .easeInEaseOut: (c1, c2) = ((0.42, 0), (0.58, 1))
        case .default: (c1, c2) = ((0.25, 0.1), (0.25, 1))
        default: (c1, c2) = ((0, 0), (1, 1))
        }
    }

    /// A function through the control points (c1x, c1y) and (c2x, c2y). The x coordinates are
    /// clamped to `0...1`; a non-finite coordinate counts as 0.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func finite(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        name = nil
        c1 = (min(1, max(0, finite(c1x))), finite(c1y))
        c2 = (min(1, max(0, finite(c2x))), finite(c2y))
    }

    /// Writes control point `idx` (0 is (0, 0), 1 and 2 the inner points, 3 is (1, 1)) as two
    /// floats into `ptr`. Apple raises for an index outside `0...3`; Kinescope leaves `ptr`
    /// untouched.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (x: Double, y: Double)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = c1
        case 2: point = c2
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = Float(point.x)
        ptr[1] = Float(point.y)
    }

    /// The progress at time fraction `x` (clamped to `0...1`; NaN counts as 0): the y of the
    /// curve's point whose x is `x`, solved to within 1e-9. Kinescope addition (Apple keeps its
    /// solver private).
    public func output(at x: Double) -> Double {
        let x = x.isNaN ? 0 : min(1, max(0, x))
        if c1.x == c1.y && c2.x == c2.y { return x }
        if x == 0 || x == 1 { return x }
        return BezierCurve(c1: c1, c2: c2).y(atX: x)
    }

    public var description: String {
        if let name { return "CAMediaTimingFunction(\(name.rawValue))" }
        return "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))"
    }
}

/// The cubic Bézier from (0, 0) to (1, 1) of a timing function, in polynomial form.
struct BezierCurve {
    private let ax, bx, cx, ay, by, cy: Double

    init(c1: (x: Double, y: Double), c2: (x: Double, y: Double)) {
        cx = 3 * c1.x
        bx = 3 * (c2.x - c1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1.y
        by = 3 * (c2.y - c1.y) - cy
        ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter whose x is `x` (`0...1`): Newton's method from `t = x`, which
    /// converges in a few steps for every curve with a usable slope, then bisection, which always
    /// converges since x(t) is monotonic for control x in `0...1`.
    func parameter(forX x: Double) -> Double {
        let epsilon = 1e-12
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < epsilon { return t }
            let slope = dx(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
            if t < 0 || t > 1 { break }
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) < epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    func y(atX x: Double) -> Double { y(parameter(forX: x)) }
}
