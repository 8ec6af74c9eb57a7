import Raster

/// `UIView.AnimationOptions.transitionFlipFromBottom`: "A transition that flips a view around its
/// horizontal axis from bottom to top (the bottom side of the view moves toward the front and the
/// top side toward the back)" (Apple). The content changes when the plane is edge-on; see
/// `PerspectiveFlip` for the perspective and the dolly.
struct FlipFromBottomTransition: Transition {
    static let name = "flipFromBottom"
    static let summary = "The view turns over about its centre line, its bottom edge swinging toward the viewer"
    static let parameters: [TransitionParameter] = []

    private let flip = PerspectiveFlip(leadingEdge: .bottom)

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        flip.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
