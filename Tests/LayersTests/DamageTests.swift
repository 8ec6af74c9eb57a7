import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// Damage-region compositing: redrawing only `RenderNode.damage(from:to:in:)` over the previous
/// frame must give exactly the bytes of a whole re-composite.
final class DamageTests: XCTestCase {
    func testRandomizedTreeEditsRedrawnInTheDamageEqualAWholeRender() throws {
        for threads in [1, 3] {
            var random = SeededRandom(seed: 0xDA_3A6E + UInt64(threads))
            let stats = try runRandomizedEdits(rounds: 90, threads: threads, random: &random)
            XCTAssertGreaterThan(stats.partial, 30, "edits damaging only part of the frame (\(threads) threads): \(stats)")
            XCTAssertGreaterThan(stats.full, 0, "perspective edits damage the whole frame (\(threads) threads)")
        }
    }

    func testIdenticalTreesHaveNoDamage() throws {
        let root = randomTree(SeededRandom(seed: 3))
        let node = root.makeRenderNode()
        XCTAssertEqual(RenderNode.damage(from: node, to: node, in: PixelRect(x: 0, y: 0, width: 160, height: 120)), [])
    }

    func testMovedLayerDamagesItsOldAndNewBoxesOnly() throws {
        let (root, layer) = squareScene(at: CGRect(x: 10, y: 10, width: 20, height: 20))
        let before = root.makeRenderNode()
        layer.frame = CGRect(x: 120, y: 80, width: 20, height: 20)
        let after = root.makeRenderNode()
        let damage = RenderNode.damage(from: before, to: after, in: PixelRect(x: 0, y: 0, width: 160, height: 120))
        XCTAssertEqual(damage, [PixelRect(x: 8, y: 8, width: 24, height: 24), PixelRect(x: 118, y: 78, width: 24, height: 24)])
    }

    /// An emitter's particles and a replicator instance's colour are the node's own drawing:
    /// a new frame of particles damages where they were and are, beyond the layer's bounds too.
    func testParticlesAndInstanceColoursDamageWhereTheyDraw() throws {
        let fixture = AnimationFixture()
        defer { fixture.finish() }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.anchorPoint = .zero
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 70, y: 50, width: 20, height: 20)
        emitter.emitterPosition = CGPoint(x: 10, y: 10)
        let cell = CAEmitterCell()
        cell.contents = EmitterLayerTests.dot(size: 4)
        cell.birthRate = 20
        cell.lifetime = 5
        cell.velocity = 40
        cell.emissionRange = 2 * .pi
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        fixture.show(root)
        fixture.advance(1)
        let before = root.makeRenderNode()
        fixture.advance(0.5)
        let after = root.makeRenderNode()
        let frame = PixelRect(x: 0, y: 0, width: 160, height: 120)
        let damage = RenderNode.damage(from: before, to: after, in: frame)
        let union = damage.dropFirst().reduce(damage.first) { box, rect in box?.union(rect) }
        let box = try XCTUnwrap(union, "new particles damage the frame")
        XCTAssertLessThan(box.minX, 60, "particles 40 points out from the emitter are damaged: \(box)")
        XCTAssertGreaterThan(box.maxX, 100)

        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        replicator.instanceRedOffset = -0.5
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.addSublayer(square)
        let other = CALayer()
        other.bounds = root.bounds
        other.anchorPoint = .zero
        other.addSublayer(replicator)
        let first = other.makeRenderNode()
        replicator.instanceRedOffset = -0.25
        let second = other.makeRenderNode()
        let colourDamage = RenderNode.damage(from: first, to: second, in: frame)
        XCTAssertTrue(colourDamage.contains { $0.contains(x: 50, y: 10) && $0.contains(x: 69, y: 29) },
                      "the recoloured instance is redrawn: \(colourDamage)")
    }

    func testShadowWidensTheDamageByItsBlur() throws {
        let (root, layer) = squareScene(at: CGRect(x: 60, y: 40, width: 20, height: 20))
        layer.shadowOffset = CGSize(width: 0, height: 3)
        layer.shadowOpacity = 1
        layer.shadowRadius = 6
        let before = root.makeRenderNode()
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let damage = RenderNode.damage(from: before, to: root.makeRenderNode(), in: PixelRect(x: 0, y: 0, width: 160, height: 120))
        XCTAssertEqual(damage.count, 1)
        let box = try XCTUnwrap(damage.first)
        XCTAssertLessThanOrEqual(box.minX, 60 - 9, "the blur reaches 1.5 × radius beyond the shape")
        XCTAssertGreaterThanOrEqual(box.maxY, 40 + 3 + 20 + 9, "down to the offset shadow's blurred edge")
    }

    func testSublayerMovingUnderAnAlphaShadowDamagesTheShadowItCasts() throws {
        let (root, layer) = squareScene(at: CGRect(x: 40, y: 40, width: 20, height: 20))
        layer.backgroundColor = nil
        layer.shadowOpacity = 1
        layer.shadowOffset = CGSize(width: 30, height: 0)
        layer.shadowRadius = 2
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.addSublayer(child)
        let before = root.makeRenderNode()
        child.position = CGPoint(x: 15, y: 15)
        let frame = PixelRect(x: 0, y: 0, width: 160, height: 120)
        let damage = RenderNode.damage(from: before, to: root.makeRenderNode(), in: frame)
        // The child's alpha casts the layer's shadow 30 px to the right: both the old and the
        // new shadow (x 70…80 and 75…85 in device pixels) must be redrawn.
        XCTAssertTrue(damage.contains { $0.minX <= 70 && $0.maxX >= 85 && $0.minY <= 40 && $0.maxY >= 60 }, "\(damage)")
    }

    func testPerspectiveChangeDamagesTheWholeFrame() throws {
        let (root, layer) = squareScene(at: CGRect(x: 10, y: 10, width: 20, height: 20))
        let before = root.makeRenderNode()
        var transform = CATransform3DIdentity
        transform.m34 = -1 / 500
        layer.transform = CATransform3DRotate(transform, 0.3, 0, 1, 0)
        let frame = PixelRect(x: 0, y: 0, width: 160, height: 120)
        XCTAssertEqual(RenderNode.damage(from: before, to: root.makeRenderNode(), in: frame), [frame])
    }

    func testCoalescingMergesOverlapsAndCapsTheCount() throws {
        let frame = PixelRect(x: 0, y: 0, width: 1000, height: 1000)
        XCTAssertEqual(coalesceDamage([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 10, height: 10)],
                                      in: frame),
                       [PixelRect(x: 0, y: 0, width: 15, height: 15)], "overlapping")
        XCTAssertEqual(coalesceDamage([PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 900, y: 900, width: 10, height: 10)],
                                      in: frame).count, 2, "far apart: merging would redraw most of the frame")
        let many = (0..<9).map { PixelRect(x: ($0 % 3) * 450, y: ($0 / 3) * 450, width: 10, height: 10) }
        XCTAssertEqual(coalesceDamage(Array(many.prefix(8)), in: frame, maximumCount: 8).count, 8, "too far apart to merge")
        XCTAssertEqual(coalesceDamage(many, in: frame, maximumCount: 8).count, 1, "past the cap, one bounding box")
        XCTAssertEqual(coalesceDamage([PixelRect(x: -50, y: -50, width: 900, height: 900)], in: frame),
                       [frame], "more than half the frame")
        XCTAssertEqual(coalesceDamage([PixelRect(x: 2000, y: 0, width: 5, height: 5)], in: frame), [], "off the frame")
    }
}

/// A grey root with one red layer at `frame`.
func squareScene(at frame: CGRect) -> (root: CALayer, layer: CALayer) {
    let root = rootLayer()
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    root.addSublayer(layer)
    return (root, layer)
}

/// Counts of the rounds' damage kinds.
struct DamageRoundStats {
    var partial = 0
    var full = 0
    var none = 0
}

/// Builds a random tree, then applies `rounds` random edits; after each, the previous frame
/// with only the damage redrawn must equal a whole render of the new tree, byte for byte.
func runRandomizedEdits(rounds: Int, threads: Int, random: inout SeededRandom) throws -> DamageRoundStats {
    let engine = AnimationEngine(clock: VirtualClock())
    return engine.withCurrent {
        let root = randomTree(random)
        random = SeededRandom(seed: random.next())
        let compositor = Compositor(threadCount: threads)
        let frame = PixelRect(x: 0, y: 0, width: 160, height: 120)
        var shown = root.makeRenderNode()
        let incremental = Bitmap(width: 160, height: 120)
        compositor.render(shown, into: incremental, background: .black)
        var stats = DamageRoundStats()
        for round in 0..<rounds {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            var edits: [String] = []
            for _ in 0..<(1 + random.next(below: 3)) { edits.append(randomEdit(root, &random)) }
            CATransaction.commit()
            let next = root.makeRenderNode()
            let damage = RenderNode.damage(from: shown, to: next, in: frame)
            if damage.isEmpty { stats.none += 1 } else if damage == [frame] { stats.full += 1 } else { stats.partial += 1 }
            compositor.render(next, into: incremental, background: .black, damage: damage)
            let whole = Bitmap(width: 160, height: 120)
            compositor.render(next, into: whole, background: .black)
            if let (x, y) = firstDifference(incremental, whole) {
                XCTFail("round \(round), \(threads) threads, edits \(edits): pixel (\(x), \(y)) is "
                        + "\(incremental[x: x, y: y]) after redrawing \(damage), whole render \(whole[x: x, y: y])")
                return stats
            }
            shown = next
        }
        return stats
    }
}

func firstDifference(_ a: Bitmap, _ b: Bitmap) -> (Int, Int)? {
    for y in 0..<a.height {
        let ra = a.row(y), rb = b.row(y)
        for x in 0..<a.width where ra[x] != rb[x] { return (x, y) }
    }
    return nil
}

private let sprite = quadrantImage(width: 24, height: 18)

func randomColor(_ random: inout SeededRandom) -> CGColor {
    CGColor(red: CGFloat(random.next(below: 256)) / 255, green: CGFloat(random.next(below: 256)) / 255,
            blue: CGFloat(random.next(below: 256)) / 255, alpha: [1, 1, 0.6, 0.3][random.next(below: 4)])
}

func randomFrame(_ random: inout SeededRandom, in size: CGSize) -> CGRect {
    CGRect(x: CGFloat(random.next(in: -20...Int(size.width))), y: CGFloat(random.next(in: -15...Int(size.height))),
           width: CGFloat(random.next(in: 4...36)) + 0.5 * CGFloat(random.next(below: 2)),
           height: CGFloat(random.next(in: 4...28)) + 0.25 * CGFloat(random.next(below: 3)))
}

/// A random layer: background, corners, border, shadow, contents, opacity and group opacity,
/// clipping and a mask in random combinations.
func randomLayer(_ random: inout SeededRandom, in size: CGSize) -> CALayer {
    let layer = CALayer()
    layer.frame = randomFrame(&random, in: size)
    if random.next(below: 4) != 0 { layer.backgroundColor = randomColor(&random) }
    if random.next(below: 3) == 0 { layer.cornerRadius = CGFloat(random.next(in: 1...10)) }
    if random.next(below: 4) == 0 {
        layer.borderWidth = CGFloat(random.next(in: 1...4))
        layer.borderColor = randomColor(&random)
    }
    if random.next(below: 5) == 0 {
        layer.shadowOpacity = 0.8
        layer.shadowRadius = CGFloat(random.next(in: 0...6))
        layer.shadowOffset = CGSize(width: random.next(in: -4...4), height: random.next(in: -4...4))
    }
    if random.next(below: 4) == 0 {
        layer.contents = sprite
        layer.contentsGravity = [.resize, .center, .resizeAspect][random.next(below: 3)]
    }
    if random.next(below: 4) == 0 {
        layer.opacity = 0.5
        layer.allowsGroupOpacity = random.next(below: 2) == 0
    }
    if random.next(below: 5) == 0 { layer.masksToBounds = true }
    if random.next(below: 4) == 0 {
        layer.transform = CATransform3DMakeRotation(CGFloat(random.next(in: -30...30)) / 40, 0, 0, 1)
    }
    if random.next(below: 8) == 0 {
        let mask = CALayer()
        mask.frame = CGRect(x: 2, y: 2, width: layer.bounds.width / 2 + 2, height: layer.bounds.height)
        mask.cornerRadius = 4
        mask.backgroundColor = .black
        layer.mask = mask
    }
    return layer
}

func randomTree(_ seed: SeededRandom) -> CALayer {
    var random = seed
    let root = rootLayer()
    for _ in 0..<6 {
        let layer = randomLayer(&random, in: root.bounds.size)
        root.addSublayer(layer)
        for _ in 0..<random.next(below: 3) {
            let child = randomLayer(&random, in: layer.bounds.size)
            layer.addSublayer(child)
            if random.next(below: 3) == 0 { child.addSublayer(randomLayer(&random, in: child.bounds.size)) }
        }
    }
    return root
}

func allLayers(_ layer: CALayer) -> [CALayer] {
    [layer] + (layer.mask.map { [$0] } ?? []) + (layer.sublayers ?? []).flatMap(allLayers)
}

/// Changes one random layer in one random way; returns what it did.
func randomEdit(_ root: CALayer, _ random: inout SeededRandom) -> String {
    let layers = allLayers(root)
    let layer = layers[random.next(below: layers.count)]
    let kind = random.next(below: 15)
    // The root changes only in place: hidden, it would hide every later edit.
    if layer === root && ![0, 1, 2].contains(kind) { return "nothing" }
    switch kind {
    case 0: layer.position.x += CGFloat(random.next(in: -12...12)); return "move x"
    case 1: layer.position.y += CGFloat(random.next(in: -9...9)) + 0.5; return "move y"
    case 2: layer.backgroundColor = randomColor(&random); return "background"
    case 3: layer.opacity = [0, 0.3, 0.7, 1][random.next(below: 4)]; return "opacity"
    case 4: layer.isHidden.toggle(); return "hidden"
    case 5: layer.cornerRadius = CGFloat(random.next(in: 0...8)); return "corners"
    case 6: layer.borderWidth = CGFloat(random.next(in: 0...3)); layer.borderColor = randomColor(&random); return "border"
    case 7:
        layer.shadowOpacity = 0.9
        layer.shadowRadius = CGFloat(random.next(in: 0...8))
        layer.shadowOffset = CGSize(width: random.next(in: -5...5), height: random.next(in: -5...5))
        return "shadow"
    case 8: layer.transform = CATransform3DMakeRotation(CGFloat(random.next(in: -40...40)) / 50, 0, 0, 1); return "rotate"
    case 9: layer.zPosition = CGFloat(random.next(in: -2...2)); return "zPosition"
    case 10:
        guard layer !== root, layer.superlayer != nil else { return "nothing" }
        layer.removeFromSuperlayer()
        return "remove"
    case 11: layer.addSublayer(randomLayer(&random, in: layer.bounds.size)); return "add"
    case 12: layer.masksToBounds.toggle(); return "masksToBounds"
    case 13:
        layer.contents = random.next(below: 3) == 0 ? nil : sprite
        layer.contentsGravity = [.resize, .center, .bottomRight][random.next(below: 3)]
        return "contents"
    default:
        guard random.next(below: 4) == 0 else { layer.allowsGroupOpacity.toggle(); return "group opacity" }
        var transform = CATransform3DIdentity
        transform.m34 = -1 / 400
        layer.transform = CATransform3DRotate(transform, CGFloat(random.next(in: -8...8)) / 10, 0, 1, 0)
        return "perspective"
    }
}
