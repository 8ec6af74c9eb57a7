import Geometry
import Raster
import Synchronization

/// `CIDisintegrateWithMaskTransition`: "transitions from one image to another using the shape
/// defined by a mask".
///
/// The mask's brightness decides when each pixel changes: as progress runs from 0 to 1 a threshold
/// sweeps from black to white, and every pixel whose mask value lies below it shows `to` (with a
/// soft edge 6 % of the brightness range wide) — dark parts of the mask disintegrate first, white
/// parts last. What is left of `from` casts a shadow onto the uncovered `to`: the mask blurred by
/// `inputShadowRadius` (a Gaussian of standard deviation radius / 2), thresholded alike, shifted by
/// `inputShadowOffset` and darkening `to` by up to `inputShadowDensity`.
///
/// `inputMaskImage` is an image, not a parameter: `CIFilter` passes the image you set, stretched to
/// the frame (its luminance is the mask, transparent counts as black). The registry has no way to
/// name an image file, so without one the mask is procedural: smooth value noise (four octaves,
/// features about a sixth of the frame's smaller side) equalised so that the uncovered area grows
/// evenly with time. Masks are built once per frame size and kept.
///
/// Apple's default shadow offset (0, −10) points down in Core Image's y-up coordinates; here points
/// are y-down pixels, so the default is (0, 10). `CIFilter` converts Apple's values.
struct CIDisintegrateWithMaskTransition: CoreImageTransition {
    static let name = "CIDisintegrateWithMaskTransition"
    static let summary = "Core Image disintegrate: the old image breaks up in the shape of a mask, casting a shadow"
    static let displayName = "Disintegrate with Mask"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputShadowRadius", .scalar(default: 8, range: 0...1000),
                            "radius of the shadow cast by what remains of the old image, in pixels"),
        TransitionParameter("inputShadowDensity", .scalar(default: 0.65, range: 0...1), "darkness of the shadow"),
        TransitionParameter("inputShadowOffset", .point(default: CGPoint(x: 0, y: 10)),
                            "offset of the shadow in pixels (y down)"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputShadowRadius": CIParameterInfo(displayName: "Shadow Radius", attributeType: kCIAttributeTypeDistance,
                                             slider: 0...50, description: "The radius of the shadow created by the mask."),
        "inputShadowDensity": CIParameterInfo(displayName: "Shadow Density", attributeType: kCIAttributeTypeScalar,
                                              slider: 0...1, description: "The density of the shadow created by the mask."),
        "inputShadowOffset": CIParameterInfo(displayName: "Shadow Offset", attributeType: kCIAttributeTypeOffset,
                                             description: "The offset of the shadow created by the mask."),
    ]
    static let imageInputs = [CIImageInput(key: "inputMaskImage", displayName: "Mask Image",
                                           description: "An image that defines the shape to use when disintegrating from the source to the target image.")]

    /// Width of the soft edge, as a fraction of the mask's range.
    static let feather = 0.06

    let shadowRadius: Double
    let shadowDensity: Double
    let shadowOffset: CGPoint
    let maskImage: Bitmap?
    let masks = MaskCache()

    init(parameters: TransitionParameters) {
        self.init(parameters: parameters, images: [:])
    }

    init(parameters: TransitionParameters, images: [String: Bitmap]) {
        shadowRadius = parameters.number("inputShadowRadius")
        shadowDensity = parameters.number("inputShadowDensity")
        shadowOffset = parameters.point("inputShadowOffset")
        maskImage = images["inputMaskImage"].flatMap { $0.size.isEmpty ? nil : $0.copy() }
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let size = destination.size
        let (mask, shadow) = masks.masks(for: size) { buildMasks(size) }
        // Both weights are linear in the mask value m (0…255) before clamping: where `to` shows,
        // `reveal = clamp(r0 − r1·m)`, and the shadow, `density · (1 − clamp(s0 − s1·m))`.
        let f = Self.feather, threshold = progress * (1 + f) - f / 2
        let shadowFeather = f * (1 + shadowRadius / 4)
        let r0 = Float(threshold / f + 0.5), r1 = Float(1 / (255 * f))
        let s0 = Float(threshold / shadowFeather + 0.5), s1 = Float(1 / (255 * shadowFeather))
        let density = Float(shadowDensity)
        let (weights, stride) = scratch.laneRows(2, length: size.width)
        let shadows = weights + stride
        // Any finite offset is valid; beyond ±10⁹ pixels the shadow is off the frame all the same,
        // and the clamp keeps the conversion to Int (and the column sums) from overflowing.
        let ox = Int(min(1e9, max(-1e9, Double(shadowOffset.x))).rounded())
        let oy = Int(min(1e9, max(-1e9, Double(shadowOffset.y))).rounded())
        let hasShadow = shadowDensity > 0
        let c = clip.intersection(destination.bounds)
        guard !c.isEmpty else { return }
        for y in c.minY..<c.maxY {
            let rows = FrameRows(y, out: destination, from: from, to: to)
            Self.maskWeights(mask.baseAddress + y * mask.rowStride + c.minX, count: c.width, into: weights) { m in
                r0 - r1 * m
            }
            (rows.out + c.minX).update(from: rows.to + c.minX, count: c.width)
            let sy = y - oy
            if hasShadow, sy >= 0, sy < size.height {
                // Columns whose shadow source lies inside the frame; the rest get no shadow.
                let a = min(c.maxX, max(c.minX, ox)), b = max(a, min(c.maxX, size.width + ox))
                (shadows).update(repeating: 0, count: a - c.minX)
                Self.maskWeights(shadow.baseAddress + sy * shadow.rowStride + (a - ox), count: b - a,
                                 into: shadows + (a - c.minX)) { m in
                    density * (1 - CIRowKernels.clamp01(s0 - s1 * m))
                }
                (shadows + (b - c.minX)).update(repeating: 0, count: c.maxX - b)
                CIRowKernels.tint(rows.out + c.minX, color: 0xFF00_0000, weights: shadows, count: c.width)
            }
            CIRowKernels.mix(rows.out + c.minX, from: rows.from + c.minX, to: rows.out + c.minX,
                             weights: weights, count: c.width)
        }
    }

    /// Weights `f(m)` for `count` mask values, eight at a time (bytes widened with shifts and
    /// turned into floats with the 2²³ trick). `weights` needs room for `count` rounded up to 8.
    @inline(__always)
    static func maskWeights(_ values: UnsafePointer<UInt8>, count: Int, into weights: UnsafeMutablePointer<UInt32>,
                            _ f: (Floats8) -> Floats8) {
        var i = 0
        while i < count {
            let lanes: Lanes8
            if i &+ 8 <= count {
                let bytes = UInt64(littleEndian: UnsafeRawPointer(values + i).loadUnaligned(as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: bytes), high = UInt32(truncatingIfNeeded: bytes &>> 32)
                lanes = (Lanes8(low, low, low, low, high, high, high, high) &>> Lanes8(0, 8, 16, 24, 0, 8, 16, 24)) & 0xFF
            } else {
                var partial = Lanes8(repeating: 0)
                for lane in 0..<(count &- i) { partial[lane] = UInt32(values[i &+ lane]) }
                lanes = partial
            }
            let m = unsafeBitCast(lanes | 0x4B00_0000, to: Floats8.self) - 8_388_608
            CIRowKernels.store(CIRowKernels.weights(f(m)), weights + i)
            i &+= 8
        }
    }

    /// The mask at `size` and its blurred copy for the shadow.
    private func buildMasks(_ size: PixelSize) -> (CoverageMask, CoverageMask) {
        let mask = maskImage.map { Self.luminance(of: $0, stretchedTo: size) } ?? Self.noiseMask(size)
        let blur = BoxBlur(standardDeviation: shadowRadius / 2)
        guard !blur.isIdentity, let grown = try? mask.blurred(blur),
              let inner = try? grown.view(of: PixelRect(x: blur.extent, y: blur.extent, width: size.width, height: size.height))
        else { return (mask, mask) }
        return (mask, inner)
    }

    /// `image` stretched to `size` (bilinear), as luminance bytes of its premultiplied pixels.
    static func luminance(of image: Bitmap, stretchedTo size: PixelSize) -> CoverageMask {
        let stretched = Bitmap(size: size)
        let map = ProjectiveTransform.scale(x: Double(image.width) / Double(max(1, size.width)),
                                            y: Double(image.height) / Double(max(1, size.height)))
        stretched.drawImage(image, inverseTransform: map,
                            options: ImageDrawOptions(opacity: 1, filter: .mipmappedBilinear, edgeAntialiasing: false))
        let mask = CoverageMask(size: size)
        for y in 0..<size.height {
            let pixels = stretched.row(y), values = mask.row(y)
            for x in 0..<size.width {
                let p = pixels[x]
                values[x] = UInt8((77 * (p >> 16 & 0xFF) + 150 * (p >> 8 & 0xFF) + 29 * (p & 0xFF) + 128) >> 8)
            }
        }
        return mask
    }

    /// Value noise, four octaves, computed at a quarter of the resolution, stretched to `size`
    /// and equalised (each byte value covers about the same area).
    static func noiseMask(_ size: PixelSize) -> CoverageMask {
        let lw = max(1, (size.width + 3) / 4), lh = max(1, (size.height + 3) / 4)
        let cell = max(2, Double(min(lw, lh)) / 6)
        let low = Bitmap(width: lw, height: lh)
        @inline(__always) func lattice(_ i: Int, _ j: Int, _ octave: Int) -> Double {
            var h = UInt32(truncatingIfNeeded: i &* 374_761_393 &+ j &* 668_265_263 &+ octave &* 2_246_822_519)
            h = (h ^ (h >> 13)) &* 1_274_126_177
            h ^= h >> 16
            return Double(h & 0xFFFF) / 65535
        }
        for y in 0..<lh {
            let row = low.row(y)
            for x in 0..<lw {
                var value = 0.0, amplitude = 1.0, total = 0.0, scale = 1 / cell
                for octave in 0..<4 {
                    let fx = (Double(x) + 0.5) * scale, fy = (Double(y) + 0.5) * scale
                    let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
                    var tx = fx - Double(ix), ty = fy - Double(iy)
                    tx = tx * tx * (3 - 2 * tx)
                    ty = ty * ty * (3 - 2 * ty)
                    let top = lattice(ix, iy, octave) * (1 - tx) + lattice(ix + 1, iy, octave) * tx
                    let bottom = lattice(ix, iy + 1, octave) * (1 - tx) + lattice(ix + 1, iy + 1, octave) * tx
                    value += amplitude * (top * (1 - ty) + bottom * ty)
                    total += amplitude
                    amplitude *= 0.5
                    scale *= 2
                }
                let v = UInt32((value / total * 255).rounded())
                row[x] = 0xFF00_0000 | v << 16 | v << 8 | v
            }
        }
        let mask = luminance(of: low, stretchedTo: size)
        var histogram = [Int](repeating: 0, count: 256)
        for y in 0..<size.height { for v in mask.row(y) { histogram[Int(v)] += 1 } }
        var map = [UInt8](repeating: 0, count: 256), running = 0
        let total = max(1, size.area)
        for v in 0..<256 {
            let below = running
            running += histogram[v]
            map[v] = UInt8(min(255, (Double(below + running) / 2 / Double(total) * 256).rounded(.down)))
        }
        for y in 0..<size.height {
            let values = mask.row(y)
            for x in 0..<size.width { values[x] = map[Int(values[x])] }
        }
        return mask
    }

    /// The masks built for the last frame size, shared by every copy of the transition.
    final class MaskCache: Sendable {
        private let entry = Mutex<(PixelSize, CoverageMask, CoverageMask)?>(nil)

        func masks(for size: PixelSize, build: () -> (CoverageMask, CoverageMask)) -> (CoverageMask, CoverageMask) {
            entry.withLock { entry in
                if let entry, entry.0 == size { return (entry.1, entry.2) }
                let (mask, shadow) = build()
                entry = (size, mask, shadow)
                return (mask, shadow)
            }
        }
    }
}
