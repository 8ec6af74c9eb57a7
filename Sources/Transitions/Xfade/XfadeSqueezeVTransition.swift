import Foundation
import Raster

/// ffmpeg xfade's `squeezev`: the first image is squeezed horizontally towards the middle column
/// (nearest column, `lrintf`), the second shows left and right of it.
struct XfadeSqueezeVTransition: XfadeTransition {
    static let name = "squeezev"
    static let summary = "The old image is squeezed to a vertical line, over the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let w = Float(destination.width)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let z = 0.5 + (Float(x) / w - 0.5) / p
            return z < 0 || z > 1 ? b[x] : a[Int((z * (w - 1)).rounded(.toNearestOrEven))]
        }
    }
}
