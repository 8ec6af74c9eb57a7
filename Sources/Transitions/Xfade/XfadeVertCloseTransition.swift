import Foundation
import Raster

/// ffmpeg xfade's `vertclose`: the second image closes in from the left and right edges to the centre, with a soft edge.
struct XfadeVertCloseTransition: XfadeTransition {
    static let name = "vertclose"
    static let summary = "The new image closes in from the left and right edges to the centre"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            1 + abs((Float(x) - Float(width / 2)) / Float(width / 2)) - p * 2
        }
    }
}
