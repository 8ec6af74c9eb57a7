import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `CAReplicatorLayer`: Apple's defaults, instances through the cumulative transform about the
/// centre, colour offsets, delays, nesting, hit testing and the instance cap. Goldens: ±2 per
/// channel on anti-aliased edges.
final class ReplicatorLayerTests: XCTestCase {
    let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 40)
    var fixture: AnimationFixture!

    override func setUp() { fixture = AnimationFixture() }
    override func tearDown() { fixture.finish() }

    func testDefaultsAreApples() {
        let r = CAReplicatorLayer()
        XCTAssertEqual(r.instanceCount, 1)
        XCTAssertEqual(r.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(r.instanceTransform))
        XCTAssertEqual(r.instanceColor, .white)
        XCTAssertEqual([r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset], [0, 0, 0, 0])
        XCTAssertFalse(r.preservesDepth)
    }

    /// The dev.to spinner: 12 bars about the replicator's centre, each fading 1 s after the one
    /// before, shown 0.5 s into the animation.
    static func spinner() -> (root: CALayer, bar: CALayer) {
        let root = rootLayer(width: 80, height: 80)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 10, y: 10, width: 60, height: 60)
        replicator.instanceCount = 12
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        replicator.instanceDelay = 1.0 / 12
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 6, height: 16)
        bar.position = CGPoint(x: 30, y: 10)
        bar.cornerRadius = 3
        bar.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.8, alpha: 1)
        replicator.addSublayer(bar)
        root.addSublayer(replicator)
        return (root, bar)
    }

    func testSpinnerInstancesTurnAboutTheCentreAndFadeInTurn() throws {
        let (root, bar) = Self.spinner()
        fixture.show(root)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
        fixture.show(root)
        fixture.advance(0.5)
        let frame = render(root)
        // Instance 0 (top) is half faded; instance 3 (right, 90° on) is 0.25 s behind, fainter
        // grey mix; instance 6 (bottom) is at 0 (just restarting... 0.5 − 0.5 = 0, opaque).
        let top = frame[x: 40, y: 20], bottom = frame[x: 40, y: 60], right = frame[x: 60, y: 40]
        XCTAssertGreaterThan(bottom.blue, top.blue, "the bottom bar is 0.5 s behind: opaque")
        XCTAssertGreaterThan(right.blue, top.blue)
        XCTAssertLessThan(right.blue, bottom.blue)
        assertBitmap(frame, matchesGolden: "spinner-mid-animation", tolerance: tolerance)
    }

    func testInstanceColorOffsetsMultiplyEachInstance() throws {
        let root = rootLayer(width: 120, height: 40)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        replicator.instanceCount = 5
        replicator.instanceTransform = CATransform3DMakeTranslation(24, 0, 0)
        replicator.instanceBlueOffset = -0.25
        replicator.instanceGreenOffset = -0.25
        let square = CALayer()
        square.frame = CGRect(x: 2, y: 10, width: 20, height: 20)
        square.backgroundColor = .white
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        let frame = render(root)
        for k in 0..<5 {
            let pixel = frame[x: 12 + 24 * k, y: 20]
            XCTAssertEqual(pixel.red, 255, "instance \(k)")
            XCTAssertEqual(Int(pixel.green), Int((1 - 0.25 * Double(k)) * 255), accuracy: 2, "instance \(k)")
            XCTAssertEqual(pixel.green, pixel.blue)
        }
        assertBitmap(frame, matchesGolden: "colour-offsets", tolerance: tolerance)
    }

    /// The book's reflection: one instance below, flipped, dimmed by the alpha offset.
    func testReflection() throws {
        let root = rootLayer(width: 80, height: 120)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 8, y: 4, width: 64, height: 48)
        replicator.instanceCount = 2
        var t = CATransform3DMakeTranslation(0, 48, 0)
        t = CATransform3DScale(t, 1, -1, 0)
        replicator.instanceTransform = t
        replicator.instanceAlphaOffset = -0.6
        let image = imageLayer(quadrantImage(width: 64, height: 48), frame: CGRect(x: 0, y: 0, width: 64, height: 48))
        replicator.addSublayer(image)
        root.addSublayer(replicator)
        let frame = render(root)
        // The reflection's top row is the image's bottom row (blue on the left), faded.
        let reflected = frame[x: 16, y: 56], grey = PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255)
        XCTAssertGreaterThan(reflected.blue, grey.blue)
        XCTAssertLessThan(reflected.blue, 200)
        assertBitmap(frame, matchesGolden: "reflection", tolerance: tolerance)
    }

    func testNestedReplicatorsMultiply() throws {
        let root = rootLayer(width: 100, height: 100)
        let outer = CAReplicatorLayer()
        outer.frame = root.bounds
        outer.instanceCount = 4
        outer.instanceTransform = CATransform3DMakeTranslation(0, 25, 0)
        let inner = CAReplicatorLayer()
        inner.frame = root.bounds
        inner.instanceCount = 4
        inner.instanceTransform = CATransform3DMakeTranslation(25, 0, 0)
        let dot = CALayer()
        dot.frame = CGRect(x: 5, y: 5, width: 15, height: 15)
        dot.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        inner.addSublayer(dot)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let frame = render(root)
        var red = 0
        for j in 0..<4 { for i in 0..<4 where frame[x: 12 + 25 * i, y: 12 + 25 * j].red == 255 { red += 1 } }
        XCTAssertEqual(red, 16)
    }

    func testInstancePropertiesAnimateImplicitlyButCountAndDepthDoNot() {
        let root = rootLayer(width: 40, height: 40)
        let replicator = CAReplicatorLayer()
        root.addSublayer(replicator)
        fixture.show(root)
        replicator.instanceDelay = 0.5
        replicator.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        replicator.instanceColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.instanceRedOffset = -0.1
        replicator.instanceGreenOffset = -0.1
        replicator.instanceBlueOffset = -0.1
        replicator.instanceAlphaOffset = -0.1
        XCTAssertEqual(Set(replicator.animationKeys() ?? []),
                       ["instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
                        "instanceBlueOffset", "instanceAlphaOffset"])
        fixture.advance(1)
        replicator.removeAllAnimations()
        replicator.instanceCount = 3
        replicator.preservesDepth = true
        XCTAssertNil(replicator.animationKeys(), "instanceCount and preservesDepth are not animatable")
        XCTAssertEqual(replicator.instanceDelay, 0.5, "the model holds the new values at once")
        XCTAssertEqual(replicator.instanceAlphaOffset, -0.1)
        XCTAssertTrue(fixture.diagnostics.isEmpty, "\(fixture.diagnostics)")
    }

    func testAnimatedInstanceTransformAndOffsetsMoveTheInstances() throws {
        let root = rootLayer(width: 120, height: 40)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 10, width: 20, height: 20)
        square.backgroundColor = .white
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        fixture.show(root)
        let spread = CABasicAnimation(keyPath: "instanceTransform")
        spread.toValue = CATransform3DMakeTranslation(40, 0, 0)
        spread.duration = 1
        spread.timingFunction = CAMediaTimingFunction(name: .linear)
        replicator.add(spread, forKey: "spread")
        let fade = CABasicAnimation(keyPath: "instanceAlphaOffset")
        fade.fromValue = 0
        fade.toValue = -0.5
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        replicator.add(fade, forKey: "fade")
        fixture.advance(0.5)
        let presented = try XCTUnwrap(replicator.presentation())
        XCTAssertEqual(presented.instanceTransform.m41, 30, accuracy: 1e-9, "halfway from 20 to 40")
        XCTAssertEqual(presented.instanceAlphaOffset, -0.25, accuracy: 1e-6)
        XCTAssertEqual(replicator.instanceTransform.m41, 20, "the model is unchanged")
        // Instance 2 sits at x = 60 (2 × 30) with alpha 1 − 2 × 0.25 = 0.5.
        let third = try XCTUnwrap(root.makeRenderNode()).children[0].children[2]
        XCTAssertEqual(third.opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(third.planeToParent.map(CGPoint(x: 0, y: 0)).x, 60, accuracy: 1e-6)
        fixture.advance(0.6)
        let after = try XCTUnwrap(root.makeRenderNode()).children[0].children[2]
        XCTAssertEqual(after.planeToParent.map(CGPoint(x: 0, y: 0)).x, 40, accuracy: 1e-6, "back to the model")
        XCTAssertEqual(after.opacity, 1)
    }

    func testKeyValueCodingReachesTheInstanceProperties() {
        let replicator = CAReplicatorLayer()
        replicator.setValue(4, forKeyPath: "instanceCount")
        replicator.setValue(0.25, forKeyPath: "instanceDelay")
        replicator.setValue(-0.5, forKeyPath: "instanceBlueOffset")
        XCTAssertEqual(replicator.instanceCount, 4)
        XCTAssertEqual(replicator.instanceDelay, 0.25)
        XCTAssertEqual(replicator.instanceBlueOffset, -0.5)
        XCTAssertEqual(replicator.value(forKeyPath: "instanceBlueOffset") as? Float, -0.5)
        XCTAssertEqual(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? Int, 1)
    }

    func testHitTestingSeesTheFirstInstanceOnly() {
        let root = rootLayer(width: 100, height: 40)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === square)
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 10)) === replicator)
    }

    func testHugeAndZeroInstanceCountsAreBounded() throws {
        let root = rootLayer(width: 40, height: 40)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 50_000_000
        replicator.instanceTransform = CATransform3DMakeTranslation(0.001, 0, 0)
        replicator.instanceDelay = .nan
        let inner = CAReplicatorLayer()
        inner.instanceCount = 1_000_000
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        inner.addSublayer(dot)
        replicator.addSublayer(inner)
        root.addSublayer(replicator)
        XCTAssertEqual(inner.drawnInstanceCount, CAReplicatorLayer.maximumInstanceCount)
        XCTAssertEqual(replicator.drawnInstanceCount, 1)
        replicator.instanceCount = -3
        let node = try XCTUnwrap(root.makeRenderNode())
        XCTAssertTrue(node.children[0].children.isEmpty)
    }

    func testPreservesDepthPutsTheInstancesInOneDepthSort() throws {
        let root = rootLayer(width: 120, height: 80)
        root.sublayerTransform = DepthSortTests.perspective(300)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.preservesDepth = true
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        replicator.sublayerTransform = DepthSortTests.perspective(300)
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 20, width: 60, height: 40)
        card.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        replicator.addSublayer(card)
        root.addSublayer(replicator)
        let node = try XCTUnwrap(root.makeRenderNode()?.children.first)
        XCTAssertEqual(node.children.count, 2)
        XCTAssertTrue(node.children.allSatisfy { $0.children.isEmpty }, "the card twice, no flattened instance")
        XCTAssertNotNil(node.depthFragments, "two planes crossing at the centre are split")
        replicator.preservesDepth = false
        let flat = try XCTUnwrap(root.makeRenderNode()?.children.first)
        XCTAssertTrue(flat.children.contains { !$0.children.isEmpty }, "instance 1 flattened into its own plane")
    }

    func testNestedDelaysAdd() throws {
        let root = rootLayer(width: 40, height: 40)
        let outer = CAReplicatorLayer(), inner = CAReplicatorLayer()
        outer.frame = root.bounds
        inner.frame = root.bounds
        outer.instanceCount = 2
        inner.instanceCount = 2
        outer.instanceDelay = 0.2
        inner.instanceDelay = 0.1
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        dot.backgroundColor = .white
        inner.addSublayer(dot)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        fixture.show(root)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        dot.add(fade, forKey: nil)
        fixture.show(root)
        fixture.advance(0.5)
        let outerNode = try XCTUnwrap(root.makeRenderNode()?.children.first)
        // Instances at 0.5, 0.4 (inner 1), 0.3 (outer 1), 0.2 (both) seconds into the fade.
        func opacities(_ n: RenderNode) -> [Float] {
            n.children.isEmpty ? [n.opacity] : n.children.flatMap(opacities)
        }
        let found = opacities(outerNode)
        XCTAssertEqual(found.count, 4)
        for (a, b) in zip(found, [0.5, 0.4, 0.3, 0.2] as [Float]) { XCTAssertEqual(a, b, accuracy: 1e-4) }
    }
}

