import Raster

/// `UIView.AnimationOptions.transitionFlipFromLeft`: "A transition that flips a view around its
/// vertical axis from left to right (the left side of the view moves toward the front and right
/// side toward the back)" (Apple). The content changes when the plane is edge-on; see
/// `PerspectiveFlip` for the perspective and the dolly.
struct FlipFromLeftTransition: Transition {
    static let name = "flipFromLeft"
    static let summary = "The view turns over about its centre line, its left edge swinging toward the viewer"
    static let parameters: [TransitionParameter] = []

    private let flip = PerspectiveFlip(leadingEdge: .left)

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        flip.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
