import Geometry
import Raster

extension CGContext {
    /// Fills `rect` (user space) with the fill colour, through the CTM and the clip,
    /// anti-aliased unless anti-aliasing is off.
    public func fill(_ rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, let clip = pixelClip else { return }
        if needsCompositing || !antialiases {
            paint(CGPath(rect: r, transform: nil).flattened(transform: userToPixels), rule: .nonZero,
                  color: state.fillColor)
            return
        }
        drawing(touching: touchedPixels(of: r)) {
            fillSolid(r, color: state.fillColor.premultipliedPixel, clip: clip)
        }
    }

    /// `rect` filled through the CTM by sampling a one-pixel image of `color` (the image drawer's
    /// exact edge coverage, faster than rasterizing a path for the common rectangle).
    private func fillSolid(_ rect: CGRect, color: PremultipliedColor, clip: PixelRect) {
        solidPixel.base.baseAddress.pointee = color.packed
        let pixelToRect = Homography(m11: Double(rect.width), m12: 0, m13: 0, m21: 0, m22: Double(rect.height), m23: 0,
                                     m31: Double(rect.minX), m32: Double(rect.minY), m33: 1)
        guard let inverse = pixelToRect.concatenating(Homography(userToPixels)).inverted() else { return }
        target.drawImage(solidPixel, inverseTransform: ProjectiveTransform(inverse),
                         options: ImageDrawOptions(opacity: Float(state.alpha), filter: .nearest, edgeAntialiasing: true),
                         clip: clip)
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
              r.height.isFinite else { return }
        paint(CGPath(ellipseIn: r, transform: nil).flattened(transform: userToPixels), rule: .nonZero,
              color: state.fillColor)
    }

    /// Fills each rectangle.
    public func fill(_ rects: [CGRect]) {
        for rect in rects { fill(rect) }
    }

    /// Sets the pixels of `rect` (user space) to transparent, ignoring colour, alpha, shadow and
    /// blend mode, within the clip (partly, along a clip path's anti-aliased edge). Whole pixels
    /// whose centres lie inside the transformed rectangle's bounding box are cleared.
    public func clear(_ rect: CGRect) {
        guard let clip = pixelClip else { return }
        let box = rect.standardized.applying(userToPixels)
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return }
        let limit: CGFloat = 1e7
        let x0 = Int(max(-limit, box.minX.rounded())), y0 = Int(max(-limit, box.minY.rounded()))
        let x1 = Int(min(limit, box.maxX.rounded())), y1 = Int(min(limit, box.maxY.rounded()))
        let cleared = PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0)).intersection(clip)
        guard !cleared.isEmpty else { return }
        guard let mask = state.clipMask else {
            drawing(touching: cleared) { target.fill(cleared, with: .clear) }
            return
        }
        drawing(touching: cleared) {
            for y in cleared.minY..<cleared.maxY {
                BlendKernels.blendRow(.clear, destination: target.row(y).baseAddress! + cleared.minX, source: nil,
                                      solid: .clear, shape: mask.row(y, from: cleared.minX), opacity: 255,
                                      count: cleared.width)
            }
        }
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
        let map = imageToUser.concatenating(Homography(userToPixels))
        guard needsCompositing else {
            drawing(touching: touchedPixels(of: r)) {
                target.drawImage(source, inverseTransform: ProjectiveTransform(inverse),
                                 options: ImageDrawOptions(opacity: Float(state.alpha), filter: filter,
                                                           edgeAntialiasing: antialiases),
                                 clip: clip)
            }
            return
        }
        let box = r.applying(userToPixels)
        guard let area = operationArea(ofPixelBox: box), let size = try? PixelSize(width: area.width, height: area.height),
              let shifted = map.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-area.minX),
                                                                           y: CGFloat(-area.minY)))).inverted()
        else { return }
        let pixels = Bitmap(size: size)
        pixels.drawImage(source, inverseTransform: ProjectiveTransform(shifted),
                         options: ImageDrawOptions(opacity: 1, filter: filter, edgeAntialiasing: antialiases))
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: image.width, y: 0), CGPoint(x: image.width, y: image.height),
                       CGPoint(x: 0, y: image.height)].map { map.map($0) }
        let shape = CoverageMask(size: size)
        if corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
            let outline = CGMutablePath()
            outline.addLines(between: corners)
            outline.closeSubpath()
            rasterizer.fill(outline.flattened(tolerance: 0.1), rule: .nonZero, into: shape,
                            origin: CGPoint(x: area.minX, y: area.minY))
        }
        composite(.pixels(pixels, shape: shape), at: area)
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

    /// Runs `paint` to draw something the context does not know how to draw itself (Layers'
    /// `CALayer.render(in:)` draws a render tree this way) through the CTM, the clip, the alpha,
    /// the blend mode and the shadow. `paint` gets the user-to-target map, the target pixels, the
    /// pixel clip and the opacity to draw with: the context's pixels with its alpha when the state
    /// is simple, else a transparent buffer (opacity 1) composited afterwards.
    package func paintExternally(_ paint: (_ map: Homography, _ target: Bitmap, _ clip: PixelRect,
                                           _ opacity: Float) -> Void) {
        guard let clip = pixelClip else { return }
        guard needsCompositing else {
            drawing(touching: clip) { paint(Homography(userToPixels), target, clip, Float(state.alpha)) }
            return
        }
        guard let area = operationArea(ofPixelBox: CGRect(x: 0, y: 0, width: width, height: height)),
              let size = try? PixelSize(width: area.width, height: area.height) else { return }
        let pixels = Bitmap(size: size)
        let map = Homography(userToPixels.concatenating(CGAffineTransform(translationX: CGFloat(-area.minX),
                                                                           y: CGFloat(-area.minY))))
        paint(map, pixels, pixels.bounds, 1)
        composite(.pixels(pixels, shape: nil), at: area)
    }

    /// The clip as whole pixels (a pixel is inside when its centre is); nil when empty.
    package var pixelClip: PixelRect? {
        let c = state.clip
        guard !c.isNull, c.width > 0, c.height > 0 else { return nil }
        let rect = PixelRect(x: Int(c.minX.rounded()), y: Int(c.minY.rounded()),
                             width: Int(c.maxX.rounded()) - Int(c.minX.rounded()),
                             height: Int(c.maxY.rounded()) - Int(c.minY.rounded())).intersection(target.bounds)
        return rect.isEmpty ? nil : rect
    }
}

extension CGContext {
    /// Draws `image` into `rect` (user space) and, with `byTiling`, repeats it edge to edge in
    /// both directions over the whole clip, the tile at `rect` being one of them (Apple's
    /// `CGContextDrawTiledImage`). Tiles are drawn without edge anti-aliasing so that they meet
    /// without seams; at most 65 536 tiles are drawn (smaller tiles draw nothing beyond that).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool) {
        guard byTiling else {
            draw(image, in: rect)
            return
        }
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite,
              r.height.isFinite else { return }
        let area = boundingBoxOfClipPath
        guard !area.isNull, area.width > 0, area.height > 0 else { return }
        let i0 = ((area.minX - r.minX) / r.width).rounded(.down), i1 = ((area.maxX - r.minX) / r.width).rounded(.up)
        let j0 = ((area.minY - r.minY) / r.height).rounded(.down), j1 = ((area.maxY - r.minY) / r.height).rounded(.up)
        guard i0.isFinite, i1.isFinite, j0.isFinite, j1.isFinite, (i1 - i0) * (j1 - j0) <= 65_536 else { return }
        saveGState()
        defer { restoreGState() }
        state.shouldAntialias = false
        for j in Int(j0)..<Int(j1) {
            for i in Int(i0)..<Int(i1) {
                draw(image, in: r.offsetBy(dx: CGFloat(i) * r.width, dy: CGFloat(j) * r.height))
            }
        }
    }
}

extension CGContext {
    /// Paints premultiplied `pixels` with their top-left pixel at device pixel (`x`, `y`) (rows
    /// from the top), one pixel to one pixel, through the clip, alpha, shadow and blend mode, as
    /// drawing them as an image at that size would (without the image sampler: how text, made in
    /// device pixels, reaches the context).
    package func drawDevicePixels(_ pixels: Bitmap, atX x: Int, y: Int) {
        let area = PixelRect(x: x, y: y, width: pixels.width, height: pixels.height)
        guard !area.isEmpty else { return }
        if needsCompositing {
            composite(.pixels(pixels, shape: nil), at: area)
            return
        }
        guard let clip = pixelClip else { return }
        let visible = area.intersection(clip)
        let opacity = toByte(state.alpha)
        guard !visible.isEmpty, opacity != 0 else { return }
        drawing(touching: visible) {
            for row in visible.minY..<visible.maxY {
                BlendKernels.blendRow(.normal, destination: target.row(row).baseAddress! + visible.minX,
                                      source: pixels.row(row - y).baseAddress! + (visible.minX - x), solid: .clear,
                                      shape: nil, opacity: opacity, count: visible.width)
            }
        }
    }
}
