import Geometry
import Raster

extension CALayer {
    /// The render node of this layer's subtree as it should look now, or nil when the layer is
    /// hidden: presentation values, i.e. the model with the committed animations applied at
    /// the engine's frame time (`AnimationEngine.frameTime`). Runs pending `display()` calls on
    /// the way. A subtree that has not changed since the last call returns the same node, so its
    /// cost is one flag test; a layer with running animations is marked for a new node on every
    /// frame, with its ancestors.
    public func makeRenderNode() -> RenderNode? {
        renderNode(parent: parentLayer.map { $0.hasAppliedAnimations ? $0.renderValues.properties : $0.properties })
    }

    /// The render node of the model tree, ignoring animations (what `render(in:)` draws, as on
    /// Apple's platforms); built afresh, leaving the cached presentation nodes alone.
    func makeModelRenderNode() -> RenderNode? {
        buildRenderNode(parent: parentLayer?.properties, model: true)
    }

    var hasAppliedAnimations: Bool { animationState.hasAppliedAnimations }

    /// The cached node when nothing changed (including the parent's sublayer transform, which
    /// is part of this node's plane map), else a new one.
    private func renderNode(parent: LayerProperties?) -> RenderNode? {
        let parentTransform = parent?.sublayerTransformAboutAnchor ?? CATransform3DIdentity
        if !needsRender, let cached = renderCache, animationState.renderedParentTransform == parentTransform {
            return cached
        }
        let node = buildRenderNode(parent: parent, model: false)
        animationState.hasBeenPresented = true
        renderCache = .some(node)
        animationState.renderedParentTransform = parentTransform
        needsRender = false
        return node
    }

    private func buildRenderNode(parent: LayerProperties?, model: Bool) -> RenderNode? {
        if !model { layoutNowIfNeeded() }
        AnimationEngine.current.withoutActions { displayIfNeeded() }
        let values = model ? modelValues : renderValues
        let p = values.properties
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
        var children = shown ? orderedForDrawing(children, model: model).compactMap {
            model ? $0.buildRenderNode(parent: p, model: true) : $0.renderNode(parent: p)
        } : []
        var fragments: [DepthFragment]?
        if DepthSort.isNeeded(children) { (children, fragments) = DepthSort.arrange(children) }
        let parentTransform = parent?.sublayerTransformAboutAnchor ?? CATransform3DIdentity
        let toParent = CATransform3DConcat(p.ownTransformToSuperlayer, parentTransform)
        return RenderNode(
            planeToParent: Homography(toParent),
            bounds: p.bounds,
            opacity: p.opacity.isNaN ? 0 : min(1, max(0, p.opacity)),
            backgroundColor: shown ? p.backgroundColor.flatMap(visiblePixel) : nil,
            corners: cornerRadii(p),
            border: shown ? borderOf(p) : nil,
            shadow: shown ? shadowOf(p) : nil,
            contents: shown ? placedContents(p, values.contents) : nil,
            masksToBounds: p.masksToBounds,
            isDoubleSided: p.isDoubleSided,
            allowsGroupOpacity: p.allowsGroupOpacity,
            edgeAntialiasing: p.allowsEdgeAntialiasing,
            mask: !shown ? nil : model ? maskStorage?.buildRenderNode(parent: nil, model: true) : maskStorage?.renderNode(parent: nil),
            children: children,
            transition: transition,
            planeDepth: SIMD3(Double(toParent.m13), Double(toParent.m23), Double(toParent.m43)),
            depthFragments: fragments
        )
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
    private func orderedForDrawing(_ layers: [CALayer], model: Bool) -> [CALayer] {
        guard layers.count > 1 else { return layers }
        let z = layers.map { model || !$0.hasAppliedAnimations ? $0.properties.zPosition : $0.renderValues.properties.zPosition }
        guard z.contains(where: { $0 != z[0] }) else { return layers }
        return layers.indices.sorted { (z[$0], $0) < (z[$1], $1) }.map { layers[$0] }
    }

    /// Where the contents image lands in the layer, by `contentsGravity`, `contentsRect` and
    /// `contentsScale`; nil without a drawable image.
    private func placedContents(_ p: LayerProperties, _ contents: Any?) -> RenderNode.Contents? {
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
        return RenderNode.Contents(source: pixels, sourceRect: source, destination: destination,
                                   filter: filter == .nearest ? .nearest : .mipmappedBilinear)
    }

    private func cornerRadii(_ p: LayerProperties) -> CornerRadii {
        let r = p.cornerRadius.isFinite ? Double(max(0, p.cornerRadius)) : 0
        guard r > 0 else { return .zero }
        let c = p.maskedCorners
        return CornerRadii(
            topLeft: c.contains(.layerMinXMinYCorner) ? r : 0,
            topRight: c.contains(.layerMaxXMinYCorner) ? r : 0,
            bottomRight: c.contains(.layerMaxXMaxYCorner) ? r : 0,
            bottomLeft: c.contains(.layerMinXMaxYCorner) ? r : 0
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
