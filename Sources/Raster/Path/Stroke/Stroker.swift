// DESIGN NOTE — strokes as fill outlines, joined through the pivot when the inner side folds.
//
// A stroke becomes a polygon outline that `CoverageRasterizer` fills with the non-zero rule, as
// in Skia and tiny-skia (`stroker.rs`). Each contour of the flattened path is walked once; the
// offsets at ±width/2 along each segment's normal are collected into a left and a right list,
// and at each vertex the side the path turns away from (the outer side) receives the join:
// nothing more for a bevel, the miter point (unless `1 / cos(θ/2)`, which is Core Graphics'
// `1 / sin(φ/2)` with φ = π − θ the angle between the segments, exceeds the miter limit), or an
// arc for a round join. An open contour is then one polygon: the left list, the end cap, the
// right list backwards, the start cap. A closed contour is two: the left list and the right
// list backwards, so that the region between them winds once and the inside not at all.
//
// The inner side is where strokes usually crack or spike. When the two inner offset lines meet
// within half of each adjacent segment, their intersection is the exact inner corner and is
// used alone. Otherwise (segments shorter than the stroke is wide: tight curves, zig-zags of
// tiny steps) the inner side runs to the end of the first segment's offset, back through the
// path point itself (the pivot), and out to the start of the next one, which Skia does at every
// vertex: the outline then is exactly the union of one rectangle per segment and one wedge per
// outer join, all wound the same way, so non-zero winding fills it with no crack and no spike,
// whatever the curvature. Using the exact intersection where it is valid matters to an
// exact-area rasterizer: overlapping pieces add their areas in the pixels they share, so
// pivots along a whole curve would darken the inner edge's anti-aliasing by up to twice (a
// supersampling rasterizer, like Skia's, does not see the overlap).
//
// Points that `FlattenedPath` made inside a curve (it records their ranges) are joined round
// whatever the style: Core Graphics strokes a curve as its offset, with joins only between
// elements, and the union of discs along the flattened curve stays within the flattening
// tolerance of that offset, while a miter or bevel at every flattening point would stray by
// about halfWidth × tolerance / radius of curvature (measured: 20 px² either way on a radius-4
// circle stroked 24 wide, against a spread of under 5 px² between joins with this rule).
//
// Every contour this produces winds negatively (clockwise with y up), dots of degenerate
// contours included, so that overlapping pieces of one stroke never cancel.
//
// Round joins and caps are arcs of `ceil(sweep / (2·acos(1 − tolerance / r)))` segments, so
// within `tolerance` of the circle; joins that turn less than that step cost no extra point.
// Cost is linear in the number of points. Measured here (release, -target-cpu haswell, one
// core, thread CPU time, medians of 21, load 3–6 on 2 shared cores), stroking through
// `CGContext.strokePath()`, against cairo 1.16's `cairo_stroke`, in the quieter runs (BENCHMARKS.md has
// every run, busier ones down to 1.1× for the polyline):
//   polyline of 2000 segments, width 6, round joins and caps, 1080p:  1.5–2.1 ms, cairo 2.8–3.4 (1.6–1.95×)
//   200 closed circles of 64 segments, width 3, miter joins, 1080p:  4.5–5.7 ms, cairo 9–9.6 (1.6–2.0×)
//   the polyline dashed [10, 5], widths 1 / 5 / 20, 1080p:            1.7× / 2.0× / 2.6×; 256 px: 2.2× / 2.5× / 3.0×
// The stroker and dasher are about 10 % of that (callgrind), the rasterizer about 35 %, the
// context's blending of the coverage runs the rest. Until the rasterizer found each row's cells
// through a bit set it was 60 % and the polyline 1.05–1.34× cairo. In the debug build, 10⁶
// segments with round joins and caps stroke in 1.3 s (8·10⁶ outline points).

import Geometry

extension FlattenedPath {
    /// The outline of this path stroked with `style`: closed polygons that, filled with the
    /// non-zero rule, cover every point within `style.width / 2` of the path, with `style`'s
    /// joins at every vertex (of a closed contour's start too) and its caps at the ends of open
    /// contours. Round joins and caps are flattened to within `tolerance` (this path's own by
    /// default), in this path's space.
    ///
    /// Zero-length segments are skipped. An open or closed contour all of whose points
    /// coincide (a zero-length segment: a move and a line to the same point) becomes a dot with
    /// round caps (a disc of the line width's diameter) or square caps (an axis-aligned square
    /// of that side) and nothing with butt caps, as Core Graphics draws it; a contour of a
    /// single point (a lone move) strokes nothing.
    ///
    ///     var path = FlattenedPath()
    ///     path.move(to: CGPoint(x: 10, y: 10))
    ///     path.addLine(to: CGPoint(x: 90, y: 10))
    ///     let outline = path.stroked(StrokeStyle(width: 4, cap: .round))
    ///     rasterizer.fill(outline, rule: .nonZero, into: mask)
    public func stroked(_ style: StrokeStyle, tolerance: Double? = nil) -> FlattenedPath {
        let tol = tolerance ?? self.tolerance
        var stroker = Stroker(style: style, tolerance: tol >= 0.0001 ? tol : 0.0001)
        var out = FlattenedPath(tolerance: self.tolerance)
        guard stroker.halfWidth > 0 else { return out }
        for index in 0..<contourCount {
            stroker.stroke(contour(index), closed: contourIsClosed[index], curveInteriors: curveInteriors, into: &out)
        }
        return out
    }
}

extension FlattenedPath {
    /// The outline of this path (in user space) stroked with `style` in user space, then mapped
    /// through `transform` (user space to device pixels), as Core Graphics strokes: under a
    /// non-uniform scale the stroke is wider along one axis, a circle's stroke an elliptical
    /// ring. Round joins and caps are flattened finely enough to stay within `tolerance` device
    /// pixels after `transform`. A transform that maps to non-finite values gives an empty path.
    public func stroked(_ style: StrokeStyle, transform: CGAffineTransform, tolerance: Double = 0.1) -> FlattenedPath {
        let scale = maximumScale(of: transform)
        guard scale.isFinite, scale > 0 else { return FlattenedPath(tolerance: tolerance) }
        var outline = stroked(style, tolerance: tolerance / scale)
        if !transform.isIdentity { outline = outline.applying(transform) }
        outline.tolerance = tolerance
        return outline
    }
}

/// A point or vector in double precision.
private struct Vec {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    init(_ p: CGPoint) {
        x = Double(p.x)
        y = Double(p.y)
    }

    var point: CGPoint { CGPoint(x: x, y: y) }
    /// Rotated a quarter turn towards +y.
    var normal: Vec { Vec(-y, x) }

    static func + (a: Vec, b: Vec) -> Vec { Vec(a.x + b.x, a.y + b.y) }
    static func - (a: Vec, b: Vec) -> Vec { Vec(a.x - b.x, a.y - b.y) }
    static func * (a: Vec, k: Double) -> Vec { Vec(a.x * k, a.y * k) }
    static prefix func - (a: Vec) -> Vec { Vec(-a.x, -a.y) }
}

/// Where arcs put their points: an offset list, or the outline itself (as lines).
private protocol PointSink {
    mutating func add(_ point: Vec)
}

extension Array: PointSink where Element == Vec {
    mutating func add(_ point: Vec) { append(point) }
}

extension FlattenedPath: PointSink {
    fileprivate mutating func add(_ point: Vec) { addLine(to: point.point) }
}

/// A stroke's fixed parameters, and the pieces of outline they make.
private struct StrokeShape {
    let halfWidth: Double
    let cap: LineCap
    let join: LineJoin
    let miterLimit: Double
    /// The angle of one arc segment of radius `halfWidth` within the tolerance.
    let arcStep: Double

    /// The most segments one round join or cap becomes.
    static let maximumArcSegments = 1024

    init(style: StrokeStyle, tolerance: Double) {
        let h = style.width.isFinite && style.width > 0 ? style.width / 2 : 0
        halfWidth = h
        cap = style.cap
        join = style.join
        miterLimit = style.miterLimit.isNaN ? 10 : style.miterLimit
        let ratio = h > 0 ? tolerance / h : 1
        arcStep = ratio >= 1 ? Double.pi / 2 : 2 * acos(1 - ratio)
    }
    /// The outer side of a join: the end of the first segment's offset, the join's own points,
    /// the start of the next segment's offset.
    func addOuterJoin(at p: Vec, _ nA: Vec, _ nB: Vec, side s: Double, dot: Double, theta: Double,
                      round: Bool, to outer: inout [Vec]) {
        let h = halfWidth
        outer.append(p + nA * (s * h))
        switch round ? .round : join {
        case .bevel:
            break
        case .miter:
            let onePlusDot = 1 + dot
            // 1 / cos(θ/2) = √(2 / (1 + cos θ)) ≤ limit  ⇔  2 ≤ limit² (1 + cos θ).
            if onePlusDot > 0, miterLimit >= 1, 2 <= miterLimit * miterLimit * onePlusDot {
                outer.append(p + (nA + nB) * (s * h / onePlusDot))
            }
        case .round:
            appendArc(around: p, from: nA * s, sweep: theta, to: &outer)
        }
        outer.append(p + nB * (s * h))
    }

    /// The inner side of a join: the two inner offset lines' intersection when it lies within
    /// half of each segment, else a detour through the pivot `p` (see the design note).
    func addInnerJoin(at p: Vec, _ a: (direction: Vec, length: Double), _ b: (direction: Vec, length: Double),
                              side s: Double, cross: Double, dot: Double, to inner: inout [Vec]) {
        let h = halfWidth
        let nA = a.direction.normal, nB = b.direction.normal
        let onePlusDot = 1 + dot
        // How far along each segment the intersection lies from p: h·tan(θ/2).
        let along = onePlusDot > 1e-12 ? h * abs(cross) / onePlusDot : .infinity
        if along <= 0.5 * min(a.length, b.length) {
            inner.append(p - (nA + nB) * (s * h / onePlusDot))
        } else {
            inner.append(p - nA * (s * h))
            inner.append(p)
            inner.append(p - nB * (s * h))
        }
    }

    /// Appends to `sink` the points strictly inside the arc of radius `halfWidth` around
    /// `center` that starts at `center + start · halfWidth` (`start` a unit vector) and turns by
    /// `sweep`.
    private func appendArc<Sink: PointSink>(around center: Vec, from start: Vec, sweep: Double, to sink: inout Sink) {
        let count = arcSegments(sweep)
        guard count > 1 else { return }
        let step = sweep / Double(count)
        let c = cos(step), s = sin(step)
        var u = start
        for _ in 1..<count {
            u = Vec(u.x * c - u.y * s, u.x * s + u.y * c)
            sink.add(center + u * halfWidth)
        }
    }

    private func arcSegments(_ sweep: Double) -> Int {
        let n = (abs(sweep) / arcStep).rounded(.up)
        return n < Double(Self.maximumArcSegments) ? max(1, Int(n)) : Self.maximumArcSegments
    }

    /// The cap at `center`, an end of an open contour, leaving in `direction`: the points
    /// between `center + normal·h` (already added) and `center − normal·h` (added next).
    func addCap(at center: Vec, direction: Vec, into out: inout FlattenedPath) {
        let h = halfWidth
        let n = direction.normal
        switch cap {
        case .butt:
            break
        case .square:
            out.addLine(to: (center + n * h + direction * h).point)
            out.addLine(to: (center - n * h + direction * h).point)
        case .round:
            appendArc(around: center, from: n, sweep: -Double.pi, to: &out)
        }
    }

    /// The stroke of a zero-length contour at `p`: a disc or a square, wound clockwise (y up).
    func addDot(at p: Vec, into out: inout FlattenedPath) {
        let h = halfWidth
        switch cap {
        case .butt:
            return
        case .square:
            out.move(to: Vec(p.x - h, p.y - h).point)
            out.addLine(to: Vec(p.x - h, p.y + h).point)
            out.addLine(to: Vec(p.x + h, p.y + h).point)
            out.addLine(to: Vec(p.x + h, p.y - h).point)
        case .round:
            out.move(to: Vec(p.x + h, p.y).point)
            appendArc(around: p, from: Vec(1, 0), sweep: -2 * Double.pi, to: &out)
        }
        out.close()
    }

    func emit(_ list: [Vec], reversed: Bool, into out: inout FlattenedPath) {
        guard let first = reversed ? list.last : list.first else { return }
        out.move(to: first.point)
        if reversed {
            for p in list.reversed().dropFirst() { out.addLine(to: p.point) }
        } else {
            for p in list.dropFirst() { out.addLine(to: p.point) }
        }
        out.close()
    }
}

/// One stroke's walk over the contours: the two offset lists and the vertices, reused from
/// contour to contour.
private struct Stroker {
    let shape: StrokeShape
    var left: [Vec] = []
    var right: [Vec] = []
    var vertices: [Vec] = []
    /// Whether each vertex lies inside a flattened curve (joined round, whatever the style).
    var smooth: [Bool] = []
    /// The first of the path's curve-interior ranges that may still hold a coming point.
    var interiorCursor = 0

    init(style: StrokeStyle, tolerance: Double) {
        shape = StrokeShape(style: style, tolerance: tolerance)
    }

    var halfWidth: Double { shape.halfWidth }

    mutating func stroke(_ points: ArraySlice<CGPoint>, closed: Bool, curveInteriors: [Range<Int>],
                         into out: inout FlattenedPath) {
        vertices.removeAll(keepingCapacity: true)
        smooth.removeAll(keepingCapacity: true)
        for i in points.indices {
            let v = Vec(points[i])
            guard v.x.isFinite, v.y.isFinite else { continue }
            if let last = vertices.last, direction(last, v) == nil { continue }
            while interiorCursor < curveInteriors.count, curveInteriors[interiorCursor].upperBound <= i {
                interiorCursor += 1
            }
            vertices.append(v)
            smooth.append(interiorCursor < curveInteriors.count && curveInteriors[interiorCursor].contains(i))
        }
        if closed, vertices.count > 1, direction(vertices[vertices.count - 1], vertices[0]) == nil {
            vertices.removeLast()
            smooth.removeLast()
        }
        guard vertices.count > 1 else {
            if points.count > 1, let p = vertices.first { shape.addDot(at: p, into: &out) }
            return
        }
        left.removeAll(keepingCapacity: true)
        right.removeAll(keepingCapacity: true)
        let n = vertices.count
        if closed {
            var previous = segment(n - 1)
            for i in 0..<n {
                let next = segment(i)
                addJoin(at: vertices[i], previous, next, smooth: smooth[i])
                previous = next
            }
            shape.emit(left, reversed: false, into: &out)
            shape.emit(right, reversed: true, into: &out)
        } else {
            var previous = segment(0)
            let start = previous.direction.normal * halfWidth
            left.append(vertices[0] + start)
            right.append(vertices[0] - start)
            for i in 1..<(n - 1) {
                let next = segment(i)
                addJoin(at: vertices[i], previous, next, smooth: smooth[i])
                previous = next
            }
            let end = previous.direction.normal * halfWidth
            left.append(vertices[n - 1] + end)
            right.append(vertices[n - 1] - end)

            out.move(to: left[0].point)
            for p in left.dropFirst() { out.addLine(to: p.point) }
            shape.addCap(at: vertices[n - 1], direction: previous.direction, into: &out)
            for p in right.reversed() { out.addLine(to: p.point) }
            shape.addCap(at: vertices[0], direction: -segment(0).direction, into: &out)
            out.close()
        }
    }

    /// The unit direction from `a` to `b`, nil when they coincide (or are too close to tell).
    private func direction(_ a: Vec, _ b: Vec) -> Vec? {
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0, length.isFinite else { return nil }
        let u = d * (1 / length)
        return u.x.isFinite && u.y.isFinite && (u.x != 0 || u.y != 0) ? u : nil
    }

    /// Segment `i` of the deduplicated vertices (to the first vertex again for the last one of
    /// a closed contour): its unit direction and length.
    private func segment(_ i: Int) -> (direction: Vec, length: Double) {
        let a = vertices[i], b = vertices[i + 1 < vertices.count ? i + 1 : 0]
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        return (d * (1 / length), length)
    }

    /// The join at vertex `p` between segments `a` and `b`: the style's, or round for a point
    /// inside a flattened curve (`smooth`), where the stroke of the curve is its offset and a
    /// miter or bevel at each flattening vertex would stray from it by about
    /// `halfWidth × tolerance / curvature radius`.
    private mutating func addJoin(at p: Vec, _ a: (direction: Vec, length: Double),
                                  _ b: (direction: Vec, length: Double), smooth: Bool) {
        let h = halfWidth
        let nA = a.direction.normal, nB = b.direction.normal
        let cross = a.direction.x * b.direction.y - a.direction.y * b.direction.x
        let dot = a.direction.x * b.direction.x + a.direction.y * b.direction.y
        if cross == 0 && dot > 0 {
            left.append(p + nA * h)
            right.append(p - nA * h)
            return
        }
        // Turning towards +normal makes the left (+normal) side the inner one.
        let s: Double = cross > 0 ? -1 : 1
        let theta = cross == 0 ? -s * Double.pi : atan2(cross, dot)
        if s > 0 {
            shape.addOuterJoin(at: p, nA, nB, side: s, dot: dot, theta: theta, round: smooth, to: &left)
            shape.addInnerJoin(at: p, a, b, side: s, cross: cross, dot: dot, to: &right)
        } else {
            shape.addOuterJoin(at: p, nA, nB, side: s, dot: dot, theta: theta, round: smooth, to: &right)
            shape.addInnerJoin(at: p, a, b, side: s, cross: cross, dot: dot, to: &left)
        }
    }
}
