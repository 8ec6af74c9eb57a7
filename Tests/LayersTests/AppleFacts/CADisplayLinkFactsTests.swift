import Foundation
import XCTest
@testable import Layers

/// A display link sends its selector once it is in a run loop, and pausing and invalidating
/// stop it, as iOS documents (GNUstep QuartzCore `Tests/quartzcore/CADisplayLink/displaylink.m`;
/// not run against Apple, where `displayLinkWithTarget:selector:` is unavailable on macOS).
///
/// Not ported: the values before the first frame (timestamp and target timestamp 0, a positive
/// duration) — GNUstep's own, and Apple calls `duration` undefined before the first callback;
/// `preferredFramesPerSecond == 60` — iOS documents 0 (the display's native rate), which
/// Kinescope has.
final class CADisplayLinkFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private final class Ticker {
        var count = 0
        var lastLink: CADisplayLink?
        var lastTimestamp: CFTimeInterval = 0
        func step(_ link: CADisplayLink) {
            count += 1
            lastLink = link
            lastTimestamp = link.timestamp
        }
    }

    /// A quarter of a second of frames.
    private func runAQuarterSecond() {
        for _ in 0..<15 { f.advance(1.0 / 60) }
    }

    func testANewLinkIsNotPaused() {
        let link = CADisplayLink(target: Ticker(), selector: Ticker.step)
        XCTAssertFalse(link.isPaused)
    }

    func testALinkInARunLoopSendsItselfAndRecordsWhen() {
        let ticker = Ticker()
        let link = CADisplayLink(target: ticker, selector: Ticker.step)
        link.add(to: .main, forMode: .default)
        runAQuarterSecond()
        XCTAssertGreaterThan(ticker.count, 0)
        XCTAssertGreaterThan(link.timestamp, 0)
        XCTAssertTrue(ticker.lastLink === link, "the link it sends is the one that was asked to run")
        XCTAssertEqual(ticker.lastTimestamp, link.timestamp)
        XCTAssertGreaterThan(link.targetTimestamp, link.timestamp, "the next frame is due after the last")
        link.invalidate()
    }

    func testAPausedLinkSendsNothingUntilResumed() {
        let ticker = Ticker()
        let link = CADisplayLink(target: ticker, selector: Ticker.step)
        link.isPaused = true
        XCTAssertTrue(link.isPaused)
        link.add(to: .main, forMode: .default)
        runAQuarterSecond()
        XCTAssertEqual(ticker.count, 0)
        link.isPaused = false
        runAQuarterSecond()
        XCTAssertGreaterThan(ticker.count, 0)
        link.invalidate()
    }

    func testAnInvalidatedLinkSendsNothingMore() {
        let ticker = Ticker()
        let link = CADisplayLink(target: ticker, selector: Ticker.step)
        link.add(to: .main, forMode: .default)
        runAQuarterSecond()
        link.invalidate()
        ticker.count = 0
        runAQuarterSecond()
        XCTAssertEqual(ticker.count, 0)
    }
}
