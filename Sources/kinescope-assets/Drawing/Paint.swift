import Glibc

/// A straight (not premultiplied) colour with channels in 0…1, for drawing code; the canvas
/// premultiplies when it blends and rounds to 8 bits only at the end.
struct Colour: Sendable, Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour written as `0xRRGGBB` (sRGB bytes), with the given opacity.
    init(hex: UInt32, alpha: Double = 1) {
        let value = Int(hex)
        self.init(red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                  blue: Double(value & 0xFF) / 255, alpha: alpha)
    }

    /// Channel-wise linear interpolation (in sRGB values, as design tools do).
    static func mix(_ a: Colour, _ b: Colour, _ t: Double) -> Colour {
        Colour(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
               blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    /// This colour mixed towards white by `amount` (0…1).
    func lighter(_ amount: Double) -> Colour { .mix(self, Colour(hex: 0xFFFFFF, alpha: alpha), amount) }
    /// This colour mixed towards black by `amount` (0…1).
    func darker(_ amount: Double) -> Colour { .mix(self, Colour(hex: 0x000000, alpha: alpha), amount) }
}

/// A colour stop in a gradient: `position` in 0…1 along the gradient.
struct GradientStop: Sendable {
    var position: Double
    var colour: Colour

    init(_ position: Double, _ colour: Colour) {
        self.position = position
        self.colour = colour
    }
}

/// What fills a shape: a colour for every point of the canvas.
struct Paint: Sendable {
    let colour: @Sendable (Vector2) -> Colour

    static func solid(_ colour: Colour) -> Paint { Paint { _ in colour } }

    /// A gradient along the line from `start` (position 0) to `end` (position 1), padded with
    /// the end colours beyond them, as Core Graphics draws with both extend options set.
    static func linear(from start: Vector2, to end: Vector2, _ stops: [GradientStop]) -> Paint {
        let axis = end - start, length2 = axis.dot(axis)
        return Paint { p in interpolate(stops, at: (p - start).dot(axis) / length2) }
    }

    /// The colour at `t` between the stops, which must be sorted by position.
    static func interpolate(_ stops: [GradientStop], at t: Double) -> Colour {
        guard let first = stops.first, let last = stops.last else { return Colour(hex: 0, alpha: 0) }
        if t <= first.position { return first.colour }
        if t >= last.position { return last.colour }
        var i = 1
        while stops[i].position < t { i += 1 }
        let a = stops[i - 1], b = stops[i]
        let span = b.position - a.position
        return .mix(a.colour, b.colour, span > 0 ? (t - a.position) / span : 1)
    }
}
