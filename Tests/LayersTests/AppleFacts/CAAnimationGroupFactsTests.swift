import Foundation
import XCTest
@testable import Layers

/// What a `CAAnimationGroup` holds and what a copy of one holds, as measured on Apple's
/// QuartzCore (GNUstep QuartzCore `Tests/quartzcore/CAAnimationGroup/group.m`).
///
/// Not ported: "the array is copied, so emptying the original leaves the group alone" — a Swift
/// array is a value, so the check cannot fail here.
final class CAAnimationGroupFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testAGroupDerivesFromCAAnimationAndHoldsNothingToBeginWith() {
        let g = CAAnimationGroup()
        XCTAssertTrue(Mirror(reflecting: g).superclassMirror?.subjectType == CAAnimation.self)
        XCTAssertNil(g.animations)
    }

    func testAGroupHoldsTheAnimationsItIsGivenInOrderAndCanBeEmptied() throws {
        let g = CAAnimationGroup()
        let a = CABasicAnimation(keyPath: "opacity")
        let b = CABasicAnimation(keyPath: "position")
        g.animations = [a, b]
        let held = try XCTUnwrap(g.animations)
        XCTAssertEqual(held.count, 2)
        XCTAssertTrue(held[0] === a && held[1] === b)
        g.animations = nil
        XCTAssertNil(g.animations)
    }

    func testACopyOfAGroupHoldsTheSameAnimationsNotCopiesAndTheGroupsTiming() throws {
        let g = CAAnimationGroup()
        let a = CABasicAnimation(keyPath: "opacity")
        g.animations = [a]
        g.duration = 3
        let copy = try XCTUnwrap(g.copy() as? CAAnimationGroup)
        let held = try XCTUnwrap(copy.animations)
        XCTAssertEqual(held.count, 1)
        XCTAssertTrue(held[0] === a, "the animations themselves, not copies of them")
        XCTAssertEqual(copy.duration, 3)
    }

    /// The other side of the same fact: what a layer runs is fixed when it is added (Apple's
    /// render tree copies the animation), so sharing children between copies does not let a
    /// later change to the caller's child reach the running group, nor the layer change it.
    func testALayerRunsTheGroupAsItWasWhenAddedAndLeavesTheCallersChildrenAlone() {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "opacity")
        child.fromValue = 0
        child.toValue = 1
        let nested = CAAnimationGroup()
        let inner = CABasicAnimation(keyPath: "zPosition")
        inner.fromValue = 0
        inner.toValue = 10
        nested.animations = [inner]
        let g = CAAnimationGroup()
        g.animations = [child, nested]
        g.duration = 4
        layer.add(g, forKey: "g")
        child.toValue = 100
        inner.toValue = 1000
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.25, accuracy: 1e-6)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-6)
        XCTAssertEqual(child.duration, 0, "the caller's child keeps its own duration")
        XCTAssertEqual(nested.duration, 0)
        XCTAssertEqual(inner.duration, 0)
        XCTAssertTrue(g.animations?[0] === child, "and its group still holds it")
    }
}
