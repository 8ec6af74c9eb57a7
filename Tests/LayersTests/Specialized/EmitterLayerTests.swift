import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `CAEmitterLayer` and `CAEmitterCell`: Apple's defaults, the closed-form simulation (the same
/// frame every run, at any thread count, after a jump of the clock), caps and bad input.
final class EmitterLayerTests: XCTestCase {
    var fixture: AnimationFixture!

    override func setUp() { fixture = AnimationFixture() }
    override func tearDown() { fixture.finish() }

    /// A soft round white dot of `size` pixels.
    static func dot(size: Int = 8) -> CGImage {
        let bitmap = Bitmap(width: size, height: size)
        let c = Double(size) / 2
        for y in 0..<size {
            for x in 0..<size {
                let d = ((Double(x) + 0.5 - c) * (Double(x) + 0.5 - c) + (Double(y) + 0.5 - c) * (Double(y) + 0.5 - c)).squareRoot()
                let a = UInt8(max(0, min(1, c - d)) * 255)
                bitmap[x: x, y: y] = PremultipliedColor(red: a, green: a, blue: a, alpha: a)
            }
        }
        return CGImage(bitmap: bitmap)
    }

    /// A fire: orange sparks rising from a line, fading and shrinking, composited additively.
    static func fire(seed: UInt32 = 7) -> (root: CALayer, emitter: CAEmitterLayer) {
        let root = rootLayer(width: 120, height: 100)
        root.backgroundColor = CGColor(gray: 0.05, alpha: 1)
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 60, y: 85)
        emitter.emitterSize = CGSize(width: 40, height: 0)
        emitter.emitterShape = .line
        emitter.renderMode = .additive
        emitter.seed = seed
        emitter.beginTime = 100
        let cell = CAEmitterCell()
        cell.contents = dot(size: 10)
        cell.birthRate = 60
        cell.lifetime = 1.2
        cell.lifetimeRange = 0.4
        cell.velocity = 50
        cell.velocityRange = 20
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi / 4
        cell.yAcceleration = -20
        cell.scale = 1.2
        cell.scaleSpeed = -0.6
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.15, alpha: 0.6)
        cell.alphaSpeed = -0.4
        cell.greenRange = 0.2
        cell.spin = 1
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return (root, emitter)
    }

    func testDefaultsAreApples() {
        let layer = CAEmitterLayer()
        XCTAssertNil(layer.emitterCells)
        XCTAssertEqual([layer.birthRate, layer.lifetime, layer.velocity, layer.scale, layer.spin], [1, 1, 1, 1, 1])
        XCTAssertEqual(layer.emitterPosition, .zero)
        XCTAssertEqual(layer.emitterZPosition, 0)
        XCTAssertEqual(layer.emitterSize, .zero)
        XCTAssertEqual(layer.emitterDepth, 0)
        XCTAssertEqual(layer.emitterShape.rawValue, "point")
        XCTAssertEqual(layer.emitterMode.rawValue, "volume")
        XCTAssertEqual(layer.renderMode.rawValue, "unordered")
        XCTAssertEqual(CAEmitterLayerRenderMode.additive.rawValue, "additive")
        XCTAssertEqual(CAEmitterLayerRenderMode.oldestFirst.rawValue, "oldestFirst")
        XCTAssertEqual(CAEmitterLayerEmitterMode.outline.rawValue, "outline")
        XCTAssertEqual(CAEmitterLayerEmitterShape.cuboid.rawValue, "cuboid")
        XCTAssertFalse(layer.preservesDepth)
        XCTAssertEqual(layer.seed, 0)
        let cell = CAEmitterCell()
        XCTAssertTrue(cell.isEnabled)
        XCTAssertEqual([cell.birthRate, cell.lifetime, cell.lifetimeRange], [0, 0, 0])
        XCTAssertEqual([cell.velocity, cell.velocityRange, cell.spin, cell.spinRange, cell.scaleRange, cell.scaleSpeed], [0, 0, 0, 0, 0, 0])
        XCTAssertEqual(cell.scale, 1)
        XCTAssertEqual(cell.color, .white)
        XCTAssertEqual(cell.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(cell.contentsScale, 1)
        XCTAssertEqual(cell.minificationFilter, .linear)
        XCTAssertEqual(cell.speed, 1)
        XCTAssertEqual(cell.duration, 0)
        XCTAssertNil(cell.contents)
        XCTAssertNil(cell.emitterCells)
        XCTAssertEqual(CAEmitterCell.defaultValue(forKey: "scale") as? Double, 1)
    }

    private func frame(_ root: CALayer, at seconds: Double, threads: Int = 1) -> Bitmap {
        fixture.show(root)
        fixture.advance(seconds)
        return render(root, threads: threads)
    }

    func testFireAtOneSecond() throws {
        let (root, emitter) = Self.fire()
        let image = frame(root, at: 1)
        let node = try XCTUnwrap(root.makeRenderNode())
        guard case let .particles(batch)? = node.children[0].specialized else { return XCTFail("no particles") }
        XCTAssertEqual(batch.particles.count, 61, "60 a second for 1 s, from t = 0 inclusive, none dead yet")
        XCTAssertTrue(emitter.isEmitting)
        assertBitmap(image, matchesGolden: "fire-1s", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 40))
    }

    func testRecordingIsByteIdenticalAcrossRunsAndThreadCounts() throws {
        func record(threads: Int) -> [Bitmap] {
            let local = AnimationFixture()
            defer { local.finish(); fixture.engine.makeCurrent() }
            let (root, _) = Self.fire()
            local.show(root)
            var frames: [Bitmap] = []
            for _ in 0..<6 {
                local.advance(0.25)
                frames.append(render(root, threads: threads))
            }
            return frames
        }
        let reference = record(threads: 1)
        for threads in [1, 2, 7] {
            let frames = record(threads: threads)
            for (a, b) in zip(reference, frames) { XCTAssertTrue(a.hasSamePixels(as: b), "\(threads) threads") }
        }
        XCTAssertFalse(reference[0].hasSamePixels(as: reference[5]), "the fire moves")
    }

    func testSeekingWithTimeOffsetShowsTheSameParticles() throws {
        let (root, _) = Self.fire()
        let running = frame(root, at: 1.5)
        let (paused, emitter) = Self.fire()
        emitter.speed = 0
        emitter.timeOffset = 1.5
        fixture.show(paused)
        XCTAssertTrue(render(paused).hasSamePixels(as: running))
    }

    func testSubCellsEmitFromEachParticle() throws {
        let (root, emitter) = Self.fire()
        let spark = CAEmitterCell()
        spark.contents = Self.dot(size: 4)
        spark.birthRate = 10
        spark.lifetime = 0.3
        spark.velocity = 10
        emitter.emitterCells?[0].emitterCells = [spark]
        _ = frame(root, at: 1)
        guard case let .particles(batch)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        XCTAssertGreaterThan(batch.particles.count, 100)
        XCTAssertEqual(batch.sprites.count, 2)
    }

    /// Apple's firework example (`CAEmitterCell.emitterCells`): "the scale and color of
    /// fireworkCell are inherited by trailCell".
    func testSubCellsInheritTheirParentsScaleAndColor() throws {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 100, y: 100)
        let firework = CAEmitterCell()
        firework.color = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        firework.birthRate = 1
        firework.lifetime = 10
        firework.scale = 0.25
        let trail = CAEmitterCell()
        trail.birthRate = 10
        trail.lifetime = 3
        trail.contents = Self.dot(size: 8)
        firework.emitterCells = [trail]
        emitter.emitterCells = [firework]
        var simulation = EmitterSimulation(layer: emitter)
        let batch = try XCTUnwrap(simulation.particles(at: 0.55))
        XCTAssertEqual(batch.particles.count, 6, "the trail of the firework born at 0: at 0, 0.1 … 0.5 s")
        for p in batch.particles {
            XCTAssertEqual(Double(p.ux), 4 * 0.25, accuracy: 1e-6, "an 8-pixel dot at the firework's scale")
            XCTAssertEqual(p.color, SIMD4<Float>(1, 0.5, 0, 1), "the firework's colour")
        }
    }

    func testHugeBirthRatesAndNaNRangesAreBounded() throws {
        let (root, emitter) = Self.fire()
        let cell = try XCTUnwrap(emitter.emitterCells?.first)
        cell.birthRate = 1e9
        cell.lifetimeRange = .nan
        cell.velocityRange = .infinity
        cell.scaleRange = .nan
        cell.redSpeed = .nan
        emitter.renderMode = .oldestLast
        fixture.show(root)
        fixture.advance(2)
        guard case let .particles(batch)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        XCTAssertLessThanOrEqual(batch.particles.count, CAEmitterLayer.maximumParticleCount)
        XCTAssertGreaterThan(batch.particles.count, 1000)
        emitter.lifetime = .nan
        XCTAssertNotNil(root.makeRenderNode()?.children[0].specialized, "the particles born keep their lifetimes")
        fixture.advance(1.3)
        XCTAssertNil(root.makeRenderNode()?.children[0].specialized, "and no new one is born")
    }

    func testEmitterStartsWhenFirstShownWithoutABeginTime() throws {
        let (root, emitter) = Self.fire()
        emitter.beginTime = 0
        fixture.show(root)
        guard case let .particles(first)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        XCTAssertEqual(first.particles.count, 1, "only the particle born at the start")
    }

    func testBirthRateZeroLetsTheParticlesInFlightLiveOut() throws {
        let (root, emitter) = Self.fire()
        emitter.beginTime = 0
        fixture.show(root)
        fixture.advance(1)
        guard case let .particles(before)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        emitter.birthRate = 0
        guard case let .particles(after)? = root.makeRenderNode()?.children[0].specialized else {
            return XCTFail("the particles in flight stay")
        }
        XCTAssertEqual(Double(after.particles.count), Double(before.particles.count), accuracy: 1,
                       "all but one born at this very instant, which is the new epoch's")
        XCTAssertTrue(emitter.isEmitting, "they still move")
        fixture.advance(0.5)
        guard case let .particles(later)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        XCTAssertLessThan(later.particles.count, before.particles.count, "none is born, some die")
        fixture.advance(1.5)
        XCTAssertNil(root.makeRenderNode()?.children[0].specialized, "all have lived out their 1.4 s")
        XCTAssertFalse(emitter.isEmitting)
        emitter.birthRate = 1
        fixture.advance(0.5)
        XCTAssertNotNil(root.makeRenderNode()?.children[0].specialized, "births resume")
    }

    func testMovingTheEmitterLeavesItsParticlesWhereTheyWere() throws {
        let root = rootLayer(width: 200, height: 100)
        let emitter = still(.point, .volume)
        emitter.frame = root.bounds
        root.addSublayer(emitter)
        fixture.show(root)
        fixture.advance(0.5)
        // A jump: a standalone layer's change would animate (see the animation test below).
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.emitterPosition = CGPoint(x: 20, y: 30)
        CATransaction.commit()
        fixture.advance(0.5)
        guard case let .particles(batch)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        let old = batch.particles.filter { $0.x == 100 && $0.y == 50 }.count
        let new = batch.particles.filter { $0.x == 20 && $0.y == 30 }.count
        XCTAssertEqual(old + new, batch.particles.count)
        XCTAssertEqual(Double(old), 51, accuracy: 1, "born at 100 a second in the first half second")
        XCTAssertEqual(Double(new), 50, accuracy: 1)
        CATransaction.setDisableActions(true)
        emitter.emitterPosition = CGPoint(x: 60, y: 60)
        emitter.emitterPosition = CGPoint(x: 70, y: 70)
        XCTAssertEqual(emitter.birthHistory.count, 2, "two changes in one frame make one epoch")
    }

    /// The particles of `emitter` at emitter time `time`, straight from the simulation.
    private func particles(_ emitter: CAEmitterLayer, at time: Double) -> [ParticleBatch.Particle] {
        var simulation = EmitterSimulation(layer: emitter)
        return simulation.particles(at: time)?.particles ?? []
    }

    private func still(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 100, y: 50)
        emitter.emitterSize = CGSize(width: 40, height: 20)
        emitter.emitterShape = shape
        emitter.emitterMode = mode
        let cell = CAEmitterCell()
        cell.contents = Self.dot(size: 4)
        cell.birthRate = 100
        cell.lifetime = 10
        emitter.emitterCells = [cell]
        return emitter
    }

    func testBirthPointsLieOnTheShape() {
        let circle = particles(still(.circle, .outline), at: 1)
        XCTAssertEqual(circle.count, 101)
        for p in circle { XCTAssertEqual(hypot(Double(p.x) - 100, Double(p.y) - 50), 20, accuracy: 1e-3) }
        let disc = particles(still(.circle, .volume), at: 1)
        XCTAssertTrue(disc.allSatisfy { hypot(Double($0.x) - 100, Double($0.y) - 50) <= 20.001 })
        XCTAssertTrue(disc.contains { hypot(Double($0.x) - 100, Double($0.y) - 50) < 15 })
        let rectangle = particles(still(.rectangle, .volume), at: 1)
        XCTAssertTrue(rectangle.allSatisfy { abs($0.x - 100) <= 20 && abs($0.y - 50) <= 10 })
        let outline = particles(still(.rectangle, .outline), at: 1)
        XCTAssertTrue(outline.allSatisfy { abs(abs($0.x - 100) - 20) < 1e-3 || abs(abs($0.y - 50) - 10) < 1e-3 })
        let corners = particles(still(.rectangle, .points), at: 1)
        XCTAssertTrue(corners.allSatisfy { abs(abs($0.x - 100) - 20) < 1e-3 && abs(abs($0.y - 50) - 10) < 1e-3 })
        let line = particles(still(.line, .volume), at: 1)
        XCTAssertTrue(line.allSatisfy { $0.y == 50 && abs($0.x - 100) <= 20 })
        let point = particles(still(.point, .volume), at: 1)
        XCTAssertTrue(point.allSatisfy { $0.x == 100 && $0.y == 50 })
    }

    func testMotionIsClosedForm() throws {
        let emitter = still(.point, .volume)
        let cell = try XCTUnwrap(emitter.emitterCells?.first)
        cell.birthRate = 1
        cell.velocity = 10
        cell.emissionLongitude = 0
        cell.xAcceleration = 4
        cell.yAcceleration = 2
        let ps = particles(emitter, at: 2.5)
        XCTAssertEqual(ps.count, 3, "born at 0, 1 and 2 s")
        // The first, 2.5 s old: x = 100 + 10·2.5 + ½·4·2.5², y = 50 + ½·2·2.5².
        XCTAssertEqual(Double(ps[0].x), 100 + 25 + 12.5, accuracy: 1e-3)
        XCTAssertEqual(Double(ps[0].y), 50 + 6.25, accuracy: 1e-3)
    }

    func testRenderModesOrderTheParticles() throws {
        let emitter = still(.point, .volume)
        let cell = try XCTUnwrap(emitter.emitterCells?.first)
        cell.velocity = 10
        for (mode, oldestFirst) in [(CAEmitterLayerRenderMode.oldestFirst, true), (.oldestLast, false),
                                    (.unordered, true)] {
            emitter.renderMode = mode
            let xs = particles(emitter, at: 0.5).map(\.x)
            XCTAssertEqual(xs, oldestFirst ? xs.sorted(by: >) : xs.sorted(), "\(mode.rawValue)")
        }
        emitter.emitterShape = .cuboid
        emitter.emitterDepth = 30
        emitter.renderMode = .backToFront
        XCTAssertEqual(particles(emitter, at: 0.5).count, 51)
    }

    func testDisabledCellsAndLifetimesEmitNothing() throws {
        let emitter = still(.point, .volume)
        let cell = try XCTUnwrap(emitter.emitterCells?.first)
        cell.isEnabled = false
        XCTAssertTrue(particles(emitter, at: 1).isEmpty)
        XCTAssertFalse(emitter.isEmitting)
        cell.isEnabled = true
        cell.duration = 0.5
        XCTAssertEqual(particles(emitter, at: 1).count, 51, "emits for 0.5 s only")
        emitter.birthRate = 0
        XCTAssertTrue(particles(emitter, at: 1).isEmpty)
    }

    /// Drawing band by band (for the cache) gives the bytes of drawing the particles one by one
    /// over the whole frame: each pixel still sees its particles in the batch's order.
    func testBandedParticlesMatchParticlesDrawnOneByOne() throws {
        let (_, emitter) = Self.fire()
        emitter.emitterCells?[0].contents = quadrantImage(width: 12, height: 10)
        emitter.emitterCells?[0].spin = 2.5
        emitter.emitterCells?[0].scale = 3
        var simulation = EmitterSimulation(layer: emitter)
        let batch = try XCTUnwrap(simulation.particles(at: 1))
        XCTAssertGreaterThan(batch.particles.count, 20)
        let map = Homography(CGAffineTransform(a: 1.3, b: 0.2, c: -0.1, d: 1.1, tx: 4, ty: -6))
        for additive in [false, true] {
            let banded = Bitmap(size: PixelSize(uncheckedWidth: 120, height: 150),
                                filledWith: PremultipliedColor(red: 20, green: 30, blue: 60, alpha: 255))
            let oneByOne = banded.copy()
            let batch = ParticleBatch(sprites: batch.sprites, particles: batch.particles, additive: additive)
            // A clip whose top is not a multiple of the band height, spanning several bands.
            let clip = PixelRect(x: 3, y: 7, width: 110, height: 5 * BandRenderer.particleBandHeight + 9)
            BandRenderer().drawParticles(batch, map: map, target: banded, clip: clip, opacity: 0.9)
            for p in batch.particles {
                BandRenderer.drawParticleFast(p, sprite: batch.sprites[Int(p.sprite)], additive: additive, map: map,
                                              target: oneByOne, clip: clip, opacity: 0.9)
            }
            assertBitmap(banded, matches: oneByOne, name: "banded-particles-\(additive)",
                         tolerance: ImageTolerance(perChannel: 0, maxDifferingPixels: 0))
        }
    }

    /// The fixed-point particle kernel against the float reference, over, additive, turned,
    /// scaled and under a projective map.
    func testFastParticleKernelMatchesTheReference() throws {
        let (_, emitter) = Self.fire()
        emitter.emitterCells?[0].contents = quadrantImage(width: 12, height: 10)
        emitter.emitterCells?[0].spin = 2.5
        var simulation = EmitterSimulation(layer: emitter)
        let batch = try XCTUnwrap(simulation.particles(at: 1))
        var perspective = Homography(CGAffineTransform(a: 1.3, b: 0.2, c: -0.1, d: 1.1, tx: 4, ty: -6))
        perspective = Homography(m11: perspective.m11, m12: perspective.m12, m13: 0.0008,
                                 m21: perspective.m21, m22: perspective.m22, m23: 0.0004,
                                 m31: perspective.m31, m32: perspective.m32, m33: 1)
        for map in [Homography.identity, Homography(CGAffineTransform(scaleX: 1.7, y: 1.7)), perspective] {
            for additive in [false, true] {
                let fast = Bitmap(size: PixelSize(uncheckedWidth: 120, height: 100), filledWith: PremultipliedColor(red: 20, green: 30, blue: 60, alpha: 255))
                let reference = fast.copy()
                for p in batch.particles {
                    let sprite = batch.sprites[Int(p.sprite)]
                    BandRenderer.drawParticleFast(p, sprite: sprite, additive: additive, map: map, target: fast,
                                                  clip: fast.bounds, opacity: 0.9)
                    BandRenderer.drawParticleReference(p, sprite: sprite, additive: additive, map: map, target: reference,
                                                       clip: reference.bounds, opacity: 0.9)
                }
                assertBitmap(fast, matches: reference, name: "fast-particles-\(additive)",
                             tolerance: ImageTolerance(perChannel: 3, maxDifferingPixels: 0))
            }
        }
    }

    /// The coverage kernel takes particles whose 32-bit texel positions cannot wrap: a sane one,
    /// not a sliver eight thousand pixels long whose texel position crosses the sprite 500 times
    /// a pixel.
    func testTheCoverageKernelTakesOnlyParticlesItsPositionsHold() throws {
        var simulation = EmitterSimulation(layer: Self.fire().emitter)
        let sprite = try XCTUnwrap(try XCTUnwrap(simulation.particles(at: 1)).sprites.first).pixels
        let colour = SIMD4<Float>(1, 1, 1, 1)
        let sane = ParticleBatch.Particle(x: 50, y: 50, ux: 8, uy: 0, vx: 0, vy: 8, color: colour, sprite: 0)
        let sliver = ParticleBatch.Particle(x: 50, y: 50, ux: 4000, uy: 1, vx: 3999.99, vy: 1, color: colour, sprite: 0)
        let fits = { (p: ParticleBatch.Particle) in
            BandRenderer.ParticleMap(p, width: sprite.width, height: sprite.height, map: .identity)
                .map { CoverageParticleKernel.fits($0, sprite: sprite) }
        }
        XCTAssertEqual(fits(sane), true)
        XCTAssertEqual(fits(sliver), false)
    }

    /// A white sprite (red = green = blue = alpha) takes the eight-pixel coverage kernel, which
    /// gives the colour kernel's bytes: over, additive, turned, scaled, under a projective map and
    /// clipped mid-particle, so a frame does not change with the kernel its sprites take.
    func testWhiteSpriteKernelGivesTheColourKernelsBytes() throws {
        let (_, emitter) = Self.fire()
        emitter.emitterCells?[0].contents = Self.dot(size: 13)
        emitter.emitterCells?[0].spin = 2.5
        emitter.emitterCells?[0].scale = 2.2
        var simulation = EmitterSimulation(layer: emitter)
        let batch = try XCTUnwrap(simulation.particles(at: 1))
        XCTAssertGreaterThan(batch.particles.count, 20)
        XCTAssertNotNil(batch.sprites.first?.coverage, "a white sprite has a coverage plane")
        emitter.emitterCells?[0].contents = quadrantImage(width: 12, height: 10)
        var coloured = EmitterSimulation(layer: emitter)
        XCTAssertNil(try XCTUnwrap(coloured.particles(at: 1)).sprites.first?.coverage, "a coloured sprite has none")
        var perspective = Homography(CGAffineTransform(a: 1.3, b: 0.2, c: -0.1, d: 1.1, tx: 4, ty: -6))
        perspective = Homography(m11: perspective.m11, m12: perspective.m12, m13: 0.0008,
                                 m21: perspective.m21, m22: perspective.m22, m23: 0.0004,
                                 m31: perspective.m31, m32: perspective.m32, m33: 1)
        let clip = PixelRect(x: 7, y: 5, width: 101, height: 83)
        for map in [Homography.identity, Homography(CGAffineTransform(scaleX: 0.6, y: 1.7)), perspective] {
            for additive in [false, true] {
                let coverage = Bitmap(size: PixelSize(uncheckedWidth: 120, height: 100),
                                      filledWith: PremultipliedColor(red: 20, green: 30, blue: 60, alpha: 200))
                let colour = coverage.copy()
                var drawn = 0
                for p in batch.particles {
                    let sprite = batch.sprites[Int(p.sprite)].pixels
                    let pm = try XCTUnwrap(BandRenderer.ParticleMap(p, width: sprite.width, height: sprite.height, map: map))
                    XCTAssertNotNil(sprite.coverage)
                    guard CoverageParticleKernel.fits(pm, sprite: sprite) else { continue }
                    drawn += 1
                    CoverageParticleKernel.draw(p, pm: pm, sprite: sprite, additive: additive, target: coverage,
                                                clip: clip, opacity: 0.8)
                    BandRenderer.drawColourParticle(p, pm: pm, sprite: sprite, additive: additive, target: colour,
                                                    clip: clip, opacity: 0.8)
                }
                XCTAssertEqual(drawn, batch.particles.count)
                XCTAssertFalse(coverage.hasSamePixels(as: Bitmap(size: coverage.size, filledWith:
                    PremultipliedColor(red: 20, green: 30, blue: 60, alpha: 200))), "particles were drawn")
                assertBitmap(coverage, matches: colour, name: "white-sprite-kernel-\(additive)",
                             tolerance: ImageTolerance(perChannel: 0, maxDifferingPixels: 0))
            }
        }
    }
}
