import Raster

/// The `Cone` icon: an orange traffic cone with two white reflective bands on a square base,
/// seen slightly from above so the bands and the foot curve like rings.
enum Cone {
    static func draw() -> Bitmap {
        var canvas = Canvas(width: 512, height: 512)
        let orange = IconStyle(light: Colour(hex: 0xFFA347), dark: Colour(hex: 0xE0560E),
                               outline: Colour(hex: 0x4F1C04))
        let baseStyle = IconStyle(light: Colour(hex: 0xE8661A), dark: Colour(hex: 0xA8380A),
                                  outline: Colour(hex: 0x4F1C04))
        let centreX = 256.0

        let base = Union([
            RoundedRect(Box(minX: 64, minY: 400, maxX: 448, maxY: 446), cornerRadius: 12),
            Ellipse(center: Vector2(centreX, 402), radiusX: 192, radiusY: 26),
        ])
        var outline = Path(start: Vector2(centreX - 160, 404))
        outline.line(to: Vector2(centreX - 30, 62))
        outline.arc(center: Vector2(centreX, 66), radius: 30, from: .pi + 0.13, to: 2 * .pi - 0.13)
        outline.line(to: Vector2(centreX + 160, 404))
        let body = Union([
            outline.polygon,
            Ellipse(center: Vector2(centreX, 404), radiusX: 160, radiusY: 22),
        ])

        canvas.dropShadow(of: DistanceField(base, margin: 30), offset: Vector2(4, 10), blur: 18, opacity: 0.3)
        canvas.draw(base, style: baseStyle)
        canvas.draw(body, style: orange) { canvas, body in
            let white = Paint.linear(from: Vector2(centreX - 150, 0), to: Vector2(centreX + 150, 0), [
                GradientStop(0, Colour(hex: 0xE9EEF3)), GradientStop(0.35, Colour(hex: 0xFFFFFF)),
                GradientStop(1, Colour(hex: 0xB9C3CE)),
            ])
            for (top, bottom) in [(150.0, 200.0), (262.0, 320.0)] {
                canvas.fill(band(top: top, bottom: bottom).intersecting(body), white)
            }
            canvas.fill(body, Paint.linear(from: Vector2(centreX - 170, 0), to: Vector2(centreX + 170, 0), [
                GradientStop(0, Colour(hex: 0x000000, alpha: 0.12)),
                GradientStop(0.3, Colour(hex: 0xFFFFFF, alpha: 0.28)),
                GradientStop(0.45, Colour(hex: 0xFFFFFF, alpha: 0)),
                GradientStop(0.75, Colour(hex: 0x000000, alpha: 0.05)),
                GradientStop(1, Colour(hex: 0x000000, alpha: 0.3)),
            ]))
        }
        return canvas.bitmap()
    }

    /// A band across the cone between heights `top` and `bottom` at its sides, each edge the
    /// front half of the ellipse that a ring around the cone makes seen from slightly above
    /// (the same flattening as the foot: 22 / 160).
    private static func band(top: Double, bottom: Double) -> Polygon {
        func edge(_ y: Double) -> [Vector2] {
            let radius = 30 + 130 * (y - 62) / (404 - 62), depth = radius * 22 / 160
            let inner = stride(from: -1.0, through: 1, by: 1.0 / 16).map { t in
                Vector2(256 + radius * t, y + depth * (1 - t * t).squareRoot())
            }
            return [Vector2(256 - radius - 40, y)] + inner + [Vector2(256 + radius + 40, y)]
        }
        return Polygon(edge(top) + edge(bottom).reversed())
    }
}
