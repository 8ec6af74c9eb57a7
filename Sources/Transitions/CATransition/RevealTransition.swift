import Raster

/// `CATransition.type = .reveal`: "The layer's content is revealed gradually in the direction
/// specified by the transition subtype" (Apple): the old content slides away and uncovers the
/// new, which stays still.
/// The `subtype` says where the motion begins (see `TransitionSubtype`: on iOS `fromTop` begins at
/// the bottom of the screen); without one Core Animation slides from the left, the default here.
struct RevealTransition: Transition {
    static let name = "reveal"
    static let summary = SlideKind.reveal.summary
    static let parameters = [
        TransitionSubtype.parameter("Where the motion begins (Apple's subtype; on iOS fromTop is the bottom edge)"),
    ]

    let renderer: SlideRenderer

    init(parameters: TransitionParameters) {
        renderer = SlideRenderer(kind: .reveal, edge: TransitionSubtype(parameters).screenEdge)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        renderer.render(from: from, to: to, progress: progress, into: destination, clip: clip)
    }
}
