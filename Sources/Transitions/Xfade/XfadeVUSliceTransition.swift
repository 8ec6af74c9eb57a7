import Foundation
import Raster

/// ffmpeg xfade's `vuslice`: ten horizontal bands, each switched to the second image from its top as the front sweeps down from the top (xfade's "up" is the top row, y = 0).
struct XfadeVUSliceTransition: XfadeTransition {
    static let name = "vuslice"
    static let summary = "The new image arrives in ten bands from the top, each sliding in"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let h = Float(destination.height)
        for y in clip.minY..<clip.maxY {
            let position = Float(y) / h
            let source = Xfade.slice(position, p: p) ? to.row(y) : from.row(y)
            (destination.row(y).baseAddress! + clip.minX).update(from: source.baseAddress! + clip.minX, count: clip.width)
        }
    }
}
