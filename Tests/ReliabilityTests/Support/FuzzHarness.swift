import Foundation
import Glibc
import Synchronization

/// Runs fuzz cases one after another and turns the two failures a test cannot catch into named
/// failures: a crash prints the label of the case that caused it (fatal signal handler), and a
/// case that runs longer than `hangLimit` prints its label and aborts (watchdog thread), instead
/// of the suite hanging until CI's timeout. Each case's CPU time is measured on its own thread,
/// so the per-case limit is not at the mercy of the machine's load.
final class FuzzHarness: @unchecked Sendable {
    /// The label of the running case, in C memory the signal handler can read.
    nonisolated(unsafe) private static let label: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: 512)
        buffer.initialize(repeating: 0, count: 512)
        return buffer
    }()
    private static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]
    /// The handlers installed before ours (Swift's backtracer), by signal number, restored
    /// before the signal is raised again so that the crash is still reported in full.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let table = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        table.initialize(repeating: sigaction(), count: 65)
        return table
    }()

    private let hangLimit: Duration
    private final class WatchdogState: Sendable {
        /// Monotonic nanoseconds when the running case began; 0 between cases.
        let caseStart = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
    }

    private let state = WatchdogState()
    private(set) var slowestCPU: Duration = .zero
    private(set) var slowestLabel = ""
    private(set) var totalCPU: Duration = .zero

    init(hangLimit: Duration = .seconds(20)) {
        self.hangLimit = hangLimit
        for number in Self.fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                let prefix = "\nFuzzHarness: fatal signal \(signal) in fuzz case: "
                prefix.withCString { _ = write(2, $0, strlen($0)) }
                _ = write(2, FuzzHarness.label, strlen(FuzzHarness.label))
                _ = write(2, "\n", 1)
                sigaction(signal, FuzzHarness.previous + Int(signal), nil)
                raise(signal)
            }
            sigaction(number, &action, Self.previous + Int(number))
        }
        let limit = hangLimit.components.seconds * 1_000_000_000
        let thread = Thread { [state] in
            while !state.stopped.load(ordering: .relaxed) {
                usleep(200_000)
                let start = state.caseStart.load(ordering: .relaxed)
                if start != 0, Self.monotonicNanoseconds() - start > limit {
                    let text = "\nFuzzHarness: fuzz case ran over \(limit / 1_000_000_000) s (hang): "
                    text.withCString { _ = write(2, $0, strlen($0)) }
                    _ = write(2, FuzzHarness.label, strlen(FuzzHarness.label))
                    _ = write(2, "\n", 1)
                    abort()
                }
            }
        }
        thread.start()
    }

    /// Stops the watchdog and restores the previous signal handlers.
    func finish() {
        state.stopped.store(true, ordering: .relaxed)
        for number in Self.fatalSignals {
            sigaction(number, Self.previous + Int(number), nil)
        }
    }

    /// Runs `body` as the case `label`; returns its CPU time on this thread.
    @discardableResult
    func run(_ label: String, _ body: () -> Void) -> Duration {
        label.withCString { _ = strncpy(Self.label, $0, 511) }
        let cpuBefore = Self.threadCPU()
        state.caseStart.store(Self.monotonicNanoseconds(), ordering: .relaxed)
        body()
        state.caseStart.store(0, ordering: .relaxed)
        let cpu = Self.threadCPU() - cpuBefore
        totalCPU += cpu
        if cpu > slowestCPU {
            slowestCPU = cpu
            slowestLabel = label
        }
        return cpu
    }

    static func monotonicNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    static func threadCPU() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
