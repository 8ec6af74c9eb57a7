import Foundation
import Raster

/// ffmpeg xfade's `horzopen`: the second image opens from a horizontal line at the centre outwards, with a soft edge.
struct XfadeHorzOpenTransition: XfadeTransition {
    static let name = "horzopen"
    static let summary = "The new image opens from a horizontal line at the centre outwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            2 - abs((Float(y) - Float(height / 2)) / Float(height / 2)) - p * 2
        }
    }
}
