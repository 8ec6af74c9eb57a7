import CX11
import Synchronization

/// Xlib's process-wide error hooks, made non-fatal for the displays Kinescope opens.
///
/// Xlib's default error handler prints and calls `exit` on any protocol error, including the
/// harmless `BadDrawable` that follows another client destroying our window and the `BadAccess`
/// of a failed `XShmAttach`. Its I/O-error path (the server died) calls `exit` too, and
/// `XSetIOErrorHandler` alone cannot prevent it: its handler "must not return". The options were
/// `longjmp` out of the handler (impossible from Swift, and it leaves Xlib's display lock held) or
/// `XSetIOErrorExitHandler` (libX11 ≥ 1.7; Debian 12 has 1.8.4), whose per-display exit handler
/// may return. We use the latter: the I/O handler and the exit handler only set a flag and return;
/// Xlib then marks the display dead (`XlibDisplayIOError`), every later call on it returns at once,
/// and the host reports `HostError.connectionLost`. Checked here against a killed Xvfb: no exit,
/// no SIGPIPE (xcb writes with `MSG_NOSIGNAL`), and `XCloseDisplay` on the dead display is safe.
/// Requests issued after the loss print "request … would exceed buffer size" once each, so the
/// host makes none.
///
/// Handlers are installed once, the first time a display is registered. Errors and I/O errors of
/// displays that Kinescope did not open go to the handlers that were installed before ours.
enum X11ErrorTrap {
    /// One protocol error as Xlib reported it.
    struct Record: Equatable {
        /// The serial number of the failed request (compare with `XNextRequest` taken before it).
        var serial: UInt
        var errorCode: UInt8
        var requestCode: UInt8
        var minorCode: UInt8
        var resource: UInt
    }

    private struct DisplayLog {
        var errors: [Record] = []
        var connectionLost = false
    }

    private struct State {
        var logs: [UInt: DisplayLog] = [:]
        var installed = false
        var previousErrorHandler: XErrorHandler?
        var previousIOErrorHandler: XIOErrorHandler?
    }

    /// Errors kept per display; older ones are dropped (they matter only right after a request).
    private static let capacity = 64
    private static let state = Mutex(State())

    private static func key(_ display: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display))) }

    /// Starts trapping errors of `display`; installs the process-wide handlers on first use.
    static func register(_ display: OpaquePointer) {
        let needsInstall = state.withLock { state in
            state.logs[key(display)] = DisplayLog()
            defer { state.installed = true }
            return !state.installed
        }
        if needsInstall {
            let previousError = XSetErrorHandler(handleError)
            let previousIOError = XSetIOErrorHandler(handleIOError)
            state.withLock { state in
                state.previousErrorHandler = previousError
                state.previousIOErrorHandler = previousIOError
            }
        }
        XSetIOErrorExitHandler(display, handleIOErrorExit, nil)
    }

    /// Forgets `display`; call after `XCloseDisplay`.
    static func unregister(_ display: OpaquePointer) {
        _ = state.withLock { $0.logs.removeValue(forKey: key(display)) }
    }

    /// The errors of `display` for requests with serial ≥ `serial`.
    static func errors(on display: OpaquePointer, since serial: UInt) -> [Record] {
        state.withLock { $0.logs[key(display)]?.errors.filter { $0.serial >= serial } ?? [] }
    }

    /// Whether the connection of `display` broke.
    static func connectionLost(_ display: OpaquePointer) -> Bool {
        state.withLock { $0.logs[key(display)]?.connectionLost ?? false }
    }

    private static let handleError: XErrorHandler = { display, event in
        guard let display, let event else { return 0 }
        let record = Record(serial: event.pointee.serial, errorCode: event.pointee.error_code,
                            requestCode: event.pointee.request_code, minorCode: event.pointee.minor_code,
                            resource: event.pointee.resourceid)
        let previous: XErrorHandler? = X11ErrorTrap.state.withLock { state in
            guard state.logs[key(display)] != nil else { return state.previousErrorHandler }
            if state.logs[key(display)]!.errors.count >= capacity {
                state.logs[key(display)]!.errors.removeFirst()
            }
            state.logs[key(display)]!.errors.append(record)
            return nil
        }
        return previous?(display, event) ?? 0
    }

    private static let handleIOError: XIOErrorHandler = { display in
        guard let display else { return 0 }
        let previous: XIOErrorHandler? = X11ErrorTrap.state.withLock { state in
            guard state.logs[key(display)] != nil else { return state.previousIOErrorHandler }
            state.logs[key(display)]!.connectionLost = true
            return nil
        }
        return previous?(display) ?? 0
    }

    private static let handleIOErrorExit: XIOErrorExitHandler = { display, _ in
        guard let display else { return }
        X11ErrorTrap.state.withLock { state in
            if state.logs[key(display)] != nil { state.logs[key(display)]!.connectionLost = true }
        }
    }
}
