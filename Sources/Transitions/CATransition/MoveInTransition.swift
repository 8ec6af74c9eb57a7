import Raster

/// `CATransition.type = .moveIn`: "The layer's content slides into place over any existing
/// content" (Apple): the new content slides in over the old, which stays still.
/// The `subtype` says where the motion begins (see `TransitionSubtype`: on iOS `fromTop` begins at
/// the bottom of the screen); without one Core Animation slides from the left, the default here.
struct MoveInTransition: Transition {
    static let name = "moveIn"
    static let summary = SlideKind.moveIn.summary
    static let parameters = [
        TransitionSubtype.parameter("Where the motion begins (Apple's subtype; on iOS fromTop is the bottom edge)"),
    ]

    let renderer: SlideRenderer

    init(parameters: TransitionParameters) {
        renderer = SlideRenderer(kind: .moveIn, edge: TransitionSubtype(parameters).screenEdge)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        renderer.render(from: from, to: to, progress: progress, into: destination, clip: clip)
    }
}
