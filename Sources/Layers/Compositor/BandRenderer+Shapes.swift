// DESIGN NOTE — shapes and shadows without per-frame allocation.
//
// Every shape (rounded background, border ring, shadow path) is flattened into one
// `FlattenedPath` kept in the band's `ScratchBuffers`, projected into a second one, and
// rasterized into a scratch mask; the arrays keep their capacity, so once a steady animation
// has shown its largest frame nothing grows (`ScratchBuffers.growthCount`, tested).
//
// Shadows follow Core Animation: `shadowPath` when set, else the layer's composited alpha, made
// by drawing the layer without its own shadow through the offset map into a scratch bitmap
// that covers the band grown by the blur's reach (so a band's pixels do not depend on where the
// band starts). A layer that is only an opaque background skips that and rasterizes its
// rounded bounds, which is the same alpha.
//
// Measured here (release build, thread CPU time of one band, best of 5 runs of 20 frames, with
// the machine's two cores loaded by other builds): a 1280×720 frame with one 400×300 layer,
// corner radius 12, shadow radius 10:
//   opaque rounded background, no shadow 1.7 ms; with its bounds shadow 3.5–4.2 ms;
//   with a shadowPath of the same shape 3.7–4.1 ms;
//   image with transparent corners, no shadow 0.5 ms; with its alpha shadow 2.3–3.3 ms.
// Drawing the layer again for its alpha costs about what rasterizing a path does; the blur and
// the tinted fill of the 420×320 mask make up the rest. (Measured with the blur's standard
// deviation at half the shadow radius; it is now the whole radius, as measured on Apple's, so the
// blurred mask is larger — these figures were not measured again after that change.)

import Geometry
import Raster

extension BandRenderer {
    /// Fills a rectangle of the layer's plane, with rounded corners, in `color` × `opacity`.
    /// Square corners go through the image sampler with a one-pixel image (its edges are the
    /// rectangle's, anti-aliased and clipped behind the viewer); rounded ones through the
    /// rasterizer.
    func fillShape(_ rect: CGRect, radii: CornerRadii, color: PremultipliedColor, map: Homography, target: Bitmap,
                   clip: PixelRect, opacity: Float, antialiased: Bool, aliasedEdges: ImageEdges = []) {
        guard rect.width > 0, rect.height > 0 else { return }
        if radii.isZero {
            solid.base.baseAddress.pointee = color.packed
            let pixelToRect = Homography(m11: Double(rect.width), m12: 0, m13: 0, m21: 0, m22: Double(rect.height), m23: 0,
                                         m31: Double(rect.minX), m32: Double(rect.minY), m33: 1)
            guard let inverse = pixelToRect.concatenating(map).inverted() else { return }
            target.drawImage(solid, inverseTransform: ProjectiveTransform(inverse),
                             options: ImageDrawOptions(opacity: opacity, filter: .nearest, edgeAntialiasing: antialiased,
                                                       aliasedEdges: aliasedEdges),
                             clip: clip)
            return
        }
        scratch.beginShape(tolerance: flatteningTolerance(map))
        scratch.shape.addRoundedRect(rect, radii: radii, workspace: &scratch.contour)
        fillShape(color: color, map: map, target: target, clip: clip, opacity: opacity)
    }

    func drawBorder(_ border: RenderNode.Border, of node: RenderNode, map: Homography, target: Bitmap,
                    clip: PixelRect, opacity: Float) {
        scratch.beginShape(tolerance: flatteningTolerance(map))
        scratch.shape.addRoundedRectBorder(node.bounds, radii: node.corners, width: Double(border.width),
                                           workspace: &scratch.contour)
        fillShape(color: border.color, map: map, target: target, clip: clip, opacity: opacity)
    }

    /// Draws the layer's shadow, moved by the offset (in the layer's plane) and blurred with a
    /// Gaussian of standard deviation `shadowRadius` in target pixels, in the shadow colour ×
    /// `opacity`. That is the spread measured on Apple's QuartzCore (GNUstep's shadow test, run
    /// against Apple's: a 40-point layer with `shadowRadius` 5 paints 2 × 5 points beyond its
    /// moved edge and nothing 13 points out) and the mapping design tools use (a CSS blur `B`,
    /// a Gaussian of `B / 2`, is `shadowRadius = B / 2`).
    ///
    /// The shape casting it is, as in Core Animation, `shadowPath` (non-zero winding) when set,
    /// else the layer's composited alpha: the layer is drawn without its own shadow into an
    /// off-screen buffer covering the band grown by the blur's reach, so each pixel of the band
    /// sees every pixel its blurred value depends on, whatever the band. A layer that is only an
    /// opaque background (no contents, no sublayers) casts its rounded bounds, rasterized
    /// directly, and so does a layer drawn over more than 10⁷ pixels. A shadow whose blurred mask would pass `PixelSize.maxDimension` on a side (an
    /// enormous radius on a layer wider than the frame) is not drawn.
    func drawShadow(_ shadow: RenderNode.Shadow, of node: RenderNode, map: Homography, target: Bitmap,
                    clip: PixelRect, opacity: Float) {
        let blur = BoxBlur(standardDeviation: Double(shadow.radius) * approximateScale(map))
        let reach = clip.insetBy(-blur.extent)
        let offset = Homography(CGAffineTransform(translationX: shadow.offset.width, y: shadow.offset.height))
        let shifted = offset.concatenating(map)
        if shadow.path == nil, !castsBoundsShadow(node) {
            let body = subtreeBox(node, map: shifted, shadow: false)
            if !isBeyondPixelRange(body) {
                let shape = pixelRect(enclosing: body).intersection(reach)
                guard let coverage = shadowCoverage(shape, blur: blur) else { return }
                defer { scratch.releaseMask() }
                let size = PixelSize(uncheckedWidth: shape.width, height: shape.height)
                let pixels = scratch.acquireBitmap(size)
                defer { scratch.releaseBitmap() }
                let toShape = shifted.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-shape.minX),
                                                                                 y: CGFloat(-shape.minY))))
                drawBody(node, map: toShape, target: pixels, clip: PixelRect(size: size), opacity: 1, castsShadow: false)
                copyAlpha(of: pixels, into: coverage)
                blurAndFill(coverage, at: shape, blur: blur, color: shadow.color, target: target, clip: clip, opacity: opacity)
                return
            }
        }
        scratch.beginShape(tolerance: flatteningTolerance(map))
        if let path = shadow.path {
            scratch.shape.addPath(path, transform: CGAffineTransform(translationX: shadow.offset.width,
                                                                     y: shadow.offset.height))
        } else {
            scratch.shape.addRoundedRect(node.bounds.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height),
                                         radii: node.corners, workspace: &scratch.contour)
        }
        projectShape(through: map)
        let shape = pixelRect(enclosing: scratch.projected.bounds).intersection(reach)
        guard let coverage = shadowCoverage(shape, blur: blur) else { return }
        defer { scratch.releaseMask() }
        rasterizer.fill(scratch.projected, rule: .nonZero, into: coverage, origin: CGPoint(x: shape.minX, y: shape.minY))
        blurAndFill(coverage, at: shape, blur: blur, color: shadow.color, target: target, clip: clip, opacity: opacity)
    }

    /// Whether `box` is not finite or reaches past ±10⁷ pixels (where `pixelRect(enclosing:)`
    /// clamps): a layer drawn over such a span (nasty input, or a layer off in the distance)
    /// casts the shadow of its rounded bounds, since drawing it through a band's own origin would
    /// round differently from band to band.
    private func isBeyondPixelRange(_ box: CGRect) -> Bool {
        let limit: CGFloat = 1e7
        return !(box.minX >= -limit && box.minY >= -limit && box.maxX <= limit && box.maxY <= limit)
    }

    /// Whether the layer's alpha is exactly its rounded bounds: an opaque background and nothing
    /// drawn outside it (a border lies inside the bounds, over the background).
    private func castsBoundsShadow(_ node: RenderNode) -> Bool {
        node.contents == nil && node.drawing == nil && node.children.isEmpty && node.backgroundColor?.alpha == 255
    }

    /// A mask for the unblurred shadow over `shape` (to release with `releaseMask`), or nil when
    /// there is nothing to draw or its blurred extent would be too large.
    private func shadowCoverage(_ shape: PixelRect, blur: BoxBlur) -> CoverageMask? {
        guard !shape.isEmpty, shape.width + 2 * blur.extent <= PixelSize.maxDimension,
              shape.height + 2 * blur.extent <= PixelSize.maxDimension else { return nil }
        return scratch.acquireMask(PixelSize(uncheckedWidth: shape.width, height: shape.height))
    }

    /// Blurs `coverage` (the shadow's shape over the target pixels `shape`) and fills the part of
    /// it inside `clip` with `color` × `opacity`.
    private func blurAndFill(_ coverage: CoverageMask, at shape: PixelRect, blur: BoxBlur, color: PremultipliedColor,
                             target: Bitmap, clip: PixelRect, opacity: Float) {
        let grown = PixelSize(uncheckedWidth: shape.width + 2 * blur.extent, height: shape.height + 2 * blur.extent)
        let blurred = scratch.acquireMask(grown)
        defer { scratch.releaseMask() }
        guard (try? coverage.blur(blur, into: blurred, workspace: scratch.blurWorkspace)) != nil else { return }
        let origin = (x: shape.minX - blur.extent, y: shape.minY - blur.extent)
        let visible = PixelRect(x: origin.x, y: origin.y, width: blurred.width, height: blurred.height).intersection(clip)
        guard !visible.isEmpty, let part = try? blurred.view(of: visible.offsetBy(-origin.x, -origin.y)) else { return }
        target.fill(color, through: part, atX: visible.minX, y: visible.minY, opacity: byte(opacity))
    }

    /// Writes the coverage of the rounded rectangle through `map` into `mask` (whose pixel (0,0)
    /// is target pixel (0,0)).
    func fillCoverage(of rect: CGRect, radii: CornerRadii, map: Homography, into mask: CoverageMask, antialiased: Bool) {
        scratch.beginShape(tolerance: flatteningTolerance(map))
        scratch.shape.addRoundedRect(rect, radii: radii, workspace: &scratch.contour)
        projectShape(through: map)
        rasterizer.fill(scratch.projected, rule: .nonZero, into: mask)
    }

    /// Fills `scratch.shape` (in the layer's plane) through `map`, non-zero winding.
    private func fillShape(color: PremultipliedColor, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        projectShape(through: map)
        let area = pixelRect(enclosing: scratch.projected.bounds).intersection(clip)
        guard !area.isEmpty else { return }
        let coverage = scratch.acquireMask(PixelSize(uncheckedWidth: area.width, height: area.height))
        defer { scratch.releaseMask() }
        rasterizer.fill(scratch.projected, rule: .nonZero, into: coverage, origin: CGPoint(x: area.minX, y: area.minY))
        target.fill(color, through: coverage, atX: area.minX, y: area.minY, opacity: byte(opacity))
    }

    /// Carries `scratch.shape` through `map` into `scratch.projected`, each contour clipped where
    /// the plane passes behind the viewer (w below a small positive bound) before dividing by w.
    func projectShape(through map: Homography) {
        let minimumW = HomogeneousQuad.defaultMinimumW
        let shape = scratch.shape
        for index in 0..<shape.contourCount {
            let contour = shape.contour(index)
            guard let last = contour.last else { continue }
            var previous = map.homogeneous(x: Double(last.x), y: Double(last.y))
            var started = false
            func emit(_ v: SIMD3<Double>) {
                let p = CGPoint(x: v.x / v.z, y: v.y / v.z)
                if started { scratch.projected.addLine(to: p) } else { scratch.projected.move(to: p) }
                started = true
            }
            for point in contour {
                let current = map.homogeneous(x: Double(point.x), y: Double(point.y))
                let currentIn = current.z >= minimumW, previousIn = previous.z >= minimumW
                if currentIn != previousIn {
                    let t = (minimumW - previous.z) / (current.z - previous.z)
                    emit(previous + (current - previous) * t)
                }
                if currentIn { emit(current) }
                previous = current
            }
            if started { scratch.projected.close() }
        }
        scratch.endShape()
    }

    /// Whether the layer's plane faces away from the viewer: its map reverses orientation where
    /// the plane is in front (w > 0).
    func isBackFacing(_ map: Homography, bounds: CGRect) -> Bool {
        let centre = map.homogeneous(x: Double(bounds.midX), y: Double(bounds.midY))
        return map.determinant * centre.z < 0
    }

    /// True when the map keeps axis-aligned rectangles axis-aligned (no rotation, skew or
    /// perspective).
    func isAxisAligned(_ map: Homography) -> Bool {
        map.m12 == 0 && map.m21 == 0 && map.m13 == 0 && map.m23 == 0
    }

    /// The pixels a node and its subtree may touch (with or without its own shadow), grown by
    /// one pixel for anti-aliasing.
    func pixelExtent(of node: RenderNode, map: Homography, shadow: Bool = true) -> PixelRect {
        pixelRect(enclosing: subtreeBox(node, map: map, shadow: shadow))
    }

    /// The box, in target pixels, of what the node and its subtree draw; with `shadow`, grown by
    /// its shadow: the shadow path's box or the subtree's own box, moved by the offset and grown
    /// by the blur's reach.
    func subtreeBox(_ node: RenderNode, map: Homography, shadow: Bool = true) -> CGRect {
        var box = map.project(node.bounds).visibleBoundingBox()
        if let drawing = node.drawing, !node.masksToBounds {
            box = box.union(map.project(drawing.coverageBox).visibleBoundingBox())
        }
        if !node.masksToBounds {
            for child in node.children {
                box = box.union(subtreeBox(child, map: child.planeToParent.concatenating(map)))
            }
        }
        if case let .particles(batch)? = node.specialized { box = box.union(map.project(batch.bounds).visibleBoundingBox()) }
        if shadow, let cast = node.shadow {
            let reach = Double(cast.radius) * 3 * approximateScale(map) + 2
            let offset = Homography(CGAffineTransform(translationX: cast.offset.width, y: cast.offset.height))
            let shifted = offset.concatenating(map)
            let moved = cast.path.map { shifted.project($0.boundingBox).visibleBoundingBox() }
                ?? subtreeBox(node, map: shifted, shadow: false)
            box = box.union(moved.insetBy(dx: -reach, dy: -reach))
        }
        return box
    }

    /// The whole pixels within which `bounds` lies, grown by one pixel; empty for null or
    /// non-finite bounds.
    func pixelRect(enclosing box: CGRect) -> PixelRect {
        guard !box.isNull, !box.isEmpty || box.width > 0 || box.height > 0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let limit = 1e7
        let x0 = max(-limit, min(limit, Double(box.minX).rounded(.down) - 1))
        let y0 = max(-limit, min(limit, Double(box.minY).rounded(.down) - 1))
        let x1 = max(-limit, min(limit, Double(box.maxX).rounded(.up) + 1))
        let y1 = max(-limit, min(limit, Double(box.maxY).rounded(.up) + 1))
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    /// The clip of an axis-aligned `masksToBounds` layer: its bounds rounded to the nearest pixel
    /// edges (a fractional edge clips at the nearest pixel boundary).
    func snappedRect(_ bounds: CGRect, map: Homography) -> PixelRect { Self.snappedRect(bounds, map: map) }

    /// The clip of an axis-aligned `masksToBounds` layer (see the instance method), for code
    /// that predicts it without a renderer (the damage walk's scroll search).
    static func snappedRect(_ bounds: CGRect, map: Homography) -> PixelRect {
        let box = map.project(bounds).visibleBoundingBox()
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            return PixelRect(x: 0, y: 0, width: 0, height: 0)
        }
        let limit: CGFloat = 1e7
        let x0 = Int(max(-limit, min(limit, box.minX.rounded())))
        let y0 = Int(max(-limit, min(limit, box.minY.rounded())))
        let x1 = Int(max(-limit, min(limit, box.maxX.rounded())))
        let y1 = Int(max(-limit, min(limit, box.maxY.rounded())))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// How many target pixels one unit of the plane spans, roughly (the square root of the
    /// affine part's area scale); at least a small positive number.
    func approximateScale(_ map: Homography) -> Double {
        let area = abs(map.m11 * map.m22 - map.m12 * map.m21) / max(1e-12, map.m33 * map.m33)
        return max(1e-3, area.squareRoot())
    }

    private func flatteningTolerance(_ map: Homography) -> Double {
        0.1 / max(1, approximateScale(map))
    }

    func copyAlpha(of pixels: Bitmap, into mask: CoverageMask) {
        pixels.copyAlpha(into: mask)
    }

    private func byte(_ opacity: Float) -> UInt8 {
        UInt8(max(0, min(255, (opacity * 255).rounded())))
    }
}

extension PixelRect {
    func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    func offsetBy(_ dx: Int, _ dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
