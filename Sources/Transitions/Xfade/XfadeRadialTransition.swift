import Foundation
import Raster

/// ffmpeg xfade's `radial`: a soft-edged sweep around the centre, by the angle of each pixel (atan2) against 2.5π · (P − ½).
struct XfadeRadialTransition: Transition {
    static let name = "radial"
    static let summary = "A clock hand sweeps the new image in around the centre"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard !Xfade.endFrame(from: from, to: to, progress: progress, into: destination, clip: clip) else { return }
        let p = Xfade.progress(progress), width = destination.width, height = destination.height
        let turn = (p - 0.5) * (Float.pi * 2.5)
        Xfade.fill(destination, clip: clip, from: from, to: to) { x, y, a, b in
            let smooth = atan2f(Float(x - width / 2), Float(y - height / 2)) - turn
            return Xfade.mix(b[x], a[x], Xfade.smoothstep(0, 1, smooth))
        }
    }
}
