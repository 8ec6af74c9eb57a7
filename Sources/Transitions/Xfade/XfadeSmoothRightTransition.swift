import Foundation
import Raster

/// ffmpeg xfade's `smoothright`: a wipe rightwards with a soft edge (smoothstep).
struct XfadeSmoothRightTransition: Transition {
    static let name = "smoothright"
    static let summary = "A soft-edged wipe rightwards"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let w = Float(width), h = Float(height)
        _ = (w, h)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            Xfade.mix(b[x], a[x], Xfade.smoothstep(0, 1, 1 + Float(width - 1 - x) / w - p * 2))
        }
    }
}
