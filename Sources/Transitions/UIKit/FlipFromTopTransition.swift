import Raster

/// `UIView.AnimationOptions.transitionFlipFromTop`: "A transition that flips a view around its
/// horizontal axis from top to bottom (the top side of the view moves toward the front and the
/// bottom side toward the back)" (Apple). The content changes when the plane is edge-on; see
/// `PerspectiveFlip` for the perspective and the dolly.
struct FlipFromTopTransition: Transition {
    static let name = "flipFromTop"
    static let summary = "The view turns over about its centre line, its top edge swinging toward the viewer"
    static let parameters: [TransitionParameter] = []

    private let flip = PerspectiveFlip(leadingEdge: .top)

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        flip.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
