import Foundation
import Raster

/// ffmpeg xfade's `wipeup`: the second image is revealed from the bottom edge upwards (y > H·P shows it).
struct XfadeWipeUpTransition: XfadeTransition {
    static let name = "wipeup"
    static let summary = "The new image wipes in from the bottom edge, upwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let height = destination.height
        let z = Int(Float(height) * p)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in y > z ? b[x] : a[x] }
    }
}
