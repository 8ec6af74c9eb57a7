// DESIGN NOTE — the camera iris (cameraIrisHollowOpen, cameraIrisHollowClose).
//
// The aperture is a regular hexagon about the frame's centre that turns as it opens or closes,
// as the six blades of a camera's iris make it; the blades' straight edges continue beyond each
// corner of the aperture as thin dark lines (the pinwheel a real iris shows), and the aperture's
// rim is darkened. Both darkenings fade in and out with the motion, so the ends are exact.
//
// Each row is cut at the points where it enters and leaves the aperture (two half-plane
// intervals: surely inside, and possibly touched including the rim) and where it meets each of
// the six blade lines: at most sixteen breakpoints, sorted on the stack. Runs surely inside or
// surely clear are copies of one image; the others (one or two pixels at each crossing) go
// through `pixels(row:x:)`, eight lanes at a time, which is also the per-pixel reference.
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, thread CPU time per 1920×1080 frame of two photographs, best of 25 at
// progress 0.25 / 0.5 / 0.75, on the shared 2-core machine (load average 6–10, so these are
// upper bounds): open 2.1 / 2.3 / 1.6 ms, close 1.5 / 2.2 / 2.3 ms.

import Geometry
import Raster

/// The camera iris: the `inside` image seen through a hexagonal aperture whose size is
/// `aperture` (1: the aperture clears the whole frame, 0: closed), the `blades` image on the
/// hollow blades around it.
struct CameraIris: Sendable {
    /// The frame's half-diagonal over cos 30°: the circumradius at which the hexagon's sides
    /// clear the corners, plus two pixels.
    static func fullRadius(_ size: PixelSize) -> Double {
        let half = 0.5 * (Double(size.width * size.width + size.height * size.height)).squareRoot()
        return half / cos(Double.pi / 6) + 2
    }

    /// One frame's aperture: edge half-planes and blade lines, as row-independent constants.
    struct Frame {
        /// Edge i: inward normal (nx, ny) and offset, `nx·X + ny·Y + c` the signed distance of
        /// the point (X, Y) from the edge line, positive inside the aperture.
        var nx = SIMD8<Float>(), ny = SIMD8<Float>(), nc = SIMD8<Float>()
        /// Blade line i: unit direction (ex, ey) from its start (sx, sy).
        var ex = SIMD8<Float>(), ey = SIMD8<Float>(), sx = SIMD8<Float>(), sy = SIMD8<Float>()
        /// Darkness of the blade lines and the rim (0…1), half the lines' width, the rim's width.
        var darkness: Float = 0, halfWidth: Float = 1, rim: Float = 1.5
        let inside: PixelSource, blades: PixelSource

        init(aperture: Double, inside: Bitmap, blades: Bitmap) {
            self.inside = PixelSource(inside)
            self.blades = PixelSource(blades)
            let size = inside.size
            let cx = Double(size.width) / 2, cy = Double(size.height) / 2
            let radius = max(aperture, 0) * CameraIris.fullRadius(size)
            let turn = Double.pi / 6 + (1 - aperture) * Double.pi / 4
            func corner(_ i: Int) -> (Double, Double) {
                let angle = turn + Double(i) * Double.pi / 3
                return (cx + radius * cos(angle), cy + radius * sin(angle))
            }
            for i in 0..<6 {
                let a = corner(i), b = corner(i + 1)
                let length = max(((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot(), 1e-9)
                let ux = (b.0 - a.0) / length, uy = (b.1 - a.1) / length
                // The corners run clockwise on screen (y down), so the inward normal is (−uy, ux).
                nx[i] = Float(-uy)
                ny[i] = Float(ux)
                nc[i] = Float(uy * a.0 - ux * a.1)
                ex[i] = Float(ux)
                ey[i] = Float(uy)
                sx[i] = Float(b.0)
                sy[i] = Float(b.1)
            }
            for i in 6..<8 {
                nc[i] = 1e9
                sx[i] = 1e9
                sy[i] = 1e9
            }
            let fade = min(1, 4 * min(aperture, 1 - aperture))
            darkness = Float(0.55 * max(0, fade))
            let scale = Double(min(size.width, size.height))
            halfWidth = Float(max(0.6, 0.0025 * scale))
            rim = Float(max(1, 0.004 * scale))
        }

        /// The colours of eight pixels of row `y` starting at `x`; any pixel alone (lane 0 of a
        /// splat) gives the same bytes. Copies where a pixel is surely inside or surely clear.
        @inline(__always)
        func pixels(row y: Int, x: SIMD8<Float>, inside insidePixels: Lanes.Pixels, blades bladePixels: Lanes.Pixels) -> Lanes.Pixels {
            let px = x + 0.5, py = Float(y) + 0.5
            // Start from the first edge rather than an infinity.
            var depth = px * nx[0] + (py * ny[0] + nc[0])
            var line = SIMD8<Float>(repeating: 0)
            for i in 0..<6 {
                depth = Lanes.minimum(depth, px * nx[i] + (py * ny[i] + nc[i]))
                let dx = px - sx[i], dy = py - sy[i]
                let along = dx * ex[i] + dy * ey[i]
                let across = Lanes.magnitude(dx * ey[i] - dy * ex[i])
                let mark = Lanes.clamp(halfWidth + 0.5 - across, 0, 1) * Lanes.clamp(along + 0.5, 0, 1)
                line = Lanes.maximum(line, mark)
            }
            let coverage = Lanes.clamp(depth + 0.5, 0, 1)
            let rimMark = Lanes.clamp(rim + 0.5 + depth, 0, 1) * (1 - coverage)
            let shade = Lanes.maximum(line, rimMark) * darkness
            let keep = Lanes.roundToInteger((1 - shade) * 255)
            let weight = Lanes.roundToInteger(coverage * 255)
            return Lanes.mix(Lanes.darken(bladePixels, keep: keep), insidePixels, weight: weight)
        }

        /// The x interval (pixel indices) of row `y` where every edge distance is at least
        /// `threshold`: with `sure`, pixels surely so (by a margin), else every pixel perhaps so.
        func span(row y: Int, threshold: Float, sure: Bool, width: Int) -> Range<Int> {
            var lo = -Double.infinity, hi = Double.infinity
            let py = Double(y) + 0.5
            let margin = 1e-3
            for i in 0..<6 {
                let a = Double(nx[i]), rest = Double(ny[i]) * py + Double(nc[i]) - Double(threshold)
                let adjusted = sure ? rest - margin : rest + margin
                if abs(a) < 1e-12 {
                    if adjusted < 0 { return 0..<0 }
                    continue
                }
                let bound = -adjusted / a - 0.5
                if a > 0 { lo = max(lo, bound) } else { hi = min(hi, bound) }
            }
            let first = sure ? lo.rounded(.up) : lo.rounded(.down)
            let last = sure ? hi.rounded(.down) : hi.rounded(.up)
            let start = Int(max(0, min(Double(width), first))), end = Int(max(0, min(Double(width), last + 1)))
            return start < end ? start..<end : 0..<0
        }

        /// The pixels of row `y` that blade line `i` may darken (a superset).
        func lineSpan(_ i: Int, row y: Int, width: Int) -> Range<Int> {
            let reach = Double(halfWidth) + 0.51
            let py = Double(y) + 0.5, ux = Double(ex[i]), uy = Double(ey[i]), x0 = Double(sx[i]), y0 = Double(sy[i])
            var lo = -Double.infinity, hi = Double.infinity
            if abs(uy) < 1e-6 {
                guard abs(py - y0) <= reach + 1e-3 else { return 0..<0 }
            } else {
                let center = x0 + ux * (py - y0) / uy, half = reach / abs(uy) + 1e-3
                lo = center - half
                hi = center + half
            }
            // Only the ray beyond its start (along ≥ −½) is drawn.
            let start = -0.51 - (py - y0) * uy
            if abs(ux) < 1e-6 {
                if start > 1e-3 { return 0..<0 }
            } else if ux > 0 {
                lo = max(lo, x0 + start / ux - 1e-3)
            } else {
                hi = min(hi, x0 + start / ux + 1e-3)
            }
            guard lo <= hi else { return 0..<0 }
            let first = Int(max(0, min(Double(width), (lo - 0.5).rounded(.down))))
            let last = Int(max(-1, min(Double(width - 1), (hi - 0.5).rounded(.up))))
            return first <= last ? first..<(last + 1) : 0..<0
        }
    }

    /// Draws the iris with the given aperture (1 open … 0 closed) into `clip`.
    static func render(aperture: Double, inside: Bitmap, blades: Bitmap, into destination: Bitmap, clip: PixelRect,
                       kernels: KernelPath = .current) {
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return }
        if aperture >= 1 || aperture <= 0 {
            let source = aperture >= 1 ? inside : blades
            for y in area.minY..<area.maxY {
                (destination.row(y).baseAddress! + area.minX).update(from: source.row(y).baseAddress! + area.minX,
                                                                     count: area.width)
            }
            return
        }
        let frame = Frame(aperture: aperture, inside: inside, blades: blades)
        let width = destination.width
        for y in area.minY..<area.maxY {
            let out = destination.row(y).baseAddress!
            let insideRow = inside.row(y).baseAddress!, bladeRow = blades.row(y).baseAddress!
            if kernels == .reference {
                for x in area.minX..<area.maxX {
                    out[x] = frame.pixels(row: y, x: SIMD8(repeating: Float(x)), inside: SIMD8(repeating: insideRow[x]),
                                          blades: SIMD8(repeating: bladeRow[x]))[0]
                }
                continue
            }
            let sure = frame.span(row: y, threshold: 0.5, sure: true, width: width)
            let touched = frame.span(row: y, threshold: -0.5 - frame.rim, sure: false, width: width)
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { buffer in
                let cuts = buffer.baseAddress!, lines = buffer.baseAddress! + 16
                var count = 0
                func cut(_ x: Int) { cuts[count] = min(max(x, area.minX), area.maxX); count += 1 }
                cut(area.minX)
                cut(area.maxX)
                cut(sure.lowerBound); cut(sure.upperBound)
                cut(touched.lowerBound); cut(touched.upperBound)
                var lineCount = 0
                if frame.darkness > 0 {
                    for i in 0..<6 {
                        let span = frame.lineSpan(i, row: y, width: width)
                        guard !span.isEmpty else { continue }
                        cut(span.lowerBound); cut(span.upperBound)
                        lines[2 * lineCount] = span.lowerBound
                        lines[2 * lineCount + 1] = span.upperBound
                        lineCount += 1
                    }
                }
                // Insertion sort of at most sixteen cuts.
                for i in 1..<count {
                    let v = cuts[i]
                    var j = i - 1
                    while j >= 0 && cuts[j] > v { cuts[j + 1] = cuts[j]; j -= 1 }
                    cuts[j + 1] = v
                }
                for k in 0..<(count - 1) {
                    let start = cuts[k], end = cuts[k + 1]
                    guard start < end else { continue }
                    var nearLine = false
                    for i in 0..<lineCount where lines[2 * i] < end && start < lines[2 * i + 1] { nearLine = true }
                    if sure.contains(start) && sure.contains(end - 1) && !nearLine {
                        (out + start).update(from: insideRow + start, count: end - start)
                    } else if !touched.overlaps(start..<end) && !nearLine {
                        (out + start).update(from: bladeRow + start, count: end - start)
                    } else {
                        var x = start
                        while x < end {
                            let n = min(8, end - x)
                            let lanes = SIMD8<Float>(repeating: Float(x)) + Lanes.minimum(Lanes.iota, SIMD8(repeating: Float(n - 1)))
                            let result = frame.pixels(row: y, x: lanes, inside: CurlPixels.load(insideRow + x, n),
                                                      blades: CurlPixels.load(bladeRow + x, n))
                            CurlPixels.store(result, to: out + x, n)
                            x += n
                        }
                    }
                }
            }
        }
    }
}
