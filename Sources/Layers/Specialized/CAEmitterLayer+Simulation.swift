import Foundation
import Geometry
import Graphics
import Raster

/// The particles an emitter shows at one instant, placed in the layer's plane: what the
/// compositor draws (`BandRenderer+Specialized.swift`).
final class ParticleBatch: @unchecked Sendable {
    /// An image particles show: the whole pixels of `image` (level 0) that `contentsRect`
    /// touches, at `minX, minY` with `width × height` pixels; `padded` is a copy of them with a
    /// one-pixel transparent border (what the fast kernel samples without bounds tests).
    struct Sprite {
        let image: MipmappedImage
        let minX: Float, minY: Float, width: Float, height: Float
        let nearest: Bool
        let padded: Bitmap

        init?(image cgImage: CGImage, contentsRect: CGRect, nearest: Bool) {
            let w = CGFloat(cgImage.width), h = CGFloat(cgImage.height)
            let unit = contentsRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
            guard !unit.isNull, unit.width > 0, unit.height > 0 else { return nil }
            let pixels = CGRect(x: unit.minX * w, y: unit.minY * h, width: unit.width * w, height: unit.height * h)
                .integral.intersection(CGRect(x: 0, y: 0, width: w, height: h))
            guard !pixels.isNull, pixels.width >= 1, pixels.height >= 1 else { return nil }
            let x0 = Int(pixels.minX), y0 = Int(pixels.minY), pw = Int(pixels.width), ph = Int(pixels.height)
            image = cgImage.mipmapped
            minX = Float(x0)
            minY = Float(y0)
            width = Float(pw)
            height = Float(ph)
            self.nearest = nearest
            padded = Bitmap(width: pw + 2, height: ph + 2)
            let source = image.base
            for y in 0..<ph {
                let from = source.row(y0 + y), to = padded.row(y + 1)
                for x in 0..<pw { to[x + 1] = from[x0 + x] }
            }
        }
    }

    /// One particle: centre, the two half-axes of its image's rectangle (scaled and turned),
    /// its colour factors premultiplied (`r·a, g·a, b·a, a`), its sprite.
    struct Particle {
        var x: Float, y: Float
        var ux: Float, uy: Float, vx: Float, vy: Float
        var color: SIMD4<Float>
        var sprite: Int32
    }

    let sprites: [Sprite]
    let particles: [Particle]
    /// `plusLighter` compositing instead of source-over.
    let additive: Bool
    /// The box of every particle, in the layer's plane.
    let bounds: CGRect

    init(sprites: [Sprite], particles: [Particle], additive: Bool) {
        self.sprites = sprites
        self.particles = particles
        self.additive = additive
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        for p in particles {
            let ex = abs(p.ux) + abs(p.vx), ey = abs(p.uy) + abs(p.vy)
            minX = min(minX, p.x - ex); maxX = max(maxX, p.x + ex)
            minY = min(minY, p.y - ey); maxY = max(maxY, p.y + ey)
        }
        bounds = particles.isEmpty ? .null
            : CGRect(x: CGFloat(minX), y: CGFloat(minY), width: CGFloat(maxX - minX), height: CGFloat(maxY - minY))
    }
}

/// The closed-form particle simulation of one `CAEmitterLayer` (see its class comment).
struct EmitterSimulation {
    let layer: CAEmitterLayer
    private var sprites: [ParticleBatch.Sprite] = []
    private var spriteOfCell: [ObjectIdentifier: Int32] = [:]
    private var particles: [ParticleBatch.Particle] = []
    /// Birth time and z of each particle, for the ordered render modes.
    private var births: [Float] = []
    private var depths: [Float] = []

    init(layer: CAEmitterLayer) { self.layer = layer }

    /// A value that is finite, else 0.
    private static func f(_ v: Double) -> Double { v.isFinite ? v : 0 }

    /// The layer's values for the particles born between emitter times `bornFrom` and
    /// `bornBefore` (one of its birth epochs), read once per frame.
    struct Epoch {
        let bornFrom: Double, bornBefore: Double
        let rateFactor: Double, lifeFactor: Double
        let velocityFactor: Double, scaleFactor: Double, spinFactor: Double
        let shape: EmitterShape
        let seed: UInt32
        /// Mixed into the random stream of every epoch but the first, whose birth indices may
        /// repeat another epoch's at another rate.
        let salt: UInt64

        init(_ parameters: CAEmitterLayer.BirthParameters, from: Double, before: Double, first: Bool) {
            func f(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
            bornFrom = from
            bornBefore = before
            rateFactor = f(parameters.birthRate)
            lifeFactor = f(parameters.lifetime)
            velocityFactor = f(parameters.velocity)
            scaleFactor = f(parameters.scale)
            spinFactor = f(parameters.spin)
            shape = EmitterShape(parameters)
            seed = parameters.seed
            salt = first ? 0 : UInt64(parameters.birthRate.bitPattern) &* 0xD6E8_FEB8_6659_FD93 | 1
        }

        var emits: Bool { rateFactor > 0 && lifeFactor > 0 }
    }

    /// The particles alive at emitter time `time`, or nil when none is.
    mutating func particles(at time: Double) -> ParticleBatch? {
        guard time.isFinite, let cells = layer.emitterCells, !cells.isEmpty, !layer.isHidden else { return nil }
        var epochs = layer.birthHistory.enumerated().map { index, epoch in
            Epoch(epoch.parameters, from: epoch.start, before: epoch.end, first: index == 0)
        }
        epochs.append(Epoch(layer.birth, from: layer.birthStart, before: .infinity, first: epochs.isEmpty))
        epochs.removeAll { !$0.emits || $0.bornFrom > time }
        let enabled = cells.filter(\.isEnabled)
        guard !enabled.isEmpty, !epochs.isEmpty else { return nil }
        let budget = CAEmitterLayer.maximumParticleCount / enabled.count
        for (index, cell) in cells.enumerated() where cell.isEnabled {
            var remaining = budget
            for epoch in epochs where remaining > 0 {
                let before = particles.count
                emit(cell, path: UInt64(index + 1), start: 0, end: .infinity, origin: nil, time: time,
                     epoch: epoch, budget: remaining, depth: 0)
                remaining -= particles.count - before
            }
        }
        guard !particles.isEmpty else { return nil }
        order()
        return ParticleBatch(sprites: sprites, particles: particles, additive: layer.renderMode == .additive)
    }

    /// Where a parent particle is: its position and z at an age, for sub-cells.
    typealias Origin = (born: Double, p0: SIMD3<Double>, v: SIMD3<Double>, a: SIMD3<Double>)

    /// Emits `cell`'s particles born between emitter times `start` and `end` (a parent's life,
    /// or for ever) and within `epoch` (top-level cells), from the emitter's shape or from
    /// `origin`'s path.
    private mutating func emit(_ cell: CAEmitterCell, path: UInt64, start: Double, end: Double, origin: Origin?,
                               time: Double, epoch: Epoch, budget: Int, depth: Int) {
        let rateFactor = epoch.rateFactor, lifeFactor = epoch.lifeFactor
        let lifeMean = Self.f(Double(cell.lifetime)), lifeRange = Self.f(Double(cell.lifetimeRange))
        let longest = (lifeMean + abs(lifeRange) / 2) * lifeFactor
        let cellSpeed = Self.f(Double(cell.speed))
        var rate = Self.f(Double(cell.birthRate)) * rateFactor * cellSpeed
        guard cell.isEnabled, rate > 0, longest > 0, budget > 0 else { return }
        rate = min(rate, Double(budget) / longest)
        // The cell's emission window, in emitter time.
        let begin = start + Self.f(cell.beginTime) - Self.f(cell.timeOffset) / cellSpeed
        var active = Double.infinity
        if cell.repeatDuration > 0 { active = Self.f(cell.repeatDuration) }
        else if cell.duration > 0 { active = Self.f(cell.duration) * max(1, Self.f(Double(cell.repeatCount))) }
        let stop = min(end, begin + active / cellSpeed)
        let firstBorn = max(begin, time - longest, origin == nil ? epoch.bornFrom : -.infinity), lastBorn = min(stop, time)
        guard lastBorn >= firstBorn else { return }
        let firstIndex = max(0, Int(((firstBorn - begin) * rate).rounded(.up)))
        var lastIndex = Int(((lastBorn - begin) * rate).rounded(.down))
        // The epoch ends before its last instant: a particle born then is the next epoch's.
        if origin == nil, epoch.bornBefore.isFinite {
            let limit = ((epoch.bornBefore - begin) * rate).rounded(.up) - 1
            if limit < Double(lastIndex) { lastIndex = Int(max(-1, limit)) }
        }
        guard lastIndex >= firstIndex else { return }
        let sprite = self.sprite(of: cell)
        let subcells = depth < 4 ? (cell.emitterCells ?? []).filter(\.isEnabled) : []
        // The cell's and layer's values, read once (they are class properties).
        let seed = epoch.seed, shape = epoch.shape, salt = epoch.salt
        let velocity = Self.f(Double(cell.velocity)), velocityRange = Self.f(Double(cell.velocityRange))
        let velocityFactor = epoch.velocityFactor
        let longitude = Self.f(Double(cell.emissionLongitude)), spread = Self.f(Double(cell.emissionRange))
        let latitude = Self.f(Double(cell.emissionLatitude))
        let a = SIMD3(Self.f(Double(cell.xAcceleration)), Self.f(Double(cell.yAcceleration)), Self.f(Double(cell.zAcceleration)))
        let scaleMean = Self.f(Double(cell.scale)), scaleRange = Self.f(Double(cell.scaleRange))
        let scaleFactor = epoch.scaleFactor, scaleSpeed = Self.f(Double(cell.scaleSpeed))
        let spinMean = Self.f(Double(cell.spin)), spinRange = Self.f(Double(cell.spinRange)), spinFactor = epoch.spinFactor
        let base = cell.color ?? .white
        let baseColor = SIMD4<Double>(Double(base.red), Double(base.green), Double(base.blue), Double(base.alpha))
        let ranges = SIMD4<Double>(Self.f(Double(cell.redRange)), Self.f(Double(cell.greenRange)),
                                   Self.f(Double(cell.blueRange)), Self.f(Double(cell.alphaRange)))
        let speeds = SIMD4<Double>(Self.f(Double(cell.redSpeed)), Self.f(Double(cell.greenSpeed)),
                                   Self.f(Double(cell.blueSpeed)), Self.f(Double(cell.alphaSpeed)))
        let contentsScale = cell.contentsScale > 0 && cell.contentsScale.isFinite ? Double(cell.contentsScale) : 1
        let spriteHalf = sprite.map { index -> (Double, Double) in
            let s = sprites[Int(index)]
            return (Double(s.width) / contentsScale / 2, Double(s.height) / contentsScale / 2)
        } ?? (0, 0)
        let expected = min(budget, lastIndex - firstIndex + 1)
        particles.reserveCapacity(particles.count + expected)
        births.reserveCapacity(births.count + expected)
        depths.reserveCapacity(depths.count + expected)
        var remaining = budget
        var i = firstIndex
        while i <= lastIndex, remaining > 0 {
            defer { i += 1 }
            let born = begin + Double(i) / rate
            var random = ParticleRandom(seed: seed, path: path ^ salt, index: UInt64(i))
            let life = (lifeMean + lifeRange * (random.next() - 0.5)) * lifeFactor
            let age = time - born
            // The random draws happen in a fixed order, whether or not the particle is alive.
            let p0: SIMD3<Double>
            if let o = origin {
                let t = born - o.born
                p0 = o.p0 + o.v * t + 0.5 * o.a * t * t
            } else {
                p0 = shape.birthPoint(&random)
            }
            let heading = longitude + spread * (random.next() - 0.5)
            let direction = SIMD3(cos(latitude) * cos(heading), cos(latitude) * sin(heading), sin(latitude))
            let v = direction * ((velocity + velocityRange * (random.next() - 0.5)) * velocityFactor)
            let scale0 = (scaleMean + scaleRange * (random.next() - 0.5)) * scaleFactor
            let spin = (spinMean + spinRange * (random.next() - 0.5)) * spinFactor
            var color = baseColor
            for c in 0..<4 { color[c] += ranges[c] * (random.next() - 0.5) }
            if !subcells.isEmpty, life > 0 {
                let parent: Origin = (born, p0, v, a)
                for (j, sub) in subcells.enumerated() {
                    let subBudget = min(remaining, budget / max(1, subcells.count * 4))
                    let before = particles.count
                    emit(sub, path: path &* 31 &+ UInt64(j + 1) &* 0x9E37_79B9, start: born, end: born + life,
                         origin: parent, time: time, epoch: epoch, budget: subBudget, depth: depth + 1)
                    remaining -= particles.count - before
                }
            }
            guard age >= 0, age < life, let sprite else { continue }
            color += speeds * age
            for c in 0..<4 { color[c] = color[c].isNaN ? 0 : min(1, max(0, color[c])) }
            guard color.w > 0 else { continue }
            let scale = max(0, scale0 + scaleSpeed * age)
            guard scale > 0 else { continue }
            let p = p0 + v * age + 0.5 * a * age * age
            guard p.x.isFinite, p.y.isFinite, abs(p.x) < 1e7, abs(p.y) < 1e7 else { continue }
            let halfW = spriteHalf.0 * scale, halfH = spriteHalf.1 * scale
            let angle = spin * age
            let c = cos(angle), sn = sin(angle)
            particles.append(ParticleBatch.Particle(
                x: Float(p.x), y: Float(p.y),
                ux: Float(c * halfW), uy: Float(sn * halfW), vx: Float(-sn * halfH), vy: Float(c * halfH),
                color: SIMD4(Float(color.x * color.w), Float(color.y * color.w), Float(color.z * color.w), Float(color.w)),
                sprite: sprite))
            births.append(Float(born))
            depths.append(Float(p.z))
            remaining -= 1
        }
    }

    /// The sprite of `cell`'s contents, registered once per batch (its pixels are kept by the
    /// cell while its image and `contentsRect` stay the same); nil without an image.
    private mutating func sprite(of cell: CAEmitterCell) -> Int32? {
        if let known = spriteOfCell[ObjectIdentifier(cell)] { return known < 0 ? nil : known }
        var index: Int32 = -1
        if let image = cell.contents as? CGImage, image.width > 0, image.height > 0 {
            let nearest = cell.magnificationFilter == .nearest && cell.minificationFilter == .nearest
            if let cached = cell.spriteCache, cached.image === image, cached.rect == cell.contentsRect,
               cached.sprite.nearest == nearest {
                index = Int32(sprites.count)
                sprites.append(cached.sprite)
            } else if let made = ParticleBatch.Sprite(image: image, contentsRect: cell.contentsRect, nearest: nearest) {
                cell.spriteCache = (image, cell.contentsRect, made)
                index = Int32(sprites.count)
                sprites.append(made)
            }
        }
        spriteOfCell[ObjectIdentifier(cell)] = index
        return index < 0 ? nil : index
    }

    /// Reorders the particles for the render mode (stable: ties keep emission order).
    private mutating func order() {
        let mode = layer.renderMode
        guard mode == .oldestFirst || mode == .oldestLast || mode == .backToFront else { return }
        let keys = mode == .backToFront ? depths : mode == .oldestFirst ? births : births.map { -$0 }
        let sorted = particles.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        particles = sorted.map { particles[$0] }
    }
}

/// An epoch's birth shape, read once per frame.
struct EmitterShape {
    let centre: SIMD3<Double>
    let w: Double, h: Double, d: Double
    /// The shape and mode as enums: comparing Apple's string-backed values per particle costs.
    private enum Kind { case point, line, rectangle, cuboid, circle, sphere }
    private enum Mode { case points, outline, surface, volume }
    private let shape: Kind
    private let mode: Mode

    init(_ layer: CAEmitterLayer.BirthParameters) {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        centre = SIMD3(f(Double(layer.position.x)), f(Double(layer.position.y)), f(Double(layer.zPosition)))
        w = min(1e6, abs(f(Double(layer.size.width))))
        h = min(1e6, abs(f(Double(layer.size.height))))
        d = min(1e6, abs(f(Double(layer.depth))))
        shape = switch layer.shape {
        case .line: .line
        case .rectangle: .rectangle
        case .cuboid: .cuboid
        case .circle: .circle
        case .sphere: .sphere
        default: .point
        }
        mode = switch layer.mode {
        case .points: .points
        case .outline: .outline
        case .surface: .surface
        default: .volume
        }
    }

    /// A birth point on the shape, by the mode (three random draws, always).
    func birthPoint(_ random: inout ParticleRandom) -> SIMD3<Double> {
        let u1 = random.next(), u2 = random.next(), u3 = random.next()
        func corner(_ u: Double, _ length: Double) -> Double { (u < 0.5 ? -0.5 : 0.5) * length }
        var offset = SIMD3<Double>.zero
        switch shape {
        case .line:
            offset.x = mode == .points ? corner(u1, w) : (u1 - 0.5) * w
        case .rectangle:
            if mode == .points {
                offset = SIMD3(corner(u1, w), corner(u2, h), 0)
            } else if mode == .outline {
                let perimeter = 2 * (w + h), s = u1 * perimeter
                if s < w { offset = SIMD3(s - w / 2, -h / 2, 0) }
                else if s < w + h { offset = SIMD3(w / 2, s - w - h / 2, 0) }
                else if s < 2 * w + h { offset = SIMD3(w / 2 - (s - w - h), h / 2, 0) }
                else { offset = SIMD3(-w / 2, h / 2 - (s - 2 * w - h), 0) }
            } else {
                offset = SIMD3((u1 - 0.5) * w, (u2 - 0.5) * h, 0)
            }
        case .cuboid:
            offset = SIMD3((u1 - 0.5) * w, (u2 - 0.5) * h, (u3 - 0.5) * d)
            if mode == .points {
                offset = SIMD3(corner(u1, w), corner(u2, h), corner(u3, d))
            } else if mode != .volume {
                // Onto the face nearest to the point.
                let n = SIMD3(w > 0 ? abs(offset.x) / w : 0, h > 0 ? abs(offset.y) / h : 0, d > 0 ? abs(offset.z) / d : 0)
                if n.x >= n.y && n.x >= n.z { offset.x = offset.x < 0 ? -w / 2 : w / 2 }
                else if n.y >= n.z { offset.y = offset.y < 0 ? -h / 2 : h / 2 }
                else { offset.z = offset.z < 0 ? -d / 2 : d / 2 }
            }
        case .circle:
            let r = w / 2, angle = 2 * Double.pi * u1
            let radius = mode == .outline ? r : mode == .points ? 0 : r * u2.squareRoot()
            offset = SIMD3(cos(angle) * radius, sin(angle) * radius, 0)
        case .sphere:
            let r = w / 2, angle = 2 * Double.pi * u1, z = 2 * u2 - 1, ring = (1 - z * z).squareRoot()
            let radius = mode == .points ? 0 : mode == .volume ? r * cbrt(u3) : r
            offset = SIMD3(cos(angle) * ring * radius, sin(angle) * ring * radius, z * radius)
        default:
            break
        }
        return centre + offset
    }
}

/// The random values of one particle: a SplitMix64 stream keyed by seed, cell and index, so
/// each particle's values do not depend on which others are alive.
struct ParticleRandom {
    private var state: UInt64

    init(seed: UInt32, path: UInt64, index: UInt64) {
        state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 ^ path &* 0xC2B2_AE3D_27D4_EB4F ^ index &* 0x1656_67B1_9E37_79F9
    }

    /// A value uniform in `[0, 1)`.
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1330_11EB
        z ^= z >> 31
        return Double(z >> 11) * (1.0 / 9_007_199_254_740_992.0)
    }
}
