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
/// it is added), plus `timeOffset`.
///
/// At most `maximumParticleCount` particles live at once (birth rates of 10⁹ are slowed to
/// fit). Particles move in the layer's plane: z (`emitterZPosition`, `emitterDepth`,
/// `zAcceleration`) orders `backToFront` drawing but is not projected (`preservesDepth` is
/// kept for Apple's API). The layer's own background, border and sublayers draw as a plain
/// layer's, particles over them.
///
/// As on Apple's platforms, a particle takes the layer's values (`emitterPosition`, the shape,
/// the multipliers, `seed`) and its cell's when it is born: moving the emitter leaves a trail,
/// and a `birthRate` of 0 stops new births while the particles in flight live out their
/// lifetimes. The layer keeps the earlier values, in birth epochs, for as long as their
/// particles may live. The properties Apple's header marks animatable (`birthRate`,
/// `lifetime`, `emitterPosition`, `emitterZPosition`, `emitterSize`, `emitterDepth`,
/// `velocity`, `scale`, `spin`) animate, explicitly and implicitly (a standalone layer's
/// change animates over the transaction's duration; a view's layer does not), and so do the
/// cells' animatable keys through `emitterCells.<name>.<key>` key paths; each frame of such an
/// animation is an epoch whose particles take values interpolated over the frame. Key-value
/// coding reaches every property and, through those paths, every cell.
open class CAEmitterLayer: CALayer, SpecializedKeyValueCoding {
    /// The most particles drawn at once, over all cells.
    public static let maximumParticleCount = 100_000

    /// The particle kinds. Default nil (nothing emitted). Particles already born keep their
    /// cells' values when the list changes.
    open var emitterCells: [CAEmitterCell]? {
        get { cells }
        set {
            closeBirthEpoch()
            cells = newValue
            openCells = EmitterCellValues.snapshot(newValue)
            markNeedsRender()
        }
    }
    private var cells: [CAEmitterCell]?

    /// Multiplies every cell's `birthRate` for the particles born from now on. Default 1.
    /// Animatable.
    open var birthRate: Float {
        get { shownBirth.birthRate }
        set { setBirth(\.birthRate, newValue, key: "birthRate") }
    }
    /// Multiplies every cell's `lifetime` for the particles born from now on (as Apple: "when
    /// particles are created"). Default 1. Animatable.
    open var lifetime: Float {
        get { shownBirth.lifetime }
        set { setBirth(\.lifetime, newValue, key: "lifetime") }
    }
    /// The centre of the emission shape, in the layer's coordinates. Default (0, 0). Particles
    /// already born stay where they are when it moves. Animatable.
    open var emitterPosition: CGPoint {
        get { shownBirth.position }
        set { setBirth(\.position, newValue, key: "emitterPosition") }
    }
    /// The z of the emission shape's centre. Default 0. Animatable.
    open var emitterZPosition: CGFloat {
        get { shownBirth.zPosition }
        set { setBirth(\.zPosition, newValue, key: "emitterZPosition") }
    }
    /// The emission shape's size. Default zero. Animatable.
    open var emitterSize: CGSize {
        get { shownBirth.size }
        set { setBirth(\.size, newValue, key: "emitterSize") }
    }
    /// The emission shape's depth (cuboid, sphere). Default 0. Animatable.
    open var emitterDepth: CGFloat {
        get { shownBirth.depth }
        set { setBirth(\.depth, newValue, key: "emitterDepth") }
    }
    /// The emission shape. Default `.point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { birth.shape }
        set { setBirth(\.shape, newValue, key: "emitterShape") }
    }
    /// Where on the shape particles are born. Default `.volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { birth.mode }
        set { setBirth(\.mode, newValue, key: "emitterMode") }
    }
    /// The drawing order and compositing of particles. Default `.unordered`.
    open var renderMode: CAEmitterLayerRenderMode = .unordered { didSet { markNeedsRender() } }
    /// Whether particles are drawn in the superlayer's 3D space. Default false; see the class
    /// comment.
    open var preservesDepth = false { didSet { markNeedsRender() } }
    /// Multiplies every cell's `velocity` for the particles born from now on. Default 1.
    /// Animatable.
    open var velocity: Float {
        get { shownBirth.velocity }
        set { setBirth(\.velocity, newValue, key: "velocity") }
    }
    /// Multiplies every cell's `scale` for the particles born from now on. Default 1.
    /// Animatable.
    open var scale: Float {
        get { shownBirth.scale }
        set { setBirth(\.scale, newValue, key: "scale") }
    }
    /// Multiplies every cell's `spin` for the particles born from now on. Default 1.
    /// Animatable.
    open var spin: Float {
        get { shownBirth.spin }
        set { setBirth(\.spin, newValue, key: "spin") }
    }
    /// Seeds the random values of the particles born from now on. Default 0.
    open var seed: UInt32 {
        get { birth.seed }
        set { setBirth(\.seed, newValue, key: "seed") }
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

    /// The model's values.
    var birth = BirthParameters()
    /// The values of the open epoch: the particles born from `birthStart` on take them (the
    /// model's, or what an animation showed at `birthStart`).
    var openBirth = BirthParameters()
    /// The cells' values of the open epoch.
    var openCells: [EmitterCellValues] = []
    /// Whether an animation of the layer's values applied at `birthStart` (the open epoch then
    /// interpolates up to the next sample).
    var openAnimated = false
    /// The emitter time of the last frame's `sampleBirths` (where an animated epoch's
    /// interpolation starts).
    var lastSampleTime = -Double.infinity
    /// The open epoch's random-stream salt (`EmitterSimulation.Epoch.salt`).
    var openSalt: UInt64 = 0
    /// The emitter time the open epoch started at (-∞: always).
    var birthStart = -Double.infinity
    /// The earlier epochs, oldest first, kept while their particles may live.
    var birthHistory: [EmitterSimulation.Epoch] = []
    /// The most earlier epochs kept (a layer animated or moved every frame for a minute stays
    /// bounded; older particles then vanish early).
    static let maximumBirthEpochs = 4096

    /// The media time the layer was first shown at (its emission start when `beginTime` is 0).
    var firstShownTime: CFTimeInterval?

    /// An emitter with Apple's defaults: no cells.
    /// A layer with Apple's defaults for every property.
    public required init() { super.init() }

    /// A copy of `layer`'s properties, as Core Animation makes presentation layers.
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAEmitterLayer else { return }
        cells = other.cells
        birth = other.birth
        openBirth = other.openBirth
        openCells = other.openCells
        openAnimated = other.openAnimated
        openSalt = other.openSalt
        lastSampleTime = other.lastSampleTime
        birthStart = other.birthStart
        birthHistory = other.birthHistory
        renderMode = other.renderMode
        preservesDepth = other.preservesDepth
        firstShownTime = other.firstShownTime
    }

    /// The open epoch as the simulation reads it.
    var openEpoch: EmitterSimulation.Epoch {
        EmitterSimulation.Epoch(openBirth, openBirth, cells: openCells, from: birthStart, before: .infinity, salt: openSalt)
    }

    /// Whether some cell can have live particles: the engine then redraws the layer every frame.
    /// A cell changed while its emitter shows nothing is seen once `emitterCells` is set again
    /// (Apple's cells are copied when set; change them through the layer's key paths there).
    var isEmitting: Bool {
        guard !isHidden else { return false }
        if Self.emits(birth, cells: cells) { return true }
        // The open epoch emits at its own values (an animation's, or cells' taken at its start).
        func finite(_ v: Float) -> Float { v.isFinite ? v : 0 }
        if finite(openBirth.birthRate) > 0, finite(openBirth.lifetime) > 0, openCells.contains(where: \.emits) { return true }
        // Particles born earlier (before a birth rate of 0, a move…) live out their lives.
        guard !birthHistory.isEmpty, let now = emitterTime(atMedia: AnimationEngine.current.frameTime) else {
            return false
        }
        return birthHistory.contains { now < $0.bornBefore + $0.lifetimeHorizon }
    }

    /// Apple's defaults for the emitter's keys, then `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        let b = BirthParameters()
        switch key {
        case "birthRate", "lifetime", "velocity", "scale", "spin": return Float(1)
        case "emitterPosition": return b.position
        case "emitterZPosition", "emitterDepth": return CGFloat(0)
        case "emitterSize": return b.size
        case "emitterShape": return b.shape
        case "emitterMode": return b.mode
        case "renderMode": return CAEmitterLayerRenderMode.unordered
        case "preservesDepth": return false
        case "seed": return UInt32(0)
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The implicit animation of the animatable keys, as for `CALayer`'s own.
    open override class func defaultAction(forKey event: String) -> (any CAAction)? {
        if birthKeys[event] != nil { return specializedImplicitAction(forKey: event) }
        return super.defaultAction(forKey: event)
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

    /// The emitter's own time now: seconds since emission started (see the class comment).
    func emitterTime() -> Double {
        let now = AnimationEngine.current.frameTime - RenderTimeShift.seconds
        if beginTime == 0, firstShownTime == nil, RenderTimeShift.seconds == 0 { firstShownTime = now }
        return emitterTime(atMedia: now) ?? timeOffset
    }

    /// The emitter's time at media time `now`; nil before an emitter without a `beginTime` has
    /// been shown (it has not started).
    func emitterTime(atMedia now: CFTimeInterval) -> Double? {
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
