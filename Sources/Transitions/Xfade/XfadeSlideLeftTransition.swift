import Foundation
import Raster

/// ffmpeg xfade's `slideleft`: both images move left by whole pixels, the second entering from the right edge.
struct XfadeSlideLeftTransition: XfadeTransition {
    static let name = "slideleft"
    static let summary = "Both images slide left, the new one entering from the right"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        let z = Int(-p * Float(width))
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let zx = z + x, zz = zx % width + (zx < 0 ? width : 0)
            return zx >= 0 && zx < width ? b[zz] : a[zz]
        }
    }
}
