import Foundation
import Raster

/// ffmpeg xfade's `wipeleft`: the second image is revealed from the right edge leftwards (x > W·P shows it).
struct XfadeWipeLeftTransition: XfadeTransition {
    static let name = "wipeleft"
    static let summary = "The new image wipes in from the right edge, leftwards"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        let z = Int(Float(width) * p)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in x > z ? b[x] : a[x] }
    }
}
