// DESIGN NOTE — arc length on the flattened path, trimming by arc length.
//
// A `FlattenedPath` is already a polyline whose points lie on the curves (`addQuadCurve` and
// `addCurve` evaluate the curve at evenly spaced parameters), so its arc length is the sum of its
// chords. A chord is shorter than the arc it replaces: for an arc of radius r cut into chords
// whose sagitta is the flattening tolerance t, each chord misses a fraction θ²/24 ≈ t/(3r) of
// its arc (θ the angle each chord spans, with r·θ²/8 = t). Measuring therefore wants a fine
// tolerance: flattened within t = 0.001, a circle of radius 10 measures 2π·10 within 3·10⁻⁵ of
// its length (10⁻⁴ relative is what the tests allow). Straight segments are measured exactly.
//
// Trimming walks the contours once with the same sums, so a trim at `length(ofContour:)` lands
// exactly on a contour's end. Points that were inside a curve stay marked as such, so a stroke
// of the trimmed path joins them as the untrimmed stroke does.

import Geometry

extension FlattenedPath {
    /// The arc length of contour `index` (which must lie in `0..<contourCount`), in the path's
    /// units: the sum of its segments, the closing one included when the contour is closed.
    ///
    /// Curves are measured by their flattened chords, which fall short of the curve by a
    /// fraction of about `tolerance / (3 × radius of curvature)`: flatten with a fine tolerance
    /// (0.001) to measure curves (see the design note in `PathMeasure.swift`).
    public func length(ofContour index: Int) -> Double {
        let start = contourStarts[index]
        let end = index + 1 < contourStarts.count ? contourStarts[index + 1] : points.count
        return points.withUnsafeBufferPointer { buffer in
            Self.polylineLength(buffer, start: start, end: end, closed: contourIsClosed[index])
        }
    }

    /// The length of every contour, in order (see `length(ofContour:)`).
    public var contourLengths: [Double] {
        (0..<contourCount).map { length(ofContour: $0) }
    }

    /// The summed arc length of all contours (see `length(ofContour:)` for the accuracy on
    /// curves): what Core Animation's `strokeStart` and `strokeEnd` are fractions of.
    public var length: Double {
        var total = 0.0
        for index in 0..<contourCount { total += length(ofContour: index) }
        return total
    }

    /// The part of the path between the fractions `start` and `end` of its total length, as
    /// `CAShapeLayer.strokeStart` / `strokeEnd` trim a shape: the contours are taken one after
    /// the other as one run of length `length`; a contour wholly inside the range is kept as it
    /// is (a closed one stays closed), a contour cut by it becomes an open piece (a closed
    /// contour cut stays open at the cut, as on Apple). Fractions are clamped to `0...1`; a NaN
    /// start counts as 0 and a NaN end as 1; `start ≥ end` gives an empty path.
    ///
    ///     let half = circle.trimmed(from: 0, to: 0.5)   // the first half of the circle, open
    public func trimmed(from start: Double, to end: Double) -> FlattenedPath {
        let s = start.isNaN ? 0 : min(max(start, 0), 1)
        let e = end.isNaN ? 1 : min(max(end, 0), 1)
        guard s < e else { return FlattenedPath(tolerance: tolerance) }
        if s == 0 && e == 1 { return self }
        let total = length
        return trimmed(fromDistance: s * total, toDistance: e * total)
    }

    /// The part of the path between the arc lengths `start` and `end`, measured from the start
    /// of the first contour through all contours in order (see `trimmed(from:to:)`, which takes
    /// fractions). A contour of zero length (a dot) is kept when its position lies in the range.
    /// Non-finite bounds, or `start ≥ end`, give an empty path.
    public func trimmed(fromDistance start: Double, toDistance end: Double) -> FlattenedPath {
        var out = FlattenedPath(tolerance: tolerance)
        guard !start.isNaN, !end.isNaN, start < end else { return out }
        var cursor = SmoothPointCursor(ranges: curveInteriors)
        var offset = 0.0
        points.withUnsafeBufferPointer { buffer in
            for index in 0..<contourCount {
                let first = contourStarts[index]
                let last = index + 1 < contourStarts.count ? contourStarts[index + 1] : buffer.count
                let closed = contourIsClosed[index]
                let contourLength = Self.polylineLength(buffer, start: first, end: last, closed: closed)
                defer { offset += contourLength }
                let from = start - offset, to = end - offset
                guard to >= 0, from <= contourLength, last - first > 1 else { continue }
                if from <= 0 && to >= contourLength {
                    out.appendContour(buffer, start: first, end: last, closed: closed, cursor: &cursor)
                } else if to > from {
                    out.appendPiece(of: buffer, start: first, end: last, closed: closed,
                                    from: max(from, 0), to: min(to, contourLength), cursor: &cursor)
                }
            }
        }
        return out
    }

    /// The length of the polyline `points[start..<end]`, back to its first point when `closed`.
    static func polylineLength(_ points: UnsafeBufferPointer<CGPoint>, start: Int, end: Int, closed: Bool) -> Double {
        guard end - start > 1 else { return 0 }
        var total = 0.0
        var previous = points[start]
        for i in (start + 1)..<end {
            let p = points[i]
            total += chordLength(previous, p)
            previous = p
        }
        if closed { total += chordLength(previous, points[start]) }
        return total
    }

    /// Appends `points[start..<end]` as one contour, its curve marks kept.
    mutating func appendContour(_ points: UnsafeBufferPointer<CGPoint>, start: Int, end: Int, closed: Bool,
                                cursor: inout SmoothPointCursor) {
        move(to: points[start])
        for i in (start + 1)..<end {
            addLine(to: points[i])
            if cursor.isSmooth(i) { markLastPointSmooth() }
        }
        if closed { close() }
    }

    /// Appends, as an open contour, the stretch of the contour `points[start..<end]` (closed
    /// back to its first point when `closed`) from arc length `from` to arc length `to`
    /// (`0 ≤ from < to ≤` the contour's length).
    mutating func appendPiece(of points: UnsafeBufferPointer<CGPoint>, start: Int, end: Int, closed: Bool,
                              from: Double, to: Double, cursor: inout SmoothPointCursor) {
        let count = end - start
        let segments = closed ? count : count - 1
        var walked = 0.0
        var begun = false
        for s in 0..<segments {
            let a = points[start + s]
            let bIndex = s + 1 < count ? start + s + 1 : start
            let b = points[bIndex]
            let segmentLength = chordLength(a, b)
            let segmentEnd = walked + segmentLength
            defer { walked = segmentEnd }
            if !begun {
                guard from <= segmentEnd else { continue }
                begun = true
                move(to: pointAlong(a, b, from - walked, segmentLength))
            }
            if to <= segmentEnd {
                addLine(to: pointAlong(a, b, to - walked, segmentLength))
                return
            }
            addLine(to: b)
            if bIndex != start, cursor.isSmooth(bIndex) { markLastPointSmooth() }
        }
    }
}

/// Answers, for point indices asked in increasing order, whether each lies strictly inside a
/// flattened curve (`FlattenedPath.curveInteriors`).
struct SmoothPointCursor {
    let ranges: [Range<Int>]
    var next = 0

    init(ranges: [Range<Int>]) {
        self.ranges = ranges
    }

    mutating func isSmooth(_ index: Int) -> Bool {
        while next < ranges.count, ranges[next].upperBound <= index { next += 1 }
        return next < ranges.count && ranges[next].contains(index)
    }
}

@inline(__always) func chordLength(_ a: CGPoint, _ b: CGPoint) -> Double {
    let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
    return (dx * dx + dy * dy).squareRoot()
}

/// The point `along` units from `a` towards `b`, which lie `length` apart; `b` itself when
/// `along` reaches `length` (so that pieces ending at a vertex end exactly on it).
@inline(__always) func pointAlong(_ a: CGPoint, _ b: CGPoint, _ along: Double, _ length: Double) -> CGPoint {
    guard along < length else { return b }
    guard along > 0 else { return a }
    let t = along / length
    return CGPoint(x: Double(a.x) + t * Double(b.x - a.x), y: Double(a.y) + t * Double(b.y - a.y))
}
