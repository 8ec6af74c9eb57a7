import Foundation
import Raster

/// ffmpeg xfade's `diagtl`: a soft-edged hyperbolic wipe starting at the top-left corner.
struct XfadeDiagTLTransition: Transition {
    static let name = "diagtl"
    static let summary = "A soft diagonal wipe from the top-left corner"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let w = Float(width), h = Float(height)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            Xfade.mix(b[x], a[x], Xfade.smoothstep(0, 1, 1 + Float(x) / w * Float(y) / h - p * 2))
        }
    }
}
