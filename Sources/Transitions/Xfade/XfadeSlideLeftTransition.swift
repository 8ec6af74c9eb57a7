import Foundation
import Raster

/// ffmpeg xfade's `slideleft`: both images move left by whole pixels, the second entering from the right edge.
struct XfadeSlideLeftTransition: Transition {
    static let name = "slideleft"
    static let summary = "Both images slide left, the new one entering from the right"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = Int(-p * Float(width))
        _ = height
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in
            let zx = z + x, zz = zx % width + (zx < 0 ? width : 0)
            return zx >= 0 && zx < width ? b[zz] : a[zz]
        }
    }
}
