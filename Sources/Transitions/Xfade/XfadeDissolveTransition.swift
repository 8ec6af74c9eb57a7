import Foundation
import Raster

/// ffmpeg xfade's `dissolve`: each pixel switches from the first image to the second when 2·hash + 2P − 1.5 drops below ½, hash = xfade's `fract(sin(12.9898x + 78.233y) · 43758.545)`.
struct XfadeDissolveTransition: XfadeTransition {
    static let name = "dissolve"
    static let summary = "Random pixels switch from the old image to the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            let r = sinf(Float(x) * 12.9898 + Float(y) * 78.233) * 43758.545
            return (r - r.rounded(.down)) * 2 + p * 2 - 1.5 >= 0.5 ? a[x] : b[x]
        }
    }
}
