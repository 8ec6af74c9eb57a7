import Foundation
import Raster

/// ffmpeg xfade's `horzclose`: the second image closes in from the top and bottom edges to the centre, with a soft edge.
struct XfadeHorzCloseTransition: XfadeTransition {
    static let name = "horzclose"
    static let summary = "The new image closes in from the top and bottom edges to the centre"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + abs((Float(y) - Float(height / 2)) / Float(height / 2)) - p * 2
        }
    }
}
