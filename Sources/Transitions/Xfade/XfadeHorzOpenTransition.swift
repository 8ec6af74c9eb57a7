import Foundation
import Raster

/// ffmpeg xfade's `horzopen`: the second image opens from a horizontal line at the centre outwards, with a soft edge.
struct XfadeHorzOpenTransition: Transition {
    static let name = "horzopen"
    static let summary = "The new image opens from a horizontal line at the centre outwards"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let w2 = Float(width / 2), h2 = Float(height / 2)
        _ = (w2, h2)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            Xfade.mix(b[x], a[x], Xfade.smoothstep(0, 1, 2 - abs((Float(y) - h2) / h2) - p * 2))
        }
    }
}
