// DESIGN NOTE — dashing the flattened path before stroking it, as Core Graphics does.
//
// A dash pattern cuts each contour into open pieces (the dashes), which the stroker then
// strokes like any open contours: caps at both ends of every dash, the line join at every
// corner a dash runs through (a dash spanning a corner is one piece with the corner in it), and
// round joins, as in the undashed stroke, at the points that lie inside a flattened curve (the
// dasher keeps their marks). This is how Skia (`SkDashPath`) and cairo dash too.
//
// Semantics, after Core Graphics and PostScript (see `DashPattern`): the lengths alternate
// painted and unpainted starting with painted; an odd count runs through the list twice per
// period (`[a, b, c]` paints a, skips b, paints c, skips a, paints b, skips c); the phase is an
// offset into the pattern taken modulo the period, so a negative phase shifts the pattern the
// other way (Skia and cairo wrap it the same way; `lineDashPhase` animations to negative values
// march the dashes backwards on Apple's platforms); each contour restarts the pattern at the
// phase; on a closed contour that starts inside a dash, the dash that reaches the end joins the
// first one through the start point, so the seam is a corner like any other.
//
// A zero-length painted interval is a dot: a round cap draws a disc of the line's width, a
// square cap a square turned along the path (the dash gets a direction by reaching 10⁻¹⁰ of its
// coordinates' size along the segment it lies on), a butt cap nothing — as Core Graphics and
// cairo draw them. On a closed contour a dot at the very end is the dot at the start, drawn
// once; on an open one it sits on the end point.
//
// Bounded work: before cutting anything, the number of dashes is estimated from the contours'
// lengths and the period (Σ (length / period + 1) × painted intervals per period); above
// `FlattenedPath.maximumDashCount` (10⁶, Skia's limit, about 32 MB of dash points) the path is
// not dashed at all and strokes solid, as Skia gives up on such patterns (a pattern that fine,
// like 10⁻⁹ over 10⁶ px, is far below a pixel: no dash would be visible anyway). The walk itself
// is one pass over the segments and the dashes, with a hard stop at a few times the limit.

import Geometry

/// A line dash pattern, Core Graphics' `setLineDash(phase:lengths:)`: painted and unpainted
/// lengths, alternately, starting with a painted one, and how far into the pattern a stroke
/// starts. Lengths and phase are in the units of the path being dashed (user space for a
/// `CGContext`, so a scaled CTM scales the dashes).
///
/// `init` returns nil for the patterns that draw a solid line: no lengths, or lengths Core
/// Graphics rejects (`problem(withLengths:)` names them: a negative or non-finite length, or all
/// of them zero).
///
///     let pattern = DashPattern(lengths: [10, 5], phase: 0)!
///     let dashes = path.dashed(pattern)        // open pieces 10 long, 5 apart
///     let outline = dashes.stroked(StrokeStyle(width: 2))
public struct DashPattern: Hashable, Sendable {
    /// The lengths as given: painted, unpainted, painted, …
    public let lengths: [Double]
    /// The phase as given (NaN and infinite phases count as 0).
    public let phase: Double
    /// One period of the pattern: `lengths`, twice over when their count is odd, so that
    /// intervals at even indices are painted.
    let intervals: [Double]
    /// The sum of `intervals`: the distance after which the pattern repeats.
    public let period: Double
    /// The interval the pattern starts in after the phase, and how much of it is left there.
    let startIndex: Int
    let startRemaining: Double

    /// The pattern `lengths` entered `phase` units in; nil when it draws a solid line (empty or
    /// invalid `lengths`, see `problem(withLengths:)`).
    public init?(lengths: [Double], phase: Double) {
        guard !lengths.isEmpty, Self.problem(withLengths: lengths) == nil else { return nil }
        let intervals = lengths.count % 2 == 0 ? lengths : lengths + lengths
        var period = 0.0
        for length in intervals { period += length }
        guard period > 0, period.isFinite else { return nil }
        self.lengths = lengths
        self.phase = phase.isFinite ? phase : 0
        self.intervals = intervals
        self.period = period
        var offset = self.phase.truncatingRemainder(dividingBy: period)
        if offset < 0 { offset += period }
        if !(offset < period) { offset = 0 }
        // The interval holding the offset; an offset exactly at the end of a non-empty interval
        // starts the next one, and a zero-length interval at the offset is kept (Skia's rule).
        var index = 0
        var remaining = intervals[0] - offset
        var left = offset
        while index < intervals.count {
            let length = intervals[index]
            if left > length || (left == length && length > 0) {
                left -= length
                index += 1
            } else {
                remaining = length - left
                break
            }
        }
        if index == intervals.count {
            // Rounding put the offset past the sum: start at the beginning.
            index = 0
            remaining = intervals[0]
        }
        startIndex = index
        startRemaining = remaining
    }

    /// Why Core Graphics would reject `lengths`, in the words of its log ("invalid dash array:
    /// …"), or nil when they are a valid pattern (an empty list is valid: solid).
    public static func problem(withLengths lengths: [Double]) -> String? {
        guard !lengths.isEmpty else { return nil }
        if lengths.contains(where: { !($0 >= 0) || !$0.isFinite }) {
            return "invalid dash array: negative lengths are not allowed"
        }
        if lengths.allSatisfy({ $0 == 0 }) {
            return "invalid dash array: at least one element must be non-zero"
        }
        var sum = 0.0
        for length in lengths { sum += length }
        if !sum.isFinite { return "invalid dash array: the lengths' sum is not finite" }
        return nil
    }

    /// The number of painted intervals in one period.
    var paintedPerPeriod: Int { intervals.count / 2 }
}

extension FlattenedPath {
    /// The most dashes one path is cut into; a pattern that would make more leaves the path
    /// solid (see the design note in `Dasher.swift`).
    public static let maximumDashCount = 1_000_000

    /// The dashes of this path: each contour cut into open pieces by `pattern`, restarting the
    /// pattern at its phase on every contour, as Core Graphics dashes a stroke (see the design
    /// note in `Dasher.swift`). A dash that runs through a corner keeps the corner; on a closed
    /// contour that starts inside a dash, the last dash and the first are one piece through the
    /// start point; a dash covering a whole closed contour leaves it closed. A zero-length
    /// painted interval becomes a piece of two equal points (a dot once stroked with round or
    /// square caps).
    ///
    /// `strokeCap` says which cap the dashes will be stroked with: with `.square`, zero-length
    /// dashes reach 10⁻¹⁰ of their coordinates along the path, so that their square turns with
    /// it, as Core Graphics draws them. When the pattern would make more than
    /// `maximumDashCount` dashes, the path is returned undashed.
    ///
    ///     var line = FlattenedPath()
    ///     line.move(to: CGPoint(x: 0, y: 10))
    ///     line.addLine(to: CGPoint(x: 100, y: 10))
    ///     let dashes = line.dashed(DashPattern(lengths: [10, 5], phase: 0)!)   // 7 pieces
    public func dashed(_ pattern: DashPattern, strokeCap: LineCap? = nil) -> FlattenedPath {
        let lengths = contourLengths
        var estimate = 0.0
        for length in lengths { estimate += (length / pattern.period + 1) * Double(pattern.paintedPerPeriod) }
        guard estimate <= Double(Self.maximumDashCount) else { return self }
        var out = FlattenedPath(tolerance: tolerance)
        var dasher = Dasher(pattern: pattern, orientsDots: strokeCap == .square,
                            stepLimit: 4 * Self.maximumDashCount + 4 * pattern.intervals.count)
        var cursor = SmoothPointCursor(ranges: curveInteriors)
        points.withUnsafeBufferPointer { buffer in
            for index in 0..<contourCount {
                let start = contourStarts[index]
                let end = index + 1 < contourStarts.count ? contourStarts[index + 1] : buffer.count
                dasher.dash(buffer, start: start, end: end, closed: contourIsClosed[index],
                            length: lengths[index], cursor: &cursor, into: &out)
            }
        }
        return out
    }
}

/// One dashing pass: the pattern, the first dash of a closed contour held back until the
/// contour's end (it may join the last one), and the step budget.
private struct Dasher {
    let intervals: [Double]
    let startIndex: Int
    let startRemaining: Double
    let orientsDots: Bool
    /// Interval boundaries left before the walk stops, whatever the pattern.
    var stepsLeft: Int
    /// The first dash of a closed contour that started inside a dash, with its curve marks.
    var head: [CGPoint] = []
    var headSmooth: [Bool] = []

    init(pattern: DashPattern, orientsDots: Bool, stepLimit: Int) {
        intervals = pattern.intervals
        startIndex = pattern.startIndex
        startRemaining = pattern.startRemaining
        self.orientsDots = orientsDots
        stepsLeft = stepLimit
    }

    /// Where the dash being built goes.
    private enum Target {
        case none
        case head
        case out
    }

    mutating func dash(_ points: UnsafeBufferPointer<CGPoint>, start: Int, end endIn: Int, closed: Bool,
                       length: Double, cursor: inout SmoothPointCursor, into out: inout FlattenedPath) {
        var end = endIn
        guard end - start > 1 else { return }
        // A closed contour that comes back onto its first point ends there: its last segment
        // is the one that reaches the start (so that the seam rules below see it).
        if closed {
            while end - start > 1, points[end - 1] == points[start] { end -= 1 }
        }
        let count = end - start
        var index = startIndex
        var remaining = startRemaining
        var on = index % 2 == 0
        if length == 0 || count < 2 {
            // A dot contour (a move and a line to the same point): painted when the pattern
            // starts painted.
            if on {
                out.move(to: points[start])
                out.addLine(to: points[start])
            }
            return
        }
        head.removeAll(keepingCapacity: true)
        headSmooth.removeAll(keepingCapacity: true)
        var target = Target.none
        var dashStart = points[start]
        @inline(__always) func add(_ p: CGPoint, smooth: Bool, to target: Target, _ out: inout FlattenedPath,
                                   _ head: inout [CGPoint], _ headSmooth: inout [Bool]) {
            switch target {
            case .none: break
            case .head:
                head.append(p)
                headSmooth.append(smooth)
            case .out:
                out.addLine(to: p)
                if smooth { out.markLastPointSmooth() }
            }
        }
        if on {
            target = closed ? .head : .out
            if target == .head {
                head.append(points[start])
                headSmooth.append(false)
            } else {
                out.move(to: points[start])
            }
        }
        let segments = closed ? count : count - 1
        for s in 0..<segments {
            let a = points[start + s]
            let bIndex = s + 1 < count ? start + s + 1 : start
            let b = points[bIndex]
            let segmentLength = chordLength(a, b)
            let isLast = s == segments - 1
            var walked = 0.0
            var beganAtB = false
            // On a closed contour's last segment, an interval that ends exactly at the start
            // point does not end there: what comes next is the start, handled after the loop.
            while closed && isLast ? remaining < segmentLength - walked : remaining <= segmentLength - walked {
                guard stepsLeft > 0 else { return finish(target: target, closed: false, &out) }
                stepsLeft -= 1
                walked += remaining
                let q = pointAlong(a, b, walked, segmentLength)
                let next = index + 1 < intervals.count ? index + 1 : 0
                if on {
                    var last = q
                    if orientsDots, q == dashStart, segmentLength > 0 { last = nudged(q, along: a, b, segmentLength) }
                    add(last, smooth: false, to: target, &out, &head, &headSmooth)
                    target = .none
                } else {
                    beganAtB = walked >= segmentLength
                    // A dash of some length that would start on an open contour's end point
                    // has nothing left to paint.
                    if beganAtB && isLast && !closed && intervals[next] > 0 {
                        target = .none
                    } else {
                        out.move(to: q)
                        target = .out
                        dashStart = q
                    }
                }
                on.toggle()
                index = next
                remaining = intervals[index]
            }
            remaining -= segmentLength - walked
            if on && !beganAtB {
                let smooth = bIndex != start && cursor.isSmooth(bIndex)
                add(b, smooth: smooth, to: target, &out, &head, &headSmooth)
            }
        }
        finish(target: target, closed: closed, &out)
    }

    /// Ends a contour's walk: on a closed contour, the held-back first dash joins the dash that
    /// reached the start, or stands alone, or (never ended) is the whole contour, closed.
    private mutating func finish(target: Target, closed: Bool, _ out: inout FlattenedPath) {
        guard !head.isEmpty else { return }
        defer {
            head.removeAll(keepingCapacity: true)
            headSmooth.removeAll(keepingCapacity: true)
        }
        switch target {
        case .head:
            out.move(to: head[0])
            for i in 1..<head.count {
                out.addLine(to: head[i])
                if headSmooth[i] { out.markLastPointSmooth() }
            }
            if closed { out.close() }
        case .out:
            // The last dash ended on the start point: continue it with the first dash.
            for i in 1..<head.count {
                out.addLine(to: head[i])
                if headSmooth[i] { out.markLastPointSmooth() }
            }
        case .none:
            out.move(to: head[0])
            for i in 1..<head.count {
                out.addLine(to: head[i])
                if headSmooth[i] { out.markLastPointSmooth() }
            }
        }
    }

    /// `q` moved a hair (10⁻¹⁰ of its coordinates' size) along the segment from `a` to `b`, so
    /// that a zero-length dash has the segment's direction.
    private func nudged(_ q: CGPoint, along a: CGPoint, _ b: CGPoint, _ length: Double) -> CGPoint {
        let scale = max(1, abs(Double(q.x)), abs(Double(q.y))) * 1e-10 / length
        return CGPoint(x: Double(q.x) + Double(b.x - a.x) * scale, y: Double(q.y) + Double(b.y - a.y) * scale)
    }
}
