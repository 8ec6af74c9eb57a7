import Raster

/// `CATransition.type = .push`: "The layer's content pushes any existing content as it
/// slides into place" (Apple): both move, the new one a frame's length behind the old.
/// The `subtype` says where the motion begins (see `TransitionSubtype`: on iOS `fromTop` begins at
/// the bottom of the screen); without one Core Animation slides from the left, the default here.
struct PushTransition: Transition {
    static let name = "push"
    static let summary = SlideKind.push.summary
    static let parameters = [
        TransitionSubtype.parameter("Where the motion begins (Apple's subtype; on iOS fromTop is the bottom edge)"),
    ]

    let renderer: SlideRenderer

    init(parameters: TransitionParameters) {
        renderer = SlideRenderer(kind: .push, edge: TransitionSubtype(parameters).screenEdge)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        renderer.render(from: from, to: to, progress: progress, into: destination, clip: clip)
    }
}
