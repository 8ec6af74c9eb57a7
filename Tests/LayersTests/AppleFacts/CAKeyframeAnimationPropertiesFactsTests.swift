import Foundation
import XCTest
@testable import Layers

/// What a keyframe animation holds, as measured on Apple's QuartzCore (GNUstep QuartzCore
/// `Tests/quartzcore/CAKeyframeAnimation/properties.m`).
///
/// Not ported: "emptying the array afterwards leaves the animation alone" — a Swift array is a
/// value, so the check cannot fail here.
final class CAKeyframeAnimationPropertiesFactsTests: XCTestCase {
    func testAKeyframeAnimationIsAPropertyAnimationThatStartsLinearWithNothingSet() {
        let k = CAKeyframeAnimation(keyPath: "opacity")
        XCTAssertTrue(Mirror(reflecting: k).superclassMirror?.subjectType == CAPropertyAnimation.self)
        XCTAssertEqual(k.calculationMode, .linear)
        XCTAssertNil(k.values)
        XCTAssertNil(k.keyTimes)
        XCTAssertNil(k.timingFunctions)
    }

    func testTheCalculationModesHaveApplesNames() {
        XCTAssertEqual(CAAnimationCalculationMode.linear.rawValue, "linear")
        XCTAssertEqual(CAAnimationCalculationMode.discrete.rawValue, "discrete")
        XCTAssertEqual(CAAnimationCalculationMode.paced.rawValue, "paced")
        XCTAssertEqual(CAAnimationCalculationMode.cubic.rawValue, "cubic")
        XCTAssertEqual(CAAnimationCalculationMode.cubicPaced.rawValue, "cubicPaced")
    }

    func testTheClassNamesTheModeItStartsInAndNoValues() {
        XCTAssertEqual(CAKeyframeAnimation.defaultValue(forKey: "calculationMode") as? CAAnimationCalculationMode,
                       .linear)
        XCTAssertNil(CAKeyframeAnimation.defaultValue(forKey: "values"))
    }

    func testAModeItDoesNotKnowIsKeptAsGiven() {
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.calculationMode = CAAnimationCalculationMode(rawValue: "nonsense")
        XCTAssertEqual(k.calculationMode.rawValue, "nonsense")
    }
}
