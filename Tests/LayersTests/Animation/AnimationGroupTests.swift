import Geometry
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

    func testChildWithoutDurationTakesTransactionDurationAndGroupCopiesChildren() throws {
        let layer = f.committedLayer()
        let child = CABasicAnimation(keyPath: "zPosition")
        child.fromValue = 0
        child.toValue = 10
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        CATransaction.setAnimationDuration(0.5)
        layer.add(group, forKey: "g")
        child.toValue = 1000
        XCTAssertEqual(child.duration, 0, "the caller's child is not changed")
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9)
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
