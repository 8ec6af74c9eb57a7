import Foundation
import Raster

/// ffmpeg xfade's `circleclose`: the first image shrinks to a soft-edged circle at the centre, the second showing around it.
struct XfadeCircleCloseTransition: XfadeTransition {
    static let name = "circleclose"
    static let summary = "The new image closes in from the edges to a soft circle at the centre"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let z = hypotf(Float(width / 2), Float(height / 2)), shift = (p - 0.5) * 3
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            let smooth = 1 - hypotf(Float(x - width / 2), Float(y - height / 2)) / z + shift
            return Xfade.mix(a[x], b[x], Xfade.smoothstep(0, 1, smooth))
        }
    }
}
