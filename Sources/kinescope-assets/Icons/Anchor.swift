import Raster

/// The `Anchor` icon: a navy-blue ship's anchor (ring, stock with knobs, shank, curved arms
/// with barbed flukes) with a tan rope looped through the ring.
enum Anchor {
    static func draw() -> Bitmap {
        var canvas = Canvas(width: 512, height: 512)
        let style = IconStyle(light: Colour(hex: 0x4F86D0), dark: Colour(hex: 0x1A3566),
                              outline: Colour(hex: 0x0C1A36))
        let centreX = 256.0

        let ring = Circle(center: Vector2(centreX, 78), radius: 38)
            .subtracting(Circle(center: Vector2(centreX, 78), radius: 20))
        let stock = Union([
            RoundedRect(Box(center: Vector2(centreX, 150), halfWidth: 100, halfHeight: 15), cornerRadius: 8),
            Circle(center: Vector2(centreX - 104, 150), radius: 21),
            Circle(center: Vector2(centreX + 104, 150), radius: 21),
        ])
        let shank = Polygon([
            Vector2(centreX - 17, 112), Vector2(centreX + 17, 112),
            Vector2(centreX + 23, 412), Vector2(centreX - 23, 412),
        ])
        let armCentre = Vector2(centreX, 246), armRadius = 168.0, endAngle = 20.0 * .pi / 180
        let arms = ArcStroke(center: armCentre, radius: armRadius, startAngle: endAngle,
                             endAngle: .pi - endAngle, width: 34)
        let crown = Polygon([
            Vector2(centreX - 38, 398), Vector2(centreX + 38, 398), Vector2(centreX, 452),
        ])
        let rightFluke = fluke(at: armCentre + Vector2.polar(endAngle) * armRadius, angle: endAngle)
        let leftFluke = rightFluke.mirrored(aboutX: centreX)
        let anchor = Union([ring, stock, shank, arms, crown, rightFluke, leftFluke])

        let shape = DistanceField(anchor, margin: 32)
        let rope = DistanceField(ropePath().stroke(width: 13), margin: 5)
        let ringCrossing = Box(minX: 226, minY: 20, maxX: 300, maxY: 62)
        let shankCrossing = Box(minX: 200, minY: 258, maxX: 330, maxY: 320)
        canvas.dropShadow(of: shape)
        canvas.drawRope(rope)
        canvas.draw(shape, style: style)
        canvas.drawRope(rope, clippedTo: ringCrossing)
        canvas.drawRope(rope, clippedTo: shankCrossing)
        return canvas.bitmap()
    }

    /// A barbed fluke at the end of the right arm, whose end is at `end` on the arm circle at
    /// `angle` radians: an arrowhead pointing on along the arm, upwards and outwards.
    private static func fluke(at end: Vector2, angle: Double) -> Polygon {
        let outwards = Vector2.polar(angle)
        let along = Vector2(outwards.y, -outwards.x)
        let across = along.perpendicular
        return Polygon([
            end + along * 70,
            end + along * -28 + across * -44,
            end + along * -6,
            end + along * -28 + across * 44,
        ])
    }

    /// A rope that comes up through the ring, over its top, down the left, once round the
    /// shank (behind, then in front) and away under the left arm, where its end is hidden.
    private static func ropePath() -> Path {
        var path = Path(start: Vector2(266, 86))
        path.curve(to: Vector2(246, 28), control1: Vector2(272, 60), control2: Vector2(266, 32))
        path.curve(to: Vector2(150, 215), control1: Vector2(200, 20), control2: Vector2(110, 140))
        path.curve(to: Vector2(300, 250), control1: Vector2(190, 290), control2: Vector2(260, 230))
        path.curve(to: Vector2(215, 300), control1: Vector2(330, 275), control2: Vector2(250, 270))
        path.curve(to: Vector2(120, 332), control1: Vector2(180, 330), control2: Vector2(145, 338))
        return path
    }
}

extension Canvas {
    /// A twisted tan rope with an outline, limited to `clip`: where the rope passes in front
    /// of the anchor it is drawn a second time, clipped to the crossing.
    fileprivate mutating func drawRope(_ rope: some Shape,
                                       clippedTo clip: Box = Box(minX: 0, minY: 0, maxX: 512, maxY: 512)) {
        let region = RoundedRect(clip)
        fill(rope.outset(by: 4).intersecting(region), Colour(hex: 0x4A2C12))
        fill(rope.intersecting(region), Paint { p in
            let phase = (p.x + p.y) / 11
            let t = phase - phase.rounded(.down)
            return t < 0.55 ? Colour(hex: 0xD9A566) : Colour(hex: 0xA8703A)
        })
    }
}
