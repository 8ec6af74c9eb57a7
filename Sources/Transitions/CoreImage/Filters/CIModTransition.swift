import Geometry
import Raster

/// `CIModTransition`: "transitions from one image to another by revealing the target image through
/// irregularly shaped holes".
///
/// A lattice of holes, spaced 2.5 × `inputRadius` apart and turned by `inputAngle`, is laid over
/// the frame around `inputCenter` (default: the centre of the frame). The lattice is squeezed
/// radially by `r·c/(c + r)` with `c = inputCompression`: near the centre the holes are round,
/// towards the edges they shrink and stretch into ellipses, as Apple describes ("holes in the
/// centre are not distorted as much as those at the edge"). Each hole opens at its own moment
/// (a hash of its lattice cell staggers the start) and grows until the holes merge; `to` shows
/// through them. Hole edges are anti-aliased over about one pixel. The growth is scaled to the
/// frame — the largest hole radius needed is the smaller of the lattice's half diagonal and the
/// squeezed distance to the farthest corner — so even a huge radius gives a gradual reveal.
struct CIModTransition: CoreImageTransition {
    static let name = "CIModTransition"
    static let summary = "Core Image mod: the new image shows through a lattice of growing, distorted holes"
    static let displayName = "Mod"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputCenter", .point(default: nil), "centre of the hole pattern in pixels; auto: the centre of the frame"),
        TransitionParameter("inputAngle", .angle(default: 2), "rotation of the hole pattern, radians counter-clockwise"),
        TransitionParameter("inputRadius", .scalar(default: 150, range: 1...100_000), "radius of the undistorted holes in pixels"),
        TransitionParameter("inputCompression", .scalar(default: 300, range: 1...100_000),
                            "how strongly the pattern is squeezed away from the centre (smaller: more)"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputCenter": CIParameterInfo(displayName: "Center", attributeType: kCIAttributeTypePosition,
                                       description: "The center of the effect as x and y pixel coordinates."),
        "inputAngle": CIParameterInfo(displayName: "Angle", attributeType: kCIAttributeTypeAngle,
                                      slider: -Double.pi...Double.pi, description: "The angle of the mod hole pattern."),
        "inputRadius": CIParameterInfo(displayName: "Radius", attributeType: kCIAttributeTypeDistance,
                                       slider: 1...200, description: "The radius of the undistorted holes in the pattern."),
        "inputCompression": CIParameterInfo(displayName: "Compression", attributeType: kCIAttributeTypeDistance,
                                            slider: 1...800,
                                            description: "The amount of stretching applied to the mod hole pattern."),
    ]

    let center: CGPoint?
    let angle: Double
    let radius: Double
    let compression: Double

    init(parameters: TransitionParameters) {
        center = parameters.explicitPoint("inputCenter")
        angle = parameters.number("inputAngle")
        radius = parameters.number("inputRadius")
        compression = parameters.number("inputCompression")
    }

    /// How much of the progress the latest hole waits before it starts to open.
    static let stagger: Float = 0.6

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let area = EffectArea(extent: nil, size: destination.size)
        let c = center ?? area.center
        let d = ScreenDirection(coreImageAngle: angle)
        let spacing = 2.5 * radius
        let farthest = area.farthestCornerDistance(from: c)
        let squeezedFarthest = farthest * compression / (compression + farthest)
        let maxHole = min(spacing / 2.squareRoot(), squeezedFarthest) + 0.5
        let weights = scratch.laneRows(1, length: destination.width).base

        let cx = Float(c.x), cy = Float(c.y)
        let e1x = Float(d.x), e1y = Float(d.y), e2x = Float(-d.y), e2y = Float(d.x)
        let comp = Float(compression), inverseSpacing = Float(1 / spacing), spacingF = Float(spacing)
        let hole = Float(maxHole), t = Float(progress) * (1 + Self.stagger), stagger = Self.stagger
        let magic: Float = 12_582_912
        CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                  outside: 0) { y, x0, x1, rows in
            let dy = Floats8(repeating: Float(y) + 0.5 - cy)
            CIRowKernels.fillWeights(weights, x0: x0, count: x1 - x0) { xs in
                let dx = xs + (0.5 - cx)
                let r = CIRowKernels.squareRoot(dx * dx + dy * dy)
                let s = comp / (comp + r), inverseS = 1 + r * (1 / comp)
                let l1 = (dx * e1x + dy * e1y) * (s * inverseSpacing)
                let l2 = (dx * e2x + dy * e2y) * (s * inverseSpacing)
                let b1 = l1 + magic, b2 = l2 + magic
                let k1 = b1 - magic, k2 = b2 - magic
                let f1 = l1 - k1, f2 = l2 - k2
                let distance = CIRowKernels.squareRoot(f1 * f1 + f2 * f2) * spacingF
                var h = unsafeBitCast(b1, to: SIMD8<UInt32>.self) &* 0x27D4_EB2D
                h ^= unsafeBitCast(b2, to: SIMD8<UInt32>.self) &* 0x1656_67B1
                h ^= h &>> 15
                h &*= 0x2C1B_3C6D
                h ^= h &>> 13
                let unit = unsafeBitCast((h & 0xFFFF) | 0x4B00_0000, to: Floats8.self) - 8_388_608
                let opened = CIRowKernels.clamp01(t - stagger * unit * (1 / 65536))
                return (hole * opened - distance) * inverseS + 0.5
            }
            CIRowKernels.mix(rows.out + x0, from: rows.from + x0, to: rows.to + x0, weights: weights, count: x1 - x0)
        }
    }
}
