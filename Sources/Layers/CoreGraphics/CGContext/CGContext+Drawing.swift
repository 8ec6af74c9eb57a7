import Geometry
import Raster

extension CGContext {
    /// Fills `rect` (user space) with the fill colour, through the CTM and the clip,
    /// anti-aliased.
    public func fill(_ rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, let clip = pixelClip else { return }
        painter.fillShape(r, radii: .zero, color: state.fillColor.premultipliedPixel, map: Homography(userToPixels),
                          target: bitmap, clip: clip, opacity: Float(state.alpha), antialiased: true)
    }

    /// Fills each rectangle.
    public func fill(_ rects: [CGRect]) {
        for rect in rects { fill(rect) }
    }

    /// Sets the pixels of `rect` (user space) to transparent, ignoring colour and alpha. Whole
    /// pixels whose centres lie inside the transformed rectangle's bounding box are cleared.
    public func clear(_ rect: CGRect) {
        guard let clip = pixelClip else { return }
        let box = rect.standardized.applying(userToPixels)
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
        let limit: CGFloat = 1e7
        let x0 = Int(max(-limit, box.minX.rounded())), y0 = Int(max(-limit, box.minY.rounded()))
        let x1 = Int(min(limit, box.maxX.rounded())), y1 = Int(min(limit, box.maxY.rounded()))
        bitmap.fill(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(clip), with: .clear)
    }

    /// Draws `image` scaled into `rect` (user space), as Core Graphics does: the image's top row
    /// goes to `rect.maxY`, so in a y-up context it stands upright, and in a UIKit-flipped one it
    /// is upside down (which `UIImage.draw(in:)` corrects for).
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, image.width > 0, image.height > 0, let clip = pixelClip else { return }
        let sx = Double(r.width) / Double(image.width), sy = Double(r.height) / Double(image.height)
        let imageToUser = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: -sy, m23: 0,
                                     m31: Double(r.minX), m32: Double(r.maxY), m33: 1)
        guard let inverse = imageToUser.concatenating(Homography(userToPixels)).inverted() else { return }
        let filter: ImageFilter = state.interpolationQuality == .none ? .nearest : .mipmappedBilinear
        bitmap.drawImage(image.mipmapped, inverseTransform: ProjectiveTransform(inverse),
                         options: ImageDrawOptions(opacity: Float(state.alpha), filter: filter, edgeAntialiasing: true),
                         clip: clip)
    }

    /// Draws `layer`'s render tree in the layer's own coordinate space mapped through the CTM
    /// (what `CALayer.render(in:)` does).
    func draw(_ node: RenderNode) {
        guard let clip = pixelClip else { return }
        painter.draw(node, map: Homography(userToPixels), target: bitmap, clip: clip, opacity: Float(state.alpha))
    }

    /// The clip as whole pixels (a pixel is inside when its centre is); nil when empty.
    var pixelClip: PixelRect? {
        let c = state.clip
        guard !c.isNull, c.width > 0, c.height > 0 else { return nil }
        let rect = PixelRect(x: Int(c.minX.rounded()), y: Int(c.minY.rounded()),
                             width: Int(c.maxX.rounded()) - Int(c.minX.rounded()),
                             height: Int(c.maxY.rounded()) - Int(c.minY.rounded())).intersection(bitmap.bounds)
        return rect.isEmpty ? nil : rect
    }
}
