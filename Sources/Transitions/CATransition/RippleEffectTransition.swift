// DESIGN NOTE — rippleEffect.
//
// A ring of water waves spreads from the centre of the frame as if a drop had fallen there:
// ahead of the wave front the old content lies still; the front carries the new content in,
// blending the two over half a wavelength; behind the front three wavelengths of ripples
// refract both (a radial displacement, sin-shaped, fading as they trail), with light and dark
// crests; once the train has passed, the new content lies still. Amplitude, wavelength and
// light scale with the frame's shorter side.
//
// Each row is cut analytically where it crosses the front and the end of the train (circles
// about the centre): plain copies outside and inside, eight lanes at a time in the ring. All the
// ring's effect depends on the distance from the centre only, so each frame tabulates it
// (`effect(distance:)`: displacement factor, blend weight, light) at 4096 steps over the train
// in the scratch buffer, and a pixel reads the entry nearest its distance; the exact formula
// builds the table, and `WarpKernelTests` bounds the table's error (≤ 0.07 px, ≤ 1 level). The
// sine and cosine come from a parabolic approximation (error < 0.2%) after reducing the phase
// with the 1.5·2²³ rounding trick, so no libm call runs per pixel.
//
// A run of the ring goes 256 pixels at a time in three passes (`ring`): the table entries of
// all their vectors (distance → entry), their plans (table → displaced position → bilinear
// taps) into a buffer, then their pixels (texels → blends → light). In one pass each vector
// was a dependency chain of ≈ 200 instructions, too long for the core to overlap two of them;
// split, the passes' vectors overlap. `from` is read only in the blend at the front (the table
// says where it ends), `to` only behind it; interior runs skip the taps' edge clamps
// (`Lanes.tapsInside`, identical there). The light is one mix, toward white or toward black,
// instead of a darkening and a lift of which one is neutral.
// `shade(plan(…))` on one splatted pixel is the reference: byte-identical, tested for band
// splits.
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, thread CPU time per 1920×1080 frame (speed harness: two synthetic
// photographs, best of 9 at progress 0.05 … 0.95) on the shared 2-core machine, whose load
// moves these by ±25 % from minute to minute; callgrind instructions for the frame at 0.45:
//                              worst (at)     median   instructions
//   before                     16.7 ms (0.45)  9.0 ms   76 M (bilinear out of line, swift_once)
//   inlined taps, no statics   11.9 ms (0.55)  7.1 ms   42 M
//   table, interior taps       10.8 ms (0.45)  6.7 ms   33 M
//   two passes                  7.1 ms (0.45)  4.7 ms   36 M
// Run alternately with the old binary at load average 4.6, best of 5: worst 13.9 / 13.7 →
// 6.8 / 8.1 ms, median 8.1 / 9.2 → 5.8 / 5.9 ms. Tried and dropped: 64-bit texel-pair loads
// (slower, as before), the light as a third pass and the lane columns carried across vectors
// (more instructions, no faster). What is left is the texel gathers (32 scalar loads a vector,
// 64 in the blend at the front) and the table's 16.
// The first step: `Lanes.bilinear` and this kernel were called out of line despite
// `@inline(__always)` (the lanes then cross calls as 128-bit halves), and `Lanes.evenMask`, a
// `static let`, cost a `swift_once` call per use.
// Third pass (ripple4). The slowest frames, 0.45–0.55 (≈ 0.95 M ring pixels), took the
// ring's two passes as ≈ 2.4 ms of plans and ≈ 3 ms of pixels, besides ≈ 0.9 ms of copies
// outside it (measured by cutting passes off). The plans' pass was latency-bound too: the
// square root (`vsqrtps`, 14 cycles) heads each vector's chain, and perf put the stall on its
// consumer. Its own pass for the entries took it off the chain: 12 % faster at every
// progress although 6 % more instructions. The chunks keep the plans (16 bytes a pixel; a
// whole row's were 23 kB) from evicting the table (32 kB) and the texels from the level-1
// cache: callgrind's simulated read misses at 0.5, 1.14 M → 0.92 M, no change in time on its
// own. The light's mix leaves out alpha (kept exactly by the mix), and the last vector's
// `Swift.min` is gone (a call per vector, the generic not inlined): −1 % instructions.
// Harness binaries run alternately (best of 20 frames, lowest of 8 runs, load 3.5–5, 22:10 UTC):
//                    0.35     0.45     0.50     0.55     0.65    instructions at 0.45 / 0.55
//   two passes      5.9 ms   7.0 ms   6.9 ms   6.8 ms   6.2 ms   35.9 M / 36.4 M
//   three passes    5.2 ms   6.2 ms   6.0 ms   5.8 ms   5.6 ms   38.2 M / 38.6 M
// A full sweep (`speed rippleEffect --reps 5`, alternately, three times each): worst 8.9 / 7.1 /
// 7.6 → 7.1 / 6.8 / 6.4 ms, median 5.7 / 4.5 / 4.7 → 4.2 / 3.9 / 4.7 ms.
// Tried and dropped, all byte-identical unless said: serving a pixel's mirror across the
// centre column from its table entries (exact: the mirror's offset is exactly −dx; the plan
// pass did 16 pixels in 200 instructions, no fewer than two vectors apart, no faster); one
// 32-bit table (displacement factor to 14 bits, the light in its low bits, the weight of `to`
// computed per pixel: half the table's misses, but +3.5 % instructions and 0.5 ms slower);
// the two entries of a distance side by side read as one 64-bit load (slower); a fourth pass
// for the table reads, apart from the taps (no faster); `to`'s texels gathered in a pass of
// their own (slower); touching the next row's texels in the plans' pass (slower); two vectors'
// pixels interleaved (no faster); 128 or 512 pixels a chunk (the same). What is left: the
// texel gathers (32 scalar loads a vector, 64 at the front), ≈ 3 ms at 0.5, and the copies.
// Fourth pass (memory, same bytes): the plans' pass asks the caches for each vector's lines of
// `to` (`Lanes.prefetch`, as the page curl does) a chunk before the pixels' pass reads them.
// In one process, frames alternated, best of 15, two sweeps minutes apart: at 0.4 / 0.45 /
// 0.5 / 0.55, 6.20 → 5.56 / 6.28 → 5.65 / 6.25 → 5.67 / 6.41 → 5.64 ms in a quiet spell, and
// 7.63 → 5.83 / 7.67 → 6.00 / 8.79 → 7.78 / 6.26 → 5.82 in a loaded one; 0.35 and 0.65
// 7.20 → 6.59 and 5.64 → 5.12. `from`'s lines at the front as well: 0.05–0.5 ms more at 0.4,
// 0.5 and 0.6 (two sweeps). The displacement is small, so the first and last lanes' lines
// cover a vector's reads (`Lanes.prefetchNear`, four prefetches instead of `prefetch`'s ten):
// as fast or 0.1–0.3 ms faster (two sweeps at 0.4, 0.5, 0.55). Callgrind, the frame at 0.45:
// 40.5 M instructions without prefetching, 48.4 M with `prefetch`, 46.2 M with `prefetchNear`
// — most of the rise two vector stores no longer inlined into the one large function, the
// pixels' arithmetic split into 128-bit halves around them: with the three passes as functions
// of their own, 39.8 M, and rippleEffect at 0.4–0.55 12 % faster than with `prefetchNear` in
// one function (two binaries alternated five times, best of 7, while a CI run loaded the other
// core: 7.87 → 6.77 ms at the worst of the four).
// Fifth pass (rows in mirrored pairs, same bytes): rows y and mirror(y) = 2·cy − 1 − y lie at
// exactly the same distances from the centre, so where one clip holds both (a whole frame on
// one thread) they share one entries pass and one table read per vector; each keeps its own
// taps and pixels. Callgrind, the frame at 0.45: 39.8 M → 36.8 M instructions.

import Geometry
import Raster

/// `CATransition.type = "rippleEffect"` (a private type iOS has always shipped, "water drop"):
/// ripples spread from the centre like rings on water, refracting the picture as they pass and
/// leaving the new content behind them. See the design note above for the model.
struct RippleEffectTransition: Transition {
    static let name = "rippleEffect"
    static let summary = "Ripples spread from the centre like rings on water, leaving the new content behind them"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        let buffer = scratch.offscreen(PixelSize(uncheckedWidth: Ripple.scratchCount(width: from.width, height: from.height),
                                                 height: 1))
        Ripple(progress: progress, from: from, to: to, scratch: buffer.baseAddress)
            .render(into: destination, clip: clip, kernels: .current)
    }
}

/// One frame of the ripple.
struct Ripple {
    let from: PixelSource, to: PixelSource
    let progress: Double
    let cx: Float, cy: Float
    /// Wave front radius, wavelength, length of the wave train, width of the blend at the front,
    /// displacement amplitude (pixels) and strength of the light on the crests.
    let front: Float, wavelength: Float, train: Float, blend: Float, amplitude: Float, light: Float
    /// Whether `from` and `to` have the same size and row stride (one set of taps reads both).
    let sharedTaps: Bool
    /// The ring's effect tabulated by distance from the centre (see `effect(distance:)`): entry
    /// k is for distance `front − train + k / steps`; `entries` displacement factors (Float bit
    /// patterns), then `entries` packed weights.
    let table: UnsafeMutablePointer<UInt32>
    /// Table entries per pixel of distance.
    let steps: Float
    /// Room for a chunk's plans (offsets, weights, effects, one flag per eight pixels), its
    /// table entries and the mirrored row's offsets and weights, after the table.
    let rows: UnsafeMutablePointer<UInt32>
    let rowCapacity: Int
    /// Entries 0…`fullBlend` show only `to` (weight 255); −1 if none.
    let fullBlend: Int

    /// Table entries: 4096 steps over the wave train (whatever the frame's size, as the waves
    /// scale with it), so a distance is off by at most 3/8192 of a wavelength: the displacement
    /// by 0.0005 wavelength (0.06 px at 1080 p), the blend and the light by 0.2 of a level.
    static let entries = 4096 + 2

    /// The `UInt32`s of scratch a frame takes: its table and one chunk's entries and plans.
    static func scratchCount(width: Int, height: Int) -> Int { 2 * entries + 7 * (chunk + 8) }

    /// Pixels planned, then shaded, at a time (a multiple of 8): few enough that the plans
    /// (16 bytes a pixel) leave the level-1 cache to the table and the texels (a whole row's
    /// plans, 23 kB at 1080 p, evicted them: 20 % more level-1 read misses).
    static var chunk: Int { 256 }

    /// `scratch` must hold `scratchCount(width:height:)` values (of `from`'s size); the table
    /// is built there.
    init(progress: Double, from: Bitmap, to: Bitmap, scratch: UnsafeMutablePointer<UInt32>) {
        self.from = PixelSource(from)
        self.to = PixelSource(to)
        self.progress = progress
        let width = Double(from.width), height = Double(from.height)
        cx = Float(width / 2)
        cy = Float(height / 2)
        let short = max(1, min(width, height))
        let length = max(4, 0.11 * short)
        wavelength = Float(length)
        train = Float(3 * length)
        blend = Float(0.5 * length)
        let reach = 0.5 * (width * width + height * height).squareRoot() + 3 * length + 2
        front = Float(progress * reach)
        amplitude = Float(0.22 * length * (1 - 0.5 * progress))
        light = 0.3
        sharedTaps = from.size == to.size && from.rowStride == to.rowStride
        table = scratch
        steps = 4096 / train
        let entries = Ripple.entries
        rows = scratch + 2 * entries
        rowCapacity = Ripple.chunk + 8
        var k = 0
        while k < entries {
            let distance = Lanes.Floats(repeating: front - train)
                + (Lanes.Floats(repeating: Float(k)) + Lanes.iota) * Lanes.Floats(repeating: 1 / steps)
            let effect = Ripple.effect(distance: distance, front: front, wavelength: wavelength, train: train, blend: blend,
                                       amplitude: amplitude, light: light)
            for i in 0..<min(8, entries - k) {
                table[k + i] = effect.push[i].bitPattern
                table[entries + k + i] = effect.packed[i]
            }
            k += 8
        }
        var full = -1
        while full + 1 < entries && table[entries + full + 1] & 0xFF == 255 { full += 1 }
        fullBlend = full
    }

    /// sin(2π·turns) and cos(2π·turns) for finite lanes below 2²² turns (parabolic
    /// approximation refined once; error below 0.002).
    @inline(__always)
    static func sineCosine(turns: Lanes.Floats) -> (sin: Lanes.Floats, cos: Lanes.Floats) {
        @inline(__always) func wrapped(_ v: Lanes.Floats) -> Lanes.Floats {
            // v − round(v): in −½…½.
            let magic = Lanes.Floats(repeating: 12_582_912)
            return v - ((v + magic) - magic)
        }
        @inline(__always) func sine(_ g: Lanes.Floats) -> Lanes.Floats {
            // x = 2πg in −π…π; y = 4x/π − 4x|x|/π² = 8g − 16g|g|, then y += 0.225(y|y| − y).
            let y = 8 * g - 16 * g * Lanes.magnitude(g)
            return y + 0.225 * (y * Lanes.magnitude(y) - y)
        }
        return (sine(wrapped(turns)), sine(wrapped(turns + 0.25)))
    }

    /// The ring at eight distances `r` from the centre: the outward displacement as a factor of
    /// the offset from the centre, and packed, the weight of `to` (bits 0–7), the strength of
    /// the light (8–15) and whether it lifts toward white (bit 16) or darkens toward black.
    /// Exactly no displacement, weight 0 and no light ahead of the front; no displacement,
    /// weight 255 and no light behind the train.
    static func effect(distance r: Lanes.Floats, front: Float, wavelength: Float, train: Float, blend: Float,
                       amplitude: Float, light: Float) -> (push: Lanes.Floats, packed: Lanes.Pixels) {
        let behind = Lanes.clamp(front - r, 0, train)
        let fade = 1 - behind / train
        let envelope = fade * fade
        let wave = Ripple.sineCosine(turns: behind / wavelength)
        // Outward, so the crests magnify; none at the centre pixel's own position.
        let push = amplitude * envelope * wave.sin / Lanes.maximum(r, Lanes.Floats(repeating: 1))
        let weight = Lanes.roundToInteger(Lanes.clamp(behind / blend, 0, 1) * 255)
        // Light on the crests, dark in the troughs, none ahead of the front.
        let rise = Lanes.clamp(behind / (0.25 * wavelength), 0, 1)
        let shine = light * envelope * rise * wave.cos
        let darkKeep = Lanes.roundToInteger((1 + Lanes.minimum(shine, Lanes.Floats())) * 255)
        let lift = Lanes.roundToInteger(Lanes.maximum(shine, Lanes.Floats()) * 255)
        // One of the two is neutral (keep 255 or lift 0), so one mix toward white or toward black
        // (alpha kept) applies the light.
        let strength = lift | (255 &- darkKeep)
        let towardWhite = (lift &+ 255) &>> 8
        return (push, weight | strength &<< 8 | towardWhite &<< 16)
    }

    /// What the first pass over a run leaves for the second, for eight pixels: where `to`
    /// (and `from`) are read, the ring's effect, and whether only `to` shows.
    struct Plan {
        var taps: Lanes.Taps, fromTaps: Lanes.Taps
        var packed: Lanes.Pixels
        var onlyTo: Bool
    }

    /// The plan of the pixels at `x` (eight lanes, integral) of row `y`. With `inside`, every
    /// displaced position must lie within [0.5, width − 1.5] × [0.5, height − 1.5] of `to`.
    /// Transparent, as `shade`, so that both are inlined into the row loops whole: a
    /// `SIMD8<Float>` crossing a call made LLVM split the kernel into 128-bit halves, and
    /// `@inline(__always)` left `Lanes.taps` and the kernel out of line.
    @_transparent
    func plan(row y: Int, x: Lanes.Floats, inside: Bool) -> Plan {
        plan(row: y, x: x, entries: nearestEntries(row: y, x: x), inside: inside)
    }

    /// The table entries nearest the distances of the pixels at `x` of row `y`.
    @_transparent
    func nearestEntries(row y: Int, x: Lanes.Floats) -> Lanes.Pixels {
        typealias F = Lanes.Floats
        let dx = x + F(repeating: 0.5 - cx), dy = F(repeating: Float(y) + 0.5 - cy)
        let r = (dx * dx + dy * dy).squareRoot()
        // The nearest entry (the table is built for these very distances, so lanes outside the
        // ring read its first or last entry, whose effect is none).
        return Lanes.roundToInteger(Lanes.clamp((r - F(repeating: front - train)) * F(repeating: steps),
                                                0, Float(Ripple.entries - 1)))
    }

    /// `plan(row:x:inside:)` with the pixels' table entries `k`.
    @_transparent
    func plan(row y: Int, x: Lanes.Floats, entries k: Lanes.Pixels, inside: Bool) -> Plan {
        let (push, packed) = lookup(k)
        return plan(row: y, x: x, entries: k, push: push, packed: packed, inside: inside)
    }

    /// The table's displacement factors and packed effects at entries `k`.
    @_transparent
    func lookup(_ k: Lanes.Pixels) -> (push: Lanes.Floats, packed: Lanes.Pixels) {
        let k0 = Int(k[0]), k1 = Int(k[1]), k2 = Int(k[2]), k3 = Int(k[3])
        let k4 = Int(k[4]), k5 = Int(k[5]), k6 = Int(k[6]), k7 = Int(k[7])
        let pushes = table, effects = table + Ripple.entries
        let push = unsafeBitCast(Lanes.Pixels(pushes[k0], pushes[k1], pushes[k2], pushes[k3],
                                              pushes[k4], pushes[k5], pushes[k6], pushes[k7]), to: Lanes.Floats.self)
        let packed = Lanes.Pixels(effects[k0], effects[k1], effects[k2], effects[k3],
                                  effects[k4], effects[k5], effects[k6], effects[k7])
        return (push, packed)
    }

    /// `plan(row:x:entries:inside:)` with the table's values at `k` already read.
    @_transparent
    func plan(row y: Int, x: Lanes.Floats, entries k: Lanes.Pixels, push: Lanes.Floats, packed: Lanes.Pixels,
              inside: Bool) -> Plan {
        typealias F = Lanes.Floats
        let dx = x + F(repeating: 0.5 - cx), dy = F(repeating: Float(y) + 0.5 - cy)
        let k0 = Int(k[0]), k7 = Int(k[7])
        let sx = x + F(repeating: 0.5) + dx * push, sy = F(repeating: Float(y) + 0.5) + dy * push
        let taps = inside ? Lanes.tapsInside(to, x: sx, y: sy) : Lanes.taps(to, x: sx, y: sy)
        // The lanes are consecutive pixels (or repeat the last), so |dx|, and with it the
        // computed distance and entry (rounding is monotonic), is largest at the first or the
        // last lane: at most `fullBlend` there means only `to` in every lane. (`Swift.max` was
        // called out of line here, spilling every vector register.)
        return Plan(taps: taps, fromTaps: sharedTaps ? taps : Lanes.taps(from, x: sx, y: sy), packed: packed,
                    onlyTo: (k0 > k7 ? k0 : k7) <= fullBlend)
    }

    /// The colours of a plan's pixels: exactly `from` ahead of the front and exactly `to`
    /// behind the train. `shade(plan(…))` with one pixel splatted over the lanes is the
    /// per-pixel reference.
    @_transparent
    func shade(_ plan: Plan) -> Lanes.Pixels {
        let mixed: Lanes.Pixels
        // Past the blend at the front only the new content shows (the mix at 255 is exactly it);
        // ahead of it only the old (the mix at 0 is exactly it).
        if plan.onlyTo {
            mixed = Lanes.sample(to, plan.taps)
        } else {
            let weight = plan.packed & Lanes.Pixels(repeating: 0xFF)
            let old = Lanes.sample(from, plan.fromTaps)
            mixed = Ripple.sum(weight) == 0 ? old : Lanes.mix(old, Lanes.sample(to, plan.taps), weight: weight)
        }
        // `Lanes.mix(mixed, target, weight: strength)` toward white (every channel at alpha) or
        // black (colour 0, alpha kept), without the alpha channel, which that mix keeps exactly.
        let strength = plan.packed &>> 8 & Lanes.Pixels(repeating: 0xFF)
        let keep = Lanes.Pixels(repeating: 255) &- strength
        let lift = (mixed &>> 24) &* strength & (Lanes.Pixels() &- (plan.packed &>> 16))
        let even = Lanes.divideBy255Halves((mixed & Lanes.evenMask) &* keep &+ lift &* Lanes.Pixels(repeating: 0x0001_0001))
        let green = Lanes.divideBy255Halves((mixed &>> 8 & Lanes.Pixels(repeating: 0xFF)) &* keep &+ lift)
        return even | green &<< 8 | mixed & Lanes.Pixels(repeating: 0xFF00_0000)
    }

    /// The sum of the lanes.
    @inline(__always)
    static func sum(_ v: Lanes.Pixels) -> UInt32 {
        let four = v.lowHalf &+ v.highHalf, two = four.lowHalf &+ four.highHalf
        return two[0] &+ two[1]
    }

    func render(into destination: Bitmap, clip: PixelRect, kernels: KernelPath) {
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return }
        if progress <= 0 || progress >= 1 {
            let source = progress >= 1 ? to : from
            for y in area.minY..<area.maxY {
                (destination.row(y).baseAddress! + area.minX).update(from: source.base + y * source.rowStride + area.minX,
                                                                     count: area.width)
            }
            return
        }
        // No displaced position is farther than the amplitude (|sin| ≤ 1, |dx|, |dy| ≤ r) from
        // its pixel's centre; the margin adds the table's rounding and a pixel.
        let margin = Int((1.1 * amplitude + 2).rounded(.up))
        for y in area.minY..<area.maxY {
            if kernels == .reference {
                let out = destination.row(y).baseAddress!
                for x in area.minX..<area.maxX {
                    out[x] = shade(plan(row: y, x: Lanes.Floats(repeating: Float(x)), inside: false))[0]
                }
                continue
            }
            // Rows y and mirror(y) lie at the same distances from the centre: drawn together
            // when both are in the area (see `mirror`).
            let other = mirror(y).flatMap { $0 >= area.minY && $0 < area.maxY ? $0 : nil }
            if let other, other < y { continue }
            drawRows(y, other, area: area, into: destination, margin: margin)
        }
    }

    /// The row whose pixels lie at the same distances from the centre as row `y`'s (its
    /// reflection across the centre row), when the fast path shares their entries and table
    /// reads: the centre lies on a half-pixel or pixel boundary of the frame's height (true for
    /// the frame's own centre, `cy = height / 2`), and `from` is read at `to`'s taps. Then
    /// `Float(y) + 0.5 − cy` and the mirror's are exact negatives, so both rows' distances, table
    /// entries, weights and light are the same bits; only their displaced positions differ.
    func mirror(_ y: Int) -> Int? {
        guard sharedTaps, (2 * cy).rounded() == 2 * cy else { return nil }
        let other = Int(2 * cy) - 1 - y
        return other != y && other >= 0 && other < to.height ? other : nil
    }

    /// Row `y` and, if given, its mirror (`mirror(y)`, in the area): the plain copies outside
    /// the front and inside the train's end, and the ring, whose chords the two rows share.
    private func drawRows(_ y: Int, _ mirrored: Int?, area: PixelRect, into destination: Bitmap, margin: Int) {
        // Disk of the train's end (inside: `to`) and of the front (outside: `from`).
        let dy = Double(y) + 0.5 - Double(cy)
        let inner = Ripple.chord(radius: Double(front - train) - 0.01, dy: dy, cx: Double(cx), sure: true, area: area)
        let outer = Ripple.chord(radius: Double(front) + 0.01, dy: dy, cx: Double(cx), sure: false, area: area)
        func rowInside(_ row: Int) -> Bool { row >= margin && row + margin <= to.height - 2 }
        let out = destination.row(y).baseAddress!, outMirror = mirrored.map { destination.row($0).baseAddress! }
        func copy(_ source: PixelSource, _ x: Int, _ count: Int) {
            (out + x).update(from: source.base + y * source.rowStride + x, count: count)
            if let mirrored, let outMirror {
                (outMirror + x).update(from: source.base + mirrored * source.rowStride + x, count: count)
            }
        }
        var x = area.minX
        while x < area.maxX {
            if !outer.contains(x) {
                let end = x < outer.lowerBound ? min(outer.lowerBound, area.maxX) : area.maxX
                copy(from, x, end - x)
                x = end
            } else if inner.contains(x) {
                copy(to, x, inner.upperBound - x)
                x = inner.upperBound
            } else {
                let end = x < inner.lowerBound ? min(inner.lowerBound, outer.upperBound) : outer.upperBound
                let columnsInside = x >= margin && end - 1 + margin <= to.width - 2
                if let mirrored, let outMirror {
                    ringPair(rows: (y, mirrored), from: x, to: end, into: (out, outMirror),
                             inside: columnsInside && rowInside(y) && rowInside(mirrored))
                } else {
                    ring(row: y, from: x, to: end, into: out, inside: columnsInside && rowInside(y))
                }
                x = end
            }
        }
    }

    /// `ring` for a row and its mirror (`mirror`), pixels `start..<end` of both: one entries
    /// pass and one table read per vector for the two rows.
    private func ringPair(rows: (Int, Int), from start: Int, to end: Int,
                          into out: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>), inside: Bool) {
        var chunk = start
        while chunk < end {
            let next = min(end, chunk + Ripple.chunk)
            let count = next - chunk
            entriesPass(row: rows.0, from: chunk, count: count)
            plansPass(rows: rows, from: chunk, count: count, inside: inside)
            pixelsPass(from: chunk, count: count, into: out.0, offsets: offsets, weights: weights)
            pixelsPass(from: chunk, count: count, into: out.1, offsets: mirrorOffsets, weights: mirrorWeights)
            chunk = next
        }
    }

    /// Pixels `start..<end` of row `y`, eight at a time, a chunk at a time in three passes: the
    /// table entries of the chunk's pixels, their plans, then their pixels (one pass if `from`
    /// needs its own taps). One pass was bound by the latency of each vector's chain (distance →
    /// table → position → taps → texels → blends, ≈ 200 instructions, so barely two vectors in
    /// flight): split, each pass's vectors overlap (measured 8.0 → 5.8 ms for the ring at
    /// progress 0.45 with two passes, the same instructions; the entries' pass, which takes the
    /// square root's latency off the plans' chain, 6.8 → 6.1 ms for the frame).
    private func ring(row y: Int, from start: Int, to end: Int, into out: UnsafeMutablePointer<UInt32>, inside: Bool) {
        guard sharedTaps else {
            // `from` read at its own taps: one pass.
            var x = start
            while x < end {
                let n = min(8, end - x)
                let lanes = Lanes.Floats(repeating: Float(x)) + Lanes.minimum(Lanes.iota, Lanes.Floats(repeating: Float(n - 1)))
                CurlPixels.store(shade(plan(row: y, x: lanes, inside: false)), to: out + x, n)
                x += n
            }
            return
        }
        var chunk = start
        while chunk < end {
            let next = min(end, chunk + Ripple.chunk)
            passes(row: y, from: chunk, to: next, into: out, inside: inside)
            chunk = next
        }
    }

    /// `ring`'s three passes over at most `chunk` pixels, each a function of its own: in one
    /// function, once the prefetches were added, LLVM stopped inlining two vector stores and
    /// split the pixels' arithmetic into 128-bit halves around the calls (callgrind, the frame
    /// at 0.45: 40.5 M instructions before the prefetches, 46.2–48.4 M with them in one
    /// function, 39.8 M in three).
    @inline(__always)
    private func passes(row y: Int, from start: Int, to end: Int, into out: UnsafeMutablePointer<UInt32>, inside: Bool) {
        let count = end - start
        entriesPass(row: y, from: start, count: count)
        plansPass(row: y, from: start, count: count, inside: inside)
        pixelsPass(from: start, count: count, into: out, offsets: offsets, weights: weights)
    }

    /// Where a chunk's passes keep their work, per pixel: the taps' offsets and packed weights,
    /// the ring's effect and the table entry; per vector, whether only `to` shows.
    private var offsets: UnsafeMutableRawPointer { UnsafeMutableRawPointer(rows) }
    private var weights: UnsafeMutableRawPointer { offsets + 4 * rowCapacity }
    private var effects: UnsafeMutableRawPointer { weights + 4 * rowCapacity }
    private var flags: UnsafeMutablePointer<UInt32> { (effects + 4 * rowCapacity).assumingMemoryBound(to: UInt32.self) }
    private var indices: UnsafeMutableRawPointer { UnsafeMutableRawPointer(flags + rowCapacity) }
    private var mirrorOffsets: UnsafeMutableRawPointer { indices + 4 * rowCapacity }
    private var mirrorWeights: UnsafeMutableRawPointer { mirrorOffsets + 4 * rowCapacity }

    /// The table entries of the chunk's full vectors first: the square root's latency off the
    /// chain of the plans.
    @inline(never)
    private func entriesPass(row y: Int, from start: Int, count: Int) {
        let indices = self.indices
        var i = 0
        while i + 8 <= count {
            indices.storeBytes(of: nearestEntries(row: y, x: Lanes.Floats(repeating: Float(start + i)) + Lanes.iota),
                               toByteOffset: 4 * i, as: Lanes.Pixels.self)
            i += 8
        }
    }

    /// The plans of the chunk's vectors, with their texels asked for.
    @inline(never)
    private func plansPass(row y: Int, from start: Int, count: Int, inside: Bool) {
        let offsets = self.offsets, weights = self.weights, effects = self.effects, flags = self.flags
        let indices = self.indices
        @inline(__always) func keep(_ plan: Plan, _ i: Int) {
            offsets.storeBytes(of: plan.taps.offset, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            weights.storeBytes(of: plan.taps.wx | plan.taps.wy &<< 16, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            effects.storeBytes(of: plan.packed, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            flags[i / 8] = plan.onlyTo ? 1 : 0
            // The texels a chunk ahead of the pixels' pass (see the design note); `from` is read
            // only at the front.
            Lanes.prefetchNear(to, plan.taps)
            if !plan.onlyTo { Lanes.prefetchNear(from, plan.fromTaps) }
        }
        var i = 0
        // Two loops, so that each has its own taps without a branch per vector.
        if inside {
            while i + 8 <= count {
                keep(plan(row: y, x: Lanes.Floats(repeating: Float(start + i)) + Lanes.iota,
                          entries: indices.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self), inside: true), i)
                i += 8
            }
        } else {
            while i + 8 <= count {
                keep(plan(row: y, x: Lanes.Floats(repeating: Float(start + i)) + Lanes.iota,
                          entries: indices.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self), inside: false), i)
                i += 8
            }
        }
        if i < count {
            let last = Lanes.Floats(repeating: Float(count - i - 1))
            keep(plan(row: y, x: Lanes.Floats(repeating: Float(start + i)) + Lanes.minimum(Lanes.iota, last), inside: false), i)
        }
    }

    /// The plans of the chunk's vectors in a row and its mirror, whose entries, table reads,
    /// effects and flags are the same: the mirror's taps go to `mirrorOffsets` and
    /// `mirrorWeights`. `inside` must hold for both rows.
    @inline(never)
    private func plansPass(rows: (Int, Int), from start: Int, count: Int, inside: Bool) {
        let offsets = self.offsets, weights = self.weights, effects = self.effects, flags = self.flags
        let indices = self.indices, mirrorOffsets = self.mirrorOffsets, mirrorWeights = self.mirrorWeights
        @inline(__always) func keep(_ x: Lanes.Floats, _ k: Lanes.Pixels, _ i: Int, inside: Bool) {
            let (push, packed) = lookup(k)
            let plan = self.plan(row: rows.0, x: x, entries: k, push: push, packed: packed, inside: inside)
            let mirrored = self.plan(row: rows.1, x: x, entries: k, push: push, packed: packed, inside: inside)
            offsets.storeBytes(of: plan.taps.offset, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            weights.storeBytes(of: plan.taps.wx | plan.taps.wy &<< 16, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            mirrorOffsets.storeBytes(of: mirrored.taps.offset, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            mirrorWeights.storeBytes(of: mirrored.taps.wx | mirrored.taps.wy &<< 16, toByteOffset: 4 * i,
                                     as: Lanes.Pixels.self)
            effects.storeBytes(of: packed, toByteOffset: 4 * i, as: Lanes.Pixels.self)
            flags[i / 8] = plan.onlyTo ? 1 : 0
            Lanes.prefetchNear(to, plan.taps)
            Lanes.prefetchNear(to, mirrored.taps)
            if !plan.onlyTo {
                Lanes.prefetchNear(from, plan.taps)
                Lanes.prefetchNear(from, mirrored.taps)
            }
        }
        var i = 0
        if inside {
            while i + 8 <= count {
                keep(Lanes.Floats(repeating: Float(start + i)) + Lanes.iota,
                     indices.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self), i, inside: true)
                i += 8
            }
        } else {
            while i + 8 <= count {
                keep(Lanes.Floats(repeating: Float(start + i)) + Lanes.iota,
                     indices.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self), i, inside: false)
                i += 8
            }
        }
        if i < count {
            let x = Lanes.Floats(repeating: Float(start + i)) + Lanes.minimum(Lanes.iota, Lanes.Floats(repeating: Float(count - i - 1)))
            keep(x, nearestEntries(row: rows.0, x: x), i, inside: false)
        }
    }

    /// The chunk's pixels from their plans (`offsets` and `weights`: a row's or its mirror's).
    @inline(never)
    private func pixelsPass(from start: Int, count: Int, into out: UnsafeMutablePointer<UInt32>,
                            offsets: UnsafeMutableRawPointer, weights: UnsafeMutableRawPointer) {
        let effects = self.effects, flags = self.flags
        @inline(__always) func kept(_ i: Int) -> Plan {
            let wxy = weights.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self)
            let taps = Lanes.Taps(offset: offsets.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self),
                                  wx: wxy & Lanes.Pixels(repeating: 0xFFFF), wy: wxy &>> 16)
            return Plan(taps: taps, fromTaps: taps, packed: effects.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self),
                        onlyTo: flags[i / 8] != 0)
        }
        var i = 0
        // The full vectors, then the partial one: `Swift.min(8, count − i)` here was a call
        // per vector (the generic `min` not inlined), the vector spilled around it.
        while i + 8 <= count {
            UnsafeMutableRawPointer(out + start + i).storeBytes(of: shade(kept(i)), as: Lanes.Pixels.self)
            i += 8
        }
        if i < count {
            CurlPixels.store(shade(kept(i)), to: out + start + i, count - i)
        }
    }

    /// The pixels of a row (centre `dy` from the circle's centre) whose centres lie inside a
    /// circle of `radius` about (cx, ·): surely (`sure`) or perhaps; clamped to `area`.
    static func chord(radius: Double, dy: Double, cx: Double, sure: Bool, area: PixelRect) -> Range<Int> {
        guard radius > 0 else { return sure ? area.minX..<area.minX : area.minX..<area.minX }
        let h2 = radius * radius - dy * dy
        guard h2 > 0 else { return area.minX..<area.minX }
        let half = h2.squareRoot()
        let lo = cx - half - 0.5, hi = cx + half - 0.5
        let first = sure ? lo.rounded(.up) : lo.rounded(.down), last = sure ? hi.rounded(.down) : hi.rounded(.up)
        let start = Int(max(Double(area.minX), min(Double(area.maxX), first)))
        let end = Int(max(Double(area.minX), min(Double(area.maxX), last + 1)))
        return start < end ? start..<end : area.minX..<area.minX
    }
}
