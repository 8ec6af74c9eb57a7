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
// about the centre): plain copies outside and inside, `Ripple.pixels` eight lanes at a time in
// the ring. The ring's sine and cosine come from a parabolic approximation (error < 0.2%) after
// reducing the phase with the 1.5·2²³ rounding trick, so no libm call runs per pixel; the same
// lane function on one splatted pixel is the reference. Past the blend at the front only the new
// content is sampled.
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, thread CPU time per 1920×1080 frame of two photographs, best of 25 at
// progress 0.25 / 0.5 / 0.75, on the shared 2-core machine (load average 6–10, so these are
// upper bounds): 7.0 / 13.8 / 9.3 ms. Over the 8 ms goal while the ring covers most of the
// frame: every pixel in it is a bilinear gather (≈ 7 ns per pixel here, see LaneSampling.swift).

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
        Ripple(progress: progress, from: from, to: to).render(into: destination, clip: clip, kernels: .current)
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

    init(progress: Double, from: Bitmap, to: Bitmap) {
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

    /// The colours of eight pixels of row `y` at `x`; exactly `from` ahead of the front and
    /// exactly `to` behind the train. One pixel splatted over the lanes is the reference.
    @inline(__always)
    func pixels(row y: Int, x: Lanes.Floats) -> Lanes.Pixels {
        let dx = x + (0.5 - cx), dy = Lanes.Floats(repeating: Float(y) + 0.5 - cy)
        let r = (dx * dx + dy * dy).squareRoot()
        let behind = Lanes.clamp(front - r, 0, train)
        let fade = 1 - behind / train
        let envelope = fade * fade
        let wave = Ripple.sineCosine(turns: behind / wavelength)
        // Outward displacement, so the crests magnify; none at the centre pixel's own position.
        let push = amplitude * envelope * wave.sin / Lanes.maximum(r, Lanes.Floats(repeating: 1))
        let sx = x + 0.5 + dx * push, sy = Float(y) + 0.5 + dy * push
        let blendWeight = Lanes.clamp(behind / blend, 0, 1)
        let new = Lanes.bilinear(to, x: sx, y: sy)
        // Past the blend at the front only the new content shows (the mix at 255 is exactly it).
        let mixed = Lanes.smallest(blendWeight) >= 1 ? new
            : Lanes.mix(Lanes.bilinear(from, x: sx, y: sy), new, weight: Lanes.roundToInteger(blendWeight * 255))
        // Light on the crests, dark in the troughs, none ahead of the front.
        let rise = Lanes.clamp(behind / (0.25 * wavelength), 0, 1)
        let shine = light * envelope * rise * wave.cos
        let darkKeep = Lanes.roundToInteger((1 + Lanes.minimum(shine, Lanes.Floats())) * 255)
        let lift = Lanes.roundToInteger(Lanes.maximum(shine, Lanes.Floats()) * 255)
        let white = (mixed &>> 24) &* 0x0101_0101
        return Lanes.mix(Lanes.scaleColor(mixed, by: darkKeep), white, weight: lift)
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
        for y in area.minY..<area.maxY {
            let out = destination.row(y).baseAddress!
            let fromRow = from.base + y * from.rowStride, toRow = to.base + y * to.rowStride
            if kernels == .reference {
                for x in area.minX..<area.maxX { out[x] = pixels(row: y, x: Lanes.Floats(repeating: Float(x)))[0] }
                continue
            }
            // Disk of the train's end (inside: `to`) and of the front (outside: `from`).
            let dy = Double(y) + 0.5 - Double(cy)
            let inner = Ripple.chord(radius: Double(front - train) - 0.01, dy: dy, cx: Double(cx), sure: true, area: area)
            let outer = Ripple.chord(radius: Double(front) + 0.01, dy: dy, cx: Double(cx), sure: false, area: area)
            var x = area.minX
            while x < area.maxX {
                if !outer.contains(x) {
                    let end = x < outer.lowerBound ? min(outer.lowerBound, area.maxX) : area.maxX
                    (out + x).update(from: fromRow + x, count: end - x)
                    x = end
                } else if inner.contains(x) {
                    (out + x).update(from: toRow + x, count: inner.upperBound - x)
                    x = inner.upperBound
                } else {
                    let end = x < inner.lowerBound ? min(inner.lowerBound, outer.upperBound) : outer.upperBound
                    while x < end {
                        let n = min(8, end - x)
                        let lanes = Lanes.Floats(repeating: Float(x)) + Lanes.minimum(Lanes.iota, Lanes.Floats(repeating: Float(n - 1)))
                        CurlPixels.store(pixels(row: y, x: lanes), to: out + x, n)
                        x += n
                    }
                }
            }
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
