import Foundation
import Raster

/// ffmpeg xfade's `slideright`: both images move right by whole pixels, the second entering from the left edge.
struct XfadeSlideRightTransition: XfadeTransition {
    static let name = "slideright"
    static let summary = "Both images slide right, the new one entering from the left"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        let z = Int(p * Float(width))
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let zx = z + x, zz = zx % width + (zx < 0 ? width : 0)
            return zx >= 0 && zx < width ? b[zz] : a[zz]
        }
    }
}
