import Glibc

/// Interrupts a host's blocking `nextEvents` from any thread: a self-pipe whose read end the host
/// polls beside its connection.
///
/// A wake-up is latched: if it comes while the host is not waiting, the next `nextEvents` returns
/// at once with `HostWaitResult.wokenUp`. Several wake-ups before one wait count as one.
public final class HostWaker: Sendable {
    /// The read end, non-blocking, close-on-exec; the host polls it for `POLLIN`.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Opens the pipe. Fails only when the process is out of file descriptors.
    init() throws(HostError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw .resourceUnavailable(what: "the wake-up pipe", reason: String(cString: strerror(errno)))
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes the host's current or next `nextEvents` return. Thread-safe, async-signal-safe, never
    /// blocks (a full pipe already holds a pending wake-up).
    public func wakeUp() {
        var byte: UInt8 = 1
        while write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Empties the pipe; returns whether any wake-up was pending.
    func consume() -> Bool {
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var woke = false
        while true {
            let count = withUnsafeMutableBytes(of: &buffer) { read(readDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { woke = true; continue }
            if count < 0 && errno == EINTR { continue }
            return woke
        }
    }
}
