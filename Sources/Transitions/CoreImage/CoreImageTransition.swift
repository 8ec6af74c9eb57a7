// DESIGN NOTE — Core Image transition filters.
//
// Each filter is a `Transition` named with Apple's filter name and carrying every one of Apple's
// numeric, point, rectangle and colour inputs as `TransitionParameter`s under Apple's keys, with
// Apple's defaults and minimums (maximums where Apple has one; where Apple has none the range is
// capped at a large value so that the registry can validate it). Image inputs
// (`inputMaskImage`, `inputShadingImage`) are not parameters: they default to procedural images
// and `CIFilter` passes real images through `init(parameters:images:)`.
//
// Coordinates. A transition's points and rectangles are in pixels of the frame with the origin at
// the top left and y down, like every other Kinescope transition. Angles follow Core Image: radians,
// 0 along +x, counter-clockwise as seen on screen, so code written for Core Image gives the same
// directions. `CIFilter` accepts Core Image coordinates (origin bottom left, y up) and converts
// them for each frame (`CIFilterTransition`). Apple's defaults for `inputExtent` ([0 0 300 300])
// and `inputCenter` ([150 150]) describe a 300×300 image; here both are derived from the frame
// instead — the extent is the whole frame and the centre is the centre of the extent — and the
// value `auto` restores that. Outside an explicit extent the transition is a plain cross-dissolve,
// so every pixel still goes from `from` to `to`.
//
// Every filter renders progress ≤ 0 as an exact copy of `from` and ≥ 1 as an exact copy of `to`,
// whatever its parameters.
//
// Speed: work is done row by row inside the clip; rows are split analytically into runs that are
// plain copies and runs that need per-pixel weights (computed eight lanes at a time), then mixed
// with the kernels in `CIRowKernels`. Nothing is allocated per frame except what `TransitionScratch`
// keeps, and per-frame-size caches (the disintegration mask) built on the first frame of a size.
// Measured with a throwaway executable: 1920×1080 frames, release, `-target-cpu haswell` (this
// swiftc refuses `x86-64-v3`, the same feature level), one core, thread CPU time per frame at
// progress 0.1, 0.3, 0.5, 0.7 and 0.9, 15 frames each; the slowest progress point is given as
// best / median. The machine was shared with other engineers' builds (load average 12–16 on two
// cores), so these are upper bounds.
//   CIDissolveTransition             1.1 / 1.5 ms
//   CISwipeTransition                1.5 / 1.8 ms   (300-pixel band)
//   CIBarsSwipeTransition            1.9 / 3.0 ms
//   CICopyMachineTransition          1.6 / 1.8 ms
//   CIModTransition                  6.6 / 7.1 ms   (every pixel: lattice, hash, distance; ≈ 10.5 ms at baseline x86-64)
//   CIFlashTransition                5.1 / 5.5 ms   (at 0.5 the rays cover the frame)
//   CIRippleTransition               6.1 / 7.0 ms   (bilinear warp of both images in the ring)
//   CIDisintegrateWithMaskTransition 4.6 / 4.9 ms   (+ ≈ 50 ms once per frame size to build the mask)
//   CIAccordionFoldTransition        1.0 / 1.2 ms
// Later, with the speed harness (best of 7 over progress 0.05 … 0.95, same machine, load 2–4):
// CIRippleTransition's warp reads both images at one offset per lane, taken out once, when all
// eight texel pairs lie inside (`Lanes.sample`; the edge path as before): slowest frame 7.35 →
// 6.3 ms (at 0.45), median 5.5 → 4.2 ms. CIModTransition computes a row's exact knots (every
// eighth pixel) four at a time in doubles before the lane loop (`Lattice.knots`, the same bits
// as `Lattice.knot` one at a time, tested): run alternately with the old binary, best of 5,
// slowest 7.7 / 6.7 → 4.8 / 4.7 ms (at 0.75), median 6.2 / 6.3 → 4.5 / 4.3 ms.
// Before the measures above (scalarised `SIMD.clamped`/`squareRoot`, lane-by-lane `SIMD8 ==`,
// partial vector stores) mod took 57–80 ms, ripple 65 ms and flash 79 ms per frame (wall clock,
// same load).

import Geometry
import Raster

/// What `CIFilter` needs beyond `Transition`: Apple's display names, attribute types, slider
/// ranges and image inputs.
protocol CoreImageTransition: Transition {
    /// Apple's localized display name (`kCIAttributeFilterDisplayName`), e.g. "Bars Swipe".
    static var displayName: String { get }
    /// Attribute facts per parameter key (keys without an entry get generic facts).
    static var attributeInfo: [String: CIParameterInfo] { get }
    /// Image-valued inputs besides `inputImage` and `inputTargetImage`.
    static var imageInputs: [CIImageInput] { get }
    /// Creates the transition with images for `imageInputs` (missing ones use the procedural default).
    init(parameters: TransitionParameters, images: [String: Bitmap])
}

extension CoreImageTransition {
    static var imageInputs: [CIImageInput] { [] }
    init(parameters: TransitionParameters, images: [String: Bitmap]) { self.init(parameters: parameters) }
}

/// Apple's facts about one filter input, for `CIFilter.attributes`.
struct CIParameterInfo: Sendable {
    /// `kCIAttributeDisplayName`, e.g. "Bar Offset".
    var displayName: String
    /// `kCIAttributeType`, e.g. `kCIAttributeTypeDistance`.
    var attributeType: String
    /// `kCIAttributeSliderMin…kCIAttributeSliderMax`; nil uses the valid range.
    var slider: ClosedRange<Double>? = nil
    /// One line for `kCIAttributeDescription`.
    var description: String = ""
}

/// An image-valued input such as `inputMaskImage`.
struct CIImageInput: Sendable {
    var key: String
    var displayName: String
    var description: String
}

/// Core Image's angle convention in the frame's y-down pixels: the unit vector of `angle`
/// (radians, counter-clockwise on screen from +x), after reducing any finite angle into −π…π.
struct ScreenDirection: Sendable {
    let x: Double, y: Double

    init(coreImageAngle angle: Double) {
        let reduced = angle.isFinite ? remainder(angle, 2 * Double.pi) : 0
        x = cos(reduced)
        y = -sin(reduced)
    }
}

/// The part of a frame an effect runs in: an extent in pixels (y down), and the pixels whose
/// centres lie inside it, clamped to the frame.
struct EffectArea: Sendable {
    let rect: CGRect
    let x0: Int, x1: Int, y0: Int, y1: Int

    /// `extent` in pixels, or the whole frame when nil.
    init(extent: CGRect?, size: PixelSize) {
        let r = extent ?? CGRect(x: 0, y: 0, width: size.width, height: size.height)
        rect = r
        func first(_ edge: Double, _ limit: Int) -> Int { Int(max(0, min(Double(limit), (edge - 0.5).rounded(.up)))) }
        x0 = first(Double(r.minX), size.width)
        x1 = max(x0, first(Double(r.maxX), size.width))
        y0 = first(Double(r.minY), size.height)
        y1 = max(y0, first(Double(r.maxY), size.height))
    }

    var center: CGPoint { CGPoint(x: rect.midX, y: rect.midY) }

    /// The corners of the extent.
    var corners: [(Double, Double)] {
        [(Double(rect.minX), Double(rect.minY)), (Double(rect.maxX), Double(rect.minY)),
         (Double(rect.minX), Double(rect.maxY)), (Double(rect.maxX), Double(rect.maxY))]
    }

    /// The distance from `point` to the farthest corner of the extent (at least 1 pixel).
    func farthestCornerDistance(from point: CGPoint) -> Double {
        let px = Double(point.x), py = Double(point.y)
        return max(1, corners.map { ((($0.0 - px) * ($0.0 - px)) + (($0.1 - py) * ($0.1 - py))).squareRoot() }.max()!)
    }

    /// The smallest and largest `x·dx + y·dy` over the extent's corners.
    func projection(_ d: ScreenDirection) -> (min: Double, max: Double) {
        let values = corners.map { $0.0 * d.x + $0.1 * d.y }
        return (values.min()!, values.max()!)
    }
}

/// Row pointers of the three frames for one row.
struct FrameRows {
    let out: UnsafeMutablePointer<UInt32>
    let from: UnsafeMutablePointer<UInt32>
    let to: UnsafeMutablePointer<UInt32>

    init(_ y: Int, out: Bitmap, from: Bitmap, to: Bitmap) {
        self.out = out.baseAddress + y * out.rowStride
        self.from = from.baseAddress + y * from.rowStride
        self.to = to.baseAddress + y * to.rowStride
    }
}

enum CoreImageFrame {
    /// Copies `from` (progress ≤ 0, or NaN) or `to` (progress ≥ 1) into `clip` and returns true;
    /// returns false for progress strictly between.
    static func copyEnds(progress: Double, from: Bitmap, to: Bitmap, into destination: Bitmap, clip: PixelRect) -> Bool {
        guard !(progress > 0 && progress < 1) else { return false }
        let source = progress >= 1 ? to : from
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return true }
        for y in area.minY..<area.maxY {
            (destination.baseAddress + y * destination.rowStride + area.minX)
                .update(from: source.baseAddress + y * source.rowStride + area.minX, count: area.width)
        }
        return true
    }

    /// Calls `inside(y, x0, x1, rows)` for the part of each row of `clip` that lies in `area`,
    /// and cross-dissolves (weight `outside`, 0…255) every other pixel of the clip.
    @inline(__always)
    static func forEachRow(clip: PixelRect, area: EffectArea, from: Bitmap, to: Bitmap, out: Bitmap,
                           outside: UInt32, _ inside: (Int, Int, Int, FrameRows) -> Void) {
        let c = clip.intersection(out.bounds)
        guard !c.isEmpty else { return }
        for y in c.minY..<c.maxY {
            let rows = FrameRows(y, out: out, from: from, to: to)
            let ix0 = max(c.minX, area.x0), ix1 = min(c.maxX, area.x1)
            guard y >= area.y0, y < area.y1, ix1 > ix0 else {
                CIRowKernels.mix(rows.out + c.minX, from: rows.from + c.minX, to: rows.to + c.minX,
                                 weight: outside, count: c.width)
                continue
            }
            if ix0 > c.minX {
                CIRowKernels.mix(rows.out + c.minX, from: rows.from + c.minX, to: rows.to + c.minX,
                                 weight: outside, count: ix0 - c.minX)
            }
            if c.maxX > ix1 {
                CIRowKernels.mix(rows.out + ix1, from: rows.from + ix1, to: rows.to + ix1,
                                 weight: outside, count: c.maxX - ix1)
            }
            inside(y, ix0, ix1, rows)
        }
    }

    /// Splits the pixels `x0..<x1` of a row by a linear function `s(x) = s0 + slope·x` (x the
    /// pixel index) into runs with `s ≤ low` (kind −1), `s ≥ high` (kind +1) and in between
    /// (kind 0), and calls `run(kind, start, end)` for each, in order of x. `s` is monotonic, so
    /// there are at most three runs; their ends are found by bisection on the same formula that
    /// classifies each pixel, so no pixel lands in the wrong run.
    @inline(__always)
    static func splitRuns(x0: Int, x1: Int, s0: Double, slope: Double, low: Double, high: Double,
                          _ run: (Int, Int, Int) -> Void) {
        @inline(__always) func kind(_ x: Int) -> Int {
            let s = s0 + slope * Double(x)
            return s <= low ? -1 : (s >= high ? 1 : 0)
        }
        var a = x0
        while a < x1 {
            let k = kind(a)
            var lo = a + 1, hi = x1
            while lo < hi {
                let mid = (lo + hi) / 2
                if kind(mid) == k { lo = mid + 1 } else { hi = mid }
            }
            run(k, a, lo)
            a = lo
        }
    }
}
