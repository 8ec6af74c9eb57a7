import Raster

/// `CATransition.type = "pageCurl"` (a private type; UIKit's `transitionCurlUp` is this type
/// without a subtype): the old content curls away like a page from the edge the `subtype`
/// names, uncovering the new content. The subtype follows iOS's vertical swap (see
/// `TransitionSubtype`), so the default `fromTop` — what Core Animation does without a subtype —
/// lifts the page from the bottom edge of the screen. See `SystemPageCurl` for the look.
struct PageCurlTransition: Transition {
    static let name = "pageCurl"
    static let summary = "The old content curls away like a page, uncovering the new content"
    static let parameters = [
        TransitionSubtype.parameter(default: .fromTop, "The edge the page lifts from (on iOS fromTop is the bottom edge)"),
    ]

    let curl: SystemPageCurl

    init(parameters: TransitionParameters) {
        curl = SystemPageCurl(edge: TransitionSubtype(parameters).screenEdge, reversed: false)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        curl.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
