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
/// As in Apple's header, every instance property but `instanceCount` and `preservesDepth` is
/// animatable, explicitly and implicitly (a standalone replicator's change animates over the
/// transaction's duration): `instanceTransform` interpolates matrix element by element, as
/// `CALayer.transform` does, and the colour and offsets per component.
open class CAReplicatorLayer: CALayer, SpecializedKeyValueCoding {
    /// The animatable instance properties, as stored on the model layer.
    struct Replication: Equatable {
        var delay: CFTimeInterval = 0
        var transform = CATransform3DIdentity
        var color: CGColor? = .white
        /// Red, green, blue and alpha offsets.
        var offsets = SIMD4<Float>(repeating: 0)

        static func == (a: Replication, b: Replication) -> Bool {
            a.delay == b.delay && CATransform3DEqualToTransform(a.transform, b.transform) && a.color == b.color
                && a.offsets == b.offsets
        }
    }

    /// The most instances one replicator draws, and the most a replicator draws counting the
    /// instances of the replicators nested inside it (`instanceCount` above this is clamped):
    /// a bounded cost for an `instanceCount` in the millions.
    public static let maximumInstanceCount = 10_000

    /// How many copies of the sublayers are drawn, including the sublayers themselves. Default
    /// 1; 0 or less draws no sublayer; values above `maximumInstanceCount` draw that many. Not
    /// animatable.
    open var instanceCount: Int = 1 {
        didSet { if instanceCount != oldValue { changeSpecialized("instanceCount", animatable: nil, shown: { nil }) {} } }
    }

    /// Whether the instances share the superlayer's 3D space (sorted by depth with each other,
    /// as a `CATransformLayer`'s sublayers) instead of each being flattened into this layer's
    /// plane. Default false. Not animatable. Here an instance whose colour is not white is
    /// still flattened (its colour multiplies its drawing as a whole).
    open var preservesDepth = false {
        didSet { if preservesDepth != oldValue { changeSpecialized("preservesDepth", animatable: nil, shown: { nil }) {} } }
    }

    /// Seconds by which each instance's animations lag the previous instance's. Default 0. A
    /// non-finite value counts as 0. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { shown.delay }
        set { set(\.delay, newValue, key: "instanceDelay") }
    }

    /// The transform that turns instance `k − 1` into instance `k`, about the centre of this
    /// layer's bounds (Apple: "applied relative to the center of this layer"). Default identity.
    /// Animatable.
    open var instanceTransform: CATransform3D {
        get { shown.transform }
        set { set(\.transform, newValue, key: "instanceTransform") }
    }

    /// The colour instance 0's colours are multiplied by. Default opaque white (no change); nil
    /// counts as white. Animatable.
    open var instanceColor: CGColor? {
        get { shown.color }
        set { set(\.color, newValue, key: "instanceColor") }
    }

    /// Added to the red factor of each instance after the previous one. Default 0. Animatable.
    open var instanceRedOffset: Float {
        get { shown.offsets.x }
        set { setOffset(0, newValue, key: "instanceRedOffset") }
    }
    /// Added to the green factor of each instance after the previous one. Default 0. Animatable.
    open var instanceGreenOffset: Float {
        get { shown.offsets.y }
        set { setOffset(1, newValue, key: "instanceGreenOffset") }
    }
    /// Added to the blue factor of each instance after the previous one. Default 0. Animatable.
    open var instanceBlueOffset: Float {
        get { shown.offsets.z }
        set { setOffset(2, newValue, key: "instanceBlueOffset") }
    }
    /// Added to the alpha factor of each instance after the previous one. Default 0. Animatable.
    open var instanceAlphaOffset: Float {
        get { shown.offsets.w }
        set { setOffset(3, newValue, key: "instanceAlphaOffset") }
    }

    var replication = Replication()

    /// A replicator drawing its sublayers once (`instanceCount` 1).
    /// A layer with Apple's defaults for every property.
    public required init() { super.init() }

    /// A copy of `layer`'s properties, as Core Animation makes presentation layers.
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        preservesDepth = other.preservesDepth
        replication = other.replication
    }

    /// The animatable keys and what they hold.
    static let animatedKeys: [String: SpecializedValue.Kind] = [
        "instanceDelay": .single(.scalar), "instanceTransform": .single(.transform), "instanceColor": .single(.color),
        "instanceRedOffset": .single(.scalar), "instanceGreenOffset": .single(.scalar),
        "instanceBlueOffset": .single(.scalar), "instanceAlphaOffset": .single(.scalar),
    ]

    private static let offsetKeys = ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"]

    /// Apple's defaults for the replicator's keys (`instanceCount` 1, `instanceColor` white,
    /// `instanceTransform` identity, the rest 0 or false), then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        let r = Replication()
        switch key {
        case "instanceCount": return 1
        case "preservesDepth": return false
        case "instanceDelay": return r.delay
        case "instanceTransform": return r.transform
        case "instanceColor": return r.color
        case let key where offsetKeys.contains(key): return Float(0)
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The implicit animation of the animatable instance properties, as for `CALayer`'s own.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        if Self.animatedKeys[event] != nil { return specializedImplicitAction(forKey: event) }
        return super.defaultAction(forKey: event)
    }

    /// What the getters read: the model's values, or on a presentation copy the values shown.
    private var shown: Replication {
        guard let model = animationState.model as? CAReplicatorLayer else { return replication }
        return model.presentedReplication(at: model.specializedTime(forRender: false))
    }

    /// The instance properties with their animations applied at media time `time`.
    func presentedReplication(at time: CFTimeInterval) -> Replication {
        guard animationState.hasAppliedAnimations else { return replication }
        var r = replication
        func value(_ key: String, _ model: SpecializedValue) -> SpecializedValue {
            specializedValue(model, forKey: key, kind: Self.animatedKeys[key]!, at: time)
        }
        r.delay = value("instanceDelay", .single(.scalar(r.delay))).scalar ?? r.delay
        if case let .single(.transform(t)) = value("instanceTransform", .single(.transform(r.transform))) { r.transform = t }
        if case let .single(.color(c)) = value("instanceColor", .single(.color(r.color.map(components)))) {
            r.color = c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
        }
        for (i, key) in Self.offsetKeys.enumerated() {
            r.offsets[i] = value(key, .single(.scalar(Double(r.offsets[i])))).scalar.map(Float.init) ?? r.offsets[i]
        }
        return r
    }

    private static func wrap(_ r: Replication, key: String) -> SpecializedValue? {
        switch key {
        case "instanceDelay": return .single(.scalar(r.delay))
        case "instanceTransform": return .single(.transform(r.transform))
        case "instanceColor": return .single(.color(r.color.map(components)))
        default:
            guard let i = offsetKeys.firstIndex(of: key) else { return nil }
            return .single(.scalar(Double(r.offsets[i])))
        }
    }

    private func set<Value>(_ field: WritableKeyPath<Replication, Value>, _ value: Value, key: String) {
        var changed = replication
        changed[keyPath: field] = value
        guard changed != replication else { return }
        changeSpecialized(key, animatable: Self.animatedKeys[key], shown: {
            Self.wrap(presentedReplication(at: specializedTime(forRender: false)), key: key)
        }) { replication = changed }
    }

    private func setOffset(_ index: Int, _ value: Float, key: String) {
        var offsets = replication.offsets
        offsets[index] = value
        set(\.offsets, offsets, key: key)
    }

    /// The colour factors of instance `k` under `r`: red, green, blue, alpha, each in `0...1`.
    static func instanceFactors(_ k: Int, _ r: Replication) -> SIMD4<Float> {
        let base = r.color ?? .white
        let start = SIMD4<Float>(Float(base.red), Float(base.green), Float(base.blue), Float(base.alpha))
        var f = start + Float(k) * r.offsets
        for i in 0..<4 { f[i] = f[i].isNaN ? 0 : min(1, max(0, f[i])) }
        return f
    }

    /// The colour factors of instance `k` as the model stands.
    func instanceFactors(_ k: Int) -> SIMD4<Float> { Self.instanceFactors(k, replication) }

    func specializedKVCValue(forKey key: String) -> Any?? {
        switch key {
        case "instanceCount": return instanceCount
        case "preservesDepth": return preservesDepth
        case "instanceDelay": return instanceDelay
        case "instanceTransform": return instanceTransform
        case "instanceColor": return .some(instanceColor)
        case "instanceRedOffset": return instanceRedOffset
        case "instanceGreenOffset": return instanceGreenOffset
        case "instanceBlueOffset": return instanceBlueOffset
        case "instanceAlphaOffset": return instanceAlphaOffset
        default: return nil
        }
    }

    func setSpecializedKVCValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "instanceCount":
            guard let n = scalarValue(value), n.isFinite else { return false }
            instanceCount = Int(max(-1e9, min(1e9, n)))
        case "preservesDepth":
            guard let b = value as? Bool ?? (value as? NSNumber)?.boolValue else { return false }
            preservesDepth = b
        default:
            guard let kind = Self.animatedKeys[key], let v = SpecializedValue(value, kind: kind) else { return false }
            switch (key, v) {
            case let ("instanceDelay", .single(.scalar(d))): instanceDelay = d
            case let ("instanceTransform", .single(.transform(t))): instanceTransform = t
            case let ("instanceColor", .single(.color(c))): instanceColor = c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
            case let (key, .single(.scalar(d))):
                guard let i = Self.offsetKeys.firstIndex(of: key) else { return false }
                setOffset(i, Float(d), key: key)
            default: return false
            }
        }
        return true
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
        let r = model ? replication : presentedReplication(at: specializedTime(forRender: true))
        let delay = r.delay.isFinite ? r.delay : 0
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
            if k > 0 { step = CATransform3DConcat(step, r.transform) }
            let factors = Self.instanceFactors(k, r)
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
