import Geometry
import Raster

/// `CIModTransition`: "transitions from one image to another by revealing the target image through
/// irregularly shaped holes".
///
/// A lattice of holes, spaced 2.5 × `inputRadius` apart and turned by `inputAngle`, is laid around
/// `inputCenter` (default: the centre of the frame) and stretched away from it: a pixel at distance
/// `r` lands on the lattice at `r·(1 + r/c)` with `c = inputCompression`, so near the centre the
/// holes are round and `inputRadius`-sized, and towards the edges they become smaller and flattened
/// into arcs around the centre — "holes in the center are not distorted as much as those at the
/// edge" (a smaller compression stretches more). Each hole opens at its own moment (a hash of its
/// lattice cell staggers the start over 60 % of the time) and grows until the holes merge; `to`
/// shows through them. Hole edges are anti-aliased over about one pixel, inside the hole's radius
/// (so a hole that has not started shows nothing). The growth is scaled to the frame — the largest
/// radius needed is the smaller of the lattice's half diagonal and the stretched distance to the
/// farthest corner — so even a huge radius gives a gradual reveal.
///
/// The lattice position is computed exactly at every eighth pixel of a row and linearly in between
/// (the mapping is smooth; the error is below 0.1 pixel for compressions of 50 and more), which
/// keeps a 1920×1080 frame within budget.
struct CIModTransition: CoreImageTransition {
    static let name = "CIModTransition"
    static let summary = "Core Image mod: the new image shows through a lattice of growing, distorted holes"
    static let displayName = "Mod"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputCenter", .point(default: nil), "centre of the hole pattern in pixels; auto: the centre of the frame"),
        TransitionParameter("inputAngle", .angle(default: 2), "rotation of the hole pattern, radians counter-clockwise"),
        TransitionParameter("inputRadius", .scalar(default: 150, range: 1...100_000), "radius of the undistorted holes in pixels"),
        TransitionParameter("inputCompression", .scalar(default: 300, range: 1...100_000),
                            "how strongly the pattern is stretched away from the centre, in pixels (smaller: more)"),
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
        let stretchedFarthest = farthest * (1 + farthest / compression)
        // Pattern units per pixel reach 1 + 2r/c (radially): the margin keeps the last edge ramp
        // inside the hole at progress 1.
        let maxHole = min(spacing / 2.squareRoot(), stretchedFarthest) + 1 + 2 * farthest / compression
        let (rows, rowStride) = scratch.laneRows(4, length: destination.width + 16)
        let weights = rows
        // The exact lattice position and stretch at every eighth pixel of a row (Float bit patterns).
        let knotU = rows + rowStride, knotV = rows + 2 * rowStride, knotP = rows + 3 * rowStride
        let cx = Double(c.x), cy = Double(c.y)
        let inverseSpacing = 1 / spacing, inverseCompression = 1 / compression
        let holeV = Floats8(repeating: Float(maxHole)), spacingV = Floats8(repeating: Float(spacing))
        let t = Floats8(repeating: Float(progress) * (1 + Self.stagger)), stagger = Floats8(repeating: Self.stagger / 65536)
        let eighths = CIRowKernels.laneOffsets * 0.125
        CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                  outside: 0) { y, x0, x1, rows in
            let dy = Double(y) + 0.5 - cy
            // The smooth part (lattice position, stretch) is exact at every eighth pixel, counted
            // from x = 0 so that a pixel's value depends only on its position, and linear between.
            let start = x0 & ~7
            let lattice = Lattice(cx: cx, dy: dy, direction: d, inverseSpacing: inverseSpacing,
                                  inverseCompression: inverseCompression)
            lattice.knots(from: start, count: (x1 - start + 7) / 8 + 1, u: knotU, v: knotV, p: knotP)
            var m = 0
            var i = 0
            while start + i < x1 {
                @inline(__always) func knot(_ n: UnsafeMutablePointer<UInt32>) -> Floats8 {
                    let a = Float(bitPattern: n[m]), b = Float(bitPattern: n[m + 1])
                    return Floats8(repeating: a) + Floats8(repeating: b - a) * eighths
                }
                let l1 = knot(knotU), l2 = knot(knotV), pixelsPerUnit = knot(knotP)
                let b1 = l1 + 12_582_912, b2 = l2 + 12_582_912
                let f1 = l1 - (b1 - 12_582_912), f2 = l2 - (b2 - 12_582_912)
                let distance = CIRowKernels.roughSquareRoot(f1 * f1 + f2 * f2) * spacingV
                let h = (unsafeBitCast(b1, to: Lanes8.self) ^ (unsafeBitCast(b2, to: Lanes8.self) &* 0x2C1B_3C6D)) &* 0x27D4_EB2D
                let unit = unsafeBitCast((h &>> 16) | 0x4B00_0000, to: Floats8.self) - 8_388_608
                let opened = CIRowKernels.clamp01(t - stagger * unit)
                CIRowKernels.store(CIRowKernels.weights((holeV * opened - distance) * pixelsPerUnit), weights + i)
                i += 8
                m += 1
            }
            CIRowKernels.mix(rows.out + x0, from: rows.from + x0, to: rows.to + x0, weights: weights + (x0 - start),
                             count: x1 - x0)
        }
    }
}

/// The mod pattern's smooth map along one row: at pixel x, the lattice coordinates (in cells,
/// kept within ±2²¹ where the rounding trick is exact) and pixels per pattern unit.
struct Lattice {
    let cx: Double, dy: Double
    let direction: ScreenDirection
    let inverseSpacing: Double, inverseCompression: Double

    /// The map at pixel `x`, one at a time: the reference for `knots`.
    func knot(_ x: Int) -> (u: Float, v: Float, p: Float) {
        let dx = Double(x) + 0.5 - cx
        let r = (dx * dx + dy * dy).squareRoot()
        let stretch = (1 + r * inverseCompression) * inverseSpacing
        let limit = 2_097_152.0
        return (Float(max(-limit, min(limit, (dx * direction.x + dy * direction.y) * stretch))),
                Float(max(-limit, min(limit, (-dx * direction.y + dy * direction.x) * stretch))),
                Float(1 / (1 + 2 * r * inverseCompression)))
    }

    /// The map at x = `start`, `start` + 8, … (`count` knots, as Float bit patterns; room for
    /// three more is needed), four at a time in doubles: the same operations as `knot`, so the
    /// same bits (one at a time they were a quarter of the row loop's instructions).
    func knots(from start: Int, count: Int, u: UnsafeMutablePointer<UInt32>, v: UnsafeMutablePointer<UInt32>,
               p: UnsafeMutablePointer<UInt32>) {
        if CIRowKernels.useReference {
            for m in 0..<count {
                let k = knot(start + 8 * m)
                u[m] = k.u.bitPattern
                v[m] = k.v.bitPattern
                p[m] = k.p.bitPattern
            }
            return
        }
        let limit = SIMD4<Double>(repeating: 2_097_152), dyV = SIMD4<Double>(repeating: dy)
        var m = 0
        while m < count {
            let x = start + 8 * m
            let dx = (SIMD4<Double>(Double(x), Double(x + 8), Double(x + 16), Double(x + 24)) + 0.5) - cx
            let r = (dx * dx + dyV * dyV).squareRoot()
            let stretch = (1 + r * inverseCompression) * inverseSpacing
            var lu = (dx * direction.x + dyV * direction.y) * stretch, lv = (-dx * direction.y + dyV * direction.x) * stretch
            lu.replace(with: limit, where: lu .> limit)
            lu.replace(with: -limit, where: lu .< -limit)
            lv.replace(with: limit, where: lv .> limit)
            lv.replace(with: -limit, where: lv .< -limit)
            let lp = 1 / (1 + 2 * r * inverseCompression)
            for k in 0..<4 {
                u[m + k] = Float(lu[k]).bitPattern
                v[m + k] = Float(lv[k]).bitPattern
                p[m + k] = Float(lp[k]).bitPattern
            }
            m += 4
        }
    }
}
