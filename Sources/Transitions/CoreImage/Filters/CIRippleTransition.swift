import Geometry
import Raster

/// `CIRippleTransition`: "transitions from one image to another by creating a circular wave that
/// expands from the center point, revealing the new image in the wake of the wave".
///
/// A ring `inputWidth` pixels wide grows from `inputCenter` (default: the centre of the extent)
/// until it has passed the extent's farthest corner at progress 1. Outside the ring the frame shows
/// `from`, inside it `to`; across the ring the two blend (smoothly) and the picture is refracted
/// radially by a hump-shaped wave whose height is `inputScale` pixels: positive values sample
/// towards the centre (a bulge, as Apple describes higher values), negative ones away from it (a
/// dimple). The wave is lit with `inputShadingImage`, "an image that looks like a shaded sphere": the
/// wave's slope picks a point on the sphere, whose colour is laid over the ring with strength
/// `|inputScale| / 50` (at most 1). Without a shading image a procedural sphere with a soft
/// highlight from the upper left is used. Outside an explicit `inputExtent` the frame cross-dissolves.
struct CIRippleTransition: CoreImageTransition {
    static let name = "CIRippleTransition"
    static let summary = "Core Image ripple: a circular wave spreads from a point and leaves the new image in its wake"
    static let displayName = "Ripple"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputCenter", .point(default: nil), "centre of the ripple in pixels; auto: the centre of the extent"),
        TransitionParameter("inputExtent", .rect(default: nil), "the region the ripple crosses, in pixels; auto: the frame"),
        TransitionParameter("inputWidth", .scalar(default: 100, range: 1...100_000), "width of the ripple in pixels"),
        TransitionParameter("inputScale", .scalar(default: 50, range: -50...1000),
                            "height of the wave in pixels: positive bulges, negative dimples"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputCenter": CIParameterInfo(displayName: "Center", attributeType: kCIAttributeTypePosition,
                                       description: "The center of the effect as x and y pixel coordinates."),
        "inputExtent": CIParameterInfo(displayName: "Extent", attributeType: kCIAttributeTypeRectangle,
                                       description: "A rectangle that defines the extent of the effect."),
        "inputWidth": CIParameterInfo(displayName: "Width", attributeType: kCIAttributeTypeDistance,
                                      slider: 10...300, description: "The width of the ripple."),
        "inputScale": CIParameterInfo(displayName: "Scale", attributeType: kCIAttributeTypeScalar,
                                      slider: -50...50,
                                      description: "A value that determines whether the ripple starts as a bulge (higher value) or a dimple (lower value)."),
    ]
    static let imageInputs = [CIImageInput(key: "inputShadingImage", displayName: "Shading Image",
                                           description: "An image that looks like a shaded sphere enclosed in a square image.")]

    /// Side of the square table the shading image is reduced to.
    static let shadingSize = 64

    let center: CGPoint?
    let extent: CGRect?
    let width: Double
    let scale: Double
    /// The shading image at `shadingSize`², premultiplied, row by row.
    let shading: [UInt32]

    init(parameters: TransitionParameters) {
        self.init(parameters: parameters, images: [:])
    }

    init(parameters: TransitionParameters, images: [String: Bitmap]) {
        center = parameters.explicitPoint("inputCenter")
        extent = parameters.explicitRect("inputExtent")
        width = parameters.number("inputWidth")
        scale = parameters.number("inputScale")
        if let image = images["inputShadingImage"], !image.size.isEmpty {
            shading = Self.table(from: image)
        } else {
            shading = Self.proceduralShading
        }
    }

    /// A shaded sphere: white, with an opacity that follows a highlight from the upper left
    /// (diffuse falloff to the power 4), clear outside the disc.
    static let proceduralShading: [UInt32] = {
        let n = shadingSize
        var table = [UInt32](repeating: 0, count: n * n)
        let light = (x: -0.45, y: -0.55, z: 0.70)
        let norm = (light.x * light.x + light.y * light.y + light.z * light.z).squareRoot()
        for j in 0..<n {
            for i in 0..<n {
                let u = (Double(i) + 0.5) / Double(n) * 2 - 1, v = (Double(j) + 0.5) / Double(n) * 2 - 1
                let rr = u * u + v * v
                guard rr < 1 else { continue }
                let z = (1 - rr).squareRoot()
                let diffuse = max(0, (u * light.x + v * light.y + z * light.z) / norm)
                let a = UInt8((pow(diffuse, 4) * 0.85 * 255).rounded())
                table[j * n + i] = StraightColor(red: 255, green: 255, blue: 255, alpha: a).premultiplied.packed
            }
        }
        return table
    }()

    /// `image` reduced (or enlarged) to the table size by bilinear sampling at cell centres.
    static func table(from image: Bitmap) -> [UInt32] {
        let n = shadingSize
        var table = [UInt32](repeating: 0, count: n * n)
        for j in 0..<n {
            for i in 0..<n {
                let x = (Float(i) + 0.5) / Float(n) * Float(image.width)
                let y = (Float(j) + 0.5) / Float(n) * Float(image.height)
                table[j * n + i] = BilinearSampler.sample(image, x: x, y: y)
            }
        }
        return table
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let area = EffectArea(extent: extent, size: destination.size)
        let c = center ?? area.center
        let outer = progress * (area.farthestCornerDistance(from: c) + 1 + width)
        let inner = outer - width
        let cx = Double(c.x), cy = Double(c.y)
        let light = Float((min(1, abs(scale) / 50) * 255).rounded())
        // Per-pixel sample positions, weights and shading, computed eight lanes at a time, then
        // gathered by a scalar loop.
        let frameWidth = destination.width
        let (lanes, stride) = scratch.laneRows(6, length: frameWidth)
        let xs0 = lanes, ys0 = lanes + stride, txs = lanes + 2 * stride, tys = lanes + 3 * stride
        let blends = lanes + 4 * stride, lights = lanes + 5 * stride
        let n = Self.shadingSize, half = Float(n) / 2
        // Every constant as a vector: scalars mixed into lane arithmetic made LLVM split the
        // loop into 128-bit halves with shuffles (measured 2× slower).
        let centerX = Floats8(repeating: Float(cx)), centerY = Floats8(repeating: Float(cy))
        let ringWidth = Floats8(repeating: Float(width)), ringOuter = Floats8(repeating: Float(outer))
        let waveHeight = Floats8(repeating: Float(scale))
        let slopeScale = Floats8(repeating: Float(scale < 0 ? -0.9 : 0.9) * half)
        let lowest = Floats8(repeating: -2), tiny = Floats8(repeating: 1e-3)
        let highestX = Floats8(repeating: Float(destination.width) + 2)
        let highestY = Floats8(repeating: Float(destination.height) + 2)
        let halfV = Floats8(repeating: half), lastTexel = Floats8(repeating: Float(n - 1)), zero = Floats8(repeating: 0)
        let lightV = Floats8(repeating: light), texelsPerRow = Lanes8(repeating: UInt32(n))
        shading.withUnsafeBufferPointer { shade in
            CoreImageFrame.forEachRow(clip: clip, area: area, from: from, to: to, out: destination,
                                      outside: CIRowKernels.weight(Float(progress))) { y, x0, x1, rows in
                let dyD = Double(y) + 0.5 - cy
                /// The pixels of this row whose centres lie inside the circle of `radius`.
                func inside(_ radius: Double) -> (Int, Int) {
                    guard radius > 0, radius * radius > dyD * dyD else { return (x0, x0) }
                    let h = (radius * radius - dyD * dyD).squareRoot()
                    // Clamped before the conversion: a centre far off the frame would not fit an Int.
                    func column(_ v: Double) -> Int { Int(min(1e9, max(-1e9, v))) }
                    let a = max(x0, min(x1, column((cx - h - 0.5).rounded(.up))))
                    return (a, max(a, min(x1, column((cx + h - 0.5).rounded(.down)) + 1)))
                }
                let ring = inside(outer), core = inside(inner)
                (rows.out + x0).update(from: rows.from + x0, count: ring.0 - x0)
                (rows.out + ring.1).update(from: rows.from + ring.1, count: x1 - ring.1)
                let dy = Floats8(repeating: Float(dyD))
                func wave(_ a: Int, _ b: Int) {
                    var i = 0
                    while i < b &- a {
                        let dx = Floats8(repeating: Float(a &+ i)) + CIRowKernels.laneOffsets + 0.5 - centerX
                        var r = CIRowKernels.squareRoot(dx * dx + dy * dy)
                        r.replace(with: tiny, where: r .< tiny)
                        let s = CIRowKernels.clamp01((ringOuter - r) / ringWidth)
                        let hump = 4 * s * (1 - s)
                        let k = (r - waveHeight * hump) / r
                        var sx = centerX + dx * k - 0.5, sy = centerY + dy * k - 0.5
                        sx.replace(with: lowest, where: sx .< lowest)
                        sx.replace(with: highestX, where: sx .> highestX)
                        sy.replace(with: lowest, where: sy .< lowest)
                        sy.replace(with: highestY, where: sy .> highestY)
                        let fx = CIRowKernels.floor(sx), fy = CIRowKernels.floor(sy)
                        CIRowKernels.store(fx.bits, xs0 + i)
                        CIRowKernels.store(fy.bits, ys0 + i)
                        CIRowKernels.store(CIRowKernels.roundedBits((sx - fx.value) * 256), txs + i)
                        CIRowKernels.store(CIRowKernels.roundedBits((sy - fy.value) * 256), tys + i)
                        CIRowKernels.store(CIRowKernels.weights(s * s * (3 - 2 * s)), blends + i)
                        if light > 0 {
                            let slope = slopeScale * (1 - 2 * s) / r
                            var u = halfV + slope * dx, v = halfV + slope * dy
                            u.replace(with: zero, where: u .< zero)
                            u.replace(with: lastTexel, where: u .> lastTexel)
                            v.replace(with: zero, where: v .< zero)
                            v.replace(with: lastTexel, where: v .> lastTexel)
                            let index = CIRowKernels.floor(v).bits &* texelsPerRow &+ CIRowKernels.floor(u).bits
                            let strength = CIRowKernels.roundedBits(lightV * hump)
                            CIRowKernels.store(index &<< 8 | strength, lights + i)
                        }
                        i &+= 8
                    }
                    WarpSampler.run(WarpLanes(ix: xs0, iy: ys0, tx: txs, ty: tys, blend: blends, light: lights),
                                    count: b - a, from: from, to: to, shading: light > 0 ? shade.baseAddress : nil,
                                    into: rows.out + a)
                }
                if core.1 > core.0 {
                    wave(ring.0, core.0)
                    (rows.out + core.0).update(from: rows.to + core.0, count: core.1 - core.0)
                    wave(core.1, ring.1)
                } else {
                    wave(ring.0, ring.1)
                }
            }
        }
    }
}
