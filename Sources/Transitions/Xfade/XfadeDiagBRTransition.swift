import Foundation
import Raster

/// ffmpeg xfade's `diagbr`: a soft-edged hyperbolic wipe starting at the bottom-right corner.
struct XfadeDiagBRTransition: Transition {
    static let name = "diagbr"
    static let summary = "A soft diagonal wipe from the bottom-right corner"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let w = Float(width), h = Float(height)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            Xfade.mix(b[x], a[x], Xfade.smoothstep(0, 1, 1 + Float(width - 1 - x) / w * Float(height - 1 - y) / h - p * 2))
        }
    }
}
