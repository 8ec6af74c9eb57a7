import Raster

/// `UIView.AnimationOptions.transitionFlipFromRight`: "A transition that flips a view around its
/// vertical axis from right to left (the right side of the view moves toward the front and left
/// side toward the back)" (Apple). The content changes when the plane is edge-on; see
/// `PerspectiveFlip` for the perspective and the dolly.
struct FlipFromRightTransition: Transition {
    static let name = "flipFromRight"
    static let summary = "The view turns over about its centre line, its right edge swinging toward the viewer"
    static let parameters: [TransitionParameter] = []

    private let flip = PerspectiveFlip(leadingEdge: .right)

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        flip.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
