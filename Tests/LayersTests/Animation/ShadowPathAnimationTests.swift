import Geometry
import Graphics
import Raster
import XCTest
@testable import Layers

/// `shadowPath` as an animatable property, and a steady animation of shapes and shadows drawn
/// without growing the compositor's scratch memory.
final class ShadowPathAnimationTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testSettingShadowPathHasNoImplicitAnimation() throws {
        let layer = f.committedLayer()
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        layer.shadowPath = path
        XCTAssertNil(layer.animationKeys(), "CGPath properties do not animate implicitly (Apple)")
        f.advance(0.01)
        XCTAssertEqual(layer.presentation()?.shadowPath, path)
    }

    func testMutablePathIsCopiedWhenSet() throws {
        let layer = f.committedLayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.shadowPath = path
        path.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        XCTAssertEqual(layer.shadowPath?.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testExplicitAnimationBlendsPathsPointByPoint() throws {
        let layer = f.committedLayer()
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let large = CGPath(rect: CGRect(x: 10, y: 10, width: 80, height: 60), transform: nil)
        layer.shadowPath = large
        let animation = CABasicAnimation(keyPath: "shadowPath")
        animation.fromValue = small
        animation.toValue = large
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(animation, forKey: "shadowPath")
        f.advance(0)
        f.advance(0.5)
        let halfway = try XCTUnwrap(layer.presentation()?.shadowPath)
        XCTAssertEqual(halfway.boundingBox, CGRect(x: 5, y: 5, width: 50, height: 40))
        f.advance(0.6)
        XCTAssertEqual(layer.presentation()?.shadowPath, large)
    }

    func testPathsOfDifferentShapesSwitchHalfway() throws {
        let rect = AnimatableValue.path(CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil))
        let oval = AnimatableValue.path(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil))
        XCTAssertEqual(rect.interpolated(to: oval, fraction: 0.4), rect)
        XCTAssertEqual(rect.interpolated(to: oval, fraction: 0.6), oval)
        XCTAssertEqual(rect.interpolated(to: .path(nil), fraction: 0.6), .path(nil))
    }

    func testShadowPathThroughKeyValueCoding() throws {
        let layer = CALayer()
        XCTAssertNil(layer.shadowPath, "Apple's default")
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
        layer.setValue(path, forKey: "shadowPath")
        XCTAssertEqual(layer.shadowPath, path)
        XCTAssertEqual(layer.value(forKey: "shadowPath") as? CGPath, path)
        layer.setValue(nil, forKey: "shadowPath")
        XCTAssertNil(layer.shadowPath)
    }

    func testSteadyAnimationGrowsNoScratchMemory() throws {
        let growthsBeforeDrawing = ScratchBuffers.growthCount.load(ordering: .relaxed)
        let root = rootLayer(width: 120, height: 90)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
        card.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        card.cornerRadius = 8
        card.borderWidth = 2
        card.shadowOpacity = 0.6
        let badge = CALayer()
        badge.frame = CGRect(x: 40, y: -5, width: 16, height: 16)
        badge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        badge.cornerRadius = 8
        card.addSublayer(badge)
        let pill = CALayer()
        pill.frame = CGRect(x: 20, y: 60, width: 60, height: 20)
        pill.backgroundColor = CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1)
        pill.shadowOpacity = 1
        pill.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 20), cornerWidth: 10,
                                 cornerHeight: 10, transform: nil)
        root.addSublayer(card)
        root.addSublayer(pill)
        f.engine.tick()
        card.add(backAndForth("position.x", from: 35, to: 75), forKey: "move")
        pill.add(backAndForth("transform.rotation.z", from: 0, to: 0.5), forKey: "spin")

        let compositor = Compositor(threadCount: 2)
        let target = Bitmap(width: 120, height: 90)
        func frame() {
            f.advance(1.0 / 15)
            compositor.render(root.makeRenderNode(), into: target)
        }
        // One whole cycle (2 s) lets each buffer grow to the largest size the cycle needs;
        // the next cycle repeats the same frames and must not grow anything.
        for _ in 0..<30 { frame() }
        let before = ScratchBuffers.growthCount.load(ordering: .relaxed)
        for _ in 0..<30 { frame() }
        XCTAssertEqual(ScratchBuffers.growthCount.load(ordering: .relaxed), before,
                       "scratch bitmaps, masks or shape paths grew during a steady animation")
        XCTAssertGreaterThan(before, growthsBeforeDrawing, "the counter counts the first frames' growth")
    }
}

/// An endless one-second animation of `keyPath` from `from` to `to` and back.
private func backAndForth(_ keyPath: String, from: Double, to: Double) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = 1
    animation.repeatCount = .infinity
    animation.autoreverses = true
    return animation
}
