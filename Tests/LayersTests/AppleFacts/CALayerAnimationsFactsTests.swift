import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/animations.m (measured on Apple's QuartzCore).
final class CALayerAnimationsFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testRemovingAllAnimationsLeavesNoneToAskForByKey() {
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "first")
        layer.add(CABasicAnimation(keyPath: "position"), forKey: "second")
        XCTAssertEqual(layer.animationKeys()?.count, 2)
        layer.removeAllAnimations()
        XCTAssertEqual(layer.animationKeys()?.count ?? 0, 0)
        XCTAssertNil(layer.animation(forKey: "first"))
        XCTAssertNil(layer.animation(forKey: "second"))
    }

    func testRemovingAllAnimationsWhenThereAreNoneOrTwiceIsHarmless() {
        let layer = CALayer()
        layer.removeAllAnimations()
        XCTAssertEqual(layer.animationKeys()?.count ?? 0, 0)
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "first")
        layer.removeAllAnimations()
        layer.removeAllAnimations()
        XCTAssertEqual(layer.animationKeys()?.count ?? 0, 0)
    }

    func testRemovingTheAnimationsDoesNotAskTheLayerToRedisplay() {
        let layer = CALayer()
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "first")
        layer.displayIfNeeded()
        layer.removeAllAnimations()
        XCTAssertFalse(layer.needsDisplay())
    }
}
