import Geometry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a gradient puts each pixel on its ramp: the `t` of axial, radial (two circles) and
/// conic gradients, as Core Graphics and PDF (shading types 2 and 3) define them.
///
/// - Axial: `t` is the projection of the point on the line from `start` to `end`
///   (`t = (p − start)·(end − start) / |end − start|²`).
/// - Radial: the circles `c(t) = c₀ + t(c₁ − c₀)`, `r(t) = r₀ + t(r₁ − r₀)`; a point takes the
///   largest `t` whose circle passes through it with `r(t) ≥ 0`, among the `t` that are drawn
///   (`0...1`, and below 0 or above 1 only where the gradient extends), so a small circle inside a
///   large one draws a cone of light, as in Core Graphics.
/// - Conic: `t` is the angle about `center` from the direction `angle`, a full turn being 1,
///   increasing in the direction from the x axis to the y axis of gradient space.
///
/// `t` outside `0...1` is drawn as the end colour only where `extendsBefore` / `extendsAfter`
/// say; elsewhere the pixel is not covered. Gradient space is reached from a pixel's centre by
/// `pixelToGradient` (the inverse of the context's CTM, for a context).
///
/// Design note: along a row, the gradient-space point moves by a constant step, so an axial `t`
/// is one 64-bit fixed-point add per pixel (the table index in 32.32; a Double `t` per pixel
/// ran 2.3 ns a pixel, see BENCHMARKS.md for now) and a radial one a square root; the colour
/// is a ramp-table load.
public struct GradientShader: Sendable {
    public enum Shape: Sendable, Equatable {
        case axial(start: CGPoint, end: CGPoint)
        case radial(startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat)
        case conic(center: CGPoint, angle: CGFloat)
    }

    public var shape: Shape
    public var ramp: GradientRamp
    public var extendsBefore: Bool
    public var extendsAfter: Bool
    /// Device pixel coordinates (of a pixel's centre) to gradient space.
    public var pixelToGradient: CGAffineTransform

    public init(shape: Shape, ramp: GradientRamp, extendsBefore: Bool, extendsAfter: Bool,
                pixelToGradient: CGAffineTransform) {
        self.shape = shape
        self.ramp = ramp
        self.extendsBefore = extendsBefore
        self.extendsAfter = extendsAfter
        self.pixelToGradient = pixelToGradient
    }

    /// Writes the colours of pixels `x ..< x + count` of row `y` into `colors` and their
    /// coverage (255 drawn, 0 not) into `coverage`. Returns false when no pixel is drawn.
    ///
    /// A pixel's colour depends on its position alone, not on where the span starts: the row is
    /// shaded in runs of `runLength` columns, each stepped from the pixel at its start (a column
    /// that is a multiple of `runLength`), so bands, damage rectangles and a raster drawn once
    /// give the same bytes.
    public func shadeRow(y: Int, x: Int, count: Int, colors: UnsafeMutablePointer<UInt32>,
                         coverage: UnsafeMutablePointer<UInt8>) -> Bool {
        var any = false
        var column = x
        let end = x + count
        while column < end {
            let runStart = column - ((column % Self.runLength) + Self.runLength) % Self.runLength
            let runEnd = min(end, runStart + Self.runLength)
            let offset = column - x
            if shadeRun(y: y, origin: runStart, skip: column - runStart, count: runEnd - column,
                        colors: colors + offset, coverage: coverage + offset) { any = true }
            column = runEnd
        }
        return any
    }

    /// Columns shaded from one starting point (see `shadeRow`).
    static let runLength = 64

    /// Shades pixels `origin + skip ..< origin + skip + count` of row `y`, stepping from the pixel
    /// at `origin`.
    private func shadeRun(y: Int, origin x: Int, skip: Int, count: Int, colors: UnsafeMutablePointer<UInt32>,
                          coverage: UnsafeMutablePointer<UInt8>) -> Bool {
        let m = pixelToGradient
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let ox = Double(m.a) * px + Double(m.c) * py + Double(m.tx)
        let oy = Double(m.b) * px + Double(m.d) * py + Double(m.ty)
        let stepX = Double(m.a), stepY = Double(m.b)
        let table = ramp.colors
        let last = Double(GradientRamp.resolution - 1)
        var any = false
        table.withUnsafeBufferPointer { lut in
            @inline(__always) func put(_ i: Int, _ t: Double) {
                var t = t
                if !(t >= 0) {
                    guard extendsBefore, !t.isNaN else { coverage[i] = 0; return }
                    t = 0
                } else if t > 1 {
                    guard extendsAfter else { coverage[i] = 0; return }
                    t = 1
                }
                colors[i] = lut[Int(t * last + 0.5)]
                coverage[i] = 255
                any = true
            }
            switch shape {
            case let .axial(start, end):
                let dx = Double(end.x - start.x), dy = Double(end.y - start.y)
                let length2 = dx * dx + dy * dy
                guard length2 > 0, length2.isFinite else {
                    for i in 0..<count { coverage[i] = 0 }
                    return
                }
                let t0 = ((ox - Double(start.x)) * dx + (oy - Double(start.y)) * dy) / length2
                let dt = (stepX * dx + stepY * dy) / length2
                let tEnd = t0 + Double(skip + count) * dt
                guard abs(t0) < 1e6, abs(tEnd) < 1e6 else {
                    for i in 0..<count { put(i, t0 + Double(skip + i) * dt) }
                    return
                }
                // The table index in 32.32 fixed point, one add per pixel: t in 0...1 is
                // index + ½ in ½...1023½.
                let one = 4_294_967_296.0
                let step = Int64(dt * last * one)
                var v = Int64((t0 * last + 0.5) * one) &+ Int64(skip) &* step
                let low = Int64(0.5 * one), high = Int64((last + 0.5) * one)
                let first = lut[0], final = lut[lut.count - 1]
                if extendsBefore && extendsAfter {
                    // Clamping the index to the table's ends gives the end colours the branches
                    // below give, without a branch a pixel.
                    coverage.update(repeating: 255, count: count)
                    let highest = high &- 1
                    for i in 0..<count {
                        colors[i] = lut[Int(truncatingIfNeeded: min(max(v, low), highest) >> 32)]
                        v &+= step
                    }
                    any = true
                    return
                }
                for i in 0..<count {
                    if v < low {
                        if extendsBefore {
                            colors[i] = first
                            coverage[i] = 255
                        } else {
                            coverage[i] = 0
                        }
                    } else if v >= high {
                        if extendsAfter {
                            colors[i] = final
                            coverage[i] = 255
                        } else {
                            coverage[i] = 0
                        }
                    } else {
                        colors[i] = lut[Int(truncatingIfNeeded: v >> 32)]
                        coverage[i] = 255
                    }
                    v &+= step
                }
                any = any || extendsBefore || extendsAfter || (min(t0, tEnd) <= 1 && max(t0, tEnd) >= 0)
            case let .radial(c0, r0, c1, r1):
                let cdx = Double(c1.x - c0.x), cdy = Double(c1.y - c0.y)
                let r0 = Double(r0), dr = Double(r1) - r0
                let a = cdx * cdx + cdy * cdy - dr * dr
                let px0 = ox - Double(c0.x), py0 = oy - Double(c0.y)
                // b is linear along the row, c quadratic: b(i) = b₀ + i·db, c(i) = c₀ + i·(dc + i·ddc).
                let b0 = px0 * cdx + py0 * cdy + r0 * dr, db = stepX * cdx + stepY * cdy
                let c0 = px0 * px0 + py0 * py0 - r0 * r0
                let dc = 2 * (px0 * stepX + py0 * stepY), ddc = stepX * stepX + stepY * stepY
                if abs(a) >= 1e-9 {
                    let invA = 1 / a
                    for i in 0..<count {
                        let x = Double(skip + i)
                        let b = b0 + x * db, c = c0 + x * (dc + x * ddc)
                        let discriminant = b * b - a * c
                        guard discriminant >= 0 else {
                            coverage[i] = 0
                            continue
                        }
                        let root = discriminant.squareRoot()
                        let t1 = (b + root) * invA, t2 = (b - root) * invA
                        let (high, low) = t1 >= t2 ? (t1, t2) : (t2, t1)
                        put(i, radialDrawn(high, r0: r0, dr: dr) ? high : (radialDrawn(low, r0: r0, dr: dr) ? low : .nan))
                    }
                } else {
                    for i in 0..<count {
                        let x = Double(skip + i)
                        put(i, radialT(a: a, b: b0 + x * db, c: c0 + x * (dc + x * ddc), r0: r0, dr: dr))
                    }
                }
            case let .conic(center, angle):
                let turn = 2 * Double.pi
                for i in 0..<count {
                    let k = Double(skip + i)
                    let vx = ox + k * stepX - Double(center.x), vy = oy + k * stepY - Double(center.y)
                    var t = (atan2(vy, vx) - Double(angle)) / turn
                    t -= t.rounded(.down)
                    put(i, t)
                }
            }
        }
        return any
    }

    /// Whether a root `t` of a two-circle gradient is drawn: a circle of non-negative radius,
    /// within `0...1` or where the gradient extends.
    @inline(__always)
    private func radialDrawn(_ t: Double, r0: Double, dr: Double) -> Bool {
        guard t.isFinite, r0 + t * dr >= 0 else { return false }
        return (t >= 0 || extendsBefore) && (t <= 1 || extendsAfter)
    }

    /// The `t` drawn at a point of a two-circle gradient (see the type's notes), or NaN.
    @inline(__always)
    private func radialT(a: Double, b: Double, c: Double, r0: Double, dr: Double) -> Double {
        @inline(__always) func drawn(_ t: Double) -> Bool { radialDrawn(t, r0: r0, dr: dr) }
        if abs(a) < 1e-9 {
            guard b != 0 else { return .nan }
            let t = c / (2 * b)
            return drawn(t) ? t : .nan
        }
        let discriminant = b * b - a * c
        guard discriminant >= 0 else { return .nan }
        let root = discriminant.squareRoot()
        let t1 = (b + root) / a, t2 = (b - root) / a
        let (high, low) = t1 >= t2 ? (t1, t2) : (t2, t1)
        if drawn(high) { return high }
        return drawn(low) ? low : .nan
    }
}
