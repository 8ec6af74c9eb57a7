import Foundation
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/actions.m (measured on Apple's QuartzCore):
/// where `action(forKey:)` looks, in what order, and what an `NSNull` does on the way.
final class CALayerActionsFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private final class ActionDelegate: CALayerDelegate {
        var answer: (any CAAction)?
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answer }
    }

    private func marker() -> CAAnimation { CAAnimation() }

    private func isAction(_ found: (any CAAction)?, _ expected: CAAnimation, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue((found as AnyObject?) === expected, "found \(String(describing: found))", file: file, line: line)
    }

    func testTheClassOffersNoDefaultActionForAPropertyByName() {
        // `defaultAction(forKey:)` of CALayer answers nil on Apple; the implicit animation comes
        // from the search itself for layers in a displayed tree.
        XCTAssertNil(CALayer.defaultAction(forKey: "position"))
    }

    func testABareLayerHasNoActionForAPropertyNorForAnUnknownKey() {
        let l = CALayer()
        XCTAssertNil(l.action(forKey: "position"))
        XCTAssertNil(l.action(forKey: "aKeyNobodyDefined"))
    }

    func testTheDelegateIsAskedFirstAndANullFromItEndsTheSearch() {
        let l = CALayer()
        let d = ActionDelegate()
        l.delegate = d
        let fromDelegate = marker(), fromActions = marker()
        d.answer = fromDelegate
        isAction(l.action(forKey: "position"), fromDelegate)
        d.answer = NSNull()
        XCTAssertNil(l.action(forKey: "position"))
        d.answer = nil
        l.actions = ["position": fromActions]
        isAction(l.action(forKey: "position"), fromActions)
        d.answer = fromDelegate
        isAction(l.action(forKey: "position"), fromDelegate)
    }

    func testANullInTheActionsEndsTheSearchAndAKeyTheyDoNotHoldFindsNothing() {
        let l = CALayer()
        l.actions = ["position": NSNull()]
        XCTAssertNil(l.action(forKey: "position"))
        let fromActions = marker()
        l.actions = ["position": fromActions]
        isAction(l.action(forKey: "position"), fromActions)
        XCTAssertNil(l.action(forKey: "opacity"))
    }

    func testTheStylesActionsAreSearchedAfterTheActionsDictionary() {
        let l = CALayer()
        let fromStyle = marker(), fromActions = marker()
        l.style = ["actions": ["position": fromStyle] as [String: any CAAction]]
        isAction(l.action(forKey: "position"), fromStyle)
        l.actions = ["position": fromActions]
        isAction(l.action(forKey: "position"), fromActions)
        let n = CALayer()
        n.style = ["actions": ["position": NSNull()] as [String: any CAAction]]
        XCTAssertNil(n.action(forKey: "position"))
    }

    func testDisablingActionsDoesNotChangeTheSearch() {
        let l = CALayer()
        let fromActions = marker()
        l.actions = ["position": fromActions]
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        isAction(l.action(forKey: "position"), fromActions)
        CATransaction.commit()
        isAction(l.action(forKey: "position"), fromActions)
    }
}
