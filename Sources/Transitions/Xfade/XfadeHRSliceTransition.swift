import Foundation
import Raster

/// ffmpeg xfade's `hrslice`: `hlslice` mirrored: the slices fill from the right.
struct XfadeHRSliceTransition: XfadeTransition {
    static let name = "hrslice"
    static let summary = "The new image arrives in ten slices from the right, each sliding in"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let w = Float(destination.width)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let position = (w - 1 - Float(x)) / w
            return Xfade.slice(position, p: p) ? b[x] : a[x]
        }
    }
}
