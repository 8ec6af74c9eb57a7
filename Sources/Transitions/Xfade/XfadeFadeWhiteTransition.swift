import Foundation
import Raster

/// ffmpeg xfade's `fadewhite`: the first image fades to white over the first part and white to the second over the last (phase 0.2).
struct XfadeFadeWhiteTransition: XfadeTransition {
    static let name = "fadewhite"
    static let summary = "Fades the old image to white, then white to the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let phase: Float = 0.2
        let s1 = Xfade.smoothstep(1 - phase, 1, p), s2 = Xfade.smoothstep(phase, 1, p)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            Xfade.mix(Xfade.mix(a[x], Xfade.white, s1), Xfade.mix(Xfade.white, b[x], s2), p)
        }
    }
}
