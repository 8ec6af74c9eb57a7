import Geometry

extension CALayer {
    /// The map from this layer's plane to its superlayer's, flattened as Core Animation flattens
    /// each layer into its parent's plane.
    var planeToSuperlayer: Homography { Homography(transformToSuperlayer) }

    /// The map from this layer's plane to the plane of the root of its tree.
    var planeToRoot: Homography {
        var map = Homography.identity
        var layer: CALayer? = self
        while let current = layer, let parent = current.superlayer {
            map = map.concatenating(current.planeToSuperlayer)
            layer = parent
        }
        return map
    }

    /// The sublayers in the order they are drawn: by `zPosition`, then in array order.
    var sublayersInDrawingOrder: [CALayer] {
        guard children.count > 1, children.contains(where: { $0.properties.zPosition != children[0].properties.zPosition })
        else { return children }
        return children.enumerated().sorted {
            ($0.element.properties.zPosition, $0.offset) < ($1.element.properties.zPosition, $1.offset)
        }.map(\.element)
    }

    /// The root of this layer's tree: the topmost superlayer (itself when it has none).
    var rootLayer: CALayer {
        var root = self
        while let parent = root.superlayer { root = parent }
        return root
    }

    /// Converts `p` from `layer`'s coordinate space to this layer's, through every transform
    /// (3D ones included: the point is carried across each layer's plane). A nil `layer` means
    /// the root of this layer's tree. Layers of different trees (a detached layer, say) convert
    /// as Apple's do: each root placed by its own geometry (position, anchor, transform) in one
    /// common space. Points that no plane reaches (seen edge-on) come back as `(inf, inf)`.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        var source = layer?.planeToRoot ?? .identity
        var target = planeToRoot
        if let layer, layer.rootLayer !== rootLayer {
            source = source.concatenating(layer.rootLayer.planeToSuperlayer)
            target = target.concatenating(rootLayer.planeToSuperlayer)
        }
        guard let fromTarget = target.inverted() else { return CGPoint(x: CGFloat.infinity, y: .infinity) }
        return source.concatenating(fromTarget).map(p)
    }

    /// Converts `p` from this layer's coordinate space to `layer`'s (nil: the root's).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        guard let layer else { return planeToRoot.map(p) }
        return layer.convert(p, from: self)
    }

    /// Converts `rect` from `layer`'s space: the bounding box of its four converted corners.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = Quad(rect).points.map { convert($0, from: layer) }
        return boundingBox(of: corners)
    }

    /// Converts `rect` from this layer's space to `layer`'s (nil: the root's).
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        guard !rect.isNull else { return rect }
        let corners = Quad(rect).points.map { convert($0, to: layer) }
        return boundingBox(of: corners)
    }

    func hitTestFromSuperlayer(_ p: CGPoint) -> CALayer? {
        guard !properties.isHidden, maskOwner == nil, let local = planeToSuperlayer.inverted()?.mapIfInFront(p)
        else { return nil }
        let inside = contains(local)
        if properties.masksToBounds && !inside { return nil }
        for child in sublayersInDrawingOrder.reversed() {
            if let hit = child.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}

/// The bounding box of `points`; `.null` when any is not finite.
func boundingBox(of points: [CGPoint]) -> CGRect {
    let xs = points.map(\.x), ys = points.map(\.y)
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
          minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return .null }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}
