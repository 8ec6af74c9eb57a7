import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/implicit.m. GNUstep does not run that file on
/// Apple, because there a layer that was never committed to the render server does not animate
/// (its animationKeys stay nil); the facts below are Apple's for layers that were, which the
/// fixture's `committedLayer()` stands for.
final class CALayerImplicitFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testALayerNeverCommittedDoesNotAnimateImplicitly() {
        let l = CALayer()
        CATransaction.begin()
        l.position = CGPoint(x: 20, y: 20)
        CATransaction.commit()
        XCTAssertNil(l.animationKeys())
        XCTAssertEqual(l.position.x, 20)
    }

    func testAPropertyChangeInsideATransactionAnimates() {
        let l = f.committedLayer()
        XCTAssertNil(l.animation(forKey: "position"))
        CATransaction.begin()
        l.position = CGPoint(x: 20, y: 20)
        CATransaction.commit()
        XCTAssertNotNil(l.animation(forKey: "position"))
        XCTAssertEqual(l.position.x, 20)
    }

    func testDisablingActionsStopsTheAnimationButNotTheChange() {
        let l = f.committedLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        XCTAssertTrue(CATransaction.disableActions())
        l.position = CGPoint(x: 30, y: 30)
        CATransaction.commit()
        XCTAssertNil(l.animation(forKey: "position"))
        XCTAssertEqual(l.position.x, 30)
    }

    func testActionsAreDisabledForOneTransactionOnly() {
        let l = f.committedLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.position = CGPoint(x: 40, y: 40)
        CATransaction.commit()
        XCTAssertNil(l.animation(forKey: "position"))
        CATransaction.begin()
        l.position = CGPoint(x: 60, y: 60)
        CATransaction.commit()
        XCTAssertNotNil(l.animation(forKey: "position"))
    }

    func testSettingThePropertyToTheValueItHasDoesNotAnimate() {
        let l = f.committedLayer()
        CATransaction.begin()
        l.position = CGPoint(x: 60, y: 60)
        CATransaction.commit()
        l.removeAnimation(forKey: "position")
        CATransaction.begin()
        l.position = CGPoint(x: 60, y: 60)
        CATransaction.commit()
        XCTAssertNil(l.animation(forKey: "position"))
    }
}
