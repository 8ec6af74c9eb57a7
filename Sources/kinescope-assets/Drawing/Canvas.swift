import Raster

/// A picture being drawn: premultiplied RGBA in `Double`, blended source-over, shape by shape.
///
/// Coverage comes from the shape's signed distance at each pixel centre: a ramp `softness`
/// pixels wide centred on the edge (1 gives a crisp anti-aliased edge, larger values a soft
/// one for glows and shadows). Keeping channels in `Double` until `bitmap()` means dozens of
/// overlapping translucent layers round only once.
struct Canvas {
    let width: Int
    let height: Int
    /// Premultiplied red, green, blue, alpha for each pixel, rows top to bottom.
    private var channels: [Double]

    /// A transparent canvas.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        channels = Array(repeating: 0, count: width * height * 4)
    }

    /// Blends `paint` over the canvas wherever `shape` covers it, scaled by `opacity` (0…1).
    mutating func fill(_ shape: some Shape, _ paint: Paint, opacity: Double = 1, softness: Double = 1) {
        let box = shape.bounds.outset(by: softness)
        let x0 = max(0, Int(box.minX.rounded(.down))), x1 = min(width, Int(box.maxX.rounded(.up)) + 1)
        let y0 = max(0, Int(box.minY.rounded(.down))), y1 = min(height, Int(box.maxY.rounded(.up)) + 1)
        guard x0 < x1, y0 < y1 else { return }
        let w = width
        channels.withUnsafeMutableBufferPointer { pixels in
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let centre = Vector2(Double(x) + 0.5, Double(y) + 0.5)
                    let coverage = min(max(0.5 - shape.distance(to: centre) / softness, 0), 1)
                    guard coverage > 0 else { continue }
                    let c = paint.colour(centre)
                    let a = c.alpha * coverage * opacity
                    guard a > 0 else { continue }
                    let i = (y * w + x) * 4, keep = 1 - a
                    pixels[i] = c.red * a + pixels[i] * keep
                    pixels[i + 1] = c.green * a + pixels[i + 1] * keep
                    pixels[i + 2] = c.blue * a + pixels[i + 2] * keep
                    pixels[i + 3] = a + pixels[i + 3] * keep
                }
            }
        }
    }

    mutating func fill(_ shape: some Shape, _ colour: Colour, opacity: Double = 1, softness: Double = 1) {
        fill(shape, .solid(colour), opacity: opacity, softness: softness)
    }

    /// Draws `shape` with an outline: first the shape grown by `outlineWidth` in `outline`,
    /// then the shape itself in `paint`, so the outline sits entirely outside the fill.
    mutating func fill(_ shape: some Shape, _ paint: Paint, outline: Colour, outlineWidth: Double) {
        fill(shape.outset(by: outlineWidth), .solid(outline))
        fill(shape, paint)
    }

    /// The picture as premultiplied BGRA8, each channel rounded to nearest and kept ≤ alpha.
    func bitmap() -> Bitmap {
        let result = Bitmap(width: width, height: height)
        for y in 0..<height {
            let row = result.row(y)
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = quantize(channels[i + 3])
                let r = min(quantize(channels[i]), a), g = min(quantize(channels[i + 1]), a)
                let b = min(quantize(channels[i + 2]), a)
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return result
    }
}

/// `value` (0…1) as an 8-bit channel, rounded to nearest and clamped.
func quantize(_ value: Double) -> UInt32 {
    UInt32(min(max(value * 255 + 0.5, 0), 255))
}
