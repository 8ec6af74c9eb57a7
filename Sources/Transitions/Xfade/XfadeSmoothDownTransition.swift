import Foundation
import Raster

/// ffmpeg xfade's `smoothdown`: a wipe downwards with a soft edge (smoothstep).
struct XfadeSmoothDownTransition: XfadeTransition {
    static let name = "smoothdown"
    static let summary = "A soft-edged wipe downwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(height - 1 - y) / Float(height) - p * 2
        }
    }
}
