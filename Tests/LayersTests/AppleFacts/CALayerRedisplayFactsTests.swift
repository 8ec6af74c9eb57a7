import Foundation
import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/redisplay.m (measured on Apple's QuartzCore):
/// which property changes redisplay a layer.
final class CALayerRedisplayFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// Redisplays for a change of its opacity and nothing else.
    private final class RedisplayLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "opacity" ? true : super.needsDisplay(forKey: key)
        }
    }

    func testALayerRedisplaysForNoKeyByDefault() {
        for key in ["bounds", "position", "opacity", "contents", "aKeyNobodyDefines", ""] {
            XCTAssertFalse(CALayer.needsDisplay(forKey: key), key)
        }
    }

    func testAPropertyItDoesNotRedisplayForLeavesALayerDisplayed() {
        let l = CALayer()
        l.displayIfNeeded()
        XCTAssertFalse(l.needsDisplay())
        l.opacity = 0.5
        XCTAssertFalse(l.needsDisplay())
    }

    func testASubclassRedisplaysForTheKeyItAsksFor() {
        XCTAssertTrue(RedisplayLayer.needsDisplay(forKey: "opacity"))
        XCTAssertFalse(RedisplayLayer.needsDisplay(forKey: "bounds"))
        let r = RedisplayLayer()
        r.displayIfNeeded()
        r.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertFalse(r.needsDisplay())
        r.opacity = 0.25
        XCTAssertTrue(r.needsDisplay())
    }

    func testSettingTheValueItAlreadyHasIsNoChangeToRedisplayFor() {
        let same = RedisplayLayer()
        same.opacity = 0.25
        same.displayIfNeeded()
        XCTAssertFalse(same.needsDisplay())
        same.opacity = 0.25
        XCTAssertFalse(same.needsDisplay())
    }

    func testAValueSetByKeyRedisplaysAsOneSetByTheSetter() {
        let kvc = RedisplayLayer()
        kvc.displayIfNeeded()
        kvc.setValue(NSNumber(value: Float(0.75)), forKey: "opacity")
        XCTAssertTrue(kvc.needsDisplay())
    }
}
