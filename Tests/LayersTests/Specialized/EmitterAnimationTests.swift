import Foundation
import Geometry
import Graphics
import XCTest
@testable import Layers

/// `CAEmitterLayer`'s animatable keys and key-value coding, down into its cells
/// (`emitterCells.<name>.<key>`): values sampled at each particle's birth, as on Apple's
/// platforms.
final class EmitterAnimationTests: XCTestCase {
    var fixture: AnimationFixture!

    override func setUp() { fixture = AnimationFixture() }
    override func tearDown() { fixture.finish() }

    /// A shown emitter at (20, 50) whose still particles (no velocity) live 10 s, 100 born a
    /// second from a cell named `dot`, in a 200 × 100 root.
    private func emitter() -> (root: CALayer, emitter: CAEmitterLayer, cell: CAEmitterCell) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.anchorPoint = .zero
        let emitter = CAEmitterLayer()
        emitter.frame = root.bounds
        emitter.emitterPosition = CGPoint(x: 20, y: 50)
        let cell = CAEmitterCell()
        cell.name = "dot"
        cell.contents = EmitterLayerTests.dot(size: 4)
        cell.birthRate = 100
        cell.lifetime = 10
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        fixture.show(root)
        return (root, emitter, cell)
    }

    private func particles(_ root: CALayer) -> [ParticleBatch.Particle] {
        guard case let .particles(batch)? = root.makeRenderNode()?.children.first?.specialized else { return [] }
        return batch.particles
    }

    /// Runs `seconds` of frames at 60 a second, drawing each (an emitter samples its animated
    /// values once a frame).
    private func run(_ root: CALayer, _ seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            fixture.advance(1.0 / 60)
            fixture.show(root)
        }
    }

    func testAnAnimatedEmitterPositionLeavesAnEvenTrail() throws {
        let (root, emitter, _) = emitter()
        let move = CABasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 20, y: 50)
        move.toValue = CGPoint(x: 180, y: 50)
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        emitter.add(move, forKey: "move")
        fixture.show(root)
        run(root, 1)
        let xs = particles(root).map { Double($0.x) }.sorted()
        XCTAssertEqual(Double(xs.count), 101, accuracy: 1)
        // Particle k is born at k/100 s, where the animation has the emitter at 20 + 160·k/100:
        // interpolated within each frame, not a step of 2.7 points per frame.
        for (k, x) in xs.enumerated() where k <= 100 {
            XCTAssertEqual(x, 20 + 1.6 * Double(k), accuracy: 0.5, "particle \(k)")
        }
        XCTAssertEqual(emitter.emitterPosition.x, 20)
        run(root, 0.5)
        XCTAssertEqual(emitter.presentation()?.emitterPosition.x ?? 0, 20, accuracy: 1e-9,
                       "removed at the end: the model shows again")
        let later = particles(root)
        XCTAssertEqual(Double(later.filter { $0.x == 20 }.count), 50, accuracy: 1,
                       "born at the model's position after the animation")
        XCTAssertEqual(later.filter { $0.x > 20 }.count, 101, "the trail stays where it was born, its end at 1 s included")
    }

    /// Values set before the layer is first shown apply from the emitter's start, even with a
    /// `beginTime` in the past (they used to open a birth epoch at once, so the particles
    /// already "born" took the defaults: all at (0, 0)).
    func testValuesSetBeforeTheLayerIsShownApplyFromTheStart() throws {
        let emitter = CAEmitterLayer()
        emitter.beginTime = 97
        emitter.emitterPosition = CGPoint(x: 60, y: 40)
        let cell = CAEmitterCell()
        cell.contents = EmitterLayerTests.dot(size: 4)
        cell.birthRate = 10
        cell.lifetime = 5
        emitter.emitterCells = [cell]
        fixture.show(emitter)
        var simulation = EmitterSimulation(layer: emitter)
        let batch = try XCTUnwrap(simulation.particles(at: 3))
        XCTAssertEqual(batch.particles.count, 31)
        XCTAssertTrue(batch.particles.allSatisfy { $0.x == 60 && $0.y == 40 }, "born where the emitter was set, not at (0, 0)")
        XCTAssertTrue(emitter.birthHistory.isEmpty)
    }

    func testAStandaloneEmitterAnimatesItsChangesImplicitly() throws {
        let (root, emitter, _) = emitter()
        emitter.emitterPosition = CGPoint(x: 120, y: 50)
        emitter.birthRate = 3
        fixture.show(root)
        XCTAssertNotNil(emitter.animation(forKey: "emitterPosition"))
        XCTAssertNotNil(emitter.animation(forKey: "birthRate"))
        fixture.advance(0.125)
        let halfway = try XCTUnwrap(emitter.presentation())
        XCTAssertEqual(halfway.emitterPosition.x, 20 + 100 * systemEase(0.5), accuracy: 1e-6)
        XCTAssertEqual(Double(halfway.birthRate), 1 + 2 * systemEase(0.5), accuracy: 1e-6)
        XCTAssertEqual(emitter.emitterPosition.x, 120, "the model has the new value at once")

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        emitter.emitterSize = CGSize(width: 10, height: 10)
        CATransaction.commit()
        XCTAssertNil(emitter.animation(forKey: "emitterSize"))
        emitter.emitterShape = .circle
        XCTAssertNil(emitter.animation(forKey: "emitterShape"), "the shape is not animatable")
    }

    func testAKeyframePathCarriesTheEmitter() throws {
        let (root, emitter, _) = emitter()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 50))
        path.addLine(to: CGPoint(x: 120, y: 50))
        path.addLine(to: CGPoint(x: 120, y: 90))
        let along = CAKeyframeAnimation(keyPath: "emitterPosition")
        along.path = path
        along.duration = 2
        along.calculationMode = .paced
        emitter.add(along, forKey: "along")
        fixture.show(root)
        fixture.advance(1.4)
        // Paced over 140 points: 0.7 of the way is 98 points along, 98 − 100 short of the corner.
        let shown = try XCTUnwrap(emitter.presentation()?.emitterPosition)
        XCTAssertEqual(shown.x, 118, accuracy: 1e-6)
        XCTAssertEqual(shown.y, 50, accuracy: 1e-6)
    }

    func testSettingACellsKeyPathLetsItsParticlesLiveOut() throws {
        let (root, emitter, cell) = emitter()
        run(root, 1)
        let before = particles(root).count
        XCTAssertEqual(Double(before), 101, accuracy: 1)
        emitter.setValue(0, forKeyPath: "emitterCells.dot.birthRate")
        XCTAssertEqual(cell.birthRate, 0)
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.dot.birthRate") as? Float, 0)
        run(root, 1)
        XCTAssertEqual(particles(root).count, before, "no new birth, and the born live their 10 s")
        emitter.setValue(50, forKeyPath: "emitterCells.dot.birthRate")
        run(root, 1)
        XCTAssertEqual(Double(particles(root).count), Double(before + 50), accuracy: 1, "births resume at 50 a second")
        XCTAssertNil(emitter.value(forKeyPath: "emitterCells.nothing.birthRate"))
        emitter.setValue(3, forKeyPath: "emitterCells.nothing.birthRate")
        XCTAssertTrue(fixture.diagnostics.contains { $0.contains("no emitter cell") }, "\(fixture.diagnostics)")
    }

    func testACellChangedDirectlyReachesOnlyTheParticlesBornAfterIt() throws {
        let (root, _, cell) = emitter()
        run(root, 1)
        cell.scale = 3
        run(root, 1)
        let sizes = particles(root).map { Double($0.ux) }
        XCTAssertEqual(Double(sizes.filter { abs($0 - 2) < 1e-3 }.count), 101, accuracy: 1, "born at scale 1: 2 points half width")
        XCTAssertEqual(Double(sizes.filter { abs($0 - 6) < 1e-3 }.count), 98, accuracy: 1,
                       "born at scale 3 from the next frame on (a change made on the cell itself is seen then)")
    }

    func testACellKeyPathAnimationChangesTheParticlesBornDuringIt() throws {
        let (root, emitter, _) = emitter()
        let grow = CABasicAnimation(keyPath: "emitterCells.dot.scale")
        grow.fromValue = 1
        grow.toValue = 3
        grow.duration = 1
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        emitter.add(grow, forKey: "grow")
        fixture.show(root)
        XCTAssertFalse(fixture.diagnostics.contains { $0.contains("emitterCells") }, "\(fixture.diagnostics)")
        run(root, 1)
        let halfWidths = particles(root).map { Double($0.ux) }
        XCTAssertEqual(halfWidths.min() ?? 0, 2, accuracy: 0.1, "the first born at scale 1")
        XCTAssertGreaterThan(halfWidths.max() ?? 0, 5.8, "the last near scale 3")
        XCTAssertEqual(halfWidths.first ?? 0, 2, accuracy: 0.1, "a particle keeps the scale it was born with")
    }

    /// A flip-book: a discrete keyframe animation of a cell's `contents` gives the particles born
    /// in each step that step's image, and they keep it; after the animation, the cell's own.
    func testACellContentsAnimationGivesEachBirthItsImage() throws {
        let (root, emitter, _) = emitter()
        let frames = [4, 6, 8].map { EmitterLayerTests.dot(size: $0) }
        let flip = CAKeyframeAnimation(keyPath: "emitterCells.dot.contents")
        flip.values = frames
        flip.calculationMode = .discrete
        flip.duration = 3
        emitter.add(flip, forKey: "flip")
        fixture.show(root)
        XCTAssertFalse(fixture.diagnostics.contains { $0.contains("emitterCells") }, "\(fixture.diagnostics)")
        run(root, 4)
        guard case let .particles(batch)? = root.makeRenderNode()?.children.first?.specialized else {
            return XCTFail("the emitter shows no particles")
        }
        let widths = batch.particles.map { Int(batch.sprites[Int($0.sprite)].width) }
        for (second, width) in [4, 6, 8, 4].enumerated() {
            let born = widths[min(widths.count - 1, second * 100 + 50)]
            XCTAssertEqual(born, width, "born in second \(second)")
        }
        XCTAssertEqual(Double(widths.filter { $0 == 6 }.count), 100, accuracy: 2, "one second of births a frame")
    }

    func testKeyValueCodingReachesTheEmitterAndNestedCells() throws {
        let (_, emitter, cell) = emitter()
        let spark = CAEmitterCell()
        spark.name = "spark"
        cell.emitterCells = [spark]
        CATransaction.setDisableActions(true)
        emitter.setValue(CGPoint(x: 7, y: 8), forKey: "emitterPosition")
        XCTAssertEqual(emitter.emitterPosition, CGPoint(x: 7, y: 8))
        XCTAssertEqual(emitter.value(forKey: "emitterPosition") as? CGPoint, CGPoint(x: 7, y: 8))
        emitter.setValue(NSNumber(value: 2.5), forKey: "birthRate")
        XCTAssertEqual(emitter.birthRate, 2.5)
        emitter.setValue("circle", forKey: "emitterShape")
        XCTAssertEqual(emitter.emitterShape, .circle)
        XCTAssertEqual(emitter.value(forKey: "seed") as? UInt32, 0)
        emitter.setValue(12, forKeyPath: "emitterCells.dot.emitterCells.spark.velocity")
        XCTAssertEqual(spark.velocity, 12)
        XCTAssertEqual(emitter.value(forKeyPath: "emitterCells.dot.emitterCells.spark.velocity") as? CGFloat, 12)
        XCTAssertEqual(CAEmitterLayer.defaultValue(forKey: "birthRate") as? Float, 1)

        XCTAssertEqual(cell.value(forKey: "enabled") as? Bool, true)
        cell.setValue(false, forKey: "enabled")
        XCTAssertFalse(cell.isEnabled)
        cell.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "color")
        XCTAssertEqual(cell.color?.red, 1)
        cell.setValue("tag", forKey: "myTag")
        XCTAssertEqual(cell.value(forKey: "myTag") as? String, "tag", "any key is stored, as on a layer")
        cell.setValue("fast", forKey: "velocity")
        XCTAssertEqual(cell.velocity, 0)
        XCTAssertTrue(fixture.diagnostics.contains { $0.contains("not a value of that property") }, "\(fixture.diagnostics)")
    }

    func testBirthRateAnimatedToZeroFadesTheEmissionOut() throws {
        let (root, emitter, _) = emitter()
        let stop = CABasicAnimation(keyPath: "birthRate")
        stop.fromValue = 1
        stop.toValue = 0
        stop.duration = 1
        stop.timingFunction = CAMediaTimingFunction(name: .linear)
        stop.fillMode = .forwards
        stop.isRemovedOnCompletion = false
        emitter.add(stop, forKey: "stop")
        fixture.show(root)
        run(root, 2)
        // ∫₀¹ 100·(1 − t) dt = 50 particles, then none: the rate is 0 from the end on. Each
        // frame's epoch spaces its births on its own grid: ±1 a frame, not a drift.
        XCTAssertEqual(Double(particles(root).count), 50, accuracy: 5)
        XCTAssertLessThan(emitter.birthHistory.count, 80, "an epoch per animated frame, and none after")
    }
}
