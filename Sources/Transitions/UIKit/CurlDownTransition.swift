import Raster

/// `UIView.AnimationOptions.transitionCurlDown`: "A transition that curls a view down from the
/// top" (Apple): the new view, curled up out of sight, unrolls downward over the old one until it
/// lies flat — `curlUp` played backwards with the views swapped, as iOS draws it (UIKit uses
/// `CATransition`'s `pageUnCurl`). See `SystemPageCurl`.
struct CurlDownTransition: Transition {
    static let name = "curlDown"
    static let summary = "The new view uncurls downward over the old one like a page laid down"
    static let parameters: [TransitionParameter] = []

    private let curl = SystemPageCurl(edge: .bottom, reversed: true)

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        curl.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
