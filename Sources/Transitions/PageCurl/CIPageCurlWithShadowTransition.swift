import Geometry
import Raster

/// `CIPageCurlWithShadowTransition`: "Transitions from one image to another by simulating a
/// curling page, revealing the new image as the page curls" (Apple), with a soft shadow under
/// the curl, drawn by `PageCurlRenderer`.
///
/// - `inputExtent`, `inputAngle`, `inputRadius`, `inputBacksideImage`: as for
///   `CIPageCurlTransition` (the extent defaults to the whole frame; Apple's default [0 0 0 0]
///   means the same).
/// - `inputShadowSize` (0…1, default 0.5): the width of the shadow, as a fraction of twice the
///   curl's radius (Apple calls it "the maximum size in pixels of the shadow" but bounds it to
///   0…1), so the default shadow is as wide as the radius.
/// - `inputShadowAmount` (0…1, default 0.7): the darkness of the shadow where it is deepest,
///   against the curl; the folded-over part casts a lighter one (60% of it) on the flat page.
/// - `inputShadowExtent`: "the rectangular portion of input image that will cast a shadow";
///   here, the part of the frame (pixels, y down) that shadows may darken. Apple's default
///   [0 0 0 0] (`auto`) is the whole frame.
///
/// Shading is procedural (this filter has no shading image).
struct CIPageCurlWithShadowTransition: CoreImageTransition {
    static let name = "CIPageCurlWithShadowTransition"
    static let summary = "Core Image page curl with shadow: the page curls away over a soft shadow"
    static let displayName = "Page Curl With Shadow"
    static let parameters: [TransitionParameter] = [
        TransitionParameter("inputExtent", .rect(default: nil), "the page that curls, in pixels; auto: the frame"),
        TransitionParameter("inputAngle", .angle(default: 0),
                            "where the curl begins, radians counter-clockwise from +x (0: the right edge)"),
        TransitionParameter("inputRadius", .scalar(default: 100, range: 0.01...1000), "the radius of the curl in pixels"),
        TransitionParameter("inputShadowSize", .scalar(default: 0.5, range: 0...1),
                            "the width of the shadow as a fraction of the curl's diameter"),
        TransitionParameter("inputShadowAmount", .scalar(default: 0.7, range: 0...1), "the darkness of the shadow"),
        TransitionParameter("inputShadowExtent", .rect(default: nil), "where shadows may fall, in pixels; auto: the frame"),
    ]
    static let attributeInfo: [String: CIParameterInfo] = [
        "inputExtent": CoreImagePageCurl.extentInfo,
        "inputAngle": CoreImagePageCurl.angleInfo,
        "inputRadius": CoreImagePageCurl.radiusInfo,
        "inputShadowSize": CIParameterInfo(displayName: "Shadow Size", attributeType: kCIAttributeTypeDistance,
                                           description: "The maximum size in pixels of the shadow."),
        "inputShadowAmount": CIParameterInfo(displayName: "Shadow Amount", attributeType: kCIAttributeTypeDistance,
                                             description: "The strength of the shadow."),
        "inputShadowExtent": CIParameterInfo(displayName: "Shadow Extent", attributeType: kCIAttributeTypeRectangle,
                                             description: "The rectagular portion of input image that will cast a shadow."),
    ]
    static let imageInputs = [CoreImagePageCurl.backsideInput]

    let renderer: PageCurlRenderer

    init(parameters: TransitionParameters) {
        self.init(parameters: parameters, images: [:])
    }

    init(parameters: TransitionParameters, images: [String: Bitmap]) {
        let radius = parameters.number("inputRadius")
        renderer = PageCurlRenderer(style: PageCurlStyle(
            direction: CoreImagePageCurl.direction(angle: parameters.number("inputAngle")),
            radius: radius,
            page: CoreImagePageCurl.page(parameters.explicitRect("inputExtent")),
            backside: CoreImagePageCurl.backside(images), shading: .procedural,
            shadowWidth: parameters.number("inputShadowSize") * 2 * radius,
            shadowAmount: parameters.number("inputShadowAmount"),
            shadowArea: CoreImagePageCurl.page(parameters.explicitRect("inputShadowExtent"))))
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        renderer.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
    }
}
