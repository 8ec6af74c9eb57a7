import Foundation
import Raster

/// ffmpeg xfade's `wiperight`: the second image is revealed from the left edge rightwards (x > W·(1 − P) shows the first).
struct XfadeWipeRightTransition: XfadeTransition {
    static let name = "wiperight"
    static let summary = "The new image wipes in from the left edge, rightwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        let z = Int(Float(width) * (1 - p))
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in x > z ? a[x] : b[x] }
    }
}
