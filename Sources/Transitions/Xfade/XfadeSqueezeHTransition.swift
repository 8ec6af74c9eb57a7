import Foundation
import Raster

/// ffmpeg xfade's `squeezeh`: the first image is squeezed vertically towards the middle row (nearest row, `lrintf`), the second shows above and below.
struct XfadeSqueezeHTransition: XfadeTransition {
    static let name = "squeezeh"
    static let summary = "The old image is squeezed to a horizontal line, over the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        let h = Float(height)
        for y in clip.minY..<clip.maxY {
            let z = 0.5 + (Float(y) / h - 0.5) / p
            let source = z < 0 || z > 1 ? to.row(y) : from.row(Int((z * (h - 1)).rounded(.toNearestOrEven)))
            (destination.row(y).baseAddress! + clip.minX).update(from: source.baseAddress! + clip.minX, count: clip.width)
        }
    }
}
