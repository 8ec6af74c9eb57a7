import Geometry
import Graphics
import Raster

extension CALayer {
    /// The render node of this layer's subtree as it should look now, or nil when the layer is
    /// hidden: presentation values, i.e. the model with the committed animations applied at
    /// the engine's frame time (`AnimationEngine.frameTime`). Runs pending `display()` calls on
    /// the way. A subtree that has not changed since the last call returns the same node, so its
    /// cost is one flag test; a layer with running animations is marked for a new node on every
    /// frame, with its ancestors.
    public func makeRenderNode() -> RenderNode? {
        renderNode(parentTransform: parentLayer.map {
                       ($0.hasAppliedAnimations ? $0.renderValues.properties : $0.properties).sublayerTransformAboutAnchor
                   } ?? CATransform3DIdentity,
                   ancestorsFlipped: (parentLayer ?? maskOwner)?.contentsAreFlipped() ?? false)
    }

    /// The render node of the model tree, ignoring animations (what `render(in:)` draws, as on
    /// Apple's platforms); built afresh, leaving the cached presentation nodes alone.
    func makeModelRenderNode() -> RenderNode? {
        buildRenderNode(parentTransform: parentLayer?.properties.sublayerTransformAboutAnchor ?? CATransform3DIdentity,
                        model: true,
                        ancestorsFlipped: (parentLayer ?? maskOwner)?.contentsAreFlipped() ?? false)
    }

    var hasAppliedAnimations: Bool { animationState.hasAppliedAnimations }

    /// The cached node when nothing changed (including the parent's sublayer transform, which
    /// is part of this node's plane map, and the flips above, which turn its contents), else a
    /// new one. `parentTransform`: the map from the superlayer's space to the space this layer's
    /// `position` lives in (the superlayer's `sublayerTransform`, or more for the sublayers of a
    /// `CATransformLayer` or a replicator's instance). `ancestorsFlipped`: an odd number of the
    /// layers above are geometry-flipped.
    func renderNode(parentTransform: CATransform3D, ancestorsFlipped: Bool) -> RenderNode? {
        if RenderTimeShift.seconds != 0 {
            return buildRenderNode(parentTransform: parentTransform, model: false, ancestorsFlipped: ancestorsFlipped)
        }
        if !needsRender, !rebuildsWithParent, let cached = renderCache, animationState.renderedParentTransform == parentTransform,
           renderedContentsFlipped == (ancestorsFlipped != properties.isGeometryFlipped) {
            return cached
        }
        let node = buildRenderNode(parentTransform: parentTransform, model: false, ancestorsFlipped: ancestorsFlipped)
        animationState.hasBeenPresented = true
        renderCache = .some(node)
        animationState.renderedParentTransform = parentTransform
        renderedContentsFlipped = ancestorsFlipped != properties.isGeometryFlipped
        needsRender = false
        return node
    }

    func buildRenderNode(parentTransform: CATransform3D, model: Bool, ancestorsFlipped: Bool) -> RenderNode? {
        if !model { layoutNowIfNeeded() }
        if !model, (self as? any AnimatedContentsSource)?.redisplaysForAnimations == true { needsDisplayFlag = true }
        AnimationEngine.current.withoutActions { displayIfNeeded() }
        let values = model ? modelValues : renderValues
        let p = values.properties
        let flipped = ancestorsFlipped != p.isGeometryFlipped
        let transition = model ? nil : values.transition.map {
            RenderNode.Transition(from: $0.from, frameTransition: $0.transition, progress: $0.progress,
                                  buffers: $0.buffers)
        }
        // A layer hidden while a transition runs on it transitions to nothing, as in the Core
        // Animation Programming Guide's listing that adds one transition to two layers and swaps
        // their `isHidden` flags: the hidden one's old appearance goes out as the other comes in.
        guard !p.isHidden || transition != nil else {
            if !model { markSubtreePresented() }
            return nil
        }
        let shown = !p.isHidden
        var children = shown ? sublayerRenderNodes(orderedForDrawing(children, model: model), properties: p,
                                                   model: model, flipped: flipped) : []
        var fragments: [DepthFragment]?
        if DepthSort.isNeeded(children) { (children, fragments) = DepthSort.arrange(children) }
        let toParent = CATransform3DConcat(p.ownTransformToSuperlayer, parentTransform)
        let node = RenderNode(
            planeToParent: snapsToPixels && !model ? RenderNode.snappedToWholeUnits(Homography(toParent), bounds: p.bounds)
                : Homography(toParent),
            bounds: p.bounds,
            opacity: p.opacity.isNaN ? 0 : min(1, max(0, p.opacity)),
            backgroundColor: shown ? p.backgroundColor.flatMap(visiblePixel) : nil,
            corners: cornerRadii(p),
            border: shown ? borderOf(p) : nil,
            shadow: shown ? shadowOf(p) : nil,
            contents: shown ? placedContents(p, values.contents, flipped: flipped) : nil,
            masksToBounds: p.masksToBounds,
            isDoubleSided: p.isDoubleSided,
            allowsGroupOpacity: p.allowsGroupOpacity,
            edgeAntialiasing: p.allowsEdgeAntialiasing && !p.edgeAntialiasingMask.isEmpty,
            aliasedEdges: p.allowsEdgeAntialiasing ? Self.aliasedEdges(p.edgeAntialiasingMask) : [],
            mask: !shown ? nil
                : model ? maskStorage?.buildRenderNode(parentTransform: CATransform3DIdentity, model: true, ancestorsFlipped: flipped)
                : maskStorage?.renderNode(parentTransform: CATransform3DIdentity, ancestorsFlipped: flipped),
            children: children,
            transition: transition,
            planeDepth: SIMD3(Double(toParent.m13), Double(toParent.m23), Double(toParent.m43)),
            depthFragments: fragments,
            drawing: shown ? (self as? any LayerDrawingSource)?.layerDrawing(properties: p, model: model) : nil,
            specialized: shown ? specializedContent(values, model: model) : nil,
            snapsToPixels: snapsToPixels && !model
        )
        guard !model else { return node }
        guard p.shouldRasterize, shown, transition == nil else {
            rasterCache = nil
            return node
        }
        return rasterized(node, scale: p.rasterizationScale, properties: p)
    }

    /// Marks the sublayers and mask of a hidden layer as shown: they are part of the displayed
    /// tree (as on Apple's platforms, where hidden layers are committed too), so they animate
    /// implicitly once they are made visible.
    private func markSubtreePresented() {
        maskStorage?.animationState.hasBeenPresented = true
        maskStorage?.markSubtreePresented()
        for child in children {
            child.animationState.hasBeenPresented = true
            child.markSubtreePresented()
        }
    }

    /// `layers` in drawing order: by `zPosition` (animated, unless `model`), then in order.
    func orderedForDrawing(_ layers: [CALayer], model: Bool) -> [CALayer] {
        guard layers.count > 1 else { return layers }
        let z = layers.map { model || !$0.hasAppliedAnimations ? $0.properties.zPosition : $0.renderValues.properties.zPosition }
        guard z.contains(where: { $0 != z[0] }) else { return layers }
        return layers.indices.sorted { (z[$0], $0) < (z[$1], $1) }.map { layers[$0] }
    }

    /// Where the contents image lands in the layer, by `contentsGravity`, `contentsRect` and
    /// `contentsScale`; nil without a drawable image.
    private func placedContents(_ p: LayerProperties, _ contents: Any?, flipped: Bool) -> RenderNode.Contents? {
        guard let image = contents as? CGImage, image.width > 0, image.height > 0 else { return nil }
        let unit = p.contentsRect.standardized
        guard unit.width > 0, unit.height > 0, unit.minX.isFinite, unit.minY.isFinite,
              unit.width.isFinite, unit.height.isFinite else { return nil }
        let imageWidth = CGFloat(image.width), imageHeight = CGFloat(image.height)
        var source = CGRect(x: unit.minX * imageWidth, y: unit.minY * imageHeight,
                            width: unit.width * imageWidth, height: unit.height * imageHeight)
        var pixels = image.mipmapped
        if unit != CGRect(x: 0, y: 0, width: 1, height: 1) {
            // The sampler's edges are the image's: crop to the whole pixels the rectangle
            // touches, so a sprite frame's edges fall on pixel boundaries.
            guard let cropped = image.cropping(to: source.integral) else { return nil }
            let origin = source.integral.intersection(CGRect(x: 0, y: 0, width: imageWidth, height: imageHeight)).origin
            source = CGRect(x: source.minX - origin.x, y: source.minY - origin.y, width: source.width, height: source.height)
                .intersection(CGRect(x: 0, y: 0, width: cropped.width, height: cropped.height))
            guard !source.isEmpty else { return nil }
            pixels = cropped.mipmapped
        }
        let scale = p.contentsScale > 0 && p.contentsScale.isFinite ? p.contentsScale : 1
        let destination = p.contentsGravity.place(CGSize(width: source.width / scale, height: source.height / scale),
                                                  in: p.bounds)
        guard destination.width > 0, destination.height > 0 else { return nil }
        let shrinking = destination.width < source.width || destination.height < source.height
        let filter = shrinking ? p.minificationFilter : p.magnificationFilter
        let parts = p.contentsGravity.resizes
            ? nineParts(center: p.contentsCenter, source: source, destination: destination, scale: scale,
                        imageSize: CGSize(width: pixels.base.width, height: pixels.base.height))
            : []
        return RenderNode.Contents(source: pixels, sourceRect: source, destination: destination,
                                   filter: filter == .nearest ? .nearest : .mipmappedBilinear, parts: parts,
                                   isFlipped: flipped, levelBias: p.minificationFilterBias)
    }

    /// The pieces of `contentsCenter`'s nine-part stretch of `source` (pixels of an image of
    /// `imageSize`) onto `destination`; empty when the centre is the whole image (one piece).
    ///
    /// The unit rectangle `center` is taken within `source` (so within `contentsRect`, as on
    /// Apple's platforms), y down from the image's top row. Corners keep their size in points
    /// (pixels ÷ `contentsScale`), edges stretch along their side, the centre both ways. When
    /// the two fixed sides of an axis are together longer than the destination, both shrink by
    /// the same factor to fill it and the centre disappears on that axis (Apple documents no
    /// rule; this keeps the image whole and continuous). A centre of zero width or height
    /// stretches the one pixel row or column around that line, as Core Animation does with
    /// `CGRect(x: 0.5, y: 0.5, width: 0, height: 0)`.
    private func nineParts(center: CGRect, source s: CGRect, destination d: CGRect, scale: CGFloat,
                           imageSize: CGSize) -> [RenderNode.Contents.Part] {
        let c = center.standardized
        guard c.minX.isFinite, c.minY.isFinite, c.width.isFinite, c.height.isFinite,
              c != CGRect(x: 0, y: 0, width: 1, height: 1) else { return [] }
        /// Source and destination stops of one axis: outer, fixed, fixed, outer.
        func axis(_ lo: CGFloat, _ hi: CGFloat, sMin: CGFloat, sLength: CGFloat, dMin: CGFloat, dLength: CGFloat,
                  limit: CGFloat) -> (source: [CGFloat], destination: [CGFloat]) {
            let u0 = min(max(lo, 0), 1), u1 = min(max(hi, u0), 1)
            var first = u0 * sLength / scale, last = (1 - u1) * sLength / scale
            if first + last > dLength {
                let f = first + last > 0 ? dLength / (first + last) : 0
                first *= f
                last *= f
            }
            var source = [sMin, sMin + u0 * sLength, sMin + u1 * sLength, sMin + sLength]
            if source[2] - source[1] <= 0 {
                // A centre line: stretch the pixel around it.
                let mid = source[1]
                source[1] = max(0, mid - 0.5)
                source[2] = min(limit, mid + 0.5)
            }
            return (source, [dMin, dMin + first, dMin + dLength - last, dMin + dLength])
        }
        let x = axis(c.minX, c.maxX, sMin: s.minX, sLength: s.width, dMin: d.minX, dLength: d.width, limit: imageSize.width)
        let y = axis(c.minY, c.maxY, sMin: s.minY, sLength: s.height, dMin: d.minY, dLength: d.height, limit: imageSize.height)
        var parts: [RenderNode.Contents.Part] = []
        parts.reserveCapacity(9)
        for j in 0..<3 {
            for i in 0..<3 {
                let dx0 = x.destination[i], dx1 = x.destination[i + 1], dy0 = y.destination[j], dy1 = y.destination[j + 1]
                let sx0 = x.source[i], sx1 = x.source[i + 1], sy0 = y.source[j], sy1 = y.source[j + 1]
                guard dx1 > dx0, dy1 > dy0, sx1 > sx0, sy1 > sy0 else { continue }
                var inner: ImageEdges = []
                if dx0 > x.destination[0] { inner.insert(.minX) }
                if dx1 < x.destination[3] { inner.insert(.maxX) }
                if dy0 > y.destination[0] { inner.insert(.minY) }
                if dy1 < y.destination[3] { inner.insert(.maxY) }
                parts.append(RenderNode.Contents.Part(
                    sourceRect: CGRect(x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0),
                    destination: CGRect(x: dx0, y: dy0, width: dx1 - dx0, height: dy1 - dy0),
                    innerEdges: inner))
            }
        }
        return parts
    }

    /// The bounds' edges left out of `mask` (none when all four are in, or none is: then
    /// `edgeAntialiasing` alone says how edges are drawn).
    private static func aliasedEdges(_ mask: CAEdgeAntialiasingMask) -> ImageEdges {
        guard !mask.isEmpty else { return [] }
        var edges: ImageEdges = []
        if !mask.contains(.layerLeftEdge) { edges.insert(.minX) }
        if !mask.contains(.layerRightEdge) { edges.insert(.maxX) }
        if !mask.contains(.layerTopEdge) { edges.insert(.minY) }
        if !mask.contains(.layerBottomEdge) { edges.insert(.maxY) }
        return edges
    }

    func cornerRadii(_ p: LayerProperties) -> CornerRadii {
        let r = p.cornerRadius.isFinite ? Double(max(0, p.cornerRadius)) : 0
        guard r > 0 else { return .zero }
        let c = p.maskedCorners
        return CornerRadii(
            topLeft: c.contains(.layerMinXMinYCorner) ? r : 0,
            topRight: c.contains(.layerMaxXMinYCorner) ? r : 0,
            bottomRight: c.contains(.layerMaxXMaxYCorner) ? r : 0,
            bottomLeft: c.contains(.layerMinXMaxYCorner) ? r : 0,
            curve: p.cornerCurve == .continuous ? .continuous : .circular
        ).fitted(width: Double(p.bounds.width), height: Double(p.bounds.height))
    }

    private func borderOf(_ p: LayerProperties) -> RenderNode.Border? {
        guard p.borderWidth > 0, p.borderWidth.isFinite, let color = p.borderColor.flatMap(visiblePixel) else { return nil }
        return RenderNode.Border(width: p.borderWidth, color: color)
    }

    private func shadowOf(_ p: LayerProperties) -> RenderNode.Shadow? {
        guard p.shadowOpacity > 0, let color = p.shadowColor,
              let pixel = color.copy(alpha: color.alpha * CGFloat(min(1, p.shadowOpacity))).flatMap(visiblePixel)
        else { return nil }
        let offset = p.shadowOffset.width.isFinite && p.shadowOffset.height.isFinite ? p.shadowOffset : .zero
        let radius = p.shadowRadius.isFinite ? max(0, p.shadowRadius) : 0
        return RenderNode.Shadow(color: pixel, offset: offset, radius: radius, path: p.shadowPath)
    }
}

/// The colour as a pixel, or nil when it is fully transparent (nothing to draw).
private func visiblePixel(_ color: CGColor) -> PremultipliedColor? {
    let pixel = color.premultipliedPixel
    return pixel.alpha == 0 ? nil : pixel
}

extension CALayerContentsGravity {
    /// Whether the gravity scales the contents to the bounds (`.resize`, `.resizeAspect`,
    /// `.resizeAspectFill`): the gravities under which `contentsCenter` stretches in nine parts.
    var resizes: Bool {
        self == .resize || self == .resizeAspect || self == .resizeAspectFill
    }

    /// The rectangle an image of `size` points occupies in `bounds` under this gravity, in the
    /// layer's coordinates. As on Apple's platforms the vertical names go by the y axis, not by
    /// the screen: `top` is the maximum-y edge and `bottom` the minimum-y one, so in iOS's y-down
    /// layer space `.top` puts the image at the bottom of the screen (UIKit maps
    /// `UIView.ContentMode.top` to `.bottom`). Unknown raw values behave as `.center`, as
    /// measured on Apple's QuartzCore.
    func place(_ size: CGSize, in bounds: CGRect) -> CGRect {
        let b = bounds
        func at(_ x: CGFloat, _ y: CGFloat, _ s: CGSize) -> CGRect { CGRect(origin: CGPoint(x: x, y: y), size: s) }
        let cx = b.midX - size.width / 2, cy = b.midY - size.height / 2
        switch self {
        case .center: return at(cx, cy, size)
        case .top: return at(cx, b.maxY - size.height, size)
        case .bottom: return at(cx, b.minY, size)
        case .left: return at(b.minX, cy, size)
        case .right: return at(b.maxX - size.width, cy, size)
        case .topLeft: return at(b.minX, b.maxY - size.height, size)
        case .topRight: return at(b.maxX - size.width, b.maxY - size.height, size)
        case .bottomLeft: return at(b.minX, b.minY, size)
        case .bottomRight: return at(b.maxX - size.width, b.minY, size)
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return .zero }
            let sx = b.width / size.width, sy = b.height / size.height
            let s = self == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let fitted = CGSize(width: size.width * s, height: size.height * s)
            return at(b.midX - fitted.width / 2, b.midY - fitted.height / 2, fitted)
        case .resize: return b
        default: return at(cx, cy, size)
        }
    }
}
