import Foundation
import XCTest
@testable import Layers

/// A thread's default engine drives itself from Foundation's run loop, with no
/// `ApplicationRunLoop`: these tests only turn `RunLoop.current`, as a unit test or a
/// command-line tool would. Wall-clock waits are short and bounded; assertions about what has
/// not happened yet are made only when the machine was fast enough for them to hold.
final class RunLoopCompletionTests: XCTestCase {
    private var engine: AnimationEngine!

    override func setUp() {
        AnimationEngine.resignCurrent()
        engine = AnimationEngine.current
    }

    /// Turns the current run loop for `seconds` of wall time.
    private func turn(_ seconds: TimeInterval = 0.05) {
        RunLoop.current.run(until: Date().addingTimeInterval(seconds))
    }

    /// Turns the run loop until `condition` holds, for at most `limit` seconds.
    private func turn(until condition: () -> Bool, limit: TimeInterval = 5) {
        let end = Date().addingTimeInterval(limit)
        while !condition() && Date() < end { turn(0.02) }
    }

    func testTheDefaultEngineDrivesItselfAndMadeOnesDoNot() {
        XCTAssertTrue(engine.drivesItselfOnRunLoop)
        XCTAssertFalse(AnimationEngine(clock: VirtualClock()).drivesItselfOnRunLoop,
                       "an engine someone made is driven by its owner")
    }

    func testAThreadThatOnlyReadsMediaTimeGetsNoRunLoopService() {
        final class Box: @unchecked Sendable { var hasService = true; var drives = false }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = CACurrentMediaTime()
            box.drives = AnimationEngine.current.drivesItselfOnRunLoop
            box.hasService = AnimationEngine.current.runLoopService != nil
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(box.drives)
        XCTAssertFalse(box.hasService, "no observer or timer until there is work")
    }

    func testCompletionBlockWithoutAnimationsRunsOnceOnALaterRunLoopTurn() {
        var runs = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 1 }
        CATransaction.commit()
        XCTAssertEqual(runs, 0, "never inside commit()")
        turn()
        XCTAssertEqual(runs, 1, "one run(until:) of the thread's run loop delivers it")
        turn()
        XCTAssertEqual(runs, 1, "once")
    }

    func testCompletionBlockRunsOnceAfterItsAnimationEnds() throws {
        let layer = CALayer()
        final class Delegate: NSObject, CAAnimationDelegate {
            var stops: [Bool] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
        }
        let delegate = Delegate()
        var runs = 0
        let start = Date()
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 1 }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.15
        fade.delegate = delegate
        layer.add(fade, forKey: "fade")
        CATransaction.commit()
        XCTAssertEqual(runs, 0, "never inside commit()")
        turn(0.02)
        if Date().timeIntervalSince(start) < 0.12 {
            XCTAssertEqual(runs, 0, "the animation still runs")
            XCTAssertNotNil(layer.animation(forKey: "fade"))
        }
        turn(until: { runs > 0 })
        XCTAssertEqual(runs, 1)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.15, "not before the animation ended")
        XCTAssertEqual(delegate.stops, [true], "the delegate heard the end too")
        XCTAssertNil(layer.animation(forKey: "fade"), "removed on completion")
        turn()
        XCTAssertEqual(runs, 1, "once")
        XCTAssertNil(engine.nextRunLoopPassTime(), "nothing left to do: no timer keeps the run loop busy")
    }

    func testBlocksAddUpInTheOrderSetAndAClearedBlockStillRunsForItsAnimation() {
        var order: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("first") }
        CATransaction.setCompletionBlock { order.append("second") }
        CATransaction.commit()
        turn()
        XCTAssertEqual(order, ["first", "second"], "a new block does not replace the one set before")

        order = []
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { order.append("cleared") }
        let move = CABasicAnimation(keyPath: "position.x")
        move.toValue = 50
        move.duration = 0.1
        layer.add(move, forKey: nil)
        CATransaction.setCompletionBlock(nil)
        XCTAssertNil(CATransaction.completionBlock())
        CATransaction.commit()
        turn(until: { !order.isEmpty })
        XCTAssertEqual(order, ["cleared"], "its animation was registered before it was cleared")
    }

    func testImplicitTransactionCommitsAtTheEndOfARunLoopPass() throws {
        let layer = CALayer()
        turn(0.01)
        _ = layer.makeRenderNode()   // shown once: it now animates implicitly
        var runs = 0
        let start = Date()
        CATransaction.setCompletionBlock { runs += 1 }
        layer.opacity = 0.5
        XCTAssertFalse(engine.transactions.isEmpty, "the change opened the implicit transaction")
        XCTAssertNotNil(layer.animation(forKey: "opacity"), "an implicit animation, not yet started")
        _ = RunLoop.current.run(mode: .default, before: Date.distantPast)
        XCTAssertTrue(engine.transactions.isEmpty, "committed by the run loop")
        turn(until: { runs > 0 })
        XCTAssertEqual(runs, 1)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.25, "after the 0.25 s implicit animation")
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.5)
    }

    func testABackgroundThreadsEngineDeliversOnThatThreadsRunLoop() {
        final class Box: @unchecked Sendable {
            var ranOnThread = false
            var ranInsideCommit = false
            var turnedFor = 0.0
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var committing = false
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                box.ranOnThread = !Thread.isMainThread
                box.ranInsideCommit = committing
            }
            committing = true
            CATransaction.commit()
            committing = false
            // A background run loop with nothing scheduled returns at once; the engine's timer
            // keeps this one turning until the block is delivered, and no longer.
            let start = Date()
            RunLoop.current.run(until: Date().addingTimeInterval(2))
            box.turnedFor = Date().timeIntervalSince(start)
            done.signal()
        }
        thread.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(box.ranOnThread)
        XCTAssertFalse(box.ranInsideCommit)
        XCTAssertLessThan(box.turnedFor, 1.5, "run(until:) returned once the engine was idle")
    }

    func testDisplayLinkFiresOnRunLoopTurnsAndStopsCostingWhenInvalidated() {
        var calls = 0
        let link = CADisplayLink { _ in calls += 1 }
        link.add(to: .current, forMode: .default)
        turn(until: { calls >= 3 }, limit: 3)
        XCTAssertGreaterThanOrEqual(calls, 3)
        link.invalidate()
        turn(0.02)
        XCTAssertNil(engine.nextRunLoopPassTime())
    }
}
