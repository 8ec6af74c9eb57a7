import Foundation
import Raster

/// ffmpeg xfade's `diagbr`: a soft-edged hyperbolic wipe starting at the bottom-right corner.
struct XfadeDiagBRTransition: XfadeTransition {
    static let name = "diagbr"
    static let summary = "A soft diagonal wipe from the bottom-right corner"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(width - 1 - x) / Float(width) * Float(height - 1 - y) / Float(height) - p * 2
        }
    }
}
