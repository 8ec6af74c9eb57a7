import Raster

/// `CATransition.type = "pageUnCurl"` (a private type; UIKit's `transitionCurlDown` is this type
/// without a subtype): the new content, curled out of sight, unrolls over the old — `pageCurl`
/// with the same subtype played backwards with the images swapped. The default `fromTop` (iOS's
/// vertical swap, see `TransitionSubtype`) unrolls the page down from the top of the screen to
/// the bottom.
struct PageUnCurlTransition: Transition {
    static let name = "pageUnCurl"
    static let summary = "The new content uncurls over the old like a page laid down"
    static let parameters = [
        TransitionSubtype.parameter(default: .fromTop, "The edge the page settles onto last (on iOS fromTop is the bottom edge)"),
    ]

    let curl: SystemPageCurl

    init(parameters: TransitionParameters) {
        curl = SystemPageCurl(edge: TransitionSubtype(parameters).screenEdge, reversed: true)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        curl.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
