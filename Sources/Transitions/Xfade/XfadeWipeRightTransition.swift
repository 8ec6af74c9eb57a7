import Foundation
import Raster

/// ffmpeg xfade's `wiperight`: the second image is revealed from the left edge rightwards (x > W·(1 − P) shows the first).
struct XfadeWipeRightTransition: Transition {
    static let name = "wiperight"
    static let summary = "The new image wipes in from the left edge, rightwards"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = Int(Float(width) * (1 - p))
        _ = height
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in x > z ? a[x] : b[x] }
    }
}
