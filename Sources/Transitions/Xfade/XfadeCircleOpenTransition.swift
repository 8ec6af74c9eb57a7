import Foundation
import Raster

/// ffmpeg xfade's `circleopen`: the second image shows through a soft-edged circle growing from the centre.
struct XfadeCircleOpenTransition: XfadeTransition {
    static let name = "circleopen"
    static let summary = "The new image opens in a soft circle from the centre"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let z = hypotf(Float(width / 2), Float(height / 2)), shift = (p - 0.5) * 3
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            let smooth = hypotf(Float(x - width / 2), Float(y - height / 2)) / z + shift
            return Xfade.mix(a[x], b[x], Xfade.smoothstep(0, 1, smooth))
        }
    }
}
