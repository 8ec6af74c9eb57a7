import Raster

/// `CATransition.type = "cameraIrisHollowOpen"` (a private type: the second half of iOS's
/// `cameraIris`, the shutter opening): a six-bladed iris opens from the centre, turning as it
/// opens, showing the new content through a growing aperture. The blades are hollow (iOS shows
/// the layer's background through them); here they show the old content, so the start is
/// exactly the old content and the end exactly the new. See `CameraIris`.
struct CameraIrisHollowOpenTransition: Transition {
    static let name = "cameraIrisHollowOpen"
    static let summary = "A camera iris opens from the centre, showing the new content through its aperture"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        CameraIris.render(aperture: progress, inside: to, blades: from, into: destination, clip: clip)
    }
}
