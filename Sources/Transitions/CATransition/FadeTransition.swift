import Raster

/// `CATransition.type = .fade`: the new content fades in while the old fades out, a linear
/// cross-dissolve of the two (each channel `from·(1−t) + to·t`, rounded).
struct FadeTransition: Transition {
    static let name = "fade"
    static let summary = "Cross-dissolve: the old content fades out as the new fades in"
    static let parameters: [TransitionParameter] = []

    init(parameters: TransitionParameters) {}

    init() {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard let a = try? from.view(of: clip), let b = try? to.view(of: clip),
              let out = try? destination.view(of: clip) else { return }
        try? out.mix(from: a, to: b, fraction: Float(progress))
    }
}
