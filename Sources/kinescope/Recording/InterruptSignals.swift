import Dispatch
@preconcurrency import Glibc

/// SIGINT and SIGTERM delivered to a handler on a background queue instead of ending the
/// process, so that a recording can be finished or its partial output removed first.
enum InterruptSignals {
    /// Starts delivering SIGINT and SIGTERM to `handler` (with the signal number); the default
    /// action (ending the process) is off while the returned sources are kept. The handler runs
    /// on a global queue and usually ends with `exit`.
    static func trap(_ handler: @escaping @Sendable (_ signal: Int32) -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// The sysexits-style exit code for being ended by `signal`: 128 + its number.
    static func exitCode(for signal: Int32) -> ExitCode {
        signal == SIGTERM ? .terminated : .interrupted
    }

    /// Makes writes to a closed pipe fail with `EPIPE` (reported, exit 74) instead of killing the
    /// process silently with SIGPIPE.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
