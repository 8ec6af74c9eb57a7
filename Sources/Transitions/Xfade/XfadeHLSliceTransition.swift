import Foundation
import Raster

/// ffmpeg xfade's `hlslice`: ten vertical slices, each switched to the second image from its left side as a soft front sweeps in from the left (`smoothstep(−0.5, 0, x/w − 1.5·P)` against each slice's `fract(10·x/w)`).
struct XfadeHLSliceTransition: XfadeTransition {
    static let name = "hlslice"
    static let summary = "The new image arrives in ten slices from the left, each sliding in"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let w = Float(destination.width)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let position = Float(x) / w
            return Xfade.slice(position, p: p) ? b[x] : a[x]
        }
    }
}
