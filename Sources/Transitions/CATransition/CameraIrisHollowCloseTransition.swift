import Raster

/// `CATransition.type = "cameraIrisHollowClose"` (a private type: the first half of iOS's
/// `cameraIris`, the Camera app's shutter closing): a six-bladed iris closes over the old
/// content, turning as it closes, until nothing of it shows. The blades are hollow — iOS shows
/// whatever lies behind the layer through them (it expects a black background) — so here the
/// new content shows through them, and the end is exactly the new content. See `CameraIris`.
struct CameraIrisHollowCloseTransition: Transition {
    static let name = "cameraIrisHollowClose"
    static let summary = "A camera iris closes over the old content; the new content shows through the hollow blades"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        CameraIris.render(aperture: 1 - progress, inside: from, blades: to, into: destination, clip: clip)
    }
}
