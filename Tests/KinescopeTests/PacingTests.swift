import Kinescope
import XCTest

/// Frame pacing of `ApplicationRunLoop` on a virtual clock: at most one frame per interval,
/// overrun slots counted as dropped, and nothing done (nor any wake-up planned) while idle.
final class PacingTests: XCTestCase {
    func testSlowFrameInADisplayLinkCountsTheSlotsItOverran() throws {
        try onMain {
            let (host, _, square) = try pacingScene(framesPerSecond: 20)
            let clock = try XCTUnwrap(host.runLoop.engine.clock as? VirtualClock)
            var calls = 0
            let link = CADisplayLink { _ in
                calls += 1
                square.alpha = calls % 2 == 0 ? 0.5 : 1
                // The fifth frame takes 3.5 intervals.
                if calls == 5 { clock.advance(by: 3.5 / 20) }
            }
            link.add(to: .main, forMode: .default)
            host.advance(by: 4.0 / 20)
            XCTAssertEqual(host.runLoop.droppedFrameCount, 0, "frames on time drop nothing")
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(calls, 5)
            XCTAssertEqual(host.runLoop.droppedFrameCount, 3, "a frame ending 3.5 intervals after its slot drops 3")
            host.advance(by: 4.0 / 20)
            XCTAssertEqual(host.runLoop.droppedFrameCount, 3, "the next frames are on time again")
            XCTAssertEqual(host.runLoop.statistics.droppedFrames, 3)
            link.invalidate()
        }
    }

    func testAtMostOneFramePerIntervalWhenTurnsComeFaster() throws {
        try onMain {
            let (host, _, square) = try pacingScene(framesPerSecond: 20)
            let clock = try XCTUnwrap(host.runLoop.engine.clock as? VirtualClock)
            UIView.animate(withDuration: 5, delay: 0, options: .curveLinear, animations: { square.center.x += 100 })
            let presentsBefore = host.frameCount
            let framesBefore = host.runLoop.statistics.frames
            for _ in 0..<20 {
                clock.advance(by: 0.5 / 20)
                try host.runLoop.runTurn(maximumWait: .zero, pacedToFrameRate: true)
            }
            XCTAssertEqual(host.frameCount - presentsBefore, 10, "20 turns half an interval apart present 10 frames")
            XCTAssertEqual(host.runLoop.statistics.frames - framesBefore, 10)
            XCTAssertEqual(host.runLoop.droppedFrameCount, 0)
            let wait = try XCTUnwrap(host.runLoop.timeUntilNextFrame(), "an animation is running")
            XCTAssertLessThanOrEqual(wait, .seconds(1.0 / 20))
        }
    }

    func testFrameRateIsSettableOnTheRunLoop() throws {
        try onMain {
            let (host, _, square) = try pacingScene(framesPerSecond: 20)
            let loop = host.runLoop
            loop.framesPerSecond = 10
            XCTAssertEqual(loop.engine.maximumFramesPerSecond, 10, "display links see the new rate")
            UIView.animate(withDuration: 5, delay: 0, options: .curveLinear, animations: { square.center.y += 50 })
            let before = host.frameCount
            let clock = try XCTUnwrap(loop.engine.clock as? VirtualClock)
            for _ in 0..<12 {
                clock.advance(by: 1.0 / 20)
                try loop.runTurn(maximumWait: .zero, pacedToFrameRate: true)
            }
            XCTAssertEqual(host.frameCount - before, 6, "10 frames per second: every other 1/20 s turn")
            loop.framesPerSecond = 0
            XCTAssertEqual(loop.framesPerSecond, 1, "at least one frame per second")
        }
    }

    func testSnapshotAtTheFramesTimeComposesAnAnimatingTreeOnlyWhenSomethingChanged() throws {
        try onMain {
            let (host, controller, square) = try pacingScene(framesPerSecond: 20)
            UIView.animate(withDuration: 5, delay: 0, options: .curveLinear, animations: { square.center.x += 100 })
            let fade = CATransition()
            fade.duration = 5
            controller.view.layer.add(fade, forKey: nil)
            for _ in 0..<4 {
                host.advance(by: 1.0 / 20)
                let presented = host.runLoop.statistics.presentedFrames
                let shown = host.snapshot().cgImage!.bitmap
                XCTAssertEqual(host.runLoop.statistics.presentedFrames, presented,
                               "a recording's snapshot turn at the frame's own time composites nothing again")
                XCTAssertTrue(try shown.hasSamePixels(as: XCTUnwrap(host.lastFrame)))
            }
            let presented = host.runLoop.statistics.presentedFrames
            square.alpha = 0.5
            _ = host.snapshot()
            XCTAssertEqual(host.runLoop.statistics.presentedFrames, presented + 1, "a change at the same time is drawn")
            let before = host.snapshot().cgImage!.bitmap
            controller.view.layer.speed = 3
            _ = host.snapshot()
            XCTAssertEqual(host.runLoop.statistics.presentedFrames, presented + 2,
                           "a parent's timing change moves its sublayers' animations at the same media time")
            XCTAssertFalse(host.snapshot().cgImage!.bitmap.hasSamePixels(as: before))
        }
    }

    func testIdleAfterAnAnimationPresentsNothingComposesNothingAndBlocks() throws {
        try onMain {
            let (host, _, square) = try pacingScene(framesPerSecond: 20)
            UIView.animate(withDuration: 0.2, animations: { square.center.x += 60 })
            host.advance(by: 0.5)
            let statistics = host.runLoop.statistics
            let presents = host.frameCount
            XCTAssertGreaterThan(statistics.presentedFrames, 4, "the animation was shown")
            for _ in 0..<30 { host.advance(by: 1.0 / 20) }
            XCTAssertEqual(host.frameCount, presents, "nothing presented while idle")
            XCTAssertEqual(host.runLoop.statistics.compositedPixels, statistics.compositedPixels, "nothing composited")
            XCTAssertEqual(host.runLoop.statistics.presentedFrames, statistics.presentedFrames)
            XCTAssertNil(host.runLoop.timeUntilNextFrame(), "run() would block until input arrives")
            square.backgroundColor = .blue
            let wait = try XCTUnwrap(host.runLoop.timeUntilNextFrame(), "a change makes a frame due")
            XCTAssertLessThanOrEqual(wait, .seconds(1.0 / 20), "at the next frame slot")
        }
    }
}

/// A headless window at `framesPerSecond` with a white background and a 20×20 red square.
@MainActor
func pacingScene(framesPerSecond: Int, width: CGFloat = 120, height: CGFloat = 90) throws
    -> (HeadlessHost, UIViewController, UIView) {
    let host = try HeadlessHost(size: CGSize(width: width, height: height), framesPerSecond: framesPerSecond)
    let controller = UIViewController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
    window.rootViewController = controller
    controller.view.backgroundColor = .white
    let square = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    square.backgroundColor = .red
    controller.view.addSubview(square)
    host.show(window)
    host.advance(by: 1.0 / Double(framesPerSecond))
    return (host, controller, square)
}
