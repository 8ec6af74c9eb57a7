import Geometry
import Raster

/// `CICopyMachineTransition`: "transitions from one image to another by simulating the effect of a
/// copy machine".
///
/// A bar of light `inputWidth` pixels wide, in `inputColor`, sweeps across the extent in the
/// direction of `inputAngle` (Core Image convention: 0 moves left to right). Ahead of the bar the
/// frame shows `from`; behind its middle, `to` — the copy appears under the light, the switch
/// anti-aliased over one pixel. The light's strength across the bar is a hump peaking in the middle,
/// scaled by `inputOpacity` and clamped to 1, so Apple's default 1.3 gives a solid core with soft
/// edges. Apple's default colour (0.6, 1, 1) is a pale cyan. The bar enters at the start of the
/// extent at progress 0 and leaves it at 1. Outside an explicit `inputExtent` the frame
/// cross-dissolves.
struct CICopyMachineTransition: CoreImageTransition {
    static let name = "CICopyMachineTransition"
    static let summary = "Core Image copy machine: a bar of light sweeps across and leaves the new image behind it"
    static let displayName = "Copy Machine"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputExtent", .rect(default: nil), "the region the light crosses, in pixels; auto: the frame"),
        TransitionParameter("inputColor", .color(default: TransitionColor(red: 0.6, green: 1, blue: 1)),
                            "the colour of the copier light"),
        TransitionParameter("inputAngle", .angle(default: 0), "direction of the light's motion, radians counter-clockwise from +x"),
        TransitionParameter("inputWidth", .scalar(default: 200, range: 0.1...100_000), "width of the copier light in pixels"),
        TransitionParameter("inputOpacity", .scalar(default: 1.3, range: 0...10),
                            "strength of the copier light (0: invisible; above 1 the core is solid)"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputExtent": CIParameterInfo(displayName: "Extent", attributeType: kCIAttributeTypeRectangle,
                                       description: "A rectangle that defines the extent of the effect."),
        "inputColor": CIParameterInfo(displayName: "Color", attributeType: kCIAttributeTypeOpaqueColor,
                                      description: "The color of the copier light."),
        "inputAngle": CIParameterInfo(displayName: "Angle", attributeType: kCIAttributeTypeAngle,
                                      slider: 0...(2 * Double.pi), description: "The angle of the copier light."),
        "inputWidth": CIParameterInfo(displayName: "Width", attributeType: kCIAttributeTypeDistance,
                                      slider: 0.1...500, description: "The width of the copier light."),
        "inputOpacity": CIParameterInfo(displayName: "Opacity", attributeType: kCIAttributeTypeScalar,
                                        slider: 0...3, description: "The opacity of the copier light."),
    ]

    let extent: CGRect?
    let color: UInt32
    let direction: ScreenDirection
    let width: Double
    let opacity: Float

    init(parameters: TransitionParameters) {
        extent = parameters.explicitRect("inputExtent")
        color = parameters.color("inputColor").premultipliedWord
        direction = ScreenDirection(coreImageAngle: parameters.number("inputAngle"))
        width = parameters.number("inputWidth")
        opacity = Float(parameters.number("inputOpacity"))
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let area = EffectArea(extent: extent, size: destination.size)
        let (pmin, pmax) = area.projection(direction)
        let front = pmin + progress * (pmax - pmin + width)
        let slope = -direction.x / width
        // The one-pixel ramp of the switch may reach beyond a very narrow bar.
        let low = min(0, 0.5 - 0.5 / width), high = max(1, 0.5 + 0.5 / width)
        let (weights, stride) = scratch.laneRows(2, length: destination.width)
        let lights = weights + stride
        let opacity = self.opacity, color = self.color, w = Float(width)
        CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                  outside: CIRowKernels.weight(Float(progress))) { y, x0, x1, rows in
            let s0 = (front - 0.5 * direction.x - (Double(y) + 0.5) * direction.y) / width
            CoreImageFrame.splitRuns(x0: x0, x1: x1, s0: s0, slope: slope, low: low, high: high) { kind, a, b in
                if kind < 0 {
                    (rows.out + a).update(from: rows.from + a, count: b - a)
                } else if kind > 0 {
                    (rows.out + a).update(from: rows.to + a, count: b - a)
                } else {
                    let sa = Float(s0 + slope * Double(a)), k = Float(slope), fa = Float(a)
                    CIRowKernels.fillWeights(weights, x0: a, count: b - a) { xs in
                        w * (sa + k * (xs - fa) - 0.5) + 0.5
                    }
                    CIRowKernels.mix(rows.out + a, from: rows.from + a, to: rows.to + a, weights: weights, count: b - a)
                    if opacity > 0 {
                        CIRowKernels.fillWeights(lights, x0: a, count: b - a) { xs in
                            let c = 2 * (sa + k * (xs - fa)) - 1
                            return opacity * (1 - c * c)
                        }
                        CIRowKernels.tint(rows.out + a, color: color, weights: lights, count: b - a)
                    }
                }
            }
        }
    }
}
