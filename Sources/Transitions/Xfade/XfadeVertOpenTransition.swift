import Foundation
import Raster

/// ffmpeg xfade's `vertopen`: the second image opens from a vertical line at the centre outwards, with a soft edge.
struct XfadeVertOpenTransition: XfadeTransition {
    static let name = "vertopen"
    static let summary = "The new image opens from a vertical line at the centre outwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            2 - abs((Float(x) - Float(width / 2)) / Float(width / 2)) - p * 2
        }
    }
}
