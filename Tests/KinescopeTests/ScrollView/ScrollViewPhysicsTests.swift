import Kinescope
import XCTest

/// UIScrollView's motion against Apple's formulas, on a headless host's virtual clock (60 fps):
/// deceleration, its target, paging, the rubber band and the spring back.
/// An offset in flight as UIKit reports it: the formula's, rounded to device pixels (whole
/// points at Kinescope's screen scale of 1).
private func inFlight(_ offset: Double) -> Double { offset.rounded() }

final class ScrollViewPhysicsTests: XCTestCase {
    func testFlickDeceleratesAlongTheExponentialDecayToTheTargetItReports() throws {
        try onMain {
            let scene = try makeScrollScene()
            // 10 points a frame upwards: the content moves down at 600 points per second.
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            let log = scene.log
            let velocity = try XCTUnwrap(log.releaseVelocity)
            XCTAssertEqual(velocity.y, 0.6, accuracy: 1e-6, "points per millisecond, positive as the offset grows")
            XCTAssertEqual(velocity.x, 0)
            let start = try XCTUnwrap(log.releaseOffset).y
            XCTAssertEqual(start, 90, accuracy: 1e-9, "100 points dragged, less the 10 that began the pan")
            let distance = 0.6 * 0.998 / 0.002
            XCTAssertEqual(try XCTUnwrap(log.proposedTarget).y, start + distance, accuracy: 1e-6)
            let released = try XCTUnwrap(log.releaseTime)
            for frames in [1, 6, 30, 60, 120] {
                scene.host.advance(by: frames == 1 ? 1.0 / 60 : Double(frames) / 60 - (scene.now - released))
                let t = scene.now - released
                XCTAssertEqual(Double(scene.scrollView.contentOffset.y),
                               inFlight(start + decayDistance(velocity: 600, rate: 0.998, after: t)), accuracy: 1e-9,
                               "offset at t = \(t)")
                XCTAssertTrue(scene.scrollView.isDecelerating)
            }
            scene.host.advance(by: 4)
            XCTAssertEqual(Double(scene.scrollView.contentOffset.y), start + distance, accuracy: 1e-9, "rests on the target")
            XCTAssertFalse(scene.scrollView.isDecelerating)
            XCTAssertEqual(log.entries.last, "didEndDecelerating")
        }
    }

    func testFastRateStopsSoonerWithItsOwnTarget() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.scrollView.decelerationRate = .fast
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            let start = try XCTUnwrap(scene.log.releaseOffset).y
            XCTAssertEqual(try XCTUnwrap(scene.log.proposedTarget).y, start + 0.6 * 0.99 / 0.01, accuracy: 1e-6)
            let released = try XCTUnwrap(scene.log.releaseTime)
            scene.host.advance(by: 0.1)
            XCTAssertEqual(Double(scene.scrollView.contentOffset.y),
                           inFlight(start + decayDistance(velocity: 600, rate: 0.99, after: scene.now - released)),
                           accuracy: 1e-9)
            scene.host.advance(by: 1)
            XCTAssertEqual(scene.log.entries.last, "didEndDecelerating")
        }
    }

    func testWrittenTargetIsReachedByTheSameDecay() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.log.rewrittenTarget = CGPoint(x: 0, y: 500)
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            let start = try XCTUnwrap(scene.log.releaseOffset).y
            let released = try XCTUnwrap(scene.log.releaseTime)
            scene.host.advance(by: 0.5)
            let share = 1 - pow(0.998, 1000 * (scene.now - released))
            XCTAssertEqual(Double(scene.scrollView.contentOffset.y), inFlight(start + (500 - start) * share), accuracy: 1e-9)
            scene.host.advance(by: 5)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 500))
        }
    }

    func testWrittenTargetOutsideTheContentIsClamped() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.scrollView.decelerationRate = .fast
            scene.log.rewrittenTarget = CGPoint(x: .nan, y: 1e9)
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            scene.host.advance(by: 1.5)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 2000 - 150))
        }
    }

    func testPagingSnapsToTheNextPageOnAFlickAndTheNearestOtherwise() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 750))
            scene.scrollView.isPagingEnabled = true
            // A flick of 40 points: the next page down, though the nearest is the first.
            scene.drag(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 0, y: -10), frames: 5)
            XCTAssertEqual(scene.log.proposedTarget, CGPoint(x: 0, y: 150))
            scene.host.advance(by: 2)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 150))
            XCTAssertEqual(scene.log.entries.last, "didEndDecelerating")
            // A slow drag of 100 points held still before the release: the nearest page (300).
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 11, stillBeforeRelease: 0.2)
            XCTAssertEqual(scene.log.releaseVelocity, .zero)
            XCTAssertEqual(try XCTUnwrap(scene.log.releaseOffset).y, 250, accuracy: 1e-9)
            XCTAssertEqual(scene.log.proposedTarget, CGPoint(x: 0, y: 300))
            scene.host.advance(by: 2)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 300))
        }
    }

    func testPullPastTheTopFollowsTheRubberBandCurve() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 100))
            scene.scrollView.alwaysBounceVertical = true
            scene.host.pressPointer(at: CGPoint(x: 100, y: 20))
            scene.frame()
            scene.host.movePointer(to: CGPoint(x: 100, y: 30))
            XCTAssertTrue(scene.scrollView.isDragging)
            for pull in [20.0, 100.0, 400.0] {
                scene.frame()
                scene.host.movePointer(to: CGPoint(x: 100, y: 30 + pull))
                let expected = (1 - 1 / (pull * 0.55 / 150 + 1)) * 150
                XCTAssertEqual(Double(scene.scrollView.contentOffset.y), -expected, accuracy: 1e-9, "pull \(pull)")
            }
            scene.scrollView.bounces = false
            scene.frame()
            scene.host.movePointer(to: CGPoint(x: 100, y: 130))
            XCTAssertEqual(scene.scrollView.contentOffset.y, 0, "no rubber band without bounces")
        }
    }

    func testReleasePastTheEdgeSpringsBackCriticallyDampedAndRests() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 100))
            scene.scrollView.alwaysBounceVertical = true
            scene.drag(from: CGPoint(x: 100, y: 20), step: CGPoint(x: 0, y: 10), frames: 11, stillBeforeRelease: 0.2)
            let x0 = Double(try XCTUnwrap(scene.log.releaseOffset).y)
            XCTAssertEqual(x0, -(1 - 1 / (100 * 0.55 / 150 + 1)) * 150, accuracy: 1e-9)
            XCTAssertEqual(scene.log.proposedTarget, .zero, "the target is the edge")
            XCTAssertEqual(Array(scene.log.entries.suffix(3)), ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
            let released = try XCTUnwrap(scene.log.releaseTime)
            let omega = 2 * Double.pi / 0.5
            for frames in [3, 9, 15] {
                scene.host.advance(by: Double(frames) / 60 - (scene.now - released))
                let t = scene.now - released
                XCTAssertEqual(Double(scene.scrollView.contentOffset.y), inFlight(x0 * (1 + omega * t) * exp(-omega * t)),
                               accuracy: 1e-9, "t = \(t)")
            }
            scene.host.advance(by: 1)
            XCTAssertEqual(scene.scrollView.contentOffset, .zero)
            XCTAssertFalse(scene.scrollView.isDecelerating)
            XCTAssertEqual(scene.log.entries.last, "didEndDecelerating")
        }
    }

    func testFlickIntoTheEndBouncesPastItAndComesBack() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 300))
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            XCTAssertEqual(scene.log.proposedTarget, CGPoint(x: 0, y: 150), "clamped to the end")
            var furthest: CGFloat = 0
            for _ in 0..<90 {
                scene.frame()
                furthest = max(furthest, scene.scrollView.contentOffset.y)
            }
            XCTAssertGreaterThan(furthest, 150, "overshoots the end")
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 150))
            XCTAssertEqual(scene.log.entries.last, "didEndDecelerating")

            scene.scrollView.bounces = false
            scene.scrollView.contentOffset = .zero
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            furthest = 0
            for _ in 0..<90 {
                scene.frame()
                furthest = max(furthest, scene.scrollView.contentOffset.y)
            }
            XCTAssertEqual(furthest, 150, "stops at the end without bounces")
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 150))
        }
    }
}
