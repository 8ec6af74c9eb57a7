import XCTest
@testable import Kinescope

/// `InputClockMapping`: host input times carried onto the run loop's clock.
final class InputClockMappingTests: XCTestCase {
    func testTheSmallestReadingLagSetsTheOffsetAndTimesKeepTheirSpacing() {
        var mapping = InputClockMapping()
        XCTAssertEqual(mapping.timestamp(hostTime: 1000, readAt: 5.030), 5.030, accuracy: 1e-9, "the first event: read at once, as far as we know")
        XCTAssertEqual(mapping.timestamp(hostTime: 1000.1, readAt: 5.110), 5.110, accuracy: 1e-9,
                       "read sooner after it happened (20 ms less lag): the offset follows")
        XCTAssertEqual(mapping.timestamp(hostTime: 1000.2, readAt: 5.400), 5.210, accuracy: 1e-9,
                       "read late: stamped when it happened")
        XCTAssertEqual(mapping.timestamp(hostTime: 1000.3, readAt: 5.400), 5.310, accuracy: 1e-9)
        XCTAssertEqual(mapping.timestamp(hostTime: nil, readAt: 5.420), 5.420, "no host time: when it was read")
    }

    func testTimesNeverRunBackwardsNorPassTheReadingTime() {
        var mapping = InputClockMapping()
        _ = mapping.timestamp(hostTime: 10, readAt: 2)
        XCTAssertEqual(mapping.timestamp(hostTime: 9, readAt: 2.5), 2, accuracy: 1e-9, "an older host time keeps the last stamp")
        XCTAssertEqual(mapping.timestamp(hostTime: 50, readAt: 2.6), 2.6, accuracy: 1e-9, "a host clock leaping ahead is clamped to now")
        XCTAssertEqual(mapping.timestamp(hostTime: .nan, readAt: 2.7), 2.7)
        XCTAssertEqual(mapping.timestamp(hostTime: 51, readAt: 2.65), 2.7, "never backwards")
    }
}
