import Geometry
import Graphics
import XCTest
@testable import Layers

final class AnimationGroupTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testChildrenRunOnTheGroupTimelineAndAreCutAtItsEnd() throws {
        let layer = f.committedLayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        let grow = CABasicAnimation(keyPath: "zPosition")
        grow.fromValue = 0
        grow.toValue = 10
        grow.beginTime = 1
        grow.duration = 4
        let group = CAAnimationGroup()
        group.animations = [fade, grow]
        group.duration = 2
        let delegate = RecordingAnimationDelegate()
        group.delegate = delegate
        layer.add(group, forKey: "group")

        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0, "the second child starts 1 s into the group")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 1, accuracy: 1e-6, "the first child ended, no fill")
        XCTAssertEqual(f.presented(layer, "zPosition"), 1.25, accuracy: 1e-9)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0, "cut off with the group")
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
    }

    func testChildWithoutDurationRunsForTheGroupsDurationAndTheLayerCopiesChildren() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 4
        CATransaction.setAnimationDuration(0.5)
        layer.add(group, forKey: "g")
        child.toValue = 1000
        XCTAssertEqual(child.duration, 0, "the caller's child is not changed")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-9, "a quarter of the group's 4 s")
        f.advance(2)
        XCTAssertEqual(f.presented(layer, "zPosition"), 7.5, accuracy: 1e-9)
    }

    func testKeyframePathAndColourChildrenRunOverTheGroupsDuration() throws {
        // The book listing: a keyframe `position` along a path plus a `backgroundColor`
        // change, durations set on the group alone.
        let layer = f.committedLayer()
        let colour = CABasicAnimation(keyPath: "backgroundColor")
        colour.fromValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        colour.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addLine(to: CGPoint(x: 300, y: 150))
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = path
        let group = CAAnimationGroup()
        group.animations = [colour, move]
        group.duration = 4
        layer.add(group, forKey: nil)
        f.advance(2)
        let shown = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(shown.position.x, 150, accuracy: 1e-6, "half way along the path at 2 of 4 s")
        let red = try XCTUnwrap(shown.backgroundColor?.components)
        XCTAssertEqual(Double(red[0]), 0.5, accuracy: 0.01)
        XCTAssertEqual(Double(red[2]), 0.5, accuracy: 0.01)
        f.advance(1.9)
        XCTAssertTrue(f.engine.hasActiveAnimations)
        f.advance(0.2)
        XCTAssertFalse(f.engine.hasActiveAnimations)
    }

    func testGroupWithoutDurationTakesTheTransactionsAndSoDoItsChildren() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        let group = CAAnimationGroup()
        group.animations = [child]
        CATransaction.setAnimationDuration(0.5)
        layer.add(group, forKey: "g")
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9)
    }

    func testNestedGroupsPassTheirDurationsDown() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        let inner = CAAnimationGroup()
        inner.animations = [child]
        inner.beginTime = 1
        let outer = CAAnimationGroup()
        outer.animations = [inner]
        outer.duration = 3
        layer.add(outer, forKey: "g")
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0, "the inner group starts 1 s in")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 10.0 / 6, accuracy: 1e-9, "0.5 s into 3 s")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 10.0 / 2, accuracy: 1e-9)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0, "cut off at the outer group's end, half way")
    }

    func testChildLongerThanTheGroupIsCutNotScaled() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        child.duration = 10
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 5
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "g")
        f.advance(2.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-9)
        f.advance(5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9, "the group holds the state at its end")
    }

    func testGroupSpeedAndTimeOffsetMoveTheChildren() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        group.speed = 2
        group.timeOffset = 0.5
        layer.add(group, forKey: "g")
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9, "0.5 s offset + 0.25 s × 2")
        f.advance(0.625)
        XCTAssertEqual(f.presented(layer, "zPosition"), 1.25, accuracy: 1e-9, "wrapped round: 0.25 s into the second pass")
        f.advance(0.2)
        XCTAssertNil(layer.animation(forKey: "g"), "2 s at speed 2 lasts 1 s")
    }

    func testGroupTimingFunctionWarpsChildrenTime() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        child.duration = 1
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        layer.add(group, forKey: "g")
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 10 * CAMediaTimingFunction(name: .easeIn).output(at: 0.5), accuracy: 1e-6)
    }
}
