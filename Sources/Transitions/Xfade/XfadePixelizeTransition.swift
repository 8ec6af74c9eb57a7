import Foundation
import Raster

/// ffmpeg xfade's `pixelize`: both images are sampled in squares up to a tenth of the shorter side (largest half-way), cross-faded by progress.
struct XfadePixelizeTransition: XfadeTransition {
    static let name = "pixelize"
    static let summary = "The old image breaks into growing blocks that fade into the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width, height = destination.height
        let d = min(p, 1 - p)
        let dist = (d * 50).rounded(.up) / 50
        let sq = 2 * dist * Float(min(width, height)) / 20
        for y in clip.minY..<clip.maxY {
            let sy = dist > 0 ? Int(min(((Float(y) / sq).rounded(.down) + 0.5) * sq, Float(height - 1))) : y
            let out = destination.row(y).baseAddress!, a = from.row(sy).baseAddress!, b = to.row(sy).baseAddress!
            for x in clip.minX..<clip.maxX {
                let sx = dist > 0 ? Int(min(((Float(x) / sq).rounded(.down) + 0.5) * sq, Float(width - 1))) : x
                out[x] = Xfade.mix(a[sx], b[sx], p)
            }
        }
    }
}
