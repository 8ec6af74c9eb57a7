import Geometry
import Raster

/// Draws render trees into one band of a frame. Owns the band's scratch buffers and rasterizer;
/// used by one thread at a time.
final class BandRenderer: @unchecked Sendable {
    let scratch = ScratchBuffers()
    /// The serial number of the frame being drawn (unique in the process; 0 outside a
    /// compositor's frame), so that a drawing can tell its first frame from later ones.
    var frameSerial: UInt64 = 0
    let rasterizer = CoverageRasterizer()
    /// A one-pixel image whose pixel is set to a colour before each solid fill.
    let solid = MipmappedImage(Bitmap(width: 1, height: 1))
    /// Buffers for the transitions of layers in a `CATransition`.
    let transitionScratch = TransitionScratch()
    /// The compositor's resamples of moving contents; nil to resample every draw.
    let contentsCache: TranslatedContentsCache?
    /// Whether the node being drawn lies in a `snapsToPixels` subtree, whose contents are drawn
    /// as translated copies (`drawTranslatedCopy`).
    private var drawsTranslatedCopies = false

    init(contentsCache: TranslatedContentsCache? = nil) {
        self.contentsCache = contentsCache
    }

    /// Draws `node` and its subtree. `parentMap` maps the node's parent plane to `target`'s
    /// pixels; `opacity` is what enclosing non-group layers multiply in.
    func draw(_ node: RenderNode, parentMap: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        draw(node, map: node.planeToParent.concatenating(parentMap), target: target, clip: clip, opacity: opacity)
    }

    /// Draws `node` with `map` from its own plane to `target`'s pixels (`render(in:)` draws a
    /// layer in its own space this way, leaving out its position and transform).
    func draw(_ node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        let opacity = opacity * node.opacity
        guard opacity > 0 else { return }
        guard map.isFinite, !isOutside(node, map: map, clip: clip),
              !(isBackFacing(map, bounds: node.bounds) && !node.isDoubleSided) else { return }
        let entersSnapping = node.snapsToPixels && !drawsTranslatedCopies
        if entersSnapping { drawsTranslatedCopies = true }
        defer { if entersSnapping { drawsTranslatedCopies = false } }
        if let transition = node.transition {
            drawTransition(node, transition, map: map, target: target, clip: clip, opacity: opacity)
            return
        }
        if case let .instanceColor(factors)? = node.specialized {
            drawInstance(node, factors: factors, map: map, target: target, clip: clip, opacity: opacity)
            return
        }
        drawBody(node, map: map, target: target, clip: clip, opacity: opacity, castsShadow: true)
    }

    /// Whether nothing `node`'s subtree draws under `map` can reach `clip`: its culling box
    /// lies outside, grown by 4 pixels (the blur's rounding and the rasterizer's pixel of
    /// growth, as the damage walk counts them). A scroll view of 200 rows redrawing the band a
    /// scroll uncovered skips the rows outside it this way instead of walking each one's subtree.
    private func isOutside(_ node: RenderNode, map: Homography, clip: PixelRect) -> Bool {
        guard let box = node.cullingBox, let pixels = map.project(box).boundingBoxIfInFront() else { return false }
        let margin = 4.0
        return Double(pixels.maxX) + margin <= Double(clip.minX) || Double(pixels.minX) - margin >= Double(clip.maxX)
            || Double(pixels.maxY) + margin <= Double(clip.minY) || Double(pixels.minY) - margin >= Double(clip.maxY)
    }

    /// Draws a visible node (its opacity already in `opacity`), with its own shadow or, to make
    /// the alpha that casts that shadow, without it.
    func drawBody(_ node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float,
                  castsShadow: Bool) {
        let groupsOpacity = node.opacity < 1 && node.allowsGroupOpacity && !node.children.isEmpty
        let clipsByShape = node.masksToBounds && !(node.corners.isZero && isAxisAligned(map))
        if groupsOpacity || node.mask != nil || clipsByShape {
            // Only a group needs its extent (a walk of its whole subtree).
            let extent = pixelExtent(of: node, map: map, shadow: castsShadow).intersection(clip)
            guard !extent.isEmpty else { return }
            drawGroup(node, map: map, target: target, extent: extent,
                      opacity: groupsOpacity || node.mask != nil ? opacity : 1,
                      innerOpacity: groupsOpacity || node.mask != nil ? 1 : opacity, castsShadow: castsShadow)
        } else {
            drawLayer(node, map: map, target: target, clip: clip, opacity: opacity, castsShadow: castsShadow)
        }
    }

    /// Draws the layer's own parts and its sublayers directly onto `target`.
    private func drawLayer(_ node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float,
                           castsShadow: Bool) {
        let innerClip = node.masksToBounds ? snappedRect(node.bounds, map: map).intersection(clip) : clip
        drawOwnContent(node, map: map, target: target, clip: clip, opacity: opacity, below: true, contents: false,
                       castsShadow: castsShadow, shadowClip: node.masksToBounds ? innerClip : clip)
        if !innerClip.isEmpty {
            drawContents(node, map: map, target: target, clip: innerClip, opacity: opacity)
            drawChildren(of: node, map: map, target: target, clip: innerClip, opacity: opacity)
            drawParticles(of: node, map: map, target: target, clip: innerClip, opacity: opacity)
        }
        drawOwnContent(node, map: map, target: target, clip: clip, opacity: opacity, below: false)
    }

    /// Draws the layer into an off-screen buffer covering `extent`, then composites it with
    /// `opacity`, through the layer's mask and through its rounded or transformed clip.
    private func drawGroup(_ node: RenderNode, map: Homography, target: Bitmap, extent: PixelRect,
                           opacity: Float, innerOpacity: Float, castsShadow: Bool) {
        let size = PixelSize(uncheckedWidth: extent.width, height: extent.height)
        let group = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        let toGroup = map.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-extent.minX),
                                                                      y: CGFloat(-extent.minY))))
        let local = PixelRect(size: size)

        if node.masksToBounds && !(node.corners.isZero && isAxisAligned(map)) {
            let shape = scratch.acquireMask(size)
            defer { scratch.releaseMask() }
            fillCoverage(of: node.bounds, radii: node.corners, map: toGroup, into: shape, antialiased: node.edgeAntialiasing)
            if castsShadow, let shadow = node.shadow {
                let shadowPixels = scratch.acquireBitmap(size)
                drawShadow(shadow, of: node, map: toGroup, target: shadowPixels, clip: local, opacity: innerOpacity)
                try? group.composite(shadowPixels, atX: 0, y: 0, mask: shape, opacity: 255)
                scratch.releaseBitmap()
            }
            drawOwnContent(node, map: toGroup, target: group, clip: local, opacity: innerOpacity, below: true,
                           contents: false)
            let clipped = scratch.acquireBitmap(size)
            defer { scratch.releaseBitmap() }
            drawContents(node, map: toGroup, target: clipped, clip: local, opacity: innerOpacity)
            drawChildren(of: node, map: toGroup, target: clipped, clip: local, opacity: innerOpacity)
            drawParticles(of: node, map: toGroup, target: clipped, clip: local, opacity: innerOpacity)
            try? group.composite(clipped, atX: 0, y: 0, mask: shape, opacity: 255)
            drawOwnContent(node, map: toGroup, target: group, clip: local, opacity: innerOpacity, below: false)
        } else {
            drawLayer(node, map: toGroup, target: group, clip: local, opacity: innerOpacity, castsShadow: castsShadow)
        }

        if let maskNode = node.mask {
            let maskPixels = scratch.acquireBitmap(size)
            defer { scratch.releaseBitmap() }
            draw(maskNode, parentMap: toGroup, target: maskPixels, clip: local, opacity: 1)
            let coverage = scratch.acquireMask(size)
            defer { scratch.releaseMask() }
            copyAlpha(of: maskPixels, into: coverage)
            try? target.composite(group, atX: extent.minX, y: extent.minY, mask: coverage, opacityFraction: opacity)
        } else {
            target.composite(group, atX: extent.minX, y: extent.minY, opacityFraction: opacity)
        }
    }

    /// The layer's own drawing: with `below`, shadow (when `castsShadow`, inside `shadowClip`:
    /// a `masksToBounds` layer clips its shadow to its bounds, as Core Animation does, which
    /// hides it under an opaque background), background and (unless `contents` is false)
    /// contents; without, the border.
    private func drawOwnContent(_ node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect,
                                opacity: Float, below: Bool, contents: Bool = true, castsShadow: Bool = false,
                                shadowClip: PixelRect? = nil) {
        if below {
            if castsShadow, let shadow = node.shadow {
                let shadowClip = shadowClip ?? clip
                if !shadowClip.isEmpty {
                    drawShadow(shadow, of: node, map: map, target: target, clip: shadowClip, opacity: opacity)
                }
            }
            if let color = node.backgroundColor {
                fillShape(node.bounds, radii: node.corners, color: color, map: map, target: target, clip: clip,
                          opacity: opacity, antialiased: node.edgeAntialiasing, aliasedEdges: node.aliasedEdges)
            }
            if contents { drawContents(node, map: map, target: target, clip: clip, opacity: opacity) }
        } else if let border = node.border {
            drawBorder(border, of: node, map: map, target: target, clip: clip, opacity: opacity)
        }
    }

    /// The contents image, then a specialized layer's drawing (a shape's fill and stroke, a
    /// gradient), which Core Animation puts between the contents and the first sublayer.
    private func drawContents(_ node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        drawContentsImage(node, map: map, target: target, clip: clip, opacity: opacity)
        if let drawing = node.drawing { draw(drawing, map: map, target: target, clip: clip, opacity: opacity) }
    }

    private func drawContentsImage(_ node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard let contents = node.contents else { return }
        // The layer's hard edges apply to the contents' edges that lie on or beyond the bounds'.
        var outerAliased: ImageEdges = []
        if !node.aliasedEdges.isEmpty {
            let d = contents.destination, b = node.bounds
            if d.minX <= b.minX { outerAliased.insert(.minX) }
            if d.maxX >= b.maxX { outerAliased.insert(.maxX) }
            if d.minY <= b.minY { outerAliased.insert(.minY) }
            if d.maxY >= b.maxY { outerAliased.insert(.maxY) }
            outerAliased.formIntersection(node.aliasedEdges)
        }
        var map = map
        if contents.isFlipped {
            // Upside down within the destination: the image's first row at its maximum y.
            let d = contents.destination
            map = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0, m31: 0, m32: Double(d.minY + d.maxY), m33: 1)
                .concatenating(map)
            var swapped = outerAliased.subtracting([.minY, .maxY])
            if outerAliased.contains(.minY) { swapped.insert(.maxY) }
            if outerAliased.contains(.maxY) { swapped.insert(.minY) }
            outerAliased = swapped
        }
        guard !contents.parts.isEmpty else {
            let options = ImageDrawOptions(opacity: opacity, filter: contents.filter,
                                           edgeAntialiasing: node.edgeAntialiasing, aliasedEdges: outerAliased,
                                           levelBias: contents.levelBias)
            if drawsTranslatedCopies, drawTranslatedCopy(contents.source, contents.sourceRect, onto: contents.destination,
                                                         map: map, target: target, clip: clip, options: options) {
                return
            }
            drawImagePart(contents.source, contents.sourceRect, onto: contents.destination, map: map, target: target,
                          clip: clip, options: options)
            return
        }
        // Nine-part: each piece with its quad at its own source rectangle (filtering reads on
        // into its neighbours, as a GPU's would) and hard, half-open inner edges, so the pieces
        // tile without a seam; outer edges as the layer's.
        for part in contents.parts {
            let s = part.sourceRect
            let options = ImageDrawOptions(
                opacity: opacity, filter: contents.filter, edgeAntialiasing: true,
                aliasedEdges: node.edgeAntialiasing ? part.innerEdges.union(outerAliased) : .all,
                sourceRect: ImageSourceRect(minX: Double(s.minX), minY: Double(s.minY),
                                            maxX: Double(s.maxX), maxY: Double(s.maxY)),
                levelBias: contents.levelBias)
            drawImagePart(contents.source, s, onto: part.destination, map: map, target: target, clip: clip,
                          options: options)
        }
    }

    /// Draws the pixels `s` of `image` onto the layer rectangle `d` through `map`.
    private func drawImagePart(_ image: MipmappedImage, _ s: CGRect, onto d: CGRect, map: Homography, target: Bitmap,
                               clip: PixelRect, options: ImageDrawOptions) {
        guard let inverse = imageToLayer(s, d).concatenating(map).inverted() else { return }
        target.drawImage(image, inverseTransform: ProjectiveTransform(inverse), options: options, clip: clip)
    }
}
