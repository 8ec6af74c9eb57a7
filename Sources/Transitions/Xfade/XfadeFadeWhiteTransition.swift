import Foundation
import Raster

/// ffmpeg xfade's `fadewhite`: the first image fades to white over the first part and white to the second over the last (phase 0.2).
struct XfadeFadeWhiteTransition: XfadeTransition {
    static let name = "fadewhite"
    static let summary = "Fades the old image to white, then white to the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        Xfade.fadeThrough(Xfade.white, from: from, to: to, p: p, into: destination, clip: clip)
    }
}
