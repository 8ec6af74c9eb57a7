import Raster

/// `CATransition.type = "oglFlip"`: the flip UIKit's `transitionFlipFromLeft`/`…Right` are made
/// of (UIKit passes `oglFlip` with subtype `fromLeft`/`fromRight`), drawn by `PerspectiveFlip`.
/// The subtype names the edge that swings toward the viewer, with iOS's vertical swap (see
/// `TransitionSubtype`): `fromTop` turns the bottom edge toward the viewer, like
/// `flipFromBottom`. The default, as with Apple's `nil`, is `fromLeft`.
struct OGLFlipTransition: Transition {
    static let name = "oglFlip"
    static let summary = "The layer turns over about its centre line in perspective, showing the new content on its back"
    static let parameters = [
        TransitionSubtype.parameter("The edge that swings toward the viewer (on iOS fromTop is the bottom edge)"),
    ]

    let flip: PerspectiveFlip

    init(parameters: TransitionParameters) {
        flip = PerspectiveFlip(leadingEdge: TransitionSubtype(parameters).screenEdge)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        flip.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
