import Glibc

/// A point or vector in canvas space: pixels, x to the right, y down, pixel (i, j) covering
/// `i..<i+1` × `j..<j+1` so that its centre is (i + 0.5, j + 0.5).
struct Vector2: Sendable, Equatable {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static let zero = Vector2(0, 0)

    /// The unit vector at `angle` radians, measured clockwise from +x (because y points down).
    static func polar(_ angle: Double) -> Vector2 { Vector2(cos(angle), sin(angle)) }

    static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }

    func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }
    var length: Double { (x * x + y * y).squareRoot() }
    var normalized: Vector2 { self / length }
    /// This vector turned a quarter clockwise on screen.
    var perpendicular: Vector2 { Vector2(-y, x) }

    /// This vector rotated by `angle` radians (clockwise on screen).
    func rotated(by angle: Double) -> Vector2 {
        let c = cos(angle), s = sin(angle)
        return Vector2(x * c - y * s, x * s + y * c)
    }
}

/// An axis-aligned box in canvas space; used to limit which pixels a shape can touch.
struct Box: Sendable, Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The smallest box holding all `points` (empty at the origin when there are none).
    init(covering points: [Vector2]) {
        guard let first = points.first else {
            self.init(minX: 0, minY: 0, maxX: 0, maxY: 0)
            return
        }
        var box = Box(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in points.dropFirst() {
            box.minX = min(box.minX, p.x)
            box.minY = min(box.minY, p.y)
            box.maxX = max(box.maxX, p.x)
            box.maxY = max(box.maxY, p.y)
        }
        self = box
    }

    init(center: Vector2, halfWidth: Double, halfHeight: Double) {
        self.init(minX: center.x - halfWidth, minY: center.y - halfHeight,
                  maxX: center.x + halfWidth, maxY: center.y + halfHeight)
    }

    var center: Vector2 { Vector2((minX + maxX) / 2, (minY + maxY) / 2) }
    var corners: [Vector2] {
        [Vector2(minX, minY), Vector2(maxX, minY), Vector2(maxX, maxY), Vector2(minX, maxY)]
    }

    /// This box grown by `amount` on every side (shrunk when negative).
    func outset(by amount: Double) -> Box {
        Box(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    func union(_ other: Box) -> Box {
        Box(minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    func intersection(_ other: Box) -> Box {
        Box(minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
    }
}
