import Foundation
import Geometry
import Graphics

/// A cell's values as its particles take them at birth: every number finite (NaN and ∞ count
/// as 0), the colour as components, the sub-cells' values below. A birth epoch holds one per
/// cell, so a change to a cell (directly or through the layer's `emitterCells.<name>.<key>`
/// paths) reaches only the particles born after it, as on Apple's platforms, and the
/// simulation reads plain values instead of class properties.
struct EmitterCellValues: Equatable {
    /// The cell the values were read from (its sprite cache and its identity when compared).
    let cell: CAEmitterCell
    var isEnabled: Bool
    var birthRate: Double, lifetime: Double, lifetimeRange: Double
    var latitude: Double, longitude: Double, spread: Double
    var velocity: Double, velocityRange: Double
    var acceleration: SIMD3<Double>
    var scale: Double, scaleRange: Double, scaleSpeed: Double
    var spin: Double, spinRange: Double
    var color: SIMD4<Double>, colorRange: SIMD4<Double>, colorSpeed: SIMD4<Double>
    var contents: CGImage?
    var contentsRect: CGRect
    var contentsScale: Double
    var nearest: Bool
    var beginTime: Double, duration: Double, speed: Double, timeOffset: Double
    var repeatCount: Double, repeatDuration: Double
    var children: [EmitterCellValues]

    /// `cell`'s values now, with `animated` giving the value of a key path relative to the cell
    /// with its animations applied (nil: the model's), and its sub-cells' when `deep`.
    init(_ cell: CAEmitterCell, deep: Bool, animated: ((String, SpecializedValue) -> SpecializedValue?)? = nil) {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        func n(_ key: String, _ model: Float) -> Double { n(key, Double(model)) }
        func n(_ key: String, _ model: CGFloat) -> Double { n(key, Double(model)) }
        func n(_ key: String, _ model: Double) -> Double {
            guard let animated, let value = animated(key, .single(.scalar(model)))?.scalar else { return f(model) }
            return f(value)
        }
        self.cell = cell
        isEnabled = cell.isEnabled
        birthRate = n("birthRate", cell.birthRate)
        lifetime = n("lifetime", cell.lifetime)
        lifetimeRange = n("lifetimeRange", cell.lifetimeRange)
        latitude = n("emissionLatitude", cell.emissionLatitude)
        longitude = n("emissionLongitude", cell.emissionLongitude)
        spread = n("emissionRange", cell.emissionRange)
        velocity = n("velocity", cell.velocity)
        velocityRange = n("velocityRange", cell.velocityRange)
        acceleration = SIMD3(n("xAcceleration", cell.xAcceleration), n("yAcceleration", cell.yAcceleration),
                             n("zAcceleration", cell.zAcceleration))
        scale = n("scale", cell.scale)
        scaleRange = n("scaleRange", cell.scaleRange)
        scaleSpeed = n("scaleSpeed", cell.scaleSpeed)
        spin = n("spin", cell.spin)
        spinRange = n("spinRange", cell.spinRange)
        var base = cell.color.map(components) ?? SIMD4(1, 1, 1, 1)
        if let animated, case let .single(.color(c))? = animated("color", .single(.color(base))) { base = c ?? SIMD4(1, 1, 1, 0) }
        color = SIMD4(f(base.x), f(base.y), f(base.z), f(base.w))
        colorRange = SIMD4(n("redRange", cell.redRange), n("greenRange", cell.greenRange), n("blueRange", cell.blueRange),
                           n("alphaRange", cell.alphaRange))
        colorSpeed = SIMD4(n("redSpeed", cell.redSpeed), n("greenSpeed", cell.greenSpeed), n("blueSpeed", cell.blueSpeed),
                           n("alphaSpeed", cell.alphaSpeed))
        contents = cell.contents as? CGImage
        if let animated, case let .single(.image(image))? = animated("contents", .single(.image(contents))) {
            contents = image
        }
        contentsRect = cell.contentsRect
        if let animated, case let .single(.rect(r))? = animated("contentsRect", .single(.rect(contentsRect))) { contentsRect = r }
        contentsScale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? Double(cell.contentsScale) : 1
        nearest = cell.magnificationFilter == .nearest && cell.minificationFilter == .nearest
        beginTime = f(cell.beginTime)
        duration = f(cell.duration)
        speed = f(Double(cell.speed))
        timeOffset = f(cell.timeOffset)
        repeatCount = f(Double(cell.repeatCount))
        repeatDuration = f(cell.repeatDuration)
        children = deep ? (cell.emitterCells ?? []).map { child in
            // A sub-cell's animated keys are its parent's `emitterCells.<name>.<key>`.
            var inner: ((String, SpecializedValue) -> SpecializedValue?)?
            if let animated, let name = child.name {
                inner = { key, model in animated("emitterCells.\(name).\(key)", model) }
            }
            return EmitterCellValues(child, deep: true, animated: inner)
        } : []
    }

    /// The longest a particle of this cell lives, with `lifeFactor` (the layer's `lifetime`).
    func longestLife(_ lifeFactor: Double) -> Double { max(0, lifetime + abs(lifetimeRange) / 2) * lifeFactor }

    /// Whether the cell gives birth to particles at all (enabled, a rate, a speed, a life).
    var emits: Bool { isEnabled && birthRate > 0 && speed > 0 && lifetime + abs(lifetimeRange) / 2 > 0 }

    /// Whether `values` still describe `cells` as they are now, sub-cells included: what the
    /// layer checks each frame before taking a new snapshot (no allocation when nothing changed).
    static func describe(_ values: [EmitterCellValues], _ cells: [CAEmitterCell]?) -> Bool {
        let cells = cells ?? []
        guard values.count == cells.count else { return false }
        for (value, cell) in zip(values, cells) {
            guard value.cell === cell, value.equalsIgnoringChildren(EmitterCellValues(cell, deep: false)),
                  describe(value.children, cell.emitterCells) else { return false }
        }
        return true
    }

    private func equalsIgnoringChildren(_ other: EmitterCellValues) -> Bool {
        var a = self, b = other
        a.children = []
        b.children = []
        return a == b
    }

    static func == (a: EmitterCellValues, b: EmitterCellValues) -> Bool {
        a.cell === b.cell && a.isEnabled == b.isEnabled && a.birthRate == b.birthRate && a.lifetime == b.lifetime
            && a.lifetimeRange == b.lifetimeRange && a.latitude == b.latitude && a.longitude == b.longitude
            && a.spread == b.spread && a.velocity == b.velocity && a.velocityRange == b.velocityRange
            && a.acceleration == b.acceleration && a.scale == b.scale && a.scaleRange == b.scaleRange
            && a.scaleSpeed == b.scaleSpeed && a.spin == b.spin && a.spinRange == b.spinRange && a.color == b.color
            && a.colorRange == b.colorRange && a.colorSpeed == b.colorSpeed && a.contents === b.contents
            && a.contentsRect == b.contentsRect && a.contentsScale == b.contentsScale && a.nearest == b.nearest
            && a.beginTime == b.beginTime && a.duration == b.duration && a.speed == b.speed
            && a.timeOffset == b.timeOffset && a.repeatCount == b.repeatCount && a.repeatDuration == b.repeatDuration
            && a.children == b.children
    }
}
