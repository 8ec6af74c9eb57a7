import Foundation
import Geometry

/// The shape particles are born in (Apple's raw strings).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the value (what Core Animation archives and compares).
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// One point, `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A line `emitterSize.width` long along x, centred on the position.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// A rectangle of `emitterSize`, centred on the position.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` × `emitterDepth`, centred on the position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of diameter `emitterSize.width` about the position.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of diameter `emitterSize.width` about the position.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Where on the shape particles are born (Apple's raw strings).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the value (what Core Animation archives and compares).
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// At the shape's corners (a line's ends, a rectangle's or box's corners; a circle's and a
    /// sphere's centre). Apple does not say which points; this is Kinescope's choice.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// On the shape's outline (a rectangle's edges, a circle's rim, a sphere's or box's surface).
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// On the shape's surface (a flat shape's area, a solid's faces).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// Anywhere inside the shape (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order particles are drawn in (Apple's raw strings).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the value (what Core Animation archives and compares).
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// In the order of the cells, then of birth (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Oldest drawn first (youngest on top).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Youngest drawn first (oldest on top).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// By z, farthest (smallest z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Added together (`plusLighter` compositing): fire and glows; order does not matter.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A layer that emits, moves and draws particles, as Apple's `CAEmitterLayer`: snow, fire,
/// sparks. Each of its `emitterCells` is one kind of particle.
///
/// The simulation is a pure function of the layer's time, in closed form per particle
/// (position `p₀ + v·t + ½·a·t²`, scale `s₀ + scaleSpeed·t`, angle `spin·t`, colour
/// `c₀ + speed·t`, each clamped): particle `i` of a cell is born `i / birthRate` seconds after
/// the cell starts and draws its random values from a hash of the layer's `seed`, the cell and
/// `i`. A recording is therefore byte-identical every run and at any thread count, and seeking
/// (`speed` 0 with a `timeOffset`, or any jump of the clock) shows the right particles at once.
/// The emitter's time is its `convertTime` time when `beginTime` is set; with `beginTime` 0 it
/// starts when the layer is first shown (as on Apple's platforms, where an emitter starts when
/// it is added), plus `timeOffset`. Changing a cell's rate or lifetime re-times its particles
/// at once, as if it had always had the new value; changing the layer's does not (below).
///
/// At most `maximumParticleCount` particles live at once (birth rates of 10⁹ are slowed to
/// fit). Particles move in the layer's plane: z (`emitterZPosition`, `emitterDepth`,
/// `zAcceleration`) orders `backToFront` drawing but is not projected (`preservesDepth` is
/// kept for Apple's API). The layer's own background, border and sublayers draw as a plain
/// layer's, particles over them.
///
/// As on Apple's platforms, a particle takes the layer's values (`emitterPosition`, the shape,
/// the multipliers, `seed`) when it is born: moving the emitter leaves a trail, and a
/// `birthRate` of 0 stops new births while the particles in flight live out their lifetimes.
/// The layer keeps the earlier values for as long as their particles may live. A cell's own
/// properties are read live (Apple copies cells when `emitterCells` is set). The emitter
/// properties are not animatable here (Apple's header marks the geometry and multipliers
/// animatable).
open class CAEmitterLayer: CALayer {
    /// The most particles drawn at once, over all cells.
    public static let maximumParticleCount = 100_000

    /// The particle kinds. Default nil (nothing emitted).
    open var emitterCells: [CAEmitterCell]? { didSet { markNeedsRender() } }
    /// Multiplies every cell's `birthRate` for the particles born from now on. Default 1.
    open var birthRate: Float {
        get { birth.birthRate }
        set { setBirth(\.birthRate, newValue) }
    }
    /// Multiplies every cell's `lifetime` for the particles born from now on (as Apple: "when
    /// particles are created"). Default 1.
    open var lifetime: Float {
        get { birth.lifetime }
        set { setBirth(\.lifetime, newValue) }
    }
    /// The centre of the emission shape, in the layer's coordinates. Default (0, 0). Particles
    /// already born stay where they are when it moves.
    open var emitterPosition: CGPoint {
        get { birth.position }
        set { setBirth(\.position, newValue) }
    }
    /// The z of the emission shape's centre. Default 0.
    open var emitterZPosition: CGFloat {
        get { birth.zPosition }
        set { setBirth(\.zPosition, newValue) }
    }
    /// The emission shape's size. Default zero.
    open var emitterSize: CGSize {
        get { birth.size }
        set { setBirth(\.size, newValue) }
    }
    /// The emission shape's depth (cuboid, sphere). Default 0.
    open var emitterDepth: CGFloat {
        get { birth.depth }
        set { setBirth(\.depth, newValue) }
    }
    /// The emission shape. Default `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { birth.shape }
        set { setBirth(\.shape, newValue) }
    }
    /// Where on the shape particles are born. Default `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { birth.mode }
        set { setBirth(\.mode, newValue) }
    }
    /// The drawing order and compositing of particles. Default `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { markNeedsRender() } }
    /// Whether particles are drawn in the superlayer's 3D space. Default false; see the class
    /// comment.
    open var preservesDepth = false { didSet { markNeedsRender() } }
    /// Multiplies every cell's `velocity` for the particles born from now on. Default 1.
    open var velocity: Float {
        get { birth.velocity }
        set { setBirth(\.velocity, newValue) }
    }
    /// Multiplies every cell's `scale` for the particles born from now on. Default 1.
    open var scale: Float {
        get { birth.scale }
        set { setBirth(\.scale, newValue) }
    }
    /// Multiplies every cell's `spin` for the particles born from now on. Default 1.
    open var spin: Float {
        get { birth.spin }
        set { setBirth(\.spin, newValue) }
    }
    /// Seeds the random values of the particles born from now on. Default 0.
    open var seed: UInt32 {
        get { birth.seed }
        set { setBirth(\.seed, newValue) }
    }

    /// The layer's values a particle takes when it is born.
    struct BirthParameters: Equatable {
        var birthRate: Float = 1, lifetime: Float = 1
        var position = CGPoint.zero, zPosition: CGFloat = 0
        var size = CGSize.zero, depth: CGFloat = 0
        var shape = CAEmitterLayerEmitterShape.point, mode = CAEmitterLayerEmitterMode.volume
        var velocity: Float = 1, scale: Float = 1, spin: Float = 1
        var seed: UInt32 = 0
    }

    /// A span of emitter time `start ..< end` during which particles were born with `parameters`.
    struct BirthEpoch {
        var start: Double
        var end: Double
        var parameters: BirthParameters
    }

    /// The parameters particles are born with from `birthStart` on.
    var birth = BirthParameters()
    /// The emitter time the current parameters took effect at (-∞: always).
    var birthStart = -Double.infinity
    /// The earlier parameters, oldest first, kept while their particles may live.
    var birthHistory: [BirthEpoch] = []
    /// The most earlier epochs kept (a layer moved every frame for minutes stays bounded).
    static let maximumBirthEpochs = 1024

    /// The media time the layer was first shown at (its emission start when `beginTime` is 0).
    var firstShownTime: CFTimeInterval?

    /// An emitter with Apple's defaults: no cells.
    /// A layer with Apple's defaults for every property.
    public required init() { super.init() }

    /// A copy of `layer`'s properties, as Core Animation makes presentation layers.
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        emitterCells = other.emitterCells
        birth = other.birth
        birthStart = other.birthStart
        birthHistory = other.birthHistory
        renderMode = other.renderMode
        preservesDepth = other.preservesDepth
        firstShownTime = other.firstShownTime
    }

    /// Whether some cell can have live particles: the engine then redraws the layer every frame.
    /// A cell changed while its emitter shows nothing is seen once `emitterCells` is set again
    /// (Apple's cells are copied when set; change them through the layer's key paths there).
    var isEmitting: Bool {
        guard !isHidden else { return false }
        if Self.emits(birth, cells: emitterCells) { return true }
        // Particles born earlier (before a birth rate of 0, a move…) live out their lives.
        guard let last = birthHistory.last, let now = emitterTime(atMedia: AnimationEngine.current.frameTime) else {
            return false
        }
        return now < last.end + lifetimeHorizon(last.parameters)
    }

    /// Whether `parameters` and `cells` give birth to particles.
    private static func emits(_ parameters: BirthParameters, cells: [CAEmitterCell]?) -> Bool {
        guard parameters.birthRate.isFinite, parameters.birthRate > 0, parameters.lifetime.isFinite,
              parameters.lifetime > 0 else { return false }
        func finite(_ v: Float) -> Float { v.isFinite ? v : 0 }
        return (cells ?? []).contains {
            $0.isEnabled && finite($0.birthRate) > 0 && finite($0.speed) > 0
                && finite($0.lifetime) + abs(finite($0.lifetimeRange)) / 2 > 0
        }
    }

    /// The longest a particle born with `parameters` and its sub-cells' particles can live,
    /// seconds.
    private func lifetimeHorizon(_ parameters: BirthParameters) -> Double {
        func finite(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
        func longest(_ cells: [CAEmitterCell]?, depth: Int) -> Double {
            guard depth < 5 else { return 0 }
            return (cells ?? []).reduce(0) { most, cell in
                let own = max(0, finite(cell.lifetime) + abs(finite(cell.lifetimeRange)) / 2)
                return max(most, own + longest(cell.emitterCells, depth: depth + 1))
            }
        }
        return longest(emitterCells, depth: 0) * abs(finite(parameters.lifetime))
    }

    /// Changes one birth parameter: once the emitter runs, the old values stay with the
    /// particles already born (Apple samples them at birth) and the new ones apply from now.
    private func setBirth<Value: Equatable>(_ field: WritableKeyPath<BirthParameters, Value>, _ value: Value) {
        var changed = birth
        changed[keyPath: field] = value
        guard changed != birth else { return }
        if let now = emitterTime(atMedia: AnimationEngine.current.frameTime - RenderTimeShift.seconds), now > birthStart {
            birthHistory.append(BirthEpoch(start: birthStart, end: now, parameters: birth))
            birthStart = now
            birthHistory.removeAll { $0.end + lifetimeHorizon($0.parameters) < now }
            if birthHistory.count > Self.maximumBirthEpochs { birthHistory.removeFirst(birthHistory.count - Self.maximumBirthEpochs) }
        }
        birth = changed
        markNeedsRender()
    }

    /// The emitter's own time now: seconds since emission started (see the class comment).
    func emitterTime() -> Double {
        let now = AnimationEngine.current.frameTime - RenderTimeShift.seconds
        if beginTime == 0, firstShownTime == nil, RenderTimeShift.seconds == 0 { firstShownTime = now }
        return emitterTime(atMedia: now) ?? timeOffset
    }

    /// The emitter's time at media time `now`; nil before an emitter without a `beginTime` has
    /// been shown (it has not started).
    private func emitterTime(atMedia now: CFTimeInterval) -> Double? {
        if beginTime != 0 { return convertTime(now, from: nil) }
        guard let start = firstShownTime else { return nil }
        return convertTime(now, from: nil) - convertTime(start, from: nil) + timeOffset
    }

    /// The particles to draw now, as the node's specialized content.
    func particleContent(model: Bool) -> SpecializedContent? {
        let time = emitterTime()
        if !model, isEmitting { AnimationEngine.current.keepRendering(self) }
        var simulation = EmitterSimulation(layer: self)
        guard let batch = simulation.particles(at: time) else { return nil }
        return .particles(batch)
    }
}

extension AnimationEngine {
    /// Adds `layer` to the layers marked for a new render every frame, for as long as it
    /// `changesWithTime`.
    func keepRendering(_ layer: CALayer) {
        if animatingIDs.insert(ObjectIdentifier(layer.animationState)).inserted {
            animatingLayers.append(AnimatingLayer(layer: layer, state: layer.animationState))
        }
    }
}
