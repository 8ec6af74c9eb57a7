import Geometry
import Raster

/// `CIBarsSwipeTransition`: "transitions from one image to another by swiping rectangular portions
/// of the foreground image to disclose the target image".
///
/// `from` is cut into bars `inputWidth` pixels wide whose long side lies along `inputAngle`
/// (Core Image convention, radians counter-clockwise from +x; Apple's default π gives horizontal
/// bars moving right to left). Each bar slides along its length and out of the frame, uncovering
/// `to` behind it. Bars do not all start together: bar `i` (counted across the frame) lags
/// `((5·i) mod 8) · inputBarOffset` pixels behind the leading bars, so neighbouring bars are
/// offset by multiples of `inputBarOffset` and the front is a ragged comb.
///
/// Apple warns that angles too large or too small may give no transition. Here every finite angle
/// is reduced into −π…π, the distance each bar travels is what it takes for its slice of `from` to
/// leave the frame along that direction, and the timing stretches so that the last bar leaves
/// exactly at progress 1: every bar always sweeps the whole frame. Bars move by whole pixels (each
/// is an exact shifted copy of `from`); the edges between bars are anti-aliased over one pixel.
struct CIBarsSwipeTransition: CoreImageTransition {
    static let name = "CIBarsSwipeTransition"
    static let summary = "Core Image bars swipe: bars of the old image slide away at staggered times"
    static let displayName = "Bars Swipe"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputAngle", .angle(default: Double.pi), "direction of the bars and their motion, radians counter-clockwise from +x"),
        TransitionParameter("inputWidth", .scalar(default: 30, range: 2...100_000), "width of each bar in pixels"),
        TransitionParameter("inputBarOffset", .scalar(default: 10, range: 1...100_000),
                            "offset of one bar with respect to another, in pixels of travel"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputAngle": CIParameterInfo(displayName: "Angle", attributeType: kCIAttributeTypeAngle,
                                      slider: 0...(2 * Double.pi), description: "The angle in radians of the bars."),
        "inputWidth": CIParameterInfo(displayName: "Width", attributeType: kCIAttributeTypeDistance,
                                      slider: 2...300, description: "The width of each bar."),
        "inputBarOffset": CIParameterInfo(displayName: "Bar Offset", attributeType: kCIAttributeTypeScalar,
                                          slider: 1...100, description: "The offset of one bar with respect to another."),
    ]

    let direction: ScreenDirection
    let width: Double
    let barOffset: Double

    init(parameters: TransitionParameters) {
        direction = ScreenDirection(coreImageAngle: parameters.number("inputAngle"))
        width = parameters.number("inputWidth")
        barOffset = parameters.number("inputBarOffset")
    }

    /// How far behind the leading bars bar `i` starts, in units of `inputBarOffset`.
    static func lagUnits(_ i: Int) -> Int { (5 &* i) & 7 }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let c = clip.intersection(destination.bounds)
        guard !c.isEmpty else { return }
        let frameWidth = destination.width, frameHeight = destination.height
        let wf = Double(frameWidth), hf = Double(frameHeight)
        let ux = direction.x, uy = direction.y
        let vx = -uy, vy = ux
        let qs = [0, wf * vx, hf * vy, wf * vx + hf * vy]
        let q0 = qs.min()!, qspan = qs.max()! - q0
        let count = max(1, Int((qspan / width).rounded(.up)))
        let maxUnits = count >= 8 ? 7 : (0..<count).map(Self.lagUnits).max()!
        let lagMax = barOffset * Double(maxUnits)
        let fullX = abs(ux) > 1e-12 ? wf / abs(ux) : .infinity
        let fullY = abs(uy) > 1e-12 ? hf / abs(uy) : .infinity
        let full = min(fullX, fullY)
        let travel = progress * (full + lagMax)
        let width = self.width, barOffset = self.barOffset

        /// Bar `i`'s shift in whole pixels, or nil once it has left the frame.
        @inline(__always) func shift(_ i: Int) -> (dx: Int, dy: Int)? {
            let d = min(full, max(0, travel - barOffset * Double(Self.lagUnits(i))))
            guard d < full else { return nil }
            return (Int((d * ux).rounded()), Int((d * uy).rounded()))
        }

        let fromBase = from.baseAddress, toBase = to.baseAddress
        let fromStride = from.rowStride, toStride = to.rowStride

        /// The pixel a bar shifted by `shift` (nil: gone) shows at (x, y).
        @inline(__always) func barPixel(_ shift: (dx: Int, dy: Int)?, _ x: Int, _ y: Int) -> UInt32 {
            if let s = shift {
                let sx = x &- s.dx, sy = y &- s.dy
                if sx >= 0, sx < frameWidth, sy >= 0, sy < frameHeight { return fromBase[sy &* fromStride &+ sx] }
            }
            return toBase[y &* toStride &+ x]
        }

        for y in c.minY..<c.maxY {
            let rows = FrameRows(y, out: destination, from: from, to: to)
            let qy = 0.5 * vx + (Double(y) + 0.5) * vy - q0
            // Zones along the row, monotonic in x: 2·i inside bar i, 2·k − 1 on the one-pixel
            // ramp across the edge between bars k − 1 and k.
            @inline(__always) func zone(_ x: Int) -> Int {
                let q = qy + vx * Double(x)
                let k = (q / width).rounded()
                if k >= 1, k <= Double(count - 1), abs(q - k * width) < 0.5 { return 2 * Int(k) - 1 }
                return 2 * min(count - 1, max(0, Int((q / width).rounded(.down))))
            }
            var a = c.minX
            while a < c.maxX {
                let z = zone(a)
                var lo = a + 1, hi = c.maxX
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if zone(mid) == z { lo = mid + 1 } else { hi = mid }
                }
                let b = lo
                if z & 1 == 0 {
                    let i = z / 2
                    if let s = shift(i), y - s.dy >= 0, y - s.dy < frameHeight {
                        let fromStart = min(b, max(a, s.dx)), fromEnd = max(fromStart, min(b, s.dx + frameWidth))
                        (rows.out + a).update(from: rows.to + a, count: fromStart - a)
                        (rows.out + fromStart).update(from: fromBase + (y - s.dy) * fromStride + (fromStart - s.dx),
                                                      count: fromEnd - fromStart)
                        (rows.out + fromEnd).update(from: rows.to + fromEnd, count: b - fromEnd)
                    } else {
                        (rows.out + a).update(from: rows.to + a, count: b - a)
                    }
                } else {
                    // The two bars' shifts are the same all along the ramp: rounded once here,
                    // not per pixel (libm's `round` was 15 % of the transition's instructions).
                    let k = (z + 1) / 2, edge = Double(k) * width
                    let before = shift(k - 1), after = shift(k)
                    for x in a..<b {
                        let q = qy + vx * Double(x)
                        let w = CIRowKernels.weight(Float(q - edge + 0.5))
                        rows.out[x] = CIRowKernels.mixPixel(barPixel(before, x, y), barPixel(after, x, y), w)
                    }
                }
                a = b
            }
        }
    }
}
