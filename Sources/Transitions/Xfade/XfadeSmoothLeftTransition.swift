import Foundation
import Raster

/// ffmpeg xfade's `smoothleft`: a wipe leftwards with a soft edge (smoothstep).
struct XfadeSmoothLeftTransition: XfadeTransition {
    static let name = "smoothleft"
    static let summary = "A soft-edged wipe leftwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(x) / Float(width) - p * 2
        }
    }
}
