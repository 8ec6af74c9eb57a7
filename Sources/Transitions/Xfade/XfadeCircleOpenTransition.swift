import Foundation
import Raster

/// ffmpeg xfade's `circleopen`: the second image shows through a soft-edged circle growing from the centre.
struct XfadeCircleOpenTransition: Transition {
    static let name = "circleopen"
    static let summary = "The new image opens in a soft circle from the centre"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let z = hypotf(Float(width / 2), Float(height / 2)), shift = (p - 0.5) * 3
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            let smooth = hypotf(Float(x - width / 2), Float(y - height / 2)) / z + shift
            return Xfade.mix(a[x], b[x], Xfade.smoothstep(0, 1, smooth))
        }
    }
}
