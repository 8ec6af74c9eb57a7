import Foundation
import Raster

/// ffmpeg xfade's `diagtl`: a soft-edged hyperbolic wipe starting at the top-left corner.
struct XfadeDiagTLTransition: XfadeTransition {
    static let name = "diagtl"
    static let summary = "A soft diagonal wipe from the top-left corner"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + Float(x) / Float(width) * Float(y) / Float(height) - p * 2
        }
    }
}
