import Foundation
import Geometry
import Graphics
import Raster

/// The particles an emitter shows at one instant, placed in the layer's plane: what the
/// compositor draws (`BandRenderer+Specialized.swift`).
final class ParticleBatch: @unchecked Sendable {
    /// An image particles show: the whole pixels of `image` (level 0) that `contentsRect`
    /// touches, at `minX, minY` with `width × height` pixels; `padded` is a copy of them with a
    /// one-pixel transparent border (what the fast kernel samples without bounds tests);
    /// `coverage` is the same border-padded copy as one byte a texel when every texel is
    /// premultiplied white (red = green = blue = alpha: a white spark, snowflake or smoke puff that
    /// the cell's colour tints, the common particle image), for the coverage kernel
    /// (`CoverageParticleKernel.swift`).
    struct Sprite {
        let image: MipmappedImage
        let minX: Float, minY: Float, width: Float, height: Float
        let nearest: Bool
        let padded: Bitmap
        let coverage: CoverageMask?

        /// The pixels as raw pointers, valid while this sprite lives: what the kernels take, so
        /// that drawing a particle retains nothing (two threads retaining the same image for
        /// each particle fight over its reference count's cache line).
        var pixels: Pixels {
            Pixels(width: Int(width), height: Int(height), padded: UnsafePointer(padded.baseAddress),
                   paddedStride: padded.rowStride, coverage: coverage.map { UnsafeRawPointer($0.baseAddress) },
                   coverageStride: coverage?.rowStride ?? 0)
        }

        /// A sprite's pixels without their owners (see `pixels`): `width × height` texels, the
        /// border-padded copy with its stride in pixels, the coverage plane (nil unless white)
        /// with its stride in bytes.
        struct Pixels {
            let width: Int, height: Int
            let padded: UnsafePointer<UInt32>, paddedStride: Int
            let coverage: UnsafeRawPointer?, coverageStride: Int
        }

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
            var white = true
            for y in 0..<ph {
                let from = source.row(y0 + y), to = padded.row(y + 1)
                for x in 0..<pw {
                    let texel = from[x0 + x]
                    to[x + 1] = texel
                    white = white && texel == (texel >> 24) &* 0x0101_0101
                }
            }
            if white {
                let plane = CoverageMask(size: padded.size)
                for y in 0..<ph {
                    let from = padded.row(y + 1), to = plane.row(y + 1)
                    for x in 1...pw { to[x] = UInt8(truncatingIfNeeded: from[x] >> 24) }
                }
                coverage = plane
            } else {
                coverage = nil
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
    private var spriteOfCell: [SpriteKey: Int32] = [:]
    private var particles: [ParticleBatch.Particle] = []
    /// Birth time and z of each particle, for the ordered render modes.
    private var births: [Float] = []
    private var depths: [Float] = []

    init(layer: CAEmitterLayer) { self.layer = layer }

    /// A value that is finite, else 0.
    private static func f(_ v: Double) -> Double { v.isFinite ? v : 0 }

    /// The values particles born between emitter times `bornFrom` and `bornBefore` (one of
    /// the layer's birth epochs) take: the layer's multipliers and shape and the cells'
    /// values. During an animation of the layer's values an epoch spans one frame and its
    /// continuous values (shape geometry, multipliers) run linearly from their values at its
    /// start to those at its end, so an emitter moved by an animation leaves an even trail.
    struct Epoch {
        let bornFrom: Double, bornBefore: Double
        /// The mean birth-rate multiplier over the epoch (its particles are spaced evenly).
        let rateFactor: Double
        let lifeFactor: Double, lifeFactorEnd: Double
        let velocityFactor: Double, velocityFactorEnd: Double
        let scaleFactor: Double, scaleFactorEnd: Double
        let spinFactor: Double, spinFactorEnd: Double
        let shape: EmitterShape, shapeEnd: EmitterShape
        let seed: UInt32
        /// Mixed into the random stream of an epoch opened while earlier particles lived, whose
        /// birth indices may repeat another epoch's at another rate (0 otherwise).
        let salt: UInt64
        /// Whether the continuous values change over the epoch.
        let interpolates: Bool
        let cells: [EmitterCellValues]

        /// The longest any particle born in the epoch (or one of its sub-cells') lives, seconds.
        let lifetimeHorizon: Double

        init(_ start: CAEmitterLayer.BirthParameters, _ end: CAEmitterLayer.BirthParameters, cells: [EmitterCellValues],
             from: Double, before: Double, salt: UInt64) {
            func f(_ v: Float) -> Double { v.isFinite ? Double(v) : 0 }
            bornFrom = from
            bornBefore = before
            rateFactor = (f(start.birthRate) + f(end.birthRate)) / 2
            lifeFactor = f(start.lifetime)
            lifeFactorEnd = f(end.lifetime)
            velocityFactor = f(start.velocity)
            velocityFactorEnd = f(end.velocity)
            scaleFactor = f(start.scale)
            scaleFactorEnd = f(end.scale)
            spinFactor = f(start.spin)
            spinFactorEnd = f(end.spin)
            shape = EmitterShape(start)
            shapeEnd = EmitterShape(end)
            seed = start.seed
            self.salt = salt
            interpolates = start != end && from.isFinite && before.isFinite && before > from
            self.cells = cells
            func longest(_ cells: [EmitterCellValues], depth: Int) -> Double {
                guard depth < 5 else { return 0 }
                return cells.reduce(0) { max($0, $1.longestLife(1) + longest($1.children, depth: depth + 1)) }
            }
            lifetimeHorizon = longest(cells, depth: 0) * max(abs(lifeFactor), abs(lifeFactorEnd))
        }

        var emits: Bool { rateFactor > 0 && max(lifeFactor, lifeFactorEnd) > 0 }

        /// Where in the epoch a particle born at `born` is: 0 at its start, 1 at its end.
        func progress(_ born: Double) -> Double {
            interpolates ? min(1, max(0, (born - bornFrom) / (bornBefore - bornFrom))) : 0
        }
    }

    /// The particles alive at emitter time `time`, or nil when none is. The layer's epochs
    /// are brought up to the frame first (`CAEmitterLayer.sampleBirths`).
    mutating func particles(at time: Double) -> ParticleBatch? {
        guard time.isFinite, layer.emitterCells?.isEmpty == false, !layer.isHidden else { return nil }
        layer.sampleBirths()
        let history = layer.birthHistory
        let open = layer.openEpoch
        let cellSlots = history.reduce(open.cells.count) { max($0, $1.cells.count) }
        // A share of the particle budget per cell, by its place in the list.
        let enabled = max(1, open.cells.reduce(0) { $0 + ($1.isEnabled ? 1 : 0) })
        let budget = CAEmitterLayer.maximumParticleCount / enabled
        for slot in 0..<cellSlots {
            var remaining = budget
            for index in 0...history.count where remaining > 0 {
                let epoch = index < history.count ? history[index] : open
                guard slot < epoch.cells.count, epoch.emits, epoch.bornFrom <= time else { continue }
                let before = particles.count
                emit(epoch.cells[slot], path: UInt64(slot + 1), start: 0, end: .infinity, origin: nil, time: time,
                     epoch: epoch, budget: remaining, depth: 0)
                remaining -= particles.count - before
            }
        }
        guard !particles.isEmpty else { return nil }
        order()
        return ParticleBatch(sprites: sprites, particles: particles, additive: layer.renderMode == .additive)
    }

    /// A parent particle, for its sub-cells: where it is (position and z at an age), and the
    /// colour and scale its sub-cells' particles inherit (Apple: "the scale and color of
    /// fireworkCell are inherited by trailCell"), at its birth and per second.
    struct Origin {
        var born: Double
        var p0: SIMD3<Double>, v: SIMD3<Double>, a: SIMD3<Double>
        var color: SIMD4<Double>, colorSpeed: SIMD4<Double>
        var scale: Double, scaleSpeed: Double
    }

    /// Emits `cell`'s particles born between emitter times `start` and `end` (a parent's life,
    /// or for ever) and within `epoch` (top-level cells), from the emitter's shape or from
    /// `origin`'s path.
    private mutating func emit(_ cell: EmitterCellValues, path: UInt64, start: Double, end: Double, origin: Origin?,
                               time: Double, epoch: Epoch, budget: Int, depth: Int) {
        let rateFactor = epoch.rateFactor
        let lifeMean = cell.lifetime, lifeRange = cell.lifetimeRange
        let longest = cell.longestLife(max(epoch.lifeFactor, epoch.lifeFactorEnd))
        let cellSpeed = cell.speed
        var rate = cell.birthRate * rateFactor * cellSpeed
        guard cell.isEnabled, rate > 0, longest > 0, budget > 0 else { return }
        rate = min(rate, Double(budget) / longest)
        // The cell's emission window, in emitter time.
        let begin = start + cell.beginTime - cell.timeOffset / cellSpeed
        var active = Double.infinity
        if cell.repeatDuration > 0 { active = cell.repeatDuration }
        else if cell.duration > 0 { active = cell.duration * max(1, cell.repeatCount) }
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
        let subcells = depth < 4 ? cell.children.filter(\.isEnabled) : []
        let seed = epoch.seed, salt = epoch.salt
        let velocity = cell.velocity, velocityRange = cell.velocityRange
        let longitude = cell.longitude, spread = cell.spread, latitude = cell.latitude
        let a = cell.acceleration
        let scaleMean = cell.scale, scaleRange = cell.scaleRange, scaleSpeed = cell.scaleSpeed
        let spinMean = cell.spin, spinRange = cell.spinRange
        let baseColor = cell.color, ranges = cell.colorRange, speeds = cell.colorSpeed
        let spriteHalf = sprite.map { index -> (Double, Double) in
            let s = sprites[Int(index)]
            return (Double(s.width) / cell.contentsScale / 2, Double(s.height) / cell.contentsScale / 2)
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
            // How far into a frame-long epoch of an animation the particle is born.
            let u = origin == nil ? epoch.progress(born) : 0
            func lerp(_ a: Double, _ b: Double) -> Double { u == 0 ? a : a + (b - a) * u }
            var random = ParticleRandom(seed: seed, path: path ^ salt, index: UInt64(i))
            let life = (lifeMean + lifeRange * (random.next() - 0.5)) * lerp(epoch.lifeFactor, epoch.lifeFactorEnd)
            let age = time - born
            // The random draws happen in a fixed order, whether or not the particle is alive.
            let p0: SIMD3<Double>
            if let o = origin {
                let t = born - o.born
                p0 = o.p0 + o.v * t + 0.5 * o.a * t * t
            } else if u != 0 {
                p0 = epoch.shape.interpolated(to: epoch.shapeEnd, u).birthPoint(&random)
            } else {
                p0 = epoch.shape.birthPoint(&random)
            }
            let heading = longitude + spread * (random.next() - 0.5)
            let direction = SIMD3(cos(latitude) * cos(heading), cos(latitude) * sin(heading), sin(latitude))
            let v = direction * ((velocity + velocityRange * (random.next() - 0.5))
                * lerp(epoch.velocityFactor, epoch.velocityFactorEnd))
            var scale0 = scaleMean + scaleRange * (random.next() - 0.5)
            let spin = (spinMean + spinRange * (random.next() - 0.5)) * lerp(epoch.spinFactor, epoch.spinFactorEnd)
            var color = baseColor
            for c in 0..<4 { color[c] += ranges[c] * (random.next() - 0.5) }
            if let o = origin {
                // The parent's colour and scale where it is when this particle is born.
                let t = born - o.born
                var inherited = o.color + o.colorSpeed * t
                for c in 0..<4 { inherited[c] = inherited[c].isNaN ? 0 : min(1, max(0, inherited[c])) }
                color *= inherited
                scale0 *= max(0, o.scale + o.scaleSpeed * t)
            } else {
                scale0 *= lerp(epoch.scaleFactor, epoch.scaleFactorEnd)
            }
            if !subcells.isEmpty, life > 0 {
                let parent = Origin(born: born, p0: p0, v: v, a: a, color: color, colorSpeed: speeds, scale: scale0,
                                    scaleSpeed: scaleSpeed)
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

    /// The identity of a sprite: its image, the part shown and the filter.
    private struct SpriteKey: Hashable {
        let image: ObjectIdentifier
        let x: Double, y: Double, width: Double, height: Double
        let nearest: Bool
    }

    /// The sprite of a cell's contents, registered once per batch (its pixels are kept by the
    /// cell while its image and `contentsRect` stay the same); nil without an image.
    private mutating func sprite(of cell: EmitterCellValues) -> Int32? {
        guard let image = cell.contents, image.width > 0, image.height > 0 else { return nil }
        let rect = cell.contentsRect
        let key = SpriteKey(image: ObjectIdentifier(image), x: Double(rect.minX), y: Double(rect.minY),
                            width: Double(rect.width), height: Double(rect.height), nearest: cell.nearest)
        if let known = spriteOfCell[key] { return known < 0 ? nil : known }
        var index: Int32 = -1
        let owner = cell.cell
        if let slot = owner.spriteCache.lastIndex(where: {
            $0.image === image && $0.rect == rect && $0.sprite.nearest == cell.nearest
        }) {
            let cached = owner.spriteCache[slot]
            if slot != owner.spriteCache.count - 1 {
                owner.spriteCache.remove(at: slot)
                owner.spriteCache.append(cached)
            }
            index = Int32(sprites.count)
            sprites.append(cached.sprite)
        } else if let made = ParticleBatch.Sprite(image: image, contentsRect: rect, nearest: cell.nearest) {
            if owner.spriteCache.count >= CAEmitterCell.spriteCacheLimit { owner.spriteCache.removeFirst() }
            owner.spriteCache.append((image, rect, made))
            index = Int32(sprites.count)
            sprites.append(made)
        }
        spriteOfCell[key] = index
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

    private init(centre: SIMD3<Double>, w: Double, h: Double, d: Double, shape: Kind, mode: Mode) {
        self.centre = centre
        self.w = w
        self.h = h
        self.d = d
        self.shape = shape
        self.mode = mode
    }

    /// The shape `u` of the way to `end`'s centre and size (its kind and mode kept).
    func interpolated(to end: EmitterShape, _ u: Double) -> EmitterShape {
        EmitterShape(centre: centre + (end.centre - centre) * u, w: w + (end.w - w) * u, h: h + (end.h - h) * u,
                     d: d + (end.d - d) * u, shape: shape, mode: mode)
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
