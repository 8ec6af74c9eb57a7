import Raster

/// `UIView.AnimationOptions.transitionCrossDissolve`: "A transition that dissolves from one view
/// to the next" (Apple): each channel is `from·(1−t) + to·t`, rounded, the same frames as
/// `CATransition`'s `fade` (which UIKit uses to draw it).
struct CrossDissolveTransition: Transition {
    static let name = "crossDissolve"
    static let summary = "The old view dissolves into the new one"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        FadeTransition().render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
