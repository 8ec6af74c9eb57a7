import Foundation
import Raster

/// ffmpeg xfade's `wipedown`: the second image is revealed from the top edge downwards (y > H·(1 − P) shows the first).
struct XfadeWipeDownTransition: Transition {
    static let name = "wipedown"
    static let summary = "The new image wipes in from the top edge, downwards"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = Int(Float(height) * (1 - p))
        _ = width
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in y > z ? a[x] : b[x] }
    }
}
