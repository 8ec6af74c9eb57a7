import Foundation
import XCTest
@testable import Layers

/// Apple's measured behaviour of the animation classes' initial values, setters and copies
/// (GNUstep QuartzCore `Tests/quartzcore/CAAnimation/animation.m`, run against Apple's
/// QuartzCore in its CI).
final class CAAnimationFactsTests: XCTestCase {
    private final class Delegate: CAAnimationDelegate {}

    func testANewAnimationHasNoDelegateNoTimingFunctionAndIsRemovedOnCompletion() {
        let a = CAAnimation()
        XCTAssertNil(a.delegate)
        XCTAssertNil(a.timingFunction)
        XCTAssertTrue(a.isRemovedOnCompletion)
    }

    func testANewPropertyAnimationHasNoKeyPathIsNeitherAdditiveNorCumulativeAndHasNoValueFunction() {
        let p = CAPropertyAnimation()
        XCTAssertNil(p.keyPath)
        XCTAssertFalse(p.isAdditive)
        XCTAssertFalse(p.isCumulative)
        XCTAssertNil(p.valueFunction)
    }

    func testThePropertyAnimationInitialiserKeepsItsKeyPath() {
        let k: CAAnimation = CAPropertyAnimation(keyPath: "opacity")
        XCTAssertEqual((k as? CAPropertyAnimation)?.keyPath, "opacity")
    }

    func testANewBasicAnimationHasNoValuesAndNoKeyPath() {
        let b = CABasicAnimation()
        XCTAssertNil(b.fromValue)
        XCTAssertNil(b.toValue)
        XCTAssertNil(b.byValue)
        XCTAssertNil(b.keyPath)
    }

    func testANewKeyframeAnimationHasNoValuesAndCalculatesLinearly() {
        let k = CAKeyframeAnimation()
        XCTAssertNil(k.values)
        XCTAssertEqual(k.calculationMode.rawValue, "linear")
    }

    func testANewSpringHasUnitMassStiffness100Damping10AndStartsAtRest() {
        let s = CASpringAnimation()
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.stiffness, 100)
        XCTAssertEqual(s.damping, 10)
        XCTAssertGreaterThan(s.settlingDuration, 0)
        XCTAssertEqual(s.initialVelocity, 0)
    }

    func testTheSettersKeepWhatTheyAreGiven() {
        let b = CABasicAnimation()
        let ease = CAMediaTimingFunction(name: .easeIn)
        b.keyPath = "position"
        b.toValue = 7
        b.fromValue = 3
        b.timingFunction = ease
        b.isRemovedOnCompletion = false
        b.isAdditive = true
        b.isCumulative = true
        XCTAssertEqual(b.keyPath, "position")
        XCTAssertEqual(b.toValue as? Int, 7)
        XCTAssertEqual(b.fromValue as? Int, 3)
        XCTAssertTrue(b.timingFunction === ease, "the same function object, not a copy")
        XCTAssertFalse(b.isRemovedOnCompletion)
        XCTAssertTrue(b.isAdditive)
        XCTAssertTrue(b.isCumulative)
    }

    func testAnAnimationRetainsItsDelegateAndLetsGoWhenItIsReplaced() {
        let a = CAAnimation()
        weak var held: Delegate?
        do {
            let d = Delegate()
            held = d
            a.delegate = d
            XCTAssertTrue(a.delegate === d, "the delegate reads back as it was set")
        }
        XCTAssertNotNil(held, "unlike most delegates, an animation's is held strongly")
        a.delegate = nil
        XCTAssertNil(held, "and released when it is replaced")
    }

    func testACopyIsADistinctObjectWithTheTimingAndTheSubclassProperties() throws {
        let b = CABasicAnimation()
        b.keyPath = "position"
        b.duration = 3
        b.toValue = 7
        b.repeatCount = 2
        let c = try XCTUnwrap(b.copy() as? CABasicAnimation)
        XCTAssertFalse(c === b)
        XCTAssertEqual(c.duration, 3)
        XCTAssertEqual(c.repeatCount, 2)
        XCTAssertEqual(c.keyPath, "position")
        XCTAssertEqual(c.toValue as? Int, 7)
    }
}
