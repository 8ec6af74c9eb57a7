import Raster

/// `UIView.AnimationOptions.transitionCurlUp`: "A transition that curls a view up from the
/// bottom" (Apple): the old view lifts from its bottom edge, its lower right corner leading,
/// and rolls up and away, showing the back of the page and casting a soft shadow, uncovering
/// the new view beneath. UIKit draws it as `CATransition`'s `pageCurl` without a subtype; see
/// `SystemPageCurl` for the choices made.
struct CurlUpTransition: Transition {
    static let name = "curlUp"
    static let summary = "The old view curls up from the bottom like a page, uncovering the new one"
    static let parameters: [TransitionParameter] = []

    private let curl = SystemPageCurl(edge: .bottom, reversed: false)

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        curl.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
