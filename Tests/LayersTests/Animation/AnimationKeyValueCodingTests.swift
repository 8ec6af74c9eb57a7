import Foundation
import Geometry
import XCTest
@testable import Layers

/// Key-value coding reaches an animation's own properties, as Core Animation's does.
final class AnimationKeyValueCodingTests: XCTestCase {
    func testPropertiesReadAndWriteByKey() throws {
        let move = CABasicAnimation(keyPath: "position")
        XCTAssertEqual(move.value(forKey: "duration") as? CFTimeInterval, 0)
        XCTAssertEqual(move.value(forKey: "keyPath") as? String, "position")
        XCTAssertEqual(move.value(forKey: "removedOnCompletion") as? Bool, true)
        move.setValue(NSNumber(value: 2.5), forKey: "duration")
        move.setValue(Float(3), forKey: "repeatCount")
        move.setValue(false, forKey: "removedOnCompletion")
        move.setValue("forwards", forKey: "fillMode")
        move.setValue(NSValue(cgPoint: CGPoint(x: 4, y: 5)), forKey: "toValue")
        XCTAssertEqual(move.duration, 2.5)
        XCTAssertEqual(move.repeatCount, 3)
        XCTAssertFalse(move.isRemovedOnCompletion)
        XCTAssertEqual(move.fillMode, .forwards)
        XCTAssertEqual((move.toValue as? NSValue)?.cgPointValue, CGPoint(x: 4, y: 5))
        move.setValue("not a number", forKey: "duration")
        XCTAssertEqual(move.duration, 2.5, "a value of the wrong type is ignored")
        XCTAssertEqual(move.value(forKey: "duration") as? CFTimeInterval, 2.5)
    }

    func testSubclassPropertiesAndTagsByKey() throws {
        let hop = CAKeyframeAnimation(keyPath: "opacity")
        hop.calculationMode = .discrete
        XCTAssertEqual(hop.value(forKey: "calculationMode") as? CAAnimationCalculationMode, .discrete)
        hop.setValue([0, 0.5, 1], forKey: "keyTimes")
        XCTAssertEqual(hop.keyTimes?.map(\.doubleValue), [0, 0.5, 1])
        let spring = CASpringAnimation(keyPath: "position")
        spring.setValue(20, forKey: "damping")
        XCTAssertEqual(spring.damping, 20)
        let group = CAAnimationGroup()
        group.setValue([hop], forKey: "animations")
        XCTAssertTrue(group.animations?.first === hop)
        group.setValue("spin", forKey: "name")
        XCTAssertEqual(group.value(forKey: "name") as? String, "spin", "other keys tag the animation")
        XCTAssertEqual((group.copy() as? CAAnimation)?.value(forKey: "name") as? String, "spin")
    }
}
