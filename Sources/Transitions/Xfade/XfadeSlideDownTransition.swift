import Foundation
import Raster

/// ffmpeg xfade's `slidedown`: both images move down by whole rows, the second entering from the top edge.
struct XfadeSlideDownTransition: Transition {
    static let name = "slidedown"
    static let summary = "Both images slide down, the new one entering from the top"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = Int(p * Float(height))
        _ = width
        for y in clip.minY..<clip.maxY {
            let zy = z + y, zz = zy % height + (zy < 0 ? height : 0)
            let source = zy >= 0 && zy < height ? to : from
            (destination.row(y).baseAddress! + clip.minX).update(from: source.row(zz).baseAddress! + clip.minX, count: clip.width)
        }
    }
}
