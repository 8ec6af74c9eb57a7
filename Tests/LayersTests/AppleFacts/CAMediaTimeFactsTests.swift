import Foundation
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CABase/mediatime.m (measured on Apple's QuartzCore):
/// `CACurrentMediaTime()` is a monotonic time since the machine started (Apple: the same
/// reading as `ProcessInfo.systemUptime`), not the wall clock. The sleeping check is replaced
/// by the comparison with the system uptime, so nothing sleeps.
final class CAMediaTimeFactsTests: XCTestCase {
    func testMediaTimeIsAPositiveTimeSinceStartNotTheWallClock() {
        let media = CACurrentMediaTime()
        XCTAssertGreaterThan(media, 0)
        XCTAssertTrue(media.isFinite)
        XCTAssertGreaterThan(Date().timeIntervalSince1970 - media, 365.0 * 24 * 60 * 60)
        XCTAssertEqual(media, ProcessInfo.processInfo.systemUptime, accuracy: 1, "seconds of uptime")
    }

    func testMediaTimeNeverGoesBackwardsAndResolvesLessThanAMillisecond() {
        var before = CACurrentMediaTime()
        var backwards = 0
        var smallest = 1.0
        for _ in 0..<20_000 {
            let after = CACurrentMediaTime()
            if after < before { backwards += 1 }
            if after > before { smallest = min(smallest, after - before) }
            before = after
        }
        XCTAssertEqual(backwards, 0)
        XCTAssertLessThan(smallest, 0.001)
    }
}
