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
/// fixed sum of four angular cosines (frequencies 7, 11, 17, 23) tabulated once per transition
/// over a "pseudo-angle" (`dy / (|dx| + |dy|)` by quadrant, monotonic in the true angle), so a pixel
/// needs one division and a table read, no trigonometry; beyond 128 pixels from the centre the
/// distance and pseudo-angle are computed exactly every eighth pixel and linearly between (error
/// below 0.07 pixel). Outside an explicit `inputExtent` the frame cross-dissolves.
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
    let fadeThreshold: Double
    /// Ray brightness (0…1) by pseudo-angle, `rayTableSize` entries over the four quadrants.
    let rays: [Float]
    static let rayTableSize = 8192

    init(parameters: TransitionParameters) {
        center = parameters.explicitPoint("inputCenter")
        extent = parameters.explicitRect("inputExtent")
        color = parameters.color("inputColor").premultipliedWord
        maxStriationRadius = parameters.number("inputMaxStriationRadius")
        strength = Float(parameters.number("inputStriationStrength"))
        fadeThreshold = parameters.number("inputFadeThreshold")
        rays = Self.rayTable(contrast: parameters.number("inputStriationContrast"))
    }

    /// The ray brightness for every pseudo-angle: `0.5 + contrast/8 · Σ cos(kφ + aₖ)`, clamped.
    static func rayTable(contrast: Double) -> [Float] {
        let n = rayTableSize
        return (0..<n).map { i in
            let p = (Double(i) + 0.5) / Double(n) * 4
            let quadrant = Int(p), f = p - Double(quadrant)
            let t = quadrant % 2 == 0 ? f : 1 - f
            let dx = [1 - t, -(1 - t), -(1 - t), 1 - t][quadrant], dy = [t, t, -t, -t][quadrant]
            let phi = atan2(dy, dx)
            let wave = zip([7.0, 11, 17, 23], [0.3, 1.7, 4.1, 2.9]).map { cos($0 * phi + $1) }.reduce(0, +)
            return Float(min(1, max(0, 0.5 + contrast / 8 * wave)))
        }
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
        let rayRadius = disc * max(1, maxStriationRadius)
        let weights = scratch.laneRows(1, length: destination.width + 8).base
        let eighths = CIRowKernels.laneOffsets * 0.125
        let cx = Float(c.x), discF = Float(disc)
        let rayReach = Floats8(repeating: Float(1 / max(1e-3, rayRadius - disc)))
        let strength = Floats8(repeating: self.strength), discV = Floats8(repeating: discF)
        let centerX = Floats8(repeating: cx), tiny = Floats8(repeating: 1e-6)
        let quarter = Floats8(repeating: Float(Self.rayTableSize / 4))
        let signBit = Lanes8(repeating: 0x8000_0000), zeroF = Floats8(repeating: 0)
        let two = Floats8(repeating: 2), four = Floats8(repeating: 4)
        let indexMask = Lanes8(repeating: UInt32(Self.rayTableSize - 1))
        rays.withUnsafeBufferPointer { table in
            CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                      outside: outside) { y, x0, x1, rows in
                let dyD = Double(y) + 0.5 - Double(c.y)
                // Pixels certainly inside the disc are the flash colour, pixels certainly beyond the
                // rays are `from`; the rest is computed.
                func span(_ radius: Double, _ margin: Double) -> (Int, Int)? {
                    let r = radius + margin
                    guard r > 0, r * r > dyD * dyD else { return nil }
                    let half = (r * r - dyD * dyD).squareRoot()
                    // Clamped before the conversion: a centre far off the frame (any finite point is
                    // valid) would not fit an Int; the span is cut to the row afterwards anyway.
                    func column(_ v: Double) -> Int { Int(min(1e9, max(-1e9, v))) }
                    return (column((Double(c.x) - half - 0.5).rounded(.up)), column((Double(c.x) + half - 0.5).rounded(.down)) + 1)
                }
                let core = span(disc, -1.5).map { (max(x0, $0.0), min(x1, $0.1)) }
                let lit = span(rayRadius, 1.5).map { (max(x0, $0.0), min(x1, $0.1)) } ?? (x0, x0)
                guard lit.1 > lit.0 else {
                    (rows.out + x0).update(from: rows.from + x0, count: x1 - x0)
                    return
                }
                (rows.out + x0).update(from: rows.from + x0, count: lit.0 - x0)
                (rows.out + lit.1).update(from: rows.from + lit.1, count: x1 - lit.1)
                let dy = Floats8(repeating: Float(dyD))
                let dyBits = unsafeBitCast(dy, to: Lanes8.self)
                let absDy = unsafeBitCast(dyBits & ~signBit, to: Floats8.self)
                let cxD = Double(c.x), quarterD = Double(Self.rayTableSize / 4)
            /// Distance and table position (pseudo-angle × table size / 4) of pixel x, exactly.
            @inline(__always) func exact(_ x: Int) -> (Double, Double) {
                let dx = Double(x) + 0.5 - cxD
                let t = abs(dyD) / (abs(dx) + abs(dyD) + 1e-9)
                var p = dx < 0 ? 2 - t : t
                if dyD < 0 { p = 4 - p }
                return ((dx * dx + dyD * dyD).squareRoot(), p * quarterD)
            }
            func compute(_ a: Int, _ b: Int) {
                guard b > a else { return }
                // Far from the centre, distance and angle are smooth: exact at every eighth pixel
                // (counted from x = 0) and linear between; near it, or where the angle wraps, exact.
                let start = a & ~7
                var e0 = exact(start)
                var i = 0
                while start + i < b {
                    let e1 = exact(start + i + 8)
                    let r: Floats8, position: Floats8
                    if e0.0 > 128, e1.0 > 128, abs(e1.1 - e0.1) < quarterD / 2 {
                        r = Floats8(repeating: Float(e0.0)) + Floats8(repeating: Float(e1.0 - e0.0)) * eighths
                        position = Floats8(repeating: Float(e0.1)) + Floats8(repeating: Float(e1.1 - e0.1)) * eighths
                    } else {
                        let dx = Floats8(repeating: Float(start + i)) + CIRowKernels.laneOffsets + 0.5 - centerX
                        r = CIRowKernels.squareRoot(dx * dx + dy * dy)
                        let absDx = unsafeBitCast(unsafeBitCast(dx, to: Lanes8.self) & ~signBit, to: Floats8.self)
                        let t = absDy / (absDx + absDy + tiny)
                        var p = t
                        p.replace(with: two - t, where: dx .< zeroF)
                        if dyD < 0 { p = four - p }
                        position = p * quarter
                    }
                    let ray = CIRowKernels.gather(table.baseAddress!, CIRowKernels.floor(position).bits & indexMask)
                    let reach = CIRowKernels.clamp01(1 - (r - discV) * rayReach)
                    CIRowKernels.store(CIRowKernels.weights(CIRowKernels.clamp01(discV - r + 0.5) + strength * ray * reach * reach),
                                       weights + i)
                    e0 = e1
                    i += 8
                }
                CIRowKernels.tint(rows.out + a, source: rows.from + a, color: color, weights: weights + (a - start),
                                  count: b - a)
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
}
