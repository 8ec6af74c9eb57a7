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

/// Helpers shared by the xfade transitions.
enum Xfade {
    /// xfade's progress for Kinescope's `t`: 1 at the first frame, 0 at the last.
    @inline(__always) static func progress(_ t: Double) -> Float { Float(1 - t) }

    /// GLSL's smoothstep: 0 below `edge0`, 1 above `edge1`, a cubic between.
    @inline(__always) static func smoothstep(_ edge0: Float, _ edge1: Float, _ x: Float) -> Float {
        let t = min(1, max(0, (x - edge0) / (edge1 - edge0)))
        return t * t * (3 - 2 * t)
    }

    /// xfade's `mix(a, b, m) = a·m + b·(1 − m)` on each 8-bit channel of two words, truncated.
    @inline(__always) static func mix(_ a: UInt32, _ b: UInt32, _ m: Float) -> UInt32 {
        let n = 1 - m
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let v = Float((a >> shift) & 0xFF) * m + Float((b >> shift) & 0xFF) * n
            return UInt32(min(255, max(0, v))) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
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

    /// The word of opaque black and of opaque white.
    static let black: UInt32 = 0xFF00_0000, white: UInt32 = 0xFFFF_FFFF
}
