import Geometry
import Raster

extension BandRenderer {
    /// Fills a rectangle of the layer's plane, with rounded corners, in `color` × `opacity`.
    /// Square corners go through the image sampler with a one-pixel image (its edges are the
    /// rectangle's, anti-aliased and clipped behind the viewer); rounded ones through the
    /// rasterizer.
    func fillShape(_ rect: CGRect, radii: CornerRadii, color: PremultipliedColor, map: Homography, target: Bitmap,
                   clip: PixelRect, opacity: Float, antialiased: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        if radii.isZero {
            solid.base.baseAddress.pointee = color.packed
            let pixelToRect = Homography(m11: Double(rect.width), m12: 0, m13: 0, m21: 0, m22: Double(rect.height), m23: 0,
                                         m31: Double(rect.minX), m32: Double(rect.minY), m33: 1)
            guard let inverse = pixelToRect.concatenating(map).inverted() else { return }
            target.drawImage(solid, inverseTransform: ProjectiveTransform(inverse),
                             options: ImageDrawOptions(opacity: opacity, filter: .nearest, edgeAntialiasing: antialiased),
                             clip: clip)
            return
        }
        var path = FlattenedPath(tolerance: flatteningTolerance(map))
        path.addRoundedRect(rect, radii: radii)
        fill(path, rule: .nonZero, color: color, map: map, target: target, clip: clip, opacity: opacity)
    }

    func drawBorder(_ border: RenderNode.Border, of node: RenderNode, map: Homography, target: Bitmap,
                    clip: PixelRect, opacity: Float) {
        var path = FlattenedPath(tolerance: flatteningTolerance(map))
        path.addRoundedRectBorder(node.bounds, radii: node.corners, width: Double(border.width))
        fill(path, rule: .nonZero, color: border.color, map: map, target: target, clip: clip, opacity: opacity)
    }

    /// Draws the layer's shadow: its rounded bounds (Kinescope casts shadows from the layer's
    /// shape, not from the alpha of its contents), moved by the offset and blurred with a
    /// Gaussian of standard deviation `shadowRadius / 2` in target pixels (the CSS definition of
    /// a blur radius, which matches Core Animation's look). A shadow whose blurred mask would
    /// pass `PixelSize.maxDimension` on a side (an enormous radius on a layer wider than the
    /// frame) is not drawn.
    func drawShadow(_ shadow: RenderNode.Shadow, of node: RenderNode, map: Homography, target: Bitmap,
                    clip: PixelRect, opacity: Float) {
        let moved = node.bounds.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
        let blur = BoxBlur(standardDeviation: Double(shadow.radius) / 2 * approximateScale(map))
        var path = FlattenedPath(tolerance: flatteningTolerance(map))
        path.addRoundedRect(moved, radii: node.corners)
        let projected = project(path, through: map)
        // Rasterize the shape over the clip grown by the blur's reach, so each pixel of the clip
        // sees every pixel its blurred value depends on, whatever the band.
        let reach = clip.insetBy(-blur.extent)
        let shape = pixelRect(enclosing: projected.bounds).intersection(reach)
        // The blurred mask is the shape grown by the blur's extent on each side; a huge radius on
        // a layer much wider than the frame would exceed the largest mask, so it is not drawn.
        guard !shape.isEmpty, shape.width + 2 * blur.extent <= PixelSize.maxDimension,
              shape.height + 2 * blur.extent <= PixelSize.maxDimension else { return }
        let coverage = scratch.acquireMask(PixelSize(uncheckedWidth: shape.width, height: shape.height))
        defer { scratch.releaseMask() }
        rasterizer.fill(projected, rule: .nonZero, into: coverage,
                        origin: CGPoint(x: shape.minX, y: shape.minY))
        let grown = PixelSize(uncheckedWidth: shape.width + 2 * blur.extent, height: shape.height + 2 * blur.extent)
        let blurred = scratch.acquireMask(grown)
        defer { scratch.releaseMask() }
        guard (try? coverage.blur(blur, into: blurred, workspace: scratch.blurWorkspace)) != nil else { return }
        let origin = (x: shape.minX - blur.extent, y: shape.minY - blur.extent)
        let visible = PixelRect(x: origin.x, y: origin.y, width: blurred.width, height: blurred.height).intersection(clip)
        guard !visible.isEmpty, let part = try? blurred.view(of: visible.offsetBy(-origin.x, -origin.y)) else { return }
        target.fill(shadow.color, through: part, atX: visible.minX, y: visible.minY, opacity: byte(opacity))
    }

    /// Writes the coverage of the rounded rectangle through `map` into `mask` (whose pixel (0,0)
    /// is target pixel (0,0)).
    func fillCoverage(of rect: CGRect, radii: CornerRadii, map: Homography, into mask: CoverageMask, antialiased: Bool) {
        var path = FlattenedPath(tolerance: flatteningTolerance(map))
        path.addRoundedRect(rect, radii: radii)
        rasterizer.fill(project(path, through: map), rule: .nonZero, into: mask)
    }

    /// Fills a path of the layer's plane through `map`.
    private func fill(_ path: FlattenedPath, rule: FillRule, color: PremultipliedColor, map: Homography,
                      target: Bitmap, clip: PixelRect, opacity: Float) {
        let projected = project(path, through: map)
        let area = pixelRect(enclosing: projected.bounds).intersection(clip)
        guard !area.isEmpty else { return }
        let coverage = scratch.acquireMask(PixelSize(uncheckedWidth: area.width, height: area.height))
        defer { scratch.releaseMask() }
        rasterizer.fill(projected, rule: rule, into: coverage, origin: CGPoint(x: area.minX, y: area.minY))
        target.fill(color, through: coverage, atX: area.minX, y: area.minY, opacity: byte(opacity))
    }

    /// The path carried through `map` onto the target, each contour clipped where the plane
    /// passes behind the viewer (w below a small positive bound) before dividing by w.
    func project(_ path: FlattenedPath, through map: Homography) -> FlattenedPath {
        let minimumW = HomogeneousQuad.defaultMinimumW
        var result = FlattenedPath()
        for index in 0..<path.contourCount {
            let points = path.contour(index).map { map.homogeneous(x: Double($0.x), y: Double($0.y)) }
            guard !points.isEmpty else { continue }
            var clipped: [CGPoint] = []
            clipped.reserveCapacity(points.count + 2)
            for (i, current) in points.enumerated() {
                let previous = points[(i + points.count - 1) % points.count]
                let currentIn = current.z >= minimumW, previousIn = previous.z >= minimumW
                if currentIn != previousIn {
                    let t = (minimumW - previous.z) / (current.z - previous.z)
                    let v = previous + (current - previous) * t
                    clipped.append(CGPoint(x: v.x / v.z, y: v.y / v.z))
                }
                if currentIn { clipped.append(CGPoint(x: current.x / current.z, y: current.y / current.z)) }
            }
            guard let first = clipped.first else { continue }
            result.move(to: first)
            for p in clipped.dropFirst() { result.addLine(to: p) }
            result.close()
        }
        return result
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

    /// The pixels a node and its subtree may touch, grown by one pixel for anti-aliasing.
    func pixelExtent(of node: RenderNode, map: Homography) -> PixelRect {
        pixelRect(enclosing: subtreeBox(node, map: map))
    }

    private func subtreeBox(_ node: RenderNode, map: Homography) -> CGRect {
        var box = map.project(node.bounds).visibleBoundingBox()
        if let shadow = node.shadow {
            let reach = Double(shadow.radius) * 1.5 * approximateScale(map) + 2
            let moved = node.bounds.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
            box = box.union(map.project(moved).visibleBoundingBox().insetBy(dx: -reach, dy: -reach))
        }
        if !node.masksToBounds {
            for child in node.children {
                box = box.union(subtreeBox(child, map: child.planeToParent.concatenating(map)))
            }
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
    func snappedRect(_ bounds: CGRect, map: Homography) -> PixelRect {
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

extension ProjectiveTransform {
    /// The sampler's column-vector matrix for a row-vector `Homography`.
    init(_ h: Homography) {
        self.init(h.m11, h.m21, h.m31, h.m12, h.m22, h.m32, h.m13, h.m23, h.m33)
    }
}
