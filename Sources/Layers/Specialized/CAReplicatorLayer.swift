import Foundation
import Geometry
import Graphics

/// A layer that draws its sublayers several times, each copy changed from the one before by a
/// transform, a colour offset and a time delay, as Apple's `CAReplicatorLayer` (a loading
/// spinner of dots that fade in turn, a reflection, a grid from two nested replicators).
///
/// Instance 0 is the sublayers as they are; instance `k` is drawn through `instanceTransform`
/// applied `k` times about the centre of this layer's bounds, with its colours multiplied by
/// `instanceColor` plus `k` times each channel offset (every factor clamped to `0...1`), and
/// with the sublayers' animations running `k · instanceDelay` seconds later. Nested
/// replicators multiply: each instance of the outer one holds every instance of the inner one.
/// Hit testing sees instance 0 only (the real sublayers), as on Apple's platforms.
///
/// The replicator's own background, border and contents are drawn once, under every instance.
/// Here the instance properties are not animatable (Apple's header marks all but
/// `instanceCount` and `preservesDepth` animatable); changing them redraws at once.
open class CAReplicatorLayer: CALayer {
    /// The most instances one replicator draws, and the most a replicator draws counting the
    /// instances of the replicators nested inside it (`instanceCount` above this is clamped):
    /// a bounded cost for an `instanceCount` in the millions.
    public static let maximumInstanceCount = 10_000

    /// How many copies of the sublayers are drawn, including the sublayers themselves. Default
    /// 1; 0 or less draws no sublayer; values above `maximumInstanceCount` draw that many.
    open var instanceCount: Int = 1 { didSet { if instanceCount != oldValue { markNeedsRender() } } }

    /// Whether the instances share the superlayer's 3D space (sorted by depth with each other,
    /// as a `CATransformLayer`'s sublayers) instead of each being flattened into this layer's
    /// plane. Default false. Here an instance whose colour is not white is still flattened (its
    /// colour multiplies its drawing as a whole).
    open var preservesDepth = false { didSet { if preservesDepth != oldValue { markNeedsRender() } } }

    /// Seconds by which each instance's animations lag the previous instance's. Default 0. A
    /// non-finite value counts as 0.
    open var instanceDelay: CFTimeInterval = 0 { didSet { if instanceDelay != oldValue { markNeedsRender() } } }

    /// The transform that turns instance `k − 1` into instance `k`, about the centre of this
    /// layer's bounds (Apple: "applied relative to the center of this layer"). Default identity.
    open var instanceTransform = CATransform3DIdentity {
        didSet { if !CATransform3DEqualToTransform(instanceTransform, oldValue) { markNeedsRender() } }
    }

    /// The colour instance 0's colours are multiplied by. Default opaque white (no change); nil
    /// counts as white.
    open var instanceColor: CGColor? = .white { didSet { if instanceColor != oldValue { markNeedsRender() } } }

    /// Added to the red factor of each instance after the previous one. Default 0.
    open var instanceRedOffset: Float = 0 { didSet { if instanceRedOffset != oldValue { markNeedsRender() } } }
    /// Added to the green factor of each instance after the previous one. Default 0.
    open var instanceGreenOffset: Float = 0 { didSet { if instanceGreenOffset != oldValue { markNeedsRender() } } }
    /// Added to the blue factor of each instance after the previous one. Default 0.
    open var instanceBlueOffset: Float = 0 { didSet { if instanceBlueOffset != oldValue { markNeedsRender() } } }
    /// Added to the alpha factor of each instance after the previous one. Default 0.
    open var instanceAlphaOffset: Float = 0 { didSet { if instanceAlphaOffset != oldValue { markNeedsRender() } } }

    /// A replicator drawing its sublayers once (`instanceCount` 1).
    /// A layer with Apple's defaults for every property.
    public required init() { super.init() }

    /// A copy of `layer`'s properties, as Core Animation makes presentation layers.
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        preservesDepth = other.preservesDepth
        instanceDelay = other.instanceDelay
        instanceTransform = other.instanceTransform
        instanceColor = other.instanceColor
        instanceRedOffset = other.instanceRedOffset
        instanceGreenOffset = other.instanceGreenOffset
        instanceBlueOffset = other.instanceBlueOffset
        instanceAlphaOffset = other.instanceAlphaOffset
    }

    /// The colour factors of instance `k`: red, green, blue, alpha, each in `0...1`.
    func instanceFactors(_ k: Int) -> SIMD4<Float> {
        let base = instanceColor ?? .white
        let start = SIMD4<Float>(Float(base.red), Float(base.green), Float(base.blue), Float(base.alpha))
        let step = SIMD4<Float>(instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset)
        var f = start + Float(k) * step
        for i in 0..<4 { f[i] = f[i].isNaN ? 0 : min(1, max(0, f[i])) }
        return f
    }

    /// How many instances are drawn: `instanceCount`, clamped so that this one times those
    /// nested inside stays within `maximumInstanceCount`.
    var drawnInstanceCount: Int {
        let inner = max(1, nestedInstanceProduct(of: children))
        return max(0, min(instanceCount, Self.maximumInstanceCount / inner))
    }

    private func nestedInstanceProduct(of layers: [CALayer]) -> Int {
        var most = 1
        for layer in layers {
            var below = nestedInstanceProduct(of: layer.children)
            if let replicator = layer as? CAReplicatorLayer { below = min(Self.maximumInstanceCount, below * max(1, min(replicator.instanceCount, Self.maximumInstanceCount))) }
            most = max(most, below)
        }
        return most
    }

    /// Whether any layer in `layers`' subtrees is animating (then delayed instances are built
    /// apart, at their own times).
    private func animates(_ layers: [CALayer]) -> Bool {
        layers.contains { $0.hasAppliedAnimations || animates($0.children) }
    }

    /// The nodes drawn for this layer's sublayers: `nodes` (instance 0, the sublayers as they
    /// are) repeated as `drawnInstanceCount` instances.
    func instances(of nodes: [RenderNode], sublayers: [CALayer], properties p: LayerProperties, model: Bool,
                   flipped: Bool) -> [RenderNode] {
        let count = drawnInstanceCount
        guard count > 0, !nodes.isEmpty || sublayers.contains(where: { $0 is CATransformLayer }) else { return [] }
        let delay = instanceDelay.isFinite ? instanceDelay : 0
        let delayed = delay != 0 && !model && animates(sublayers)
        let centre = CATransform3DMakeTranslation(p.bounds.midX, p.bounds.midY, 0)
        let toCentre = CATransform3DMakeTranslation(-p.bounds.midX, -p.bounds.midY, 0)
        let sublayerTransform = p.sublayerTransformAboutAnchor
        var result: [RenderNode] = []
        result.reserveCapacity(preservesDepth ? count * nodes.count : count)
        // An instance's own bounds only bound what it draws (its off-screen buffer, when its
        // colour is not white): the box of the sublayers' planes, not the replicator's bounds.
        var instanceBounds = CGRect.null
        for node in nodes { instanceBounds = instanceBounds.union(node.planeToParent.project(node.bounds).visibleBoundingBox()) }
        if instanceBounds.isNull || !instanceBounds.minX.isFinite || !instanceBounds.maxY.isFinite { instanceBounds = .zero }
        var step = CATransform3DIdentity
        for k in 0..<count {
            if k > 0 { step = CATransform3DConcat(step, instanceTransform) }
            let factors = instanceFactors(k)
            let aboutCentre = CATransform3DConcat(CATransform3DConcat(toCentre, step), centre)
            let white = factors.x == 1 && factors.y == 1 && factors.z == 1
            if preservesDepth && white {
                let shift = RenderTimeShift.seconds + (delayed ? Double(k) * delay : 0)
                RenderTimeShift.$seconds.withValue(k == 0 ? RenderTimeShift.seconds : shift) {
                    appendSublayerNodes(sublayers, parentTransform: CATransform3DConcat(sublayerTransform, aboutCentre),
                                        opacity: factors.w, model: model, flipped: flipped, into: &result)
                }
                continue
            }
            var instanceNodes = nodes
            if delayed && k > 0 {
                instanceNodes = RenderTimeShift.$seconds.withValue(RenderTimeShift.seconds + Double(k) * delay) {
                    var shifted: [RenderNode] = []
                    appendSublayerNodes(sublayers, parentTransform: sublayerTransform, opacity: 1, model: model,
                                        flipped: flipped, into: &shifted)
                    return shifted
                }
            }
            guard k > 0 || !white || factors.w != 1 else {
                result.append(contentsOf: instanceNodes)
                continue
            }
            result.append(RenderNode(
                planeToParent: Homography(aboutCentre), bounds: instanceBounds, opacity: factors.w, backgroundColor: nil,
                corners: .zero, border: nil, shadow: nil, contents: nil, masksToBounds: false, isDoubleSided: true,
                allowsGroupOpacity: false, edgeAntialiasing: p.allowsEdgeAntialiasing, mask: nil,
                children: instanceNodes,
                planeDepth: SIMD3(Double(aboutCentre.m13), Double(aboutCentre.m23), Double(aboutCentre.m43)),
                specialized: white ? nil : .instanceColor(SIMD3(factors.x, factors.y, factors.z))))
        }
        return result
    }
}
