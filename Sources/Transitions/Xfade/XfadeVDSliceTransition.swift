import Foundation
import Raster

/// ffmpeg xfade's `vdslice`: `vuslice` mirrored: the bands fill from the bottom.
struct XfadeVDSliceTransition: XfadeTransition {
    static let name = "vdslice"
    static let summary = "The new image arrives in ten bands from the bottom, each sliding in"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let h = Float(destination.height)
        for y in clip.minY..<clip.maxY {
            let position = (h - 1 - Float(y)) / h
            let source = Xfade.slice(position, p: p) ? to.row(y) : from.row(y)
            (destination.row(y).baseAddress! + clip.minX).update(from: source.baseAddress! + clip.minX, count: clip.width)
        }
    }
}
