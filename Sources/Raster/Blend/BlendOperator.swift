/// How a source colour combines with the pixel under it: Core Graphics' 28 blend modes, in
/// `CGBlendMode`'s order and with its raw values.
///
/// Colours are premultiplied, components in `0...1` below. The first sixteen are the PDF blend
/// modes (ISO 32000-1, 11.3.5): with `S`, `D` the source and destination, `Cs = S/αs`,
/// `Cd = D/αd` their unpremultiplied colours and `B` the mode's blend function,
///
///     αr = αs + αd − αs·αd
///     r  = (1 − αd)·S + (1 − αs)·D + αs·αd·B(Cd, Cs)
///
/// The other twelve are Porter–Duff operators, `r = Fa·S + Fb·D` (Apple's header gives each
/// `R = …`), and Apple's two additive modes. Painting is bounded by the shape being drawn: with
/// a pixel's shape coverage `m` (anti-aliasing, a clip), the result is `D + m·(r − D)`, so a
/// `.copy` or `.clear` fill changes nothing outside the filled path, as on Apple. For the PDF
/// modes this equals scaling the source by `m`.
///
/// `plusDarker` follows Apple's `R = max(0, 1 − ((1 − D) + (1 − S)))` on each component
/// relative to its alpha (the premultiplied form WebKit uses): `αr = min(1, αs + αd)`,
/// `r = max(0, αr − (αs − S) − (αd − D))`.
public enum BlendOperator: Int32, Sendable, CaseIterable {
    case normal = 0, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight,
         hardLight, difference, exclusion, hue, saturation, color, luminosity
    case clear = 16, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn,
         destinationOut, destinationAtop, xor, plusDarker, plusLighter

    /// True for the operators whose result depends on the shape coverage separately from the
    /// source's alpha (the Porter–Duff ones that keep less than `1 − αs` of the destination).
    public var needsShapeCoverage: Bool { rawValue >= BlendOperator.clear.rawValue }

    /// True for the modes that combine unpremultiplied colours with a blend function `B`.
    var isPDFBlend: Bool { rawValue <= BlendOperator.luminosity.rawValue }
}
