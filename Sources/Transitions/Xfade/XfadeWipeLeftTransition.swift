import Foundation
import Raster

/// ffmpeg xfade's `wipeleft`: the second image is revealed from the right edge leftwards (x > W·P shows it).
struct XfadeWipeLeftTransition: Transition {
    static let name = "wipeleft"
    static let summary = "The new image wipes in from the right edge, leftwards"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = Int(Float(width) * p)
        _ = height
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, _, a, b in x > z ? b[x] : a[x] }
    }
}
