import Foundation
import Raster

/// ffmpeg xfade's `wipedown`: the second image is revealed from the top edge downwards (y > H·(1 − P) shows the first).
struct XfadeWipeDownTransition: XfadeTransition {
    static let name = "wipedown"
    static let summary = "The new image wipes in from the top edge, downwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        let z = Int(Float(height) * (1 - p))
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in y > z ? a[x] : b[x] }
    }
}
