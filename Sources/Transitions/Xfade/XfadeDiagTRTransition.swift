import Foundation
import Raster

/// ffmpeg xfade's `diagtr`: a soft-edged hyperbolic wipe starting at the top-right corner.
struct XfadeDiagTRTransition: XfadeTransition {
    static let name = "diagtr"
    static let summary = "A soft diagonal wipe from the top-right corner"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(width - 1 - x) / Float(width) * Float(y) / Float(height) - p * 2
        }
    }
}
