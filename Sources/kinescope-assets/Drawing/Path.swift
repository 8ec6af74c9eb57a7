/// Builds an outline from lines and Bézier curves, flattened into points, for a `Polygon`
/// (closed, filled) or a `Stroke` (open). Curves are cut into a fixed number of straight
/// pieces, so the same path always yields the same points.
struct Path {
    private(set) var points: [Vector2]
    /// Straight pieces per curve; 32 keeps a 400-pixel curve within a tenth of a pixel.
    var segmentsPerCurve = 32

    init(start: Vector2) { points = [start] }

    private var current: Vector2 { points[points.count - 1] }

    mutating func line(to p: Vector2) { points.append(p) }

    mutating func curve(to end: Vector2, control1 c1: Vector2, control2 c2: Vector2) {
        let start = current
        for i in 1...segmentsPerCurve {
            let t = Double(i) / Double(segmentsPerCurve), u = 1 - t
            points.append(start * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + end * (t * t * t))
        }
    }

    /// A clockwise (on screen) circular arc about `center` from the current point's angle to
    /// `endAngle` radians; use a decreasing `endAngle` to turn anticlockwise.
    mutating func arc(center: Vector2, radius: Double, from startAngle: Double, to endAngle: Double) {
        for i in 1...segmentsPerCurve {
            let t = Double(i) / Double(segmentsPerCurve)
            points.append(center + Vector2.polar(startAngle + (endAngle - startAngle) * t) * radius)
        }
    }

    var polygon: Polygon { Polygon(points) }
    func stroke(width: Double) -> Stroke { Stroke(points, width: width) }
}
