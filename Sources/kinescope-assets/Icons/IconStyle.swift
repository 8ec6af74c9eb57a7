/// The house style of the four icons: a flat illustration with a dark outline, a diagonal
/// gradient (light from the top left), a light rim on the lit edges and a shaded rim on the
/// others, over a soft drop shadow.
struct IconStyle {
    /// The fill's colour at its lit (top-left) and shaded (bottom-right) corners.
    var light: Colour
    var dark: Colour
    var outline: Colour
    var outlineWidth: Double = 7
    /// How far the rim highlight and rim shade reach inside the shape, in pixels.
    var rimHighlight = 4.0
    var rimShade = 7.0

    /// A gradient from `light` at the top left of `box` to `dark` at its bottom right.
    func gradient(over box: Box) -> Paint {
        .linear(from: Vector2(box.minX, box.minY), to: Vector2(box.maxX, box.maxY),
                [GradientStop(0.1, light), GradientStop(0.9, dark)])
    }
}

extension Canvas {
    /// Draws a soft shadow of `shape`, moved down and right, under whatever comes next.
    mutating func dropShadow(of shape: some Shape, offset: Vector2 = Vector2(6, 10), blur: Double = 14,
                             opacity: Double = 0.28) {
        fill(shape.translated(by: offset), Colour(hex: 0x000000), opacity: opacity, softness: blur)
    }

    /// Draws `shape` in `style`: outline, gradient fill (spread over the shape's bounds), then
    /// `details` (stripes, blocks, windows; given the shape to clip them with), then the rims.
    mutating func draw(_ shape: some Shape, style: IconStyle,
                       details: ((inout Canvas, DistanceField) -> Void)? = nil) {
        let box = shape.bounds
        let shape = DistanceField(shape, margin: max(style.outlineWidth, style.rimHighlight, style.rimShade))
        fill(shape.outset(by: style.outlineWidth), style.outline)
        fill(shape, style.gradient(over: box))
        details?(&self, shape)
        let h = style.rimHighlight, s = style.rimShade
        fill(shape.subtracting(shape.translated(by: Vector2(h, h))), style.light.lighter(0.45), opacity: 0.85)
        fill(shape.subtracting(shape.translated(by: Vector2(-s, -s))), style.dark.darker(0.25), opacity: 0.5)
    }
}
