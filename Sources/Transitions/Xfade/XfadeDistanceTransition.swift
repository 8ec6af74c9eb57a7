import Foundation
import Raster

/// ffmpeg xfade's `distance`: a pixel switches from the first image to the second once progress
/// falls below its colour distance (the Euclidean distance of the R, G, B values in 0…1), the
/// whole cross-faded by progress — pixels alike in both images change first.
struct XfadeDistanceTransition: XfadeTransition {
    static let name = "distance"
    static let summary = "Pixels change in the order of how much they differ, cross-faded"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let pa = a[x], pb = b[x]
            var sum: Float = 0
            for shift: UInt32 in [16, 8, 0] {
                let d = Float((pa >> shift) & 0xFF) / 255 - Float((pb >> shift) & 0xFF) / 255
                sum += d * d
            }
            let switched: Float = sum.squareRoot() <= p ? 1 : 0
            return Xfade.channels(pa, pb) { ca, cb in Xfade.mix(Xfade.mix(ca, cb, switched), cb, p) }
        }
    }
}
