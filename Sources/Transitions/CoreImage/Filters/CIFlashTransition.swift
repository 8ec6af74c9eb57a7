import Geometry
import Raster

/// `CIFlashTransition`: "transitions from one image to another by creating a flash. The flash
/// originates from a point you specify. Small at first, it rapidly expands until the image frame is
/// completely filled with the flash color. As the color fades, the target image begins to appear."
///
/// Until `inputFadeThreshold` a disc of `inputColor` grows from `inputCenter` (default: the centre
/// of the extent) over `from`, its radius rising with the square of the time so that it starts
/// small and speeds up, until at the threshold it covers the extent. Light rays (striations)
/// reach out to `inputMaxStriationRadius` times the disc's radius; `inputStriationStrength` scales
/// their brightness and `inputStriationContrast` how sharply rays stand out from the gaps between
/// them (0: an even glow). After the threshold the colour fades linearly to `to`. The rays are a
/// fixed sum of four angular cosines (frequencies 7, 11, 17, 23), computed from the direction vector
/// by complex powers, not per-pixel trigonometry. Outside an explicit `inputExtent` the frame
/// cross-dissolves.
struct CIFlashTransition: CoreImageTransition {
    static let name = "CIFlashTransition"
    static let summary = "Core Image flash: a burst of light grows from a point, fills the frame, then fades to the new image"
    static let displayName = "Flash"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputCenter", .point(default: nil), "where the flash starts, in pixels; auto: the centre of the extent"),
        TransitionParameter("inputExtent", .rect(default: nil), "the region the flash fills, in pixels; auto: the frame"),
        TransitionParameter("inputColor", .color(default: TransitionColor(red: 1, green: 0.8, blue: 0.6)),
                            "the colour of the flash and its rays"),
        TransitionParameter("inputMaxStriationRadius", .scalar(default: 2.58, range: 0...100),
                            "how far the rays reach, as a multiple of the flash's radius"),
        TransitionParameter("inputStriationStrength", .scalar(default: 0.5, range: 0...100), "brightness of the rays"),
        TransitionParameter("inputStriationContrast", .scalar(default: 1.375, range: 0...100),
                            "contrast between rays and the gaps between them"),
        TransitionParameter("inputFadeThreshold", .scalar(default: 0.85, range: 0...1),
                            "the time the flash fills the extent and starts fading to the new image"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputCenter": CIParameterInfo(displayName: "Center", attributeType: kCIAttributeTypePosition,
                                       description: "The center of the effect as x and y pixel coordinates."),
        "inputExtent": CIParameterInfo(displayName: "Extent", attributeType: kCIAttributeTypeRectangle,
                                       description: "The extent of the flash."),
        "inputColor": CIParameterInfo(displayName: "Color", attributeType: kCIAttributeTypeColor,
                                      description: "The color of the light rays emanating from the flash."),
        "inputMaxStriationRadius": CIParameterInfo(displayName: "Maximum Striation Radius", attributeType: kCIAttributeTypeScalar,
                                                   slider: 0...10, description: "The radius of the light rays emanating from the flash."),
        "inputStriationStrength": CIParameterInfo(displayName: "Striation Strength", attributeType: kCIAttributeTypeScalar,
                                                  slider: 0...3, description: "The strength of the light rays emanating from the flash."),
        "inputStriationContrast": CIParameterInfo(displayName: "Striation Contrast", attributeType: kCIAttributeTypeScalar,
                                                  slider: 0...5, description: "The contrast of the light rays emanating from the flash."),
        "inputFadeThreshold": CIParameterInfo(displayName: "Fade Threshold", attributeType: kCIAttributeTypeScalar,
                                              slider: 0...1,
                                              description: "The amount of fade between the flash and the target image."),
    ]

    let center: CGPoint?
    let extent: CGRect?
    let color: UInt32
    let maxStriationRadius: Double
    let strength: Float
    let contrast: Float
    let fadeThreshold: Double

    init(parameters: TransitionParameters) {
        center = parameters.explicitPoint("inputCenter")
        extent = parameters.explicitRect("inputExtent")
        color = parameters.color("inputColor").premultipliedWord
        maxStriationRadius = parameters.number("inputMaxStriationRadius")
        strength = Float(parameters.number("inputStriationStrength"))
        contrast = Float(parameters.number("inputStriationContrast"))
        fadeThreshold = parameters.number("inputFadeThreshold")
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let area = EffectArea(extent: extent, size: destination.size)
        let outside = CIRowKernels.weight(Float(progress))
        let color = self.color
        guard progress < fadeThreshold else {
            let fade = CIRowKernels.weight(Float(1 - (progress - fadeThreshold) / (1 - fadeThreshold)))
            CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                      outside: outside) { _, x0, x1, rows in
                (rows.out + x0).update(from: rows.to + x0, count: x1 - x0)
                CIRowKernels.tint(rows.out + x0, color: color, weight: fade, count: x1 - x0)
            }
            return
        }
        let c = center ?? area.center
        let u = progress / fadeThreshold
        let disc = (area.farthestCornerDistance(from: c) + 1) * u * u
        let rays = disc * max(1, maxStriationRadius)
        let weights = scratch.laneRows(1, length: destination.width).base
        let cx = Float(c.x), discF = Float(disc)
        let rayReach = Float(1 / max(1e-3, rays - disc)), strength = self.strength, contrast = self.contrast
        let phases: [(Float, Float)] = [0.3, 1.7, 4.1, 2.9].map { (Float(cos($0)), Float(sin($0))) }
        let (c7, s7) = phases[0], (c11, s11) = phases[1], (c17, s17) = phases[2], (c23, s23) = phases[3]
        CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                  outside: outside) { y, x0, x1, rows in
            let dyD = Double(y) + 0.5 - Double(c.y)
            // Pixels certainly inside the disc are the flash colour, pixels certainly beyond the
            // rays are `from`; the rest is computed.
            func span(_ radius: Double, _ margin: Double) -> (Int, Int)? {
                let r = radius + margin
                guard r > 0, r * r > dyD * dyD else { return nil }
                let half = (r * r - dyD * dyD).squareRoot()
                return (Int((Double(c.x) - half - 0.5).rounded(.up)), Int((Double(c.x) + half - 0.5).rounded(.down)) + 1)
            }
            let core = span(disc, -1.5).map { (max(x0, $0.0), min(x1, $0.1)) }
            let lit = span(rays, 1.5).map { (max(x0, $0.0), min(x1, $0.1)) } ?? (x0, x0)
            guard lit.1 > lit.0 else {
                (rows.out + x0).update(from: rows.from + x0, count: x1 - x0)
                return
            }
            (rows.out + x0).update(from: rows.from + x0, count: lit.0 - x0)
            (rows.out + lit.1).update(from: rows.from + lit.1, count: x1 - lit.1)
            let dy = Floats8(repeating: Float(dyD))
            func compute(_ a: Int, _ b: Int) {
                guard b > a else { return }
                CIRowKernels.fillWeights(weights, x0: a, count: b - a) { xs in
                    let dx = xs + (0.5 - cx)
                    let r = CIRowKernels.squareRoot(dx * dx + dy * dy)
                    let inverse = 1 / r.replacing(with: Floats8(repeating: 1e-3), where: r .< 1e-3)
                    let zr = dx * inverse, zi = dy * inverse
                    @inline(__always) func mul(_ ar: Floats8, _ ai: Floats8, _ br: Floats8, _ bi: Floats8) -> (Floats8, Floats8) {
                        (ar * br - ai * bi, ar * bi + ai * br)
                    }
                    let z2 = mul(zr, zi, zr, zi), z4 = mul(z2.0, z2.1, z2.0, z2.1)
                    let z8 = mul(z4.0, z4.1, z4.0, z4.1), z16 = mul(z8.0, z8.1, z8.0, z8.1)
                    let z3 = mul(z2.0, z2.1, zr, zi), z7 = mul(z4.0, z4.1, z3.0, z3.1)
                    let z11 = mul(z8.0, z8.1, z3.0, z3.1), z17 = mul(z16.0, z16.1, zr, zi)
                    let z23 = mul(z16.0, z16.1, z7.0, z7.1)
                    var wave = z7.0 * c7 - z7.1 * s7
                    wave += z11.0 * c11 - z11.1 * s11
                    wave += z17.0 * c17 - z17.1 * s17
                    wave += z23.0 * c23 - z23.1 * s23
                    let ray = CIRowKernels.clamp01(0.5 + (0.125 * contrast) * wave)
                    let reach = CIRowKernels.clamp01(1 - (r - discF) * rayReach)
                    return CIRowKernels.clamp01(discF - r + 0.5) + strength * ray * reach * reach
                }
                (rows.out + a).update(from: rows.from + a, count: b - a)
                CIRowKernels.tint(rows.out + a, color: color, weights: weights, count: b - a)
            }
            if let core, core.1 > core.0 {
                compute(lit.0, core.0)
                (rows.out + core.0).update(repeating: color, count: core.1 - core.0)
                compute(core.1, lit.1)
            } else {
                compute(lit.0, lit.1)
            }
        }
    }
}
