import Geometry
import XCTest
@testable import Layers

final class MediaTimingTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// A linear animation of `zPosition` from 0 to 10 over 1 s, configured by `configure`.
    private func animate(_ layer: CALayer, _ configure: (CABasicAnimation) -> Void) {
        let animation = CABasicAnimation(keyPath: "zPosition")
        animation.fromValue = 0
        animation.toValue = 10
        animation.duration = 1
        configure(animation)
        layer.add(animation, forKey: "z")
    }

    func testRemovedFillShowsModelBeforeAndAfter() throws {
        let layer = f.committedLayer()
        animate(layer) { $0.beginTime = CACurrentMediaTime() + 1 }
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0, "model value before the begin time")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0)
        XCTAssertNil(layer.animation(forKey: "z"))
    }

    func testBackwardsFillShowsStartValueBeforeDelayedBegin() throws {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.zPosition = 3
        animate(layer) {
            $0.beginTime = CACurrentMediaTime() + 1
            $0.fromValue = 7
            $0.fillMode = .backwards
        }
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 7)
    }

    func testForwardsFillKeepsEndValueWhenNotRemoved() throws {
        let layer = f.committedLayer()
        let delegate = RecordingAnimationDelegate()
        animate(layer) {
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
            $0.delegate = delegate
        }
        f.advance(5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 10)
        XCTAssertEqual(layer.animationKeys(), ["z"], "kept")
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
        XCTAssertFalse(f.engine.hasActiveAnimations, "a finished animation costs no frames")
    }

    func testForwardsFillWithRemovalOnCompletionShowsModel() throws {
        let layer = f.committedLayer()
        animate(layer) { $0.fillMode = .both }
        f.advance(5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0)
    }

    func testRepeatCountAndAutoreverses() throws {
        let layer = f.committedLayer()
        animate(layer) {
            $0.repeatCount = 2
            $0.autoreverses = true
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        let expected: [(Double, Double)] = [(0.25, 2.5), (1.25, 7.5), (1.75, 2.5), (2.25, 2.5), (3.5, 5), (5, 0)]
        var now = 0.0
        for (time, value) in expected {
            f.advance(time - now)
            now = time
            XCTAssertEqual(f.presented(layer, "zPosition"), value, accuracy: 1e-9, "at \(time) s")
        }
    }

    func testFractionalRepeatCountEndsMidCycleAndRepeatDurationLimits() throws {
        let layer = f.committedLayer()
        animate(layer) {
            $0.repeatCount = 1.5
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        f.advance(4)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9)

        let other = f.committedLayer()
        animate(other) { $0.repeatDuration = 2.25 }
        f.advance(2)
        XCTAssertEqual(f.presented(other, "zPosition"), 0, accuracy: 1e-9, "start of the third repetition")
        f.advance(0.125)
        XCTAssertEqual(f.presented(other, "zPosition"), 1.25, accuracy: 1e-9)
        f.advance(0.25)
        XCTAssertNil(other.animation(forKey: "z"))
    }

    func testInfiniteRepeatNeverFinishes() throws {
        let layer = f.committedLayer()
        animate(layer) { $0.repeatCount = .infinity }
        f.advance(1000.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-6)
        XCTAssertTrue(f.engine.hasActiveAnimations)
    }

    func testInfiniteRepeatDurationRepeatsForever() throws {
        let layer = f.committedLayer()
        let delegate = RecordingAnimationDelegate()
        animate(layer) {
            $0.repeatDuration = .infinity
            $0.delegate = delegate
        }
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-9)
        f.advance(5000)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-6, "5001st repetition, a quarter in")
        XCTAssertNotNil(layer.animation(forKey: "z"))
        XCTAssertEqual(delegate.events, ["start"], "never stops")
    }

    func testGreatestFiniteRepeatCountRepeatsForeverWithAutoreverse() throws {
        let layer = f.committedLayer()
        animate(layer) {
            $0.repeatCount = .greatestFiniteMagnitude
            $0.autoreverses = true
        }
        f.advance(1001.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 7.5, accuracy: 1e-6, "on the way back")
        XCTAssertTrue(f.engine.hasActiveAnimations)
    }

    func testInfiniteDurationHoldsTheStartAndNeverEnds() throws {
        let layer = f.committedLayer()
        animate(layer) { $0.duration = .infinity }
        f.advance(100)
        XCTAssertEqual(f.presented(layer, "zPosition"), 0, accuracy: 1e-9)
        XCTAssertNotNil(layer.animation(forKey: "z"))
    }

    func testNaNAndNegativeTimingValuesCountAsZero() throws {
        let layer = f.committedLayer()
        animate(layer) {
            $0.repeatCount = .nan
            $0.repeatDuration = -.infinity
        }
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9)
        f.advance(0.6)
        XCTAssertNil(layer.animation(forKey: "z"), "plays once")
        animate(layer) { $0.duration = .nan }
        f.advance(0.125)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9, "a NaN duration takes the transaction's 0.25 s")
    }

    func testLayerDurationDefaultsToInfinity() {
        XCTAssertEqual(CALayer().duration, .infinity)
        XCTAssertEqual(CABasicAnimation().duration, 0)
    }

    func testInfiniteRepeatInsideAGroupStopsWithTheGroup() throws {
        let layer = f.committedLayer()
        let spin = CABasicAnimation(keyPath: "zPosition")
        spin.fromValue = 0
        spin.toValue = 10
        spin.duration = 1
        spin.repeatDuration = .infinity
        let group = CAAnimationGroup()
        group.animations = [spin]
        group.duration = 2.5
        layer.add(group, forKey: "g")
        f.advance(2.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-9)
        f.advance(0.5)
        XCTAssertNil(layer.animation(forKey: "g"))
    }

    func testInfiniteGroupRunsItsChildrenOnTheirOwnClocks() throws {
        let layer = f.committedLayer()
        let spin = CABasicAnimation(keyPath: "zPosition")
        spin.fromValue = 0
        spin.toValue = 10
        spin.duration = 1
        spin.repeatCount = .infinity
        let group = CAAnimationGroup()
        group.animations = [spin]
        group.duration = .infinity
        layer.add(group, forKey: "g")
        f.advance(7.75)
        XCTAssertEqual(f.presented(layer, "zPosition"), 7.5, accuracy: 1e-6)
        XCTAssertNotNil(layer.animation(forKey: "g"))
    }

    func testSpeedAndTimeOffset() throws {
        let layer = f.committedLayer()
        animate(layer) { $0.speed = 2 }
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9)
        f.advance(0.25)
        XCTAssertNil(layer.animation(forKey: "z"), "a 1 s animation at speed 2 lasts 0.5 s")

        animate(layer) { $0.timeOffset = 0.5 }
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 7.5, accuracy: 1e-9)
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-9, "wrapped round to the start")
    }

    func testLayerSpeedZeroPausesAndTimeOffsetResumes() throws {
        let layer = f.committedLayer()
        animate(layer) { _ in }
        f.advance(0.25)
        let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = paused
        f.advance(10)
        XCTAssertEqual(f.presented(layer, "zPosition"), 2.5, accuracy: 1e-9, "paused")
        XCTAssertNotNil(layer.animation(forKey: "z"))
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "zPosition"), 5, accuracy: 1e-9, "resumed where it paused")
    }

    func testConvertTimeThroughAncestors() throws {
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        parent.speed = 2
        parent.beginTime = 10
        child.timeOffset = 3
        XCTAssertEqual(child.convertTime(20, from: nil), 23)
        XCTAssertEqual(child.convertTime(23, to: nil), 20)
        XCTAssertEqual(parent.convertTime(5, from: child), 2)
        XCTAssertEqual(parent.convertTime(2, to: child), 5)
    }

    func testDelayedAnimationReportsItsBeginAsNextDeadline() throws {
        let layer = f.committedLayer()
        XCTAssertNil(f.engine.nextFrameDeadline(), "idle: nothing scheduled")
        animate(layer) { $0.beginTime = CACurrentMediaTime() + 2 }
        XCTAssertEqual(f.engine.nextFrameDeadline(), 100, "a transaction waits to be committed")
        f.advance(0.5)
        XCTAssertEqual(f.engine.nextFrameDeadline()!, 102, accuracy: 1e-9)
        f.advance(2)
        XCTAssertEqual(f.engine.nextFrameDeadline(), 102.5, "animating: the next frame is due now")
        f.advance(1)
        XCTAssertNil(f.engine.nextFrameDeadline())
    }
}
