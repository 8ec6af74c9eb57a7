import Foundation
import Geometry
import Raster

/// What a specialized layer class's node draws besides a plain layer's parts: one case per
/// class that needs the compositor's help (see `BandRenderer+Specialized.swift`).
enum SpecializedContent: Sendable {
    /// One instance of a `CAReplicatorLayer`: the subtree drawn with its colours multiplied by
    /// these red, green and blue factors (`0...1`; the instance's alpha is the node's opacity).
    case instanceColor(SIMD3<Float>)
    /// The live particles of a `CAEmitterLayer`, in the layer's plane.
    case particles(ParticleBatch)

    /// Whether `a` and `b` draw the same: the same instance colour, or the very same batch of
    /// particles (a new frame's batch is a new object).
    static func same(_ a: SpecializedContent?, _ b: SpecializedContent?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (.instanceColor(x)?, .instanceColor(y)?): x == y
        case let (.particles(x)?, .particles(y)?): x === y
        default: false
        }
    }
}

/// How far back in time the subtree being built shows its animations: a replicator's instance
/// `k` is built with `k · instanceDelay` here. Render caches are bypassed while it is not zero.
enum RenderTimeShift {
    @TaskLocal static var seconds: CFTimeInterval = 0
}

extension CALayer {
    /// The render nodes of `layers` (the sublayers in drawing order), as the layer whose
    /// `properties` are `p` holds them: a `CATransformLayer` among them gives its own sublayers
    /// instead, in this layer's 3D space; a replicator repeats them.
    func sublayerRenderNodes(_ layers: [CALayer], properties p: LayerProperties, model: Bool,
                             flipped: Bool) -> [RenderNode] {
        var nodes: [RenderNode] = []
        nodes.reserveCapacity(layers.count)
        if let tiled = self as? CATiledLayer { nodes.append(contentsOf: tiled.tileNodes(p, model: model)) }
        appendSublayerNodes(layers, parentTransform: p.sublayerTransformAboutAnchor, opacity: 1, model: model,
                            flipped: flipped, into: &nodes)
        if let replicator = self as? CAReplicatorLayer {
            return replicator.instances(of: nodes, sublayers: layers, properties: p, model: model, flipped: flipped)
        }
        return nodes
    }

    /// Appends the nodes of `layers` with `parentTransform` (from their superlayer's space to
    /// the space of the node being built) and `opacity` multiplied into each.
    func appendSublayerNodes(_ layers: [CALayer], parentTransform: CATransform3D, opacity: Float, model: Bool,
                             flipped: Bool, into nodes: inout [RenderNode]) {
        for layer in layers {
            if let transformLayer = layer as? CATransformLayer {
                transformLayer.appendFlattenedSublayers(parentTransform: parentTransform, opacity: opacity,
                                                        model: model, flipped: flipped, into: &nodes)
                continue
            }
            let built = model ? layer.buildRenderNode(parentTransform: parentTransform, model: true, ancestorsFlipped: flipped)
                : layer.renderNode(parentTransform: parentTransform, ancestorsFlipped: flipped)
            guard let node = built else { continue }
            nodes.append(opacity == 1 ? node : node.replacing(opacity: node.opacity * opacity, transition: node.transition))
        }
    }

    /// The specialized part of this layer's node, from its shown `values`.
    func specializedContent(_ values: PresentationValues, model: Bool) -> SpecializedContent? {
        guard let emitter = self as? CAEmitterLayer else { return nil }
        return emitter.particleContent(model: model)
    }

    /// Whether the layer's node depends on more than its own subtree (a tiled layer draws the
    /// tiles its ancestors leave visible), so it is rebuilt whenever its superlayer's is.
    var rebuildsWithParent: Bool { self is CATiledLayer }

    /// Whether the layer looks different on every frame without an animation (an emitter with
    /// cells that emit): the engine keeps marking it for a new render while this holds.
    var changesWithTime: Bool {
        if let emitter = self as? CAEmitterLayer { return emitter.isEmitting }
        if let tiled = self as? CATiledLayer { return tiled.isFadingOrIncomplete }
        return false
    }
}
