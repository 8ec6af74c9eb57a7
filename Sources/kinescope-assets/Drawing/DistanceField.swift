/// A shape's distances sampled once at every pixel centre of a box, for shapes that are drawn
/// several times (outline, fill, rims). Pixel centres inside the box are looked up, so moving
/// the field by whole pixels (`translated(by:)` with integer offsets) costs a lookup too; any
/// other point falls back to the shape itself, so the answer never changes, only its cost.
struct DistanceField: Shape {
    let shape: any Shape
    let bounds: Box
    private let originX: Int
    private let originY: Int
    private let columns: Int
    private let rows: Int
    private let samples: [Double]

    /// Samples `shape` over its bounds grown by `margin` pixels.
    init(_ shape: some Shape, margin: Double) {
        self.shape = shape
        bounds = shape.bounds
        let box = shape.bounds.outset(by: margin + 1)
        originX = Int(box.minX.rounded(.down))
        originY = Int(box.minY.rounded(.down))
        columns = max(0, Int(box.maxX.rounded(.up)) - originX)
        rows = max(0, Int(box.maxY.rounded(.up)) - originY)
        var samples = [Double]()
        samples.reserveCapacity(columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                samples.append(shape.distance(to: Vector2(Double(originX + i) + 0.5, Double(originY + j) + 0.5)))
            }
        }
        self.samples = samples
    }

    func distance(to point: Vector2) -> Double {
        let fx = point.x - 0.5, fy = point.y - 0.5
        let i = Int(fx.rounded(.down)), j = Int(fy.rounded(.down))
        if Double(i) == fx, Double(j) == fy,
           i >= originX, j >= originY, i - originX < columns, j - originY < rows {
            return samples[(j - originY) * columns + (i - originX)]
        }
        return shape.distance(to: point)
    }
}
