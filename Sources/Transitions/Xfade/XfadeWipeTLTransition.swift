import Foundation
import Raster

/// ffmpeg xfade's `wipetl`: a rectangle at the top-left corner of P · the frame size keeps the first image, the second shows around it.
struct XfadeWipeTLTransition: XfadeTransition {
    static let name = "wipetl"
    static let summary = "The old image shrinks into the top-left corner as a rectangle, the new one around it"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let zw = Int(Float(width) * p), zh = Int(Float(height) * p)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in y <= zh && x <= zw ? a[x] : b[x] }
    }
}
