import Foundation
import Raster

/// ffmpeg xfade's `fadegrays`: the first image fades to its own greys (the mean of R, G and B)
/// over the first part, the second image's greys to its colours over the last (phase 0.2), the
/// two mixed by progress — `fadeblack` with each image's grey version in place of black.
struct XfadeFadeGraysTransition: XfadeTransition {
    static let name = "fadegrays"
    static let summary = "The old image drains to grey, the new one's grey fills with colour"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let phase: Float = 0.2
        let s1 = Xfade.smoothstep(1 - phase, 1, p), s2 = Xfade.smoothstep(phase, 1, p)
        @inline(__always) func mean(_ word: UInt32) -> Float {
            Float(((word >> 16) & 0xFF + (word >> 8) & 0xFF + word & 0xFF) / 3)
        }
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let pa = a[x], pb = b[x], ga = mean(pa), gb = mean(pb)
            // As xfade's, the inner mixes stay in floats; alpha is its own grey.
            @inline(__always) func channel(_ shift: UInt32, _ ga: Float, _ gb: Float) -> UInt32 {
                let ca = Float((pa >> shift) & 0xFF), cb = Float((pb >> shift) & 0xFF)
                let v = Xfade.mix(Xfade.mix(ca, ga, s1), Xfade.mix(gb, cb, s2), p)
                return UInt32(min(255, max(0, v))) << shift
            }
            let alpha = pa >> 24 == pb >> 24 ? pa & 0xFF00_0000 : channel(24, Float(pa >> 24), Float(pb >> 24))
            return channel(0, ga, gb) | channel(8, ga, gb) | channel(16, ga, gb) | alpha
        }
    }
}
