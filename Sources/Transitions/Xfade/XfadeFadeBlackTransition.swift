import Foundation
import Raster

/// ffmpeg xfade's `fadeblack`: the first image fades to black over the first part and black to the second over the last (phase 0.2).
struct XfadeFadeBlackTransition: XfadeTransition {
    static let name = "fadeblack"
    static let summary = "Fades the old image to black, then black to the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        Xfade.fadeThrough(Xfade.black, from: from, to: to, p: p, into: destination, clip: clip)
    }
}
