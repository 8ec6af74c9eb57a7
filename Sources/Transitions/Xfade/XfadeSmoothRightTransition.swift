import Foundation
import Raster

/// ffmpeg xfade's `smoothright`: a wipe rightwards with a soft edge (smoothstep).
struct XfadeSmoothRightTransition: XfadeTransition {
    static let name = "smoothright"
    static let summary = "A soft-edged wipe rightwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(width - 1 - x) / Float(width) - p * 2
        }
    }
}
