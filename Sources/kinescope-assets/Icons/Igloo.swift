import Glibc
import Raster

/// The `Igloo` icon: an ice-blue dome of snow blocks with an arched entrance tunnel, sitting
/// in a snowdrift, with a few sparkles in the air.
enum Igloo {
    private static let centreX = 256.0
    /// The ground line: the dome's base and the middle of the snowdrift.
    private static let ground = 372.0

    static func draw() -> Bitmap {
        var canvas = Canvas(width: 512, height: 512)
        let ice = IconStyle(light: Colour(hex: 0xF2FAFF), dark: Colour(hex: 0x5A9AD6),
                            outline: Colour(hex: 0x173E66))
        let tunnelIce = IconStyle(light: Colour(hex: 0xF7FCFF), dark: Colour(hex: 0x7DB5E6),
                                  outline: Colour(hex: 0x173E66))
        let snow = IconStyle(light: Colour(hex: 0xFFFFFF), dark: Colour(hex: 0xBFDDF5),
                             outline: Colour(hex: 0x173E66))
        let joints = Colour(hex: 0x5F8FC0)

        let domeRadiusX = 200.0, domeRadiusY = 250.0
        let dome = Ellipse(center: Vector2(centreX, ground), radiusX: domeRadiusX, radiusY: domeRadiusY)
            .intersecting(HalfPlane.above(ground + 6))
        let tunnelRadius = 78.0, tunnelSpring = ground - 92
        let tunnel = Circle(center: Vector2(centreX, tunnelSpring), radius: tunnelRadius)
            .union(RoundedRect(Box(minX: centreX - tunnelRadius, minY: tunnelSpring,
                                   maxX: centreX + tunnelRadius, maxY: ground + 10)))
        let door = Circle(center: Vector2(centreX, tunnelSpring + 8), radius: 48)
            .union(RoundedRect(Box(minX: centreX - 48, minY: tunnelSpring + 8, maxX: centreX + 48, maxY: ground + 10)))
        let drift = Union([
            Ellipse(center: Vector2(centreX, ground + 26), radiusX: 228, radiusY: 22),
            Ellipse(center: Vector2(centreX - 138, ground + 6), radiusX: 96, radiusY: 32),
            Ellipse(center: Vector2(centreX - 40, ground + 18), radiusX: 90, radiusY: 22),
            Ellipse(center: Vector2(centreX + 146, ground + 10), radiusX: 86, radiusY: 28),
        ])

        canvas.dropShadow(of: DistanceField(dome.union(drift), margin: 30), offset: Vector2(6, 10), blur: 18)
        canvas.draw(dome, style: ice) { canvas, dome in
            canvas.fill(blockJoints(radiusX: domeRadiusX, radiusY: domeRadiusY).intersecting(dome), joints)
        }
        canvas.draw(tunnel, style: tunnelIce) { canvas, tunnel in
            let arch = ArcStroke(center: Vector2(centreX, tunnelSpring), radius: 64, startAngle: .pi,
                                 endAngle: 2 * .pi, width: 4)
            var parts: [any Shape] = [arch]
            for side in [-1.0, 1.0] {
                parts.append(Stroke([Vector2(centreX + side * 64, tunnelSpring),
                                     Vector2(centreX + side * 64, ground + 10)], width: 4))
                parts.append(Stroke([Vector2(centreX + side * 64, tunnelSpring + 44),
                                     Vector2(centreX + side * 80, tunnelSpring + 44)], width: 4))
            }
            for angle in stride(from: Double.pi + 0.5, to: 2 * .pi - 0.3, by: 0.7) {
                parts.append(Stroke([Vector2(centreX, tunnelSpring) + Vector2.polar(angle) * 64,
                                     Vector2(centreX, tunnelSpring) + Vector2.polar(angle) * 80], width: 4))
            }
            canvas.fill(Union(parts).intersecting(tunnel), joints)
        }
        canvas.fill(door.outset(by: 5), Colour(hex: 0x173E66))
        canvas.fill(door, Paint.linear(from: Vector2(0, tunnelSpring - 40), to: Vector2(0, ground), [
            GradientStop(0, Colour(hex: 0x0B2440)), GradientStop(1, Colour(hex: 0x2D5F8F)),
        ]))
        canvas.draw(drift, style: snow)
        for (centre, size) in [(Vector2(92, 118), 22.0), (Vector2(420, 92), 28.0), (Vector2(446, 190), 16.0)] {
            canvas.fill(sparkle(at: centre, size: size), Colour(hex: 0x7FC4F2))
        }
        return canvas.bitmap()
    }

    /// The mortar lines of the dome: rows of blocks at evenly spaced elevations (so rows get
    /// shallower towards the top), each row's vertical joints staggered from the row below.
    private static func blockJoints(radiusX: Double, radiusY: Double) -> Union {
        var lines: [any Shape] = []
        let rows = 6
        var rowHeights: [Double] = []
        for row in 1...rows {
            let elevation = Double(row) / Double(rows + 1) * (.pi / 2) * 1.08
            rowHeights.append(ground - radiusY * sin(elevation))
        }
        for y in rowHeights {
            lines.append(Stroke([Vector2(0, y), Vector2(512, y)], width: 4))
        }
        let bounds = [ground] + rowHeights
        for row in 0..<rows {
            let low = bounds[row], high = bounds[row + 1]
            let mid = (low + high) / 2
            let halfWidth = radiusX * (1 - ((ground - mid) / radiusY) * ((ground - mid) / radiusY)).squareRoot()
            let count = max(2, Int(halfWidth / 44))
            let stagger = row % 2 == 0 ? 0.0 : 0.5
            for j in 0...count {
                let t = (Double(j) + stagger) / Double(count) * 2 - 1
                guard abs(t) < 0.97 else { continue }
                let x = centreX + halfWidth * sin(t * .pi / 2)
                lines.append(Stroke([Vector2(x, low), Vector2(x, high)], width: 4))
            }
        }
        return Union(lines)
    }

    /// A four-pointed twinkle of `size` pixels from centre to tip.
    private static func sparkle(at centre: Vector2, size: Double) -> Polygon {
        let waist = size * 0.22
        return Polygon([
            centre + Vector2(0, -size), centre + Vector2(waist, -waist), centre + Vector2(size, 0),
            centre + Vector2(waist, waist), centre + Vector2(0, size), centre + Vector2(-waist, waist),
            centre + Vector2(-size, 0), centre + Vector2(-waist, -waist),
        ])
    }
}
