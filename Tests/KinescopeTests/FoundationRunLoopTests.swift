import Foundation
import Kinescope
import XCTest

/// Foundation's run loop serviced by a headless `ApplicationRunLoop`: every turn of
/// `advance(by:)` runs the main-queue blocks, `perform` blocks and timers that are due, without
/// blocking. Timers fire by wall-clock time, so the timer test waits for real (bounded).
final class FoundationRunLoopTests: XCTestCase {
    /// Main-actor state the Foundation callbacks (which are `@Sendable`) can reach.
    @MainActor
    final class Counts {
        var mainQueue = 0
        var perform = 0
        var timer = 0
        var sawTransparentLayer = false
    }

    func testMainQueueAndPerformBlocksRunDuringAdvance() throws {
        try onMain {
            let (host, square) = try makeSquareStage()
            let counts = Counts()
            DispatchQueue.main.async { MainActor.assumeIsolated { counts.mainQueue += 1 } }
            RunLoop.main.perform { MainActor.assumeIsolated { counts.perform += 1 } }
            RunLoop.main.perform(inModes: [.default]) {
                MainActor.assumeIsolated {
                    counts.perform += 1
                    square.alpha = 0
                }
            }
            XCTAssertEqual(counts.mainQueue, 0)
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(counts.mainQueue, 1, "DispatchQueue.main.async")
            XCTAssertEqual(counts.perform, 2, "RunLoop.main.perform, both forms")
            let frame = host.snapshot().cgImage!.bitmap
            XCTAssertEqual(frame[x: 10, y: 50], .white, "a change made in a block is shown in that turn's frame")
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(counts.mainQueue, 1, "once")
            XCTAssertEqual(counts.perform, 2)
        }
    }

    func testTimerFiresDuringHeadlessTurnsByWallClockTime() throws {
        try onMain {
            let (host, _) = try makeSquareStage()
            let counts = Counts()
            let start = Date()
            let timer = Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { _ in
                MainActor.assumeIsolated { counts.timer += 1 }
            }
            defer { timer.invalidate() }
            host.advance(by: 1.0 / 20)
            if Date().timeIntervalSince(start) < 0.04 {
                XCTAssertEqual(counts.timer, 0, "not due yet: timers keep wall-clock time, not the virtual clock")
            }
            // Virtual time passes at once; the timer needs 50 ms of real time between firings.
            while counts.timer < 2 && Date().timeIntervalSince(start) < 5 {
                host.advance(by: 1.0 / 20)
                usleep(5_000)
            }
            XCTAssertGreaterThanOrEqual(counts.timer, 2)
            XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.1, "two firings 50 ms apart")
        }
    }

    func testMainActorTaskRunsDuringAdvance() throws {
        try onMain {
            let (host, _) = try makeSquareStage()
            let counts = Counts()
            Task { @MainActor in counts.mainQueue += 1 }
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(counts.mainQueue, 1, "main-actor jobs are main-queue blocks on Linux")
        }
    }
}
