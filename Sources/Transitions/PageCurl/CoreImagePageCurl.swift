import Geometry
import Raster

/// What the two Core Image page curls share: Apple's angle convention turned into a travel
/// direction, the extent into the page, and the image inputs into a backside and shading.
enum CoreImagePageCurl {
    /// `inputAngle` points, as Core Image measures angles (radians, 0 along +x,
    /// counter-clockwise on screen), from the page's centre to where the curl begins: 0 lifts
    /// the right edge and rolls the page leftward, like turning a book's page; π/2 the top
    /// edge; π/4 the top right corner. Any finite angle works (it is reduced modulo 2π).
    static func direction(angle: Double) -> (x: Double, y: Double) {
        let reduced = angle.isFinite ? remainder(angle, 2 * Double.pi) : 0
        return (-cos(reduced), sin(reduced))
    }

    /// The pixels whose centres lie inside `extent` (y down), or nil for the whole frame.
    static func page(_ extent: CGRect?) -> PixelRect? {
        guard let extent else { return nil }
        func first(_ edge: CGFloat) -> Int {
            Int(max(-1e9, min(1e9, (Double(edge) - 0.5).rounded(.up))))
        }
        let x0 = first(extent.minX), y0 = first(extent.minY)
        return PixelRect(x: x0, y: y0, width: first(extent.maxX) - x0, height: first(extent.maxY) - y0)
    }

    /// The backside: `inputBacksideImage` stretched over the page, or by default the page's own
    /// content seen through the paper, 75% white (the look of iOS's curl).
    static func backside(_ images: [String: Bitmap]) -> PageBackside {
        if let image = images["inputBacksideImage"], !image.size.isEmpty { return .image(image) }
        return .translucent(whiteness: 191)
    }

    static let extentInfo = CIParameterInfo(displayName: "Extent", attributeType: kCIAttributeTypeRectangle,
                                            description: "The extent of the effect.")
    static let angleInfo = CIParameterInfo(displayName: "Angle", attributeType: kCIAttributeTypeAngle,
                                           slider: -Double.pi...Double.pi, description: "The angle of the curling page.")
    static let radiusInfo = CIParameterInfo(displayName: "Radius", attributeType: kCIAttributeTypeDistance,
                                            slider: 0.01...400, description: "The radius of the curl.")
    static let backsideInput = CIImageInput(
        key: "inputBacksideImage", displayName: "Backside Image",
        description: "The image that appears on the back of the source image, as the page curls to reveal the target image.")
}
