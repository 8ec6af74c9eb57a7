import Foundation
import Geometry
import Graphics

/// One kind of particle a `CAEmitterLayer` emits, as Apple's `CAEmitterCell`: how many are
/// born per second, how long they live, how they move, turn, grow and change colour, and the
/// image they show. A cell's `emitterCells` are emitted from each of its particles in turn.
///
/// Every "range" property spreads a value over particles: each particle draws its value
/// uniformly from `[M − R/2, M + R/2]` (mean `M`, range `R`), from the emitter's `seed`, so the
/// same layer shows the same particles every run. "Speed" properties change a value per second
/// of a particle's age. Defaults are Apple's: a new cell emits nothing (`birthRate` 0,
/// `lifetime` 0). A NaN or infinite number counts as 0 wherever it is used.
///
/// A particle takes its cell's values when it is born, as on Apple's platforms: a change to a
/// cell reaches the particles born from then on, whether it is made through the layer's key
/// paths (`emitter.setValue(0, forKeyPath: "emitterCells.fire.birthRate")`, the way Apple's
/// documentation and tutorials change a running cell; exact to the instant) or on the cell
/// object itself (seen from the next frame). Animations of `emitterCells.<name>.<key>` added to the
/// layer animate the animatable keys (the numbers, `color`, `contents`, `contentsRect`), sampled once a
/// frame for the particles born in it. Cells are key-value coded (`value(forKey:)`,
/// `setValue(_:forKeyPath:)` with `emitterCells.<name>.` paths into sub-cells).
open class CAEmitterCell: CAMediaTiming {
    /// The name used in key paths (`emitterCells.<name>`). Default nil.
    open var name: String?
    /// Whether the cell emits. Default true.
    open var isEnabled = true
    /// Particles born per second (multiplied by the layer's `birthRate`). Default 0.
    open var birthRate: Float = 0
    /// Seconds a particle lives (multiplied by the layer's `lifetime`). Default 0.
    open var lifetime: Float = 0
    /// Spread of `lifetime`. Default 0.
    open var lifetimeRange: Float = 0
    /// Angle of the emission direction out of the x–y plane, radians. Default 0.
    open var emissionLatitude: CGFloat = 0
    /// Angle of the emission direction in the x–y plane from the x axis, radians (toward +y,
    /// which is down on screen in iOS's coordinates). Default 0.
    open var emissionLongitude: CGFloat = 0
    /// The width of the fan of directions around the emission angle, radians (2π: every
    /// direction). Here it spreads the longitude. Default 0.
    open var emissionRange: CGFloat = 0
    /// Initial speed, points per second (multiplied by the layer's `velocity`). Default 0.
    open var velocity: CGFloat = 0
    /// Spread of `velocity`. Default 0.
    open var velocityRange: CGFloat = 0
    /// Acceleration along x, points per second². Default 0.
    open var xAcceleration: CGFloat = 0
    /// Acceleration along y, points per second² (positive falls down the screen). Default 0.
    open var yAcceleration: CGFloat = 0
    /// Acceleration along z, points per second². Default 0.
    open var zAcceleration: CGFloat = 0
    /// Size factor of the image (multiplied by the layer's `scale`). Default 1.
    open var scale: CGFloat = 1
    /// Spread of `scale`. Default 0.
    open var scaleRange: CGFloat = 0
    /// Change of scale per second. Default 0.
    open var scaleSpeed: CGFloat = 0
    /// Turning speed, radians per second (multiplied by the layer's `spin`). Default 0.
    open var spin: CGFloat = 0
    /// Spread of `spin`. Default 0.
    open var spinRange: CGFloat = 0
    /// The colour the image is multiplied by. Default opaque white.
    open var color: CGColor? = .white
    /// Spread of the red factor. Default 0.
    open var redRange: Float = 0
    /// Spread of the green factor. Default 0.
    open var greenRange: Float = 0
    /// Spread of the blue factor. Default 0.
    open var blueRange: Float = 0
    /// Spread of the alpha factor. Default 0.
    open var alphaRange: Float = 0
    /// Change of the red factor per second. Default 0.
    open var redSpeed: Float = 0
    /// Change of the green factor per second. Default 0.
    open var greenSpeed: Float = 0
    /// Change of the blue factor per second. Default 0.
    open var blueSpeed: Float = 0
    /// Change of the alpha factor per second (negative fades particles out). Default 0.
    open var alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`); a cell without one draws nothing but can still emit
    /// sub-cells. Default nil. Animatable through the layer (`emitterCells.<name>.contents`),
    /// without interpolation: each particle keeps the image it was born with.
    open var contents: Any?
    /// The part of `contents` shown, in unit coordinates. Default the whole image.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default 1.
    open var contentsScale: CGFloat = 1
    /// The filter used when the image is drawn smaller. Default `.linear`.
    open var minificationFilter: CALayerContentsFilter = .linear
    /// The filter used when the image is drawn larger. Default `.linear`.
    open var magnificationFilter: CALayerContentsFilter = .linear
    /// Level-of-detail bias of `.trilinear` minification. Default 0 (kept for Apple's API; the
    /// particle sampler reads the image's full size).
    open var minificationFilterBias: Float = 0
    /// Cells emitted from each particle of this cell, starting at its birth. Their particles
    /// inherit the parent particle's colour and scale where it is at their birth (multiplied
    /// into their own, as Apple's documentation says; the layer's `scale` then reaches them
    /// through the parent). Default nil.
    open var emitterCells: [CAEmitterCell]?
    /// Extra values by key (Apple's `style`). Default nil.
    open var style: [AnyHashable: Any]?

    /// When the cell starts emitting, seconds after its emitter starts (for a sub-cell: after
    /// its parent particle's birth). Default 0.
    open var beginTime: CFTimeInterval = 0
    /// How long the cell emits per repetition, seconds; 0 (the default) emits for ever unless
    /// `repeatCount` or `repeatDuration` is set.
    open var duration: CFTimeInterval = 0
    /// Multiplies the cell's emission rate. Default 1; 0 or less emits nothing.
    open var speed: Float = 1
    /// Added to the cell's time: a positive value starts it as if it had already run that long.
    /// Default 0.
    open var timeOffset: CFTimeInterval = 0
    /// Repetitions of `duration`. Default 0.
    open var repeatCount: Float = 0
    /// Total emitting time, seconds. Default 0.
    open var repeatDuration: CFTimeInterval = 0
    /// Accepted for `CAMediaTiming`; a cell's emission window does not reverse.
    open var autoreverses = false
    /// Accepted for `CAMediaTiming`; has no effect on a cell. Default `.removed`.
    open var fillMode: CAMediaTimingFillMode = .removed

    /// The pixels last drawn for `contents` and `contentsRect`, kept from frame to frame: the
    /// `spriteCacheLimit` most recently used (a flip-book animation of `contents` shows several
    /// images at once, the particles of each step keeping theirs), the latest last.
    var spriteCache: [(image: CGImage, rect: CGRect, sprite: ParticleBatch.Sprite)] = []
    /// How many sprites `spriteCache` keeps.
    static let spriteCacheLimit = 16
    /// Values stored by `setValue(_:forKey:)` under keys that are not properties.
    var customValues: [String: Any] = [:]

    /// A cell that emits nothing until given a `birthRate` and a `lifetime`.
    public init() {}

    /// Apple's default for `key`, or nil for a key the class does not know.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "isEnabled", "enabled": true
        case "scale", "contentsScale", "speed": 1.0
        case "color": CGColor.white
        case "contentsRect": CGRect(x: 0, y: 0, width: 1, height: 1)
        case "minificationFilter", "magnificationFilter": CALayerContentsFilter.linear
        case "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "spin", "spinRange",
             "scaleRange", "scaleSpeed", "emissionLatitude", "emissionLongitude", "emissionRange",
             "xAcceleration", "yAcceleration", "zAcceleration", "redRange", "greenRange", "blueRange",
             "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed", "beginTime", "duration",
             "timeOffset", "repeatCount", "repeatDuration", "minificationFilterBias": 0.0
        default: nil
        }
    }

    /// Whether an archiver should save `key`'s value: always, as no cell property is derived.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
}
