import Foundation
import Raster

/// ffmpeg xfade's `diagtr`: a soft-edged hyperbolic wipe starting at the top-right corner.
struct XfadeDiagTRTransition: Transition {
    static let name = "diagtr"
    static let summary = "A soft diagonal wipe from the top-right corner"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let w = Float(width), h = Float(height)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            Xfade.mix(b[x], a[x], Xfade.smoothstep(0, 1, 1 + Float(width - 1 - x) / w * Float(y) / h - p * 2))
        }
    }
}
