import Geometry

/// Closed polygons in pixel space (x right, y down, one unit per pixel, pixel (i, j) spanning
/// `i..<i+1` by `j..<j+1`): the input of `CoverageRasterizer`.
///
/// A path is a list of contours, each a polyline of at least one point; filling closes every
/// contour with a straight segment from its last point back to its first. Curves are flattened
/// into segments as they are added, so that no point of a segment lies farther than `tolerance`
/// pixels from the curve (0.1 px by default, below what 8-bit coverage can show).
///
/// Non-finite points (NaN, ±infinity) are dropped as they are added, so a contour with a bad
/// point still closes and fills what its good points describe. Huge finite coordinates are kept;
/// the rasterizer clips them.
///
///     var path = FlattenedPath()
///     path.move(to: CGPoint(x: 10, y: 10))
///     path.addLine(to: CGPoint(x: 90, y: 10))
///     path.addQuadCurve(to: CGPoint(x: 10, y: 90), control: CGPoint(x: 90, y: 90))
///     path.close()
public struct FlattenedPath: Sendable {
    /// Every contour's points, one contour after another.
    public private(set) var points: [CGPoint] = []
    /// The index in `points` where each contour starts; contour `i` runs to the start of contour
    /// `i + 1`, or to the end of `points` for the last one.
    public private(set) var contourStarts: [Int] = []
    /// Whether each contour was ended by `close()`. Filling closes every contour anyway; a
    /// stroke joins a closed contour's ends and caps an open one's.
    public private(set) var contourIsClosed: [Bool] = []
    /// The ranges of `points` that lie strictly inside a flattened curve, in increasing order: a
    /// stroke treats them as points of a smooth curve (joined round, as the offset of the curve
    /// itself is), not as corners that take the stroke's join.
    private(set) var curveInteriors: [Range<Int>] = []
    /// The largest distance, in pixels, between a curve and the segments that replace it.
    /// Values below 0.001 px (and NaN) are treated as 0.001 px.
    public var tolerance: Double

    /// True after `close()`: the next segment starts a new contour at the closed contour's first
    /// point, as Core Graphics does after `closeSubpath()`.
    private var contourClosed = false

    /// The most segments one curve becomes, so that a curve with enormous control points costs a
    /// bounded amount of work (its error may then exceed `tolerance`).
    public static let maximumSegmentsPerCurve = 4096

    /// An empty path whose curves will be flattened to within `tolerance` pixels.
    public init(tolerance: Double = 0.1) {
        self.tolerance = tolerance
    }

    /// True when no contour has been started.
    public var isEmpty: Bool { points.isEmpty }

    /// The number of contours.
    public var contourCount: Int { contourStarts.count }

    /// The points of contour `index`, which must lie in `0..<contourCount`.
    public func contour(_ index: Int) -> ArraySlice<CGPoint> {
        let end = index + 1 < contourStarts.count ? contourStarts[index + 1] : points.count
        return points[contourStarts[index]..<end]
    }

    /// The smallest rectangle holding every point; `CGRect.null` for an empty path.
    public var bounds: CGRect {
        guard var minX = points.first?.x else { return .null }
        var maxX = minX, minY = points[0].y, maxY = minY
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The last point added, or the first point of the contour just closed; nil for an empty path.
    public var currentPoint: CGPoint? {
        guard let start = contourStarts.last else { return nil }
        return contourClosed ? points[start] : points.last
    }

    /// Removes every contour; the arrays keep their capacity by default, for reuse frame to frame.
    public mutating func removeAll(keepingCapacity: Bool = true) {
        points.removeAll(keepingCapacity: keepingCapacity)
        contourStarts.removeAll(keepingCapacity: keepingCapacity)
        contourIsClosed.removeAll(keepingCapacity: keepingCapacity)
        curveInteriors.removeAll(keepingCapacity: keepingCapacity)
        contourClosed = false
    }

    /// Starts a new contour at `point`. A contour left with a single point is dropped, since it
    /// encloses nothing. A non-finite point is ignored.
    public mutating func move(to point: CGPoint) {
        guard isFinite(point) else { return }
        if let start = contourStarts.last, points.count - start == 1 {
            points[start] = point
            contourIsClosed[contourIsClosed.count - 1] = false
        } else {
            contourStarts.append(points.count)
            contourIsClosed.append(false)
            points.append(point)
        }
        contourClosed = false
    }

    /// Adds a straight segment from the current point to `point`. With no current point it starts
    /// a contour at `point` instead; after `close()` the segment starts a new contour at the
    /// closed contour's first point. A non-finite point is ignored.
    public mutating func addLine(to point: CGPoint) {
        guard isFinite(point) else { return }
        guard beginSegment() else { return move(to: point) }
        points.append(point)
    }

    /// Adds a quadratic Bézier curve from the current point, flattened to within `tolerance`.
    /// A curve with a non-finite control point becomes a line to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard isFinite(end) else { return }
        guard isFinite(control), beginSegment(), let start = points.last else { return addLine(to: end) }
        // The distance between a quadratic and its n-segment chord polyline is at most
        // |p0 - 2p1 + p2| / (4n²).
        let ddx = Double(start.x - 2 * control.x + end.x), ddy = Double(start.y - 2 * control.y + end.y)
        let n = Self.segmentCount(squared: (ddx * ddx + ddy * ddy).squareRoot() / (4 * clampedTolerance))
        guard n > 1 else { return points.append(end) }
        let step = 1 / Double(n)
        let firstInterior = points.count
        defer {
            curveInteriors.append(firstInterior..<points.count - 1)
        }
        for i in 1..<n {
            let t = Double(i) * step, u = 1 - t
            let a = u * u, b = 2 * u * t, c = t * t
            points.append(CGPoint(x: a * Double(start.x) + b * Double(control.x) + c * Double(end.x),
                                  y: a * Double(start.y) + b * Double(control.y) + c * Double(end.y)))
        }
        points.append(end)
    }

    /// Adds a cubic Bézier curve from the current point, flattened to within `tolerance`.
    /// A curve with a non-finite control point becomes a line to `end`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard isFinite(end) else { return }
        guard isFinite(control1), isFinite(control2), beginSegment(), let start = points.last
        else { return addLine(to: end) }
        // The distance between a cubic and its n-segment chord polyline is at most
        // max|B''| / (8n²), and |B''| ≤ 6·max(|p0 - 2p1 + p2|, |p1 - 2p2 + p3|).
        let d1x = Double(start.x - 2 * control1.x + control2.x), d1y = Double(start.y - 2 * control1.y + control2.y)
        let d2x = Double(control1.x - 2 * control2.x + end.x), d2y = Double(control1.y - 2 * control2.y + end.y)
        let dd = max(d1x * d1x + d1y * d1y, d2x * d2x + d2y * d2y).squareRoot()
        let n = Self.segmentCount(squared: 0.75 * dd / clampedTolerance)
        guard n > 1 else { return points.append(end) }
        let step = 1 / Double(n)
        let firstInterior = points.count
        defer {
            curveInteriors.append(firstInterior..<points.count - 1)
        }
        let p0 = (Double(start.x), Double(start.y)), p1 = (Double(control1.x), Double(control1.y))
        let p2 = (Double(control2.x), Double(control2.y)), p3 = (Double(end.x), Double(end.y))
        for i in 1..<n {
            let t = Double(i) * step, u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            points.append(CGPoint(x: a * p0.0 + b * p1.0 + c * p2.0 + d * p3.0,
                                  y: a * p0.1 + b * p1.1 + c * p2.1 + d * p3.1))
        }
        points.append(end)
    }

    /// Ends the current contour. Filling closes every contour anyway; what `close()` changes is
    /// where the next segment starts (the closed contour's first point, as in Core Graphics).
    public mutating func close() {
        if !contourStarts.isEmpty {
            contourClosed = true
            contourIsClosed[contourIsClosed.count - 1] = true
        }
    }

    /// Appends every contour of `other`, unchanged.
    public mutating func append(contentsOf other: FlattenedPath) {
        guard !other.isEmpty else { return }
        if let start = contourStarts.last, points.count - start == 1 {
            points.removeLast()
            contourStarts.removeLast()
            contourIsClosed.removeLast()
        }
        let offset = points.count
        points.append(contentsOf: other.points)
        contourStarts.append(contentsOf: other.contourStarts.lazy.map { $0 + offset })
        contourIsClosed.append(contentsOf: other.contourIsClosed)
        curveInteriors.append(contentsOf: other.curveInteriors.lazy.map { ($0.lowerBound + offset)..<($0.upperBound + offset) })
        contourClosed = other.contourClosed
    }

    /// The same contours with every point mapped by `transform` (a projection, for instance);
    /// points that map to non-finite values are dropped. Curves were flattened before mapping,
    /// so a transform that magnifies also magnifies their error.
    public func mapped(_ transform: (CGPoint) -> CGPoint) -> FlattenedPath {
        var result = FlattenedPath(tolerance: tolerance)
        result.points.reserveCapacity(points.count)
        result.contourStarts.reserveCapacity(contourStarts.count)
        for index in 0..<contourCount {
            let before = result.contourCount
            var first = true
            for p in contour(index) {
                let q = transform(p)
                if first {
                    result.move(to: q)
                    first = !isFinite(q)
                } else {
                    result.addLine(to: q)
                }
            }
            result.close()
            if result.contourCount > before {
                result.contourIsClosed[result.contourCount - 1] = contourIsClosed[index]
            }
        }
        result.contourClosed = contourClosed && result.contourIsClosed.last == true
        // Point for point (nothing dropped), the curves' interiors are the same indices.
        if result.points.count == points.count { result.curveInteriors = curveInteriors }
        return result
    }

    /// The same contours mapped through an affine transform. Points that map to non-finite
    /// values are dropped, as `mapped(_:)` does; when every point stays finite (the usual case)
    /// the points are mapped in place, contours and curve marks kept as they are.
    public func applying(_ transform: CGAffineTransform) -> FlattenedPath {
        var result = self
        var finite = true
        result.points.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                let q = buffer[i].applying(transform)
                finite = finite && q.x.isFinite && q.y.isFinite
                buffer[i] = q
            }
        }
        return finite ? result : mapped { $0.applying(transform) }
    }

    /// Marks the last point as lying inside a flattened curve, so that a stroke joins it round
    /// (as `addQuadCurve` and `addCurve` mark their inner points): the dasher and the trimmer
    /// keep the marks of the points they copy.
    mutating func markLastPointSmooth() {
        let index = points.count - 1
        guard index >= 0 else { return }
        if let last = curveInteriors.last, last.upperBound == index {
            curveInteriors[curveInteriors.count - 1] = last.lowerBound..<(index + 1)
        } else if curveInteriors.last.map({ $0.upperBound < index }) ?? true {
            curveInteriors.append(index..<(index + 1))
        }
    }

    /// Prepares for a segment from the current point: false when there is no current point.
    private mutating func beginSegment() -> Bool {
        guard let start = contourStarts.last else { return false }
        if contourClosed {
            let first = points[start]
            contourClosed = false
            contourStarts.append(points.count)
            contourIsClosed.append(false)
            points.append(first)
        }
        return true
    }

    var clampedTolerance: Double {
        tolerance >= 0.001 ? tolerance : 0.001
    }

    /// `ceil(sqrt(squared))` segments, at least 1, at most `maximumSegmentsPerCurve`.
    static func segmentCount(squared: Double) -> Int {
        guard squared > 1 else { return 1 }
        let n = squared.squareRoot().rounded(.up)
        return n < Double(maximumSegmentsPerCurve) ? Int(n) : maximumSegmentsPerCurve
    }
}

@inline(__always) func isFinite(_ p: CGPoint) -> Bool {
    p.x.isFinite && p.y.isFinite
}
