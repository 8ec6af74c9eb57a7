import Geometry
import Raster

/// `CIAccordionFoldTransition`: "transitions from one image to another of differing dimensions by
/// unfolding".
///
/// `to` unfolds downwards over `from` like an accordion hung from the top edge. Above
/// `inputBottomHeight` (pixels measured from the bottom of the image) `to` is pleated into
/// `inputNumberOfFolds` folds, each a pair of panels that tilt toward and away from the viewer;
/// the bottom `inputBottomHeight` pixels hang flat below the pleats. At progress 0 the pleats are
/// closed (no height) and the flat bottom part waits just above the frame; the fold angle opens as
/// progress grows, each panel's height growing as `sin(progress·π/2)` (seen straight on, no
/// perspective), while the flat part slides down, until at 1 `to` hangs fully open. Panels facing
/// away are shaded by up to `inputFoldShadowAmount` (those facing up by a third of it), fading as
/// they open. `from` stays still below the unfolding part. A fractional number of folds is rounded
/// to the nearest whole number; both images have the frame's size here.
struct CIAccordionFoldTransition: CoreImageTransition {
    static let name = "CIAccordionFoldTransition"
    static let summary = "Core Image accordion fold: the new image unfolds downwards like an accordion"
    static let displayName = "Accordion Fold Transition"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputBottomHeight", .scalar(default: 0, range: 0...100_000),
                            "height in pixels of the unfolded part below the folds"),
        TransitionParameter("inputNumberOfFolds", .scalar(default: 3, range: 1...50), "number of folds"),
        TransitionParameter("inputFoldShadowAmount", .scalar(default: 0.1, range: 0...1), "darkness of the folds' shading"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputBottomHeight": CIParameterInfo(displayName: "Bottom Height", attributeType: kCIAttributeTypeDistance,
                                             slider: 0...500,
                                             description: "The height in pixels from the bottom of the image to the bottom of the folded part of the transition."),
        "inputNumberOfFolds": CIParameterInfo(displayName: "Number of Folds", attributeType: kCIAttributeTypeScalar,
                                              slider: 1...20, description: "The number of folds used in the transition."),
        "inputFoldShadowAmount": CIParameterInfo(displayName: "Fold Shadow Amount", attributeType: kCIAttributeTypeScalar,
                                                 slider: 0...1,
                                                 description: "A value that specifies the intensity of the shadow in the transition."),
    ]

    let bottomHeight: Double
    let folds: Int
    let shadowAmount: Double

    init(parameters: TransitionParameters) {
        bottomHeight = parameters.number("inputBottomHeight")
        folds = max(1, Int(parameters.number("inputNumberOfFolds").rounded()))
        shadowAmount = parameters.number("inputFoldShadowAmount")
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        if CoreImageFrame.copyEnds(progress: progress, from: from, to: to, into: destination, clip: clip) { return }
        let c = clip.intersection(destination.bounds)
        guard !c.isEmpty else { return }
        let height = Double(destination.height)
        let flat = min(bottomHeight, height)
        let panels = 2 * folds
        let panel = (height - flat) / Double(panels)
        let open = sin(progress * Double.pi / 2)
        let top = -flat * (1 - progress)
        let pleated = panel * open
        let pleatsEnd = top + Double(panels) * pleated
        let end = pleatsEnd + flat
        let shade = shadowAmount * (1 - open)
        for y in c.minY..<c.maxY {
            let rows = FrameRows(y, out: destination, from: from, to: to)
            let centre = Double(y) + 0.5
            guard centre < end else {
                (rows.out + c.minX).update(from: rows.from + c.minX, count: c.width)
                continue
            }
            // The source row of `to` at this height, and how dark it is.
            var source: Double, darkness = 0.0
            if centre >= pleatsEnd {
                source = (height - flat) + (centre - pleatsEnd)
            } else if pleated > 0 {
                let j = min(panels - 1, max(0, Int(((centre - top) / pleated).rounded(.down))))
                let within = (centre - top - Double(j) * pleated) / pleated
                source = (Double(j) + within) * panel
                darkness = shade * (j % 2 == 1 ? 0.6 + 0.4 * within : 0.33 * (1 - within))
            } else {
                (rows.out + c.minX).update(from: rows.from + c.minX, count: c.width)
                continue
            }
            // Blend the two nearest rows of `to` (minification beyond 2:1 keeps only those two).
            let s = min(height - 0.5, max(0.5, source)) - 0.5
            let s0 = Int(s.rounded(.down)), s1 = min(destination.height - 1, s0 + 1)
            let weight = CIRowKernels.weight(Float(s - Double(s0)))
            let row0 = to.baseAddress + s0 * to.rowStride + c.minX, row1 = to.baseAddress + s1 * to.rowStride + c.minX
            CIRowKernels.mix(rows.out + c.minX, from: row0, to: row1, weight: weight, count: c.width)
            if darkness > 0 {
                CIRowKernels.tint(rows.out + c.minX, color: 0xFF00_0000, weight: CIRowKernels.weight(Float(darkness)),
                                  count: c.width)
            }
        }
    }
}
