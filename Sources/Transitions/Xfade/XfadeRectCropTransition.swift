import Foundation
import Raster

/// ffmpeg xfade's `rectcrop`: a centred rectangle of |P − ½| · the frame size shows the first image (P > ½) or the second, black outside.
struct XfadeRectCropTransition: XfadeTransition {
    static let name = "rectcrop"
    static let summary = "A rectangle closes on the old image to black, then opens on the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let zw = Int(abs(p - 0.5) * Float(width)), zh = Int(abs(p - 0.5) * Float(height))
        let second = p < 0.5
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            abs(x - width / 2) < zw && abs(y - height / 2) < zh ? (second ? b[x] : a[x]) : Xfade.black
        }
    }
}
