import Geometry
import Raster

/// `CIPageCurlTransition`: "Transitions from one image to another by simulating a curling page,
/// revealing the new image as the page curls" (Apple), drawn by `PageCurlRenderer`.
///
/// - `inputExtent`: the page that curls, in pixels (y down). Apple's default, [0 0 300 300],
///   describes a 300×300 image; here the default (`auto`) is the whole frame. Outside an
///   explicit extent the frame cross-dissolves, so every pixel still goes from `from` to `to`.
/// - `inputAngle`: where the curl begins, see `CoreImagePageCurl.direction(angle:)`.
/// - `inputRadius`: the curl's radius in pixels. Apple's minimum is 0.01 and it has no maximum
///   (its slider ends at 400); here at most 1000.
/// - `inputBacksideImage`, `inputShadingImage` (images, passed by `CIFilter`): what the back of
///   the page shows, stretched over the page, and "an image that looks like a shaded sphere
///   enclosed in a square", whose middle row lights the curl (its centre the flat folded part,
///   its right half the curl toward the silhouette). Without them: the page's own content seen
///   through the paper, 75% white, and procedural light from above.
///
/// This filter casts no shadow (see `CIPageCurlWithShadowTransition`).
struct CIPageCurlTransition: CoreImageTransition {
    static let name = "CIPageCurlTransition"
    static let summary = "Core Image page curl: the page curls away, showing its back, revealing the new image"
    static let displayName = "Page Curl"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputExtent", .rect(default: nil), "the page that curls, in pixels; auto: the frame"),
        TransitionParameter("inputAngle", .angle(default: 0),
                            "where the curl begins, radians counter-clockwise from +x (0: the right edge)"),
        TransitionParameter("inputRadius", .scalar(default: 100, range: 0.01...1000), "the radius of the curl in pixels"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputExtent": CoreImagePageCurl.extentInfo,
        "inputAngle": CoreImagePageCurl.angleInfo,
        "inputRadius": CoreImagePageCurl.radiusInfo,
    ]
    static let imageInputs = [
        CoreImagePageCurl.backsideInput,
        CIImageInput(key: "inputShadingImage", displayName: "Shading Image",
                     description: "An image that looks like a shaded sphere enclosed in a square image."),
    ]

    let renderer: PageCurlRenderer

    init(parameters: TransitionParameters) {
        self.init(parameters: parameters, images: [:])
    }

    init(parameters: TransitionParameters, images: [String: Bitmap]) {
        let shading: PageShading = if let image = images["inputShadingImage"], !image.size.isEmpty { .image(image) } else { .procedural }
        renderer = PageCurlRenderer(style: PageCurlStyle(
            direction: CoreImagePageCurl.direction(angle: parameters.number("inputAngle")),
            radius: parameters.number("inputRadius"),
            page: CoreImagePageCurl.page(parameters.explicitRect("inputExtent")),
            backside: CoreImagePageCurl.backside(images), shading: shading,
            shadowWidth: 0, shadowAmount: 0, shadowArea: nil))
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        renderer.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
