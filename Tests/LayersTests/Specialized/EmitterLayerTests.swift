import Geometry
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
        XCTAssertNil(root.makeRenderNode()?.children[0].specialized)
    }

    func testEmitterStartsWhenFirstShownWithoutABeginTime() throws {
        let (root, emitter) = Self.fire()
        emitter.beginTime = 0
        fixture.show(root)
        guard case let .particles(first)? = root.makeRenderNode()?.children[0].specialized else { return XCTFail() }
        XCTAssertEqual(first.particles.count, 1, "only the particle born at the start")
    }
}
