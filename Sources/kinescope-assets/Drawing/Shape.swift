import Glibc

/// A filled region described by its signed distance: negative inside, positive outside, in
/// canvas pixels. The canvas turns the distance at each pixel centre into coverage
/// (`0.5 - distance`, clamped to 0…1), which anti-aliases any edge in one evaluation per pixel
/// and makes outlines (`border`) and grown copies (`outset`) exact for the primitive shapes.
///
/// The boolean combinations (`union`, `intersecting`, `subtracting`) use min/max of distances:
/// exact on the boundary, an underestimate away from it, which is all that coverage needs.
protocol Shape: Sendable {
    /// A box that holds every point whose distance is below 0.5 (the canvas adds a pixel).
    var bounds: Box { get }
    /// The signed distance from `point` to the edge of the shape.
    func distance(to point: Vector2) -> Double
}

/// An unbounded box, for shapes such as half-planes that only make sense when intersected.
let unboundedBox = Box(minX: -1e9, minY: -1e9, maxX: 1e9, maxY: 1e9)

struct Circle: Shape {
    var center: Vector2
    var radius: Double

    var bounds: Box { Box(center: center, halfWidth: radius, halfHeight: radius) }
    func distance(to point: Vector2) -> Double { (point - center).length - radius }
}

/// An axis-aligned ellipse. Its distance is Quílez's first-order approximation
/// (`k0 (k0 − 1) / k1`), accurate to a small fraction of a pixel near the edge.
struct Ellipse: Shape {
    var center: Vector2
    var radiusX: Double
    var radiusY: Double

    var bounds: Box { Box(center: center, halfWidth: radiusX, halfHeight: radiusY) }

    func distance(to point: Vector2) -> Double {
        let p = point - center
        let k0 = Vector2(p.x / radiusX, p.y / radiusY).length
        let k1 = Vector2(p.x / (radiusX * radiusX), p.y / (radiusY * radiusY)).length
        guard k1 > 0 else { return -min(radiusX, radiusY) }
        return k0 * (k0 - 1) / k1
    }
}

/// An axis-aligned rectangle with circular corners of `cornerRadius` (0 for sharp corners).
struct RoundedRect: Shape {
    var box: Box
    var cornerRadius: Double

    init(_ box: Box, cornerRadius: Double = 0) {
        self.box = box
        self.cornerRadius = cornerRadius
    }

    var bounds: Box { box }

    func distance(to point: Vector2) -> Double {
        let c = box.center
        let halfW = (box.maxX - box.minX) / 2, halfH = (box.maxY - box.minY) / 2
        let r = min(cornerRadius, halfW, halfH)
        let qx = abs(point.x - c.x) - halfW + r, qy = abs(point.y - c.y) - halfH + r
        let outside = Vector2(max(qx, 0), max(qy, 0)).length
        return outside + min(max(qx, qy), 0) - r
    }
}

/// A closed polygon under the even-odd rule; its distance is exact (Quílez's polygon distance).
struct Polygon: Shape {
    var vertices: [Vector2]

    init(_ vertices: [Vector2]) { self.vertices = vertices }

    var bounds: Box { Box(covering: vertices) }

    func distance(to point: Vector2) -> Double {
        let n = vertices.count
        guard n >= 3 else { return .infinity }
        var squared = (point - vertices[0]).dot(point - vertices[0])
        var sign = 1.0
        var j = n - 1
        for i in 0..<n {
            let vi = vertices[i], vj = vertices[j]
            let e = vj - vi, w = point - vi
            let t = min(max(w.dot(e) / e.dot(e), 0), 1)
            let b = w - e * t
            squared = min(squared, b.dot(b))
            let c0 = point.y >= vi.y, c1 = point.y < vj.y, c2 = e.x * w.y > e.y * w.x
            if (c0 && c1 && c2) || (!c0 && !c1 && !c2) { sign = -sign }
            j = i
        }
        return sign * squared.squareRoot()
    }
}

/// A stroke of `width` pixels along an open polyline, with round caps and joins.
struct Stroke: Shape {
    var points: [Vector2]
    var width: Double

    init(_ points: [Vector2], width: Double) {
        self.points = points
        self.width = width
    }

    var bounds: Box { Box(covering: points).outset(by: width / 2) }

    func distance(to point: Vector2) -> Double {
        guard let first = points.first else { return .infinity }
        var squared = (point - first).dot(point - first)
        var ax = first.x, ay = first.y
        for i in 1..<points.count {
            let next = points[i]
            let ex = next.x - ax, ey = next.y - ay, wx = point.x - ax, wy = point.y - ay
            let length2 = ex * ex + ey * ey
            var t = length2 > 0 ? (wx * ex + wy * ey) / length2 : 0
            t = t < 0 ? 0 : (t > 1 ? 1 : t)
            let bx = wx - ex * t, by = wy - ey * t
            let d2 = bx * bx + by * by
            if d2 < squared { squared = d2 }
            ax = next.x
            ay = next.y
        }
        return squared.squareRoot() - width / 2
    }
}

/// A stroke of `width` pixels along a circular arc with round caps. Angles are in radians,
/// clockwise on screen from +x; the arc runs clockwise from `startAngle` to `endAngle`.
struct ArcStroke: Shape {
    var center: Vector2
    var radius: Double
    var startAngle: Double
    var endAngle: Double
    var width: Double

    var bounds: Box { Box(center: center, halfWidth: radius + width / 2, halfHeight: radius + width / 2) }

    func distance(to point: Vector2) -> Double {
        let p = point - center
        let sweep = endAngle - startAngle
        var angle = atan2(p.y, p.x) - startAngle
        angle -= 2 * Double.pi * floor(angle / (2 * Double.pi))
        if angle <= sweep { return abs(p.length - radius) - width / 2 }
        let a = center + Vector2.polar(startAngle) * radius
        let b = center + Vector2.polar(endAngle) * radius
        return min((point - a).length, (point - b).length) - width / 2
    }
}

/// Everything on one side of a line: the side that `normal` points away from is inside.
struct HalfPlane: Shape {
    var point: Vector2
    var normal: Vector2

    /// The half-plane inside of which lies below the horizontal line `y` (larger y, on screen).
    static func below(_ y: Double) -> HalfPlane { HalfPlane(point: Vector2(0, y), normal: Vector2(0, -1)) }
    /// The half-plane above the horizontal line `y` (smaller y, on screen).
    static func above(_ y: Double) -> HalfPlane { HalfPlane(point: Vector2(0, y), normal: Vector2(0, 1)) }

    var bounds: Box { unboundedBox }
    func distance(to p: Vector2) -> Double { (p - point).dot(normal.normalized) }
}

/// The parts together. Parts whose bounds lie farther away than the nearest part found so far
/// are skipped, which keeps many-part shapes cheap.
struct Union: Shape {
    let parts: [any Shape]
    private let partBounds: [Box]
    let bounds: Box

    init(_ parts: [any Shape]) {
        self.parts = parts
        partBounds = parts.map(\.bounds)
        bounds = partBounds.dropFirst().reduce(partBounds.first ?? Box(covering: [])) { $0.union($1) }
    }

    func distance(to point: Vector2) -> Double {
        var nearest = Double.infinity
        for i in 0..<parts.count {
            let box = partBounds[i]
            let dx = max(box.minX - point.x, 0, point.x - box.maxX)
            let dy = max(box.minY - point.y, 0, point.y - box.maxY)
            if (dx * dx + dy * dy).squareRoot() - 1 > nearest { continue }
            nearest = min(nearest, parts[i].distance(to: point))
        }
        return nearest
    }
}

struct Intersection: Shape {
    var a: any Shape
    var b: any Shape

    var bounds: Box { a.bounds.intersection(b.bounds) }
    func distance(to point: Vector2) -> Double { max(a.distance(to: point), b.distance(to: point)) }
}

struct Subtraction: Shape {
    var shape: any Shape
    var hole: any Shape

    var bounds: Box { shape.bounds }
    func distance(to point: Vector2) -> Double { max(shape.distance(to: point), -hole.distance(to: point)) }
}

/// The shape grown by `amount` pixels on every side (shrunk when negative).
struct Outset: Shape {
    var shape: any Shape
    var amount: Double

    var bounds: Box { shape.bounds.outset(by: max(amount, 0)) }
    func distance(to point: Vector2) -> Double { shape.distance(to: point) - amount }
}

/// A band of `width` pixels centred on the shape's edge: its outline.
struct Border: Shape {
    var shape: any Shape
    var width: Double

    var bounds: Box { shape.bounds.outset(by: width / 2) }
    func distance(to point: Vector2) -> Double { abs(shape.distance(to: point)) - width / 2 }
}

/// The shape under a similarity: rotation by `angle` radians about `pivot` (clockwise on
/// screen), then translation by `offset`; `mirrored` first reflects it about the vertical line
/// through `pivot`. Distances are preserved because the map is rigid.
struct Transformed: Shape {
    var shape: any Shape
    var pivot: Vector2
    var angle: Double
    var offset: Vector2
    var mirrored: Bool

    private func forward(_ p: Vector2) -> Vector2 {
        var local = p - pivot
        if mirrored { local.x = -local.x }
        return pivot + local.rotated(by: angle) + offset
    }

    private func inverse(_ p: Vector2) -> Vector2 {
        var local = (p - offset - pivot).rotated(by: -angle)
        if mirrored { local.x = -local.x }
        return pivot + local
    }

    var bounds: Box {
        let inner = shape.bounds
        guard inner.maxX - inner.minX < 1e8 else { return unboundedBox }
        return Box(covering: inner.corners.map(forward))
    }

    func distance(to point: Vector2) -> Double { shape.distance(to: inverse(point)) }
}

extension Shape {
    func union(_ others: any Shape...) -> Union { Union([self] + others) }
    func intersecting(_ other: any Shape) -> Intersection { Intersection(a: self, b: other) }
    func subtracting(_ hole: any Shape) -> Subtraction { Subtraction(shape: self, hole: hole) }
    func outset(by amount: Double) -> Outset { Outset(shape: self, amount: amount) }
    func border(width: Double) -> Border { Border(shape: self, width: width) }

    func rotated(by angle: Double, around pivot: Vector2) -> Transformed {
        Transformed(shape: self, pivot: pivot, angle: angle, offset: .zero, mirrored: false)
    }

    func translated(by offset: Vector2) -> Transformed {
        Transformed(shape: self, pivot: .zero, angle: 0, offset: offset, mirrored: false)
    }

    /// The mirror image about the vertical line `x`.
    func mirrored(aboutX x: Double) -> Transformed {
        Transformed(shape: self, pivot: Vector2(x, 0), angle: 0, offset: .zero, mirrored: true)
    }
}
