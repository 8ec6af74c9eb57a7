import Raster

/// `CIDissolveTransition`: "uses a dissolve to transition from one image to another" — a linear
/// cross-fade, every channel `from·(1−t) + to·t` rounded to the nearest 1/255. Apple's only input
/// besides the two images is `inputTime`.
struct CIDissolveTransition: CoreImageTransition {
    static let name = "CIDissolveTransition"
    static let summary = "Core Image dissolve: a linear cross-fade from the old image to the new"
    static let displayName = "Dissolve"
    static let parameters: [TransitionParameter] = []
    static let attributeInfo: [String: CIParameterInfo] = [:]

    init(parameters: TransitionParameters) {}

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let weight = CIRowKernels.weight(Float(progress))
        let c = clip.intersection(destination.bounds)
        guard !c.isEmpty else { return }
        for y in c.minY..<c.maxY {
            let rows = FrameRows(y, out: destination, from: from, to: to)
            CIRowKernels.mix(rows.out + c.minX, from: rows.from + c.minX, to: rows.to + c.minX,
                             weight: weight, count: c.width)
        }
    }
}
