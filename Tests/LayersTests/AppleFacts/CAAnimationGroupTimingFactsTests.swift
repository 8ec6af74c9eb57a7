import Foundation
import XCTest
@testable import Layers

/// How a group runs the animations it holds, as Apple documents it: the grouped animations
/// keep their own durations and are cut off by the group, not scaled into it, and their begin
/// times count from the group's start (GNUstep QuartzCore
/// `Tests/quartzcore/CAAnimationGroup/apply.m`, which asks GNUstep's private `applyToLayer:`;
/// here the same questions go through a layer's presentation).
///
/// Not ported: "a layer that is nothing's presentation layer gives the time zero" (GNUstep's
/// time authority, no Apple counterpart).
final class CAAnimationGroupTimingFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func fade(over duration: CFTimeInterval) -> CABasicAnimation {
        let b = CABasicAnimation(keyPath: "opacity")
        b.duration = duration
        b.fromValue = 0
        b.toValue = 1
        return b
    }

    private func group(_ animation: CAAnimation, over duration: CFTimeInterval) -> CAAnimationGroup {
        let g = CAAnimationGroup()
        g.duration = duration
        g.animations = [animation]
        return g
    }

    /// A layer whose opacity is `opacity`, committed and shown.
    private func layer(opacity: Float = 1) -> CALayer {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.opacity = opacity
        f.advance(0)
        return layer
    }

    func testAGroupRunsTheAnimationsItHolds() {
        let l = layer(opacity: 0.5)
        l.add(group(fade(over: 4), over: 4), forKey: "g")
        f.advance(1)
        XCTAssertEqual(f.presented(l, "opacity"), 0.25, accuracy: 1e-6)
        f.advance(2)
        XCTAssertEqual(f.presented(l, "opacity"), 0.75, accuracy: 1e-6)
    }

    func testAGroupThatHoldsNothingLeavesTheLayerAlone() {
        let l = layer(opacity: 0.5)
        let g = CAAnimationGroup()
        g.duration = 4
        l.add(g, forKey: "g")
        f.advance(1)
        XCTAssertEqual(f.presented(l, "opacity"), 0.5, accuracy: 1e-6)
    }

    func testAnAnimationLongerThanItsGroupIsCutOffNotScaled() {
        let l = layer()
        l.add(group(fade(over: 8), over: 2), forKey: "g")
        f.advance(1)
        XCTAssertEqual(f.presented(l, "opacity"), 0.125, accuracy: 1e-6)
    }

    func testAnAnimationShorterThanItsGroupKeepsItsOwnDuration() {
        let l = layer()
        l.add(group(fade(over: 2), over: 8), forKey: "g")
        f.advance(1)
        XCTAssertEqual(f.presented(l, "opacity"), 0.5, accuracy: 1e-6)
    }

    func testAGroupedAnimationsBeginTimeCountsFromTheGroupsStart() {
        let l = layer()
        let b = fade(over: 2)
        b.beginTime = 1
        l.add(group(b, over: 4), forKey: "g")
        f.advance(2)
        XCTAssertEqual(f.presented(l, "opacity"), 0.5, accuracy: 1e-6)
    }

    func testAGroupStartsItsAnimationsWhenTheGroupBegins() {
        let l = layer()
        let g = group(fade(over: 4), over: 4)
        g.beginTime = CACurrentMediaTime() + 2
        l.add(g, forKey: "g")
        f.advance(3)
        XCTAssertEqual(f.presented(l, "opacity"), 0.25, accuracy: 1e-6)
    }

    func testTheInnermostAnimationIsReachedThroughNestedGroups() {
        let l = layer()
        l.add(group(group(fade(over: 4), over: 4), over: 4), forKey: "g")
        f.advance(1)
        XCTAssertEqual(f.presented(l, "opacity"), 0.25, accuracy: 1e-6)
    }

    func testAGroupThatHasJustBegunShowsItsStartValueAndTheModelKeepsItsOwn() {
        let l = layer(opacity: 0.25)
        let g = group(fade(over: 4), over: 4)
        g.beginTime = CACurrentMediaTime()
        l.add(g, forKey: "group")
        f.advance(0)
        XCTAssertLessThan(f.presented(l, "opacity"), 0.01)
        XCTAssertEqual(l.opacity, 0.25)
    }
}
