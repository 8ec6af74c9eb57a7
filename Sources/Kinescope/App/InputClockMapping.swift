import Foundation

/// Carries a host's input times (X11: the server's clock) onto the run loop's clock, so that a
/// touch carries when it happened rather than when the loop read it: a drag read in one batch
/// after a slow frame keeps its moves' spacing, and a pan's velocity comes out right.
///
/// The offset between the clocks is the smallest gap seen between an event's host time and the
/// clock time it was read at: an event is read after it happens, never before, so the smallest
/// gap is the nearest to the true offset (the estimate GTK and Qt make of X server time). A
/// timestamp never passes the time the event was read and never runs backwards; an event
/// without a host time is stamped with the time it was read.
struct InputClockMapping {
    private var offset: Double?
    private var last = -Double.infinity

    /// The run-loop time of an event that happened at `hostTime` (host seconds) and was read
    /// at `now`.
    mutating func timestamp(hostTime: Double?, readAt now: Double) -> Double {
        var time = now
        if let hostTime, hostTime.isFinite, now.isFinite {
            let gap = now - hostTime
            let offset = min(gap, self.offset ?? gap)
            self.offset = offset
            time = min(now, hostTime + offset)
        }
        time = max(time, last)
        last = time
        return time
    }
}
