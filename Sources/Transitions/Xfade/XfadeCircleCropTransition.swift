import Foundation
import Raster

/// ffmpeg xfade's `circlecrop`: a centred circle of radius |2P − 1|³ · half the diagonal shows the first image (P > ½) or the second, black outside.
struct XfadeCircleCropTransition: XfadeTransition {
    static let name = "circlecrop"
    static let summary = "A circle closes on the old image to black, then opens on the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let z = powf(2 * abs(p - 0.5), 3) * hypotf(Float(width / 2), Float(height / 2))
        let second = p < 0.5
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            let dist = hypotf(Float(x - width / 2), Float(y - height / 2))
            return z < dist ? Xfade.black : (second ? b[x] : a[x])
        }
    }
}
