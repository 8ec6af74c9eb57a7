import Foundation
import Raster

/// ffmpeg xfade's `slidedown`: both images move down by whole rows, the second entering from the top edge.
struct XfadeSlideDownTransition: XfadeTransition {
    static let name = "slidedown"
    static let summary = "Both images slide down, the new one entering from the top"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        let z = Int(p * Float(height))
        for y in clip.minY..<clip.maxY {
            let zy = z + y, zz = zy % height + (zy < 0 ? height : 0)
            let source = zy >= 0 && zy < height ? to : from
            (destination.row(y).baseAddress! + clip.minX).update(from: source.row(zz).baseAddress! + clip.minX, count: clip.width)
        }
    }
}
