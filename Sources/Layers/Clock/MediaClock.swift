#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Seconds, as Core Animation measures media time. (Core Foundation's type name, which
/// Foundation on Linux does not export.)
public typealias CFTimeInterval = Double

/// The source of media time for an `AnimationEngine`: every animation's begin time, every
/// display-link timestamp and `CACurrentMediaTime()` come from one of these, and nothing else in
/// Kinescope reads the wall clock.
///
/// Only differences between readings mean anything; a reading never goes backwards.
public protocol MediaClock: AnyObject {
    /// The current media time, in seconds.
    var now: CFTimeInterval { get }
}

/// Media time from the system's monotonic clock (`CLOCK_MONOTONIC`), as `mach_absolute_time`
/// gives it on Apple's platforms: seconds since an arbitrary point (usually boot), unaffected by
/// changes to the wall-clock time. The clock of an app's run loop.
public final class MonotonicClock: MediaClock, @unchecked Sendable {
    public init() {}

    public var now: CFTimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) * 1e-9
    }
}

/// Media time that moves only when told to: the clock of tests and of recordings, which must
/// come out the same on any machine at any speed.
///
///     let clock = VirtualClock()
///     let engine = AnimationEngine(clock: clock)
///     engine.advance(by: 1.0 / 60)   // one frame later
public final class VirtualClock: MediaClock {
    /// The current media time, in seconds.
    public private(set) var now: CFTimeInterval

    /// A clock reading `now` (default 0).
    public init(now: CFTimeInterval = 0) {
        self.now = now.isFinite ? now : 0
    }

    /// Moves the clock forward by `seconds`. Negative, NaN and infinite amounts are ignored:
    /// media time never goes backwards.
    public func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

    /// Sets the clock to `time`; an earlier or non-finite time is ignored.
    public func set(to time: CFTimeInterval) {
        guard time.isFinite, time > now else { return }
        now = time
    }
}

/// The current media time of the calling thread's current `AnimationEngine`, in seconds: what
/// `beginTime` values and display-link timestamps are measured in. With a `VirtualClock` it is
/// the virtual time, so code written against Apple's API runs unchanged under test.
public func CACurrentMediaTime() -> CFTimeInterval {
    AnimationEngine.current.clock.now
}
