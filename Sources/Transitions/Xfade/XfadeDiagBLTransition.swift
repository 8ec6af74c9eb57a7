import Foundation
import Raster

/// ffmpeg xfade's `diagbl`: a soft-edged hyperbolic wipe starting at the bottom-left corner.
struct XfadeDiagBLTransition: XfadeTransition {
    static let name = "diagbl"
    static let summary = "A soft diagonal wipe from the bottom-left corner"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(x) / Float(width) * Float(height - 1 - y) / Float(height) - p * 2
        }
    }
}
