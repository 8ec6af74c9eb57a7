import Foundation
import XCTest
@testable import Layers

/// The `CAMediaTiming` values a layer and an animation start with, what the setters keep, and
/// converting a time between layers, as measured on Apple's QuartzCore (GNUstep QuartzCore
/// `Tests/quartzcore/CAMediaTiming/timing.m`).
final class CAMediaTimingFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testALayerStartsAtZeroWithAnInfiniteDurationAtSpeedOneFillingNothing() {
        let l = CALayer()
        XCTAssertEqual(l.beginTime, 0)
        XCTAssertEqual(l.timeOffset, 0)
        XCTAssertEqual(l.repeatDuration, 0)
        XCTAssertFalse(l.autoreverses)
        XCTAssertTrue(l.duration.isInfinite && l.duration > 0)
        XCTAssertEqual(l.speed, 1)
        XCTAssertEqual(l.repeatCount, 0)
        XCTAssertEqual(l.fillMode, .removed)
    }

    func testAnAnimationStartsAtZeroWithNoDurationAtSpeedOneFillingNothing() {
        let a = CABasicAnimation()
        XCTAssertEqual(a.beginTime, 0)
        XCTAssertEqual(a.timeOffset, 0)
        XCTAssertEqual(a.repeatDuration, 0)
        XCTAssertFalse(a.autoreverses)
        XCTAssertEqual(a.duration, 0)
        XCTAssertEqual(a.speed, 1)
        XCTAssertEqual(a.repeatCount, 0)
        XCTAssertEqual(a.fillMode, .removed)
    }

    func testALayersTimingSettersKeepWhatTheyAreGiven() {
        let l = CALayer()
        l.beginTime = 1.5
        l.timeOffset = 0.25
        l.repeatCount = 3
        l.repeatDuration = 9
        l.autoreverses = true
        l.fillMode = .both
        l.duration = 2
        l.speed = 0.5
        XCTAssertEqual(l.beginTime, 1.5)
        XCTAssertEqual(l.timeOffset, 0.25)
        XCTAssertEqual(l.repeatCount, 3)
        XCTAssertEqual(l.repeatDuration, 9)
        XCTAssertTrue(l.autoreverses)
        XCTAssertEqual(l.fillMode, .both)
        XCTAssertEqual(l.duration, 2)
        XCTAssertEqual(l.speed, 0.5)
        l.repeatCount = .infinity
        XCTAssertTrue(l.repeatCount.isInfinite)
    }

    func testTheLayerClassHandsOutItsTimingDefaults() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "speed") as? Float, 1)
        XCTAssertEqual((CALayer.defaultValue(forKey: "duration") as? CFTimeInterval)?.isInfinite, true)
        XCTAssertEqual(CALayer.defaultValue(forKey: "fillMode") as? CAMediaTimingFillMode, .removed)
    }

    /// root → mid → leaf, so that the root can be told from the layer just above the leaf.
    func testATimeIsConvertedThroughEveryLayerBetweenTwo() {
        let root = CALayer(), mid = CALayer(), leaf = CALayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        mid.beginTime = 2
        mid.speed = 3
        mid.timeOffset = 0.25
        leaf.beginTime = 1
        leaf.speed = 2
        leaf.timeOffset = 0.5

        XCTAssertEqual(leaf.convertTime(10, from: mid), 18.5)
        XCTAssertEqual(leaf.convertTime(10, from: root), 47, "having crossed both layers")
        XCTAssertEqual(leaf.convertTime(10, to: mid), 5.75)
        XCTAssertEqual(leaf.convertTime(10, to: root), 23.0 / 6.0, accuracy: 1e-5)
        XCTAssertEqual(leaf.convertTime(10, to: nil), 23.0 / 6.0, accuracy: 1e-5, "no layer reads as the root")
        XCTAssertEqual(leaf.convertTime(10, from: nil), 47, "from no layer reads as from the root")
    }
}
