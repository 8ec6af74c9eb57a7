import Foundation
import Raster

/// ffmpeg xfade's `fadeblack`: the first image fades to black over the first part and black to the second over the last (phase 0.2).
struct XfadeFadeBlackTransition: XfadeTransition {
    static let name = "fadeblack"
    static let summary = "Fades the old image to black, then black to the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let phase: Float = 0.2
        let s1 = Xfade.smoothstep(1 - phase, 1, p), s2 = Xfade.smoothstep(phase, 1, p)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            Xfade.mix(Xfade.mix(a[x], Xfade.black, s1), Xfade.mix(Xfade.black, b[x], s2), p)
        }
    }
}
