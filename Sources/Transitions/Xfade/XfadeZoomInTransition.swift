import Foundation
import Raster

/// ffmpeg xfade's `zoomin`: the first image zooms in towards its centre (nearest pixel, xfade's
/// `ceilf`) over the first half while the second fades in over the last half.
struct XfadeZoomInTransition: XfadeTransition {
    static let name = "zoomin"
    static let summary = "The old image zooms in towards its centre and fades into the new one"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let w = Float(destination.width), h = Float(destination.height)
        let zoom = Xfade.smoothstep(0.5, 1, p), fade = Xfade.smoothstep(0, 0.5, p)
        for y in clip.minY..<clip.maxY {
            let v = 0.5 + (Float(y) / h - 0.5) * zoom
            let sourceRow = from.row(min(destination.height - 1, max(0, Int((v * (h - 1)).rounded(.up))))).baseAddress!
            let out = destination.row(y).baseAddress!, b = to.row(y).baseAddress!
            for x in clip.minX..<clip.maxX {
                let u = 0.5 + (Float(x) / w - 0.5) * zoom
                let zoomed = sourceRow[min(destination.width - 1, max(0, Int((u * (w - 1)).rounded(.up))))]
                out[x] = Xfade.mix(zoomed, b[x], fade)
            }
        }
    }
}
