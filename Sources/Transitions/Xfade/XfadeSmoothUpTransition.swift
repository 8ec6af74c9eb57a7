import Foundation
import Raster

/// ffmpeg xfade's `smoothup`: a wipe upwards with a soft edge (smoothstep).
struct XfadeSmoothUpTransition: XfadeTransition {
    static let name = "smoothup"
    static let summary = "A soft-edged wipe upwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(y) / Float(height) - p * 2
        }
    }
}
