// Design note. The transitions named after ffmpeg's `xfade` filter (libavfilter/vf_xfade.c,
// ffmpeg 5.1) compute each pixel with xfade's own formulas, in single-precision floats as the
// filter does, so that a frame matches ffmpeg's output on the same inputs (fed to it as planar
// RGB, `format=gbrp`): xfade's `progress` runs from 1 at the first frame to 0 at the last
// (`Xfade.progress`), `mix(a, b, m) = a·m + b·(1 − m)` truncated to 8 bits as C's cast does,
// `smoothstep` as GLSL's. Where xfade's end frames still show a column or a pixel of the other
// image (`wipeleft` keeps column 0 of the first input at the end), progress 0 and 1 are exactly
// `from` and `to` here, as every Kinescope transition's are. Channels are mixed as stored
// (premultiplied), which is xfade's RGB for the opaque frames `kinescope transition` composes.

import Raster

/// A transition named after one of xfade's: parameterless, exactly `from` and `to` at the ends,
/// xfade's formula (`draw`) in between.
protocol XfadeTransition: Transition {
    init()

    /// Draws a frame strictly between the ends into `clip`; `p` is xfade's progress (1 → 0).
    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect)
}

extension XfadeTransition {
    static var parameters: [TransitionParameter] { [] }

    init(parameters: TransitionParameters) { self.init() }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        draw(from: from, to: to, p: Xfade.progress(progress), into: destination, clip: clip)
    }
}

/// Helpers shared by the xfade transitions.
enum Xfade {
    /// xfade's progress for Kinescope's `t`: 1 at the first frame, 0 at the last.
    @inline(__always) static func progress(_ t: Double) -> Float { Float(1 - t) }

    /// GLSL's smoothstep: 0 below `edge0`, 1 above `edge1`, a cubic between.
    @inline(__always) static func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
        let t = min(1, max(0, (x - edge0) / (edge1 - edge0)))
        return t * t * (3 - 2 * t)
    }

    /// xfade's `mix(a, b, m) = a·m + b·(1 − m)` on each 8-bit channel of two words, truncated;
    /// alpha (which xfade's planar RGB lacks) mixes the same way but stays exact when equal.
    @inline(__always) static func mix(_ a: UInt32, _ b: UInt32, _ m: Float) -> UInt32 {
        // The same result as the arithmetic (a·1 + b·0 is a exactly), without it for the pixels
        // a soft wipe has already passed or not reached yet.
        if m >= 1 { return a }
        if m <= 0 { return b }
        let n = 1 - m
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let v = Float((a >> shift) & 0xFF) * m + Float((b >> shift) & 0xFF) * n
            return UInt32(min(255, max(0, v))) << shift
        }
        // Two equal alphas stay that alpha (255·m + 255·(1 − m) can be 254.99998, which the
        // truncation would turn into a translucent pixel of an opaque frame).
        let alpha = a >> 24 == b >> 24 ? a & 0xFF00_0000 : channel(24)
        return channel(0) | channel(8) | channel(16) | alpha
    }

    /// Each 8-bit channel of two words through `f` (xfade's per-plane formula on the two
    /// channel values as floats), truncated to 0…255 as C's cast does. Alpha, which xfade's planar
    /// RGB does not have, goes through `f` too, except that two equal alphas stay exactly that
    /// alpha: float rounding must not turn an opaque frame's 255 into 254.
    @inline(__always) static func channels(_ a: UInt32, _ b: UInt32, _ f: (Float, Float) -> Float) -> UInt32 {
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let v = f(Float((a >> shift) & 0xFF), Float((b >> shift) & 0xFF))
            return UInt32(min(255, max(0, v))) << shift
        }
        let alpha = a >> 24 == b >> 24 ? a & 0xFF00_0000 : channel(24)
        return channel(0) | channel(8) | channel(16) | alpha
    }

    /// xfade's `mix` on floats, without truncation (for the formulas that nest it).
    @inline(__always) static func mix(_ a: Float, _ b: Float, _ m: Float) -> Float { a * m + b * (1 - m) }

    /// GLSL's `fract`: `x − floor(x)`.
    @inline(__always) static func fract(_ x: Float) -> Float { x - x.rounded(.down) }

    /// xfade's slice rule (`hlslice` and its mirrors): true when the slice pixel at `position`
    /// (0…1 across the image, ten slices) shows the second image at progress `p`.
    @inline(__always) static func slice(_ position: Float, p: Float) -> Bool {
        smoothstep(-0.5, 0, position - p * 1.5) > fract(10 * position)
    }

    /// Copies `from` (t ≤ 0) or `to` (t ≥ 1) into `clip` of `destination` and returns true, or
    /// returns false for a progress strictly between.
    static func endFrame(from: Bitmap, to: Bitmap, progress t: Double, into destination: Bitmap, clip: PixelRect) -> Bool {
        guard t <= 0 || t >= 1 else { return false }
        let source = t <= 0 ? from : to
        for y in clip.minY..<clip.maxY {
            (destination.row(y).baseAddress! + clip.minX).update(from: source.row(y).baseAddress! + clip.minX, count: clip.width)
        }
        return true
    }

    /// Fills `clip` pixel by pixel with `pixel(x, y, fromRow, toRow)`, given the rows of the two
    /// inputs at `y` (for transitions that read other rows, the inputs themselves are at hand).
    @inline(__always)
    static func fill(_ destination: Bitmap, clip: PixelRect, from: Bitmap, to: Bitmap,
                     _ pixel: (Int, Int, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>) -> UInt32) {
        for y in clip.minY..<clip.maxY {
            let out = destination.row(y).baseAddress!, a = from.row(y).baseAddress!, b = to.row(y).baseAddress!
            for x in clip.minX..<clip.maxX { out[x] = pixel(x, y, a, b) }
        }
    }

    /// Fills `clip` with `mix(to, from, smoothstep(0, 1, smooth(x, y)))`, the form of xfade's
    /// soft wipes: `smooth` ≤ 0 shows `from`, ≥ 1 shows `to`.
    @inline(__always)
    static func smoothMix(_ destination: Bitmap, clip: PixelRect, from: Bitmap, to: Bitmap, _ smooth: (Int, Int) -> Float) {
        fill(destination, clip: clip, from: from, to: to) { x, y, a, b in mix(b[x], a[x], smoothstep(0, 1, smooth(x, y))) }
    }

    /// xfade's `fadeblack` / `fadewhite`: `from` fades to `colour` as `P` falls from 1 to 0.8,
    /// `colour` to `to` from 0.8 to 0.2 (smoothstep, phase 0.2), the two mixed by `P`.
    static func fadeThrough(_ colour: UInt32, from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let phase: Float = 0.2
        let s1 = smoothstep(1 - phase, 1, p), s2 = smoothstep(phase, 1, p)
        fill(destination, clip: clip, from: from, to: to) { x, _, a, b in mix(mix(a[x], colour, s1), mix(colour, b[x], s2), p) }
    }

    /// The word of opaque black and of opaque white.
    static let black: UInt32 = 0xFF00_0000, white: UInt32 = 0xFFFF_FFFF
}
