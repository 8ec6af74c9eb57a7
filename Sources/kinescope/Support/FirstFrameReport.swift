@preconcurrency import Glibc
import Kinescope

/// With `KINESCOPE_REPORT_FIRST_FRAME=1` in the environment, the viewer writes one line to
/// standard error when its first frame is presented:
/// `kinescope: first frame presented at <n> ns CLOCK_MONOTONIC`. The benchmark package reads it
/// to time start-up (it notes the same clock just before launching); nothing else uses it.
enum FirstFrameReport {
    /// The observer to install on the viewer's host, or nil when the variable is not set.
    static func observerIfRequested() -> PresentObserver? {
        guard let value = getenv("KINESCOPE_REPORT_FIRST_FRAME"), String(cString: value) == "1" else { return nil }
        var reported = false
        return { _, _ in
            guard !reported else { return }
            reported = true
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            fputs("kinescope: first frame presented at \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)) ns CLOCK_MONOTONIC\n", stderr)
        }
    }
}
