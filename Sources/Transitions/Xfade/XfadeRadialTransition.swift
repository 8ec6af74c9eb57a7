import Foundation
import Raster

/// ffmpeg xfade's `radial`: a soft-edged sweep around the centre, by the angle of each pixel (atan2) against 2.5π · (P − ½).
struct XfadeRadialTransition: XfadeTransition {
    static let name = "radial"
    static let summary = "A clock hand sweeps the new image in around the centre"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let turn = (p - 0.5) * (Float.pi * 2.5)
        Xfade.smoothMix(destination, clip: clip, from: from, to: to) { x, y in
            atan2f(Float(x - width / 2), Float(y - height / 2)) - turn
        }
    }
}
