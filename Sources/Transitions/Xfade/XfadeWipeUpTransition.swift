import Foundation
import Raster

/// ffmpeg xfade's `wipeup`: the second image is revealed from the bottom edge upwards (y > H·P shows it).
struct XfadeWipeUpTransition: Transition {
    static let name = "wipeup"
    static let summary = "The new image wipes in from the bottom edge, upwards"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = Int(Float(height) * p)
        _ = width
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in y > z ? b[x] : a[x] }
    }
}
