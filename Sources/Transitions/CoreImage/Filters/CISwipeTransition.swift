import Geometry
import Raster

/// `CISwipeTransition`: "transitions from one image to another by simulating a swiping action".
///
/// A straight front sweeps across the extent in the direction of `inputAngle` (Core Image
/// convention: 0 moves left to right, π/2 bottom to top). Behind it a band `inputWidth` pixels
/// wide blends softly from `from` (ahead of the band) to `to` (behind it), and the band is washed
/// with `inputColor` at up to `inputOpacity` (a hump that peaks in the middle of the band; Apple's
/// default opacity 0 gives a clean soft wipe). The front starts where the extent begins and ends
/// when the band has left the extent, so progress 0 is `from` and 1 is `to`. Outside an explicit
/// `inputExtent` the frame cross-dissolves.
struct CISwipeTransition: CoreImageTransition {
    static let name = "CISwipeTransition"
    static let summary = "Core Image swipe: a soft-edged band sweeps across, optionally tinted with a colour"
    static let displayName = "Swipe"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputExtent", .rect(default: nil), "the region the swipe crosses, in pixels; auto: the frame"),
        TransitionParameter("inputColor", .color(default: .white), "the colour of the swipe band"),
        TransitionParameter("inputAngle", .angle(default: 0), "direction of the swipe, radians counter-clockwise from +x"),
        TransitionParameter("inputWidth", .scalar(default: 300, range: 0.1...100_000), "width of the swipe band in pixels"),
        TransitionParameter("inputOpacity", .scalar(default: 0, range: 0...10), "opacity of the band's colour (0: none)"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputExtent": CIParameterInfo(displayName: "Extent", attributeType: kCIAttributeTypeRectangle,
                                       description: "The extent of the effect."),
        "inputColor": CIParameterInfo(displayName: "Color", attributeType: kCIAttributeTypeOpaqueColor,
                                      description: "The color of the swipe."),
        "inputAngle": CIParameterInfo(displayName: "Angle", attributeType: kCIAttributeTypeAngle,
                                      slider: -Double.pi...Double.pi, description: "The angle of the swipe."),
        "inputWidth": CIParameterInfo(displayName: "Width", attributeType: kCIAttributeTypeDistance,
                                      slider: 0.1...1000, description: "The width of the swipe."),
        "inputOpacity": CIParameterInfo(displayName: "Opacity", attributeType: kCIAttributeTypeScalar,
                                        slider: 0...1, description: "The opacity of the swipe."),
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
        let (weights, stride) = scratch.laneRows(2, length: destination.width)
        let tints = weights + stride
        let opacity = self.opacity, color = self.color
        CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                  outside: CIRowKernels.weight(Float(progress))) { y, x0, x1, rows in
            let s0 = (front - 0.5 * direction.x - (Double(y) + 0.5) * direction.y) / width
            CoreImageFrame.splitRuns(x0: x0, x1: x1, s0: s0, slope: slope, low: 0, high: 1) { kind, a, b in
                if kind < 0 {
                    (rows.out + a).update(from: rows.from + a, count: b - a)
                } else if kind > 0 {
                    (rows.out + a).update(from: rows.to + a, count: b - a)
                } else {
                    let sa = Float(s0 + slope * Double(a)), k = Float(slope), fa = Float(a)
                    CIRowKernels.fillWeights(weights, x0: a, count: b - a) { xs in
                        let s = sa + k * (xs - fa)
                        return s * s * (3 - 2 * s)
                    }
                    CIRowKernels.mix(rows.out + a, from: rows.from + a, to: rows.to + a, weights: weights, count: b - a)
                    if opacity > 0 {
                        CIRowKernels.fillWeights(tints, x0: a, count: b - a) { xs in
                            let s = sa + k * (xs - fa)
                            return opacity * 4 * s * (1 - s)
                        }
                        CIRowKernels.tint(rows.out + a, color: color, weights: tints, count: b - a)
                    }
                }
            }
        }
    }
}
