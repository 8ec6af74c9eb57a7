import Glibc
import Raster

/// The `Spaceship` icon: a violet flying saucer, tilted a little, with a glass dome (and a
/// small green pilot), a row of yellow lights and a green tractor beam underneath.
enum Spaceship {
    private static let centre = Vector2(256, 262)
    /// The saucer's tilt, in radians (anticlockwise on screen, so it banks to the left).
    private static let tilt = -9.0 * .pi / 180

    static func draw() -> Bitmap {
        var canvas = Canvas(width: 512, height: 512)
        let hullStyle = IconStyle(light: Colour(hex: 0xC9A2FF), dark: Colour(hex: 0x5424A6),
                                  outline: Colour(hex: 0x1F0B45))
        let glassStyle = IconStyle(light: Colour(hex: 0xE4FCFF), dark: Colour(hex: 0x3AA8D0),
                                   outline: Colour(hex: 0x1F0B45))
        let metalStyle = IconStyle(light: Colour(hex: 0xF0ECF8), dark: Colour(hex: 0x8C82A8),
                                   outline: Colour(hex: 0x1F0B45))
        let x = centre.x, y = centre.y

        let beamTop = y + 60
        let beam = Polygon([
            Vector2(x - 62, beamTop), Vector2(x + 62, beamTop), Vector2(x + 150, 478), Vector2(x - 150, 478),
        ])
        canvas.fill(beam, Paint.linear(from: Vector2(0, beamTop), to: Vector2(0, 478), [
            GradientStop(0, Colour(hex: 0x9BF55A, alpha: 0.9)), GradientStop(1, Colour(hex: 0x4FDC8C, alpha: 0.2)),
        ]), softness: 3)
        for (i, ringY) in [beamTop + 50, beamTop + 100, beamTop + 150].enumerated() {
            let halfWidth = 62 + 88 * (ringY - beamTop) / (478 - beamTop)
            canvas.fill(Ellipse(center: Vector2(x, ringY), radiusX: halfWidth, radiusY: 9 + Double(i) * 2)
                .border(width: 5), Colour(hex: 0xF2FFC8), opacity: 0.85 - Double(i) * 0.15)
        }

        let belly = tilted(Ellipse(center: Vector2(x, y + 44), radiusX: 86, radiusY: 30))
        let hull = tilted(Ellipse(center: Vector2(x, y), radiusX: 222, radiusY: 60))
        let dome = tilted(Ellipse(center: Vector2(x, y - 24), radiusX: 112, radiusY: 112)
            .intersecting(HalfPlane.above(y - 24)))
        let collar = tilted(Ellipse(center: Vector2(x, y - 22), radiusX: 124, radiusY: 20))
        let mast = tilted(Stroke([Vector2(x, y - 134), Vector2(x, y - 160)], width: 8))
        let tip = tilted(Circle(center: Vector2(x, y - 166), radius: 13))

        canvas.dropShadow(of: DistanceField(hull.union(belly), margin: 30), offset: Vector2(6, 12), blur: 18, opacity: 0.25)
        canvas.draw(belly, style: metalStyle)
        canvas.fill(tilted(Ellipse(center: Vector2(x, y + 60), radiusX: 44, radiusY: 10)), Colour(hex: 0xDFFF8A))
        canvas.draw(hull, style: hullStyle) { canvas, hull in
            canvas.fill(tilted(HalfPlane.below(y + 6)).intersecting(hull), Colour(hex: 0x1F0B45), opacity: 0.25)
            canvas.fill(tilted(Ellipse(center: Vector2(x, y + 6), radiusX: 222, radiusY: 14)).border(width: 5)
                .intersecting(hull), Colour(hex: 0xE8D8FF), opacity: 0.7)
        }
        canvas.draw(mast, style: metalStyle)
        canvas.draw(tip, style: IconStyle(light: Colour(hex: 0xFF9DB8), dark: Colour(hex: 0xE0245E),
                                          outline: Colour(hex: 0x1F0B45)))
        canvas.draw(dome, style: glassStyle) { canvas, dome in
            canvas.fill(pilot().intersecting(dome), Paint.linear(from: Vector2(x - 30, y - 110),
                                                                  to: Vector2(x + 30, y - 30), [
                GradientStop(0, Colour(hex: 0x9CF06A)), GradientStop(1, Colour(hex: 0x3FA83A)),
            ]))
            for side in [-1.0, 1.0] {
                canvas.fill(tilted(Ellipse(center: Vector2(x + side * 14, y - 78), radiusX: 9, radiusY: 12)
                    .rotated(by: side * 0.45, around: Vector2(x + side * 14, y - 78))), Colour(hex: 0x10220C))
            }
            canvas.fill(tilted(ArcStroke(center: Vector2(x, y - 24), radius: 88, startAngle: .pi * 1.12,
                                         endAngle: .pi * 1.42, width: 12)), Colour(hex: 0xFFFFFF), opacity: 0.8)
        }
        canvas.draw(collar, style: metalStyle)
        for i in -2...2 {
            let angle = Double(i) * 0.5
            let light = tilted(Circle(center: Vector2(x + 176 * sin(angle), y + 22 + 14 * cos(angle)), radius: 12))
            canvas.fill(light.outset(by: 9), Colour(hex: 0xFFF38A), opacity: 0.45, softness: 10)
            canvas.draw(light, style: IconStyle(light: Colour(hex: 0xFFFBD0), dark: Colour(hex: 0xFFC21C),
                                                outline: Colour(hex: 0x1F0B45), outlineWidth: 4,
                                                rimHighlight: 2, rimShade: 3))
        }
        return canvas.bitmap()
    }

    /// The pilot in the dome: a round green head with two antennae.
    private static func pilot() -> some Shape {
        let x = centre.x, y = centre.y
        return tilted(Union([
            Ellipse(center: Vector2(x, y - 76), radiusX: 36, radiusY: 40),
            Ellipse(center: Vector2(x, y - 24), radiusX: 46, radiusY: 30),
            Stroke([Vector2(x - 14, y - 110), Vector2(x - 28, y - 132)], width: 5),
            Stroke([Vector2(x + 14, y - 110), Vector2(x + 28, y - 132)], width: 5),
            Circle(center: Vector2(x - 29, y - 134), radius: 7),
            Circle(center: Vector2(x + 29, y - 134), radius: 7),
        ]))
    }

    private static func tilted(_ shape: some Shape) -> Transformed {
        shape.rotated(by: tilt, around: centre)
    }
}
