import Geometry
import Raster

extension CGContext {
    /// Fills `rect` (user space) with the fill colour, through the CTM and the clip,
    /// anti-aliased.
    public func fill(_ rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, let clip = pixelClip else { return }
        drawing(touching: touchedPixels(of: r)) {
            painter.fillShape(r, radii: .zero, color: state.fillColor.premultipliedPixel, map: Homography(userToPixels),
                              target: bitmap, clip: clip, opacity: Float(state.alpha), antialiased: true)
        }
    }

    /// Fills the ellipse inscribed in `rect` (user space) with the fill colour, through the CTM
    /// and the clip, anti-aliased (exact-area coverage of the ellipse flattened to within 0.1
    /// pixel). Apple's `fillEllipse(in:)`; as there, the current path is left empty. An empty,
    /// null or non-finite rectangle draws nothing.
    ///
    ///     context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
    ///     context.fillEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 40))
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite,
              r.height.isFinite, let touched = touchedPixels(of: r) else { return }
        let color = state.fillColor.premultipliedPixel
        let opacity = toByte(state.alpha)
        guard color.alpha != 0, opacity != 0 else { return }
        let path = CGPath(ellipseIn: r, transform: nil).flattened(transform: userToPixels)
        guard let size = try? PixelSize(width: touched.width, height: touched.height) else { return }
        let mask = CoverageMask(size: size)
        rasterizer.fill(path, rule: .nonZero, into: mask, origin: CGPoint(x: touched.minX, y: touched.minY))
        drawing(touching: touched) {
            bitmap.fill(color, through: mask, atX: touched.minX, y: touched.minY, opacity: opacity)
        }
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
        let cleared = PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)).intersection(clip)
        drawing(touching: cleared) { bitmap.fill(cleared, with: .clear) }
    }

    /// Draws `image` scaled into `rect` (user space), as Core Graphics does: the image's top row
    /// goes to `rect.maxY`, so in a y-up context it stands upright, and in a UIKit-flipped one it
    /// is upside down (which `UIImage.draw(in:)` corrects for).
    ///
    /// An image mask (`image.isMask`) is a stencil, as on Apple: the current fill colour is
    /// painted through it (at 1 − S for each sample S), the mask's own pixels never shown.
    public func draw(_ image: CGImage, in rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, image.width > 0, image.height > 0, let clip = pixelClip else { return }
        let sx = Double(r.width) / Double(image.width), sy = Double(r.height) / Double(image.height)
        let imageToUser = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: -sy, m23: 0,
                                     m31: Double(r.minX), m32: Double(r.maxY), m33: 1)
        guard let inverse = imageToUser.concatenating(Homography(userToPixels)).inverted() else { return }
        let filter: ImageFilter = state.interpolationQuality == .none || !image.shouldInterpolate ? .nearest : .mipmappedBilinear
        let source = image.isMask ? stencil(image, color: state.fillColor.premultipliedPixel) : image.mipmapped
        drawing(touching: touchedPixels(of: r)) {
            bitmap.drawImage(source, inverseTransform: ProjectiveTransform(inverse),
                             options: ImageDrawOptions(opacity: Float(state.alpha), filter: filter, edgeAntialiasing: true),
                             clip: clip)
        }
    }

    /// `mask`'s coverage (its alpha, 1 − S) painted in `color`, for drawing an image mask. Made
    /// afresh at each draw: the fill colour may change between draws.
    private func stencil(_ mask: CGImage, color: PremultipliedColor) -> MipmappedImage {
        let painted = Bitmap(size: mask.bitmap.size)
        for y in 0..<painted.height {
            let source = mask.bitmap.row(y), out = painted.row(y)
            for x in 0..<painted.width { out[x] = CGImage.scale(color.packed, by: source[x] >> 24) }
        }
        return MipmappedImage(painted)
    }

    /// Draws `layer`'s render tree in the layer's own coordinate space mapped through the CTM
    /// (what `CALayer.render(in:)` does).
    func draw(_ node: RenderNode) {
        guard let clip = pixelClip else { return }
        drawing(touching: clip) {
            painter.draw(node, map: Homography(userToPixels), target: bitmap, clip: clip, opacity: Float(state.alpha))
        }
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
