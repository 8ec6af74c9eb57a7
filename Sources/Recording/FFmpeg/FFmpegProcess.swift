@preconcurrency import Glibc

/// The `ffmpeg` program run as a child process: raw frames go to its standard input through a
/// socket (so that a dead ffmpeg gives `EPIPE` on `send(MSG_NOSIGNAL)` rather than a SIGPIPE
/// that would end this process), its standard error goes to an unlinked temporary file whose
/// last line explains a failure. It runs in its own process group, so a Ctrl-C at the terminal
/// reaches Kinescope alone, which then ends the input and lets ffmpeg finish the file.
final class FFmpegProcess {
    let executable: String
    private(set) var pid: pid_t = 0
    private var input: Int32 = -1
    private let log: Int32
    private var exitStatus: Int32?

    /// The first executable `ffmpeg` on `PATH` (or `/usr/bin:/bin` when `PATH` is unset).
    static func locate(_ name: String = "ffmpeg") -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(folder)/\(name)"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Starts `executable` with `arguments` (not including the program name).
    init(executable: String, arguments: [String]) throws(FFmpegFailure) {
        self.executable = executable
        var template = Array("/tmp/kinescope-ffmpeg-log.XXXXXX".utf8CString)
        let log = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard log >= 0 else { throw FFmpegFailure("cannot create a log file for ffmpeg: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(log, F_SETFD, FD_CLOEXEC)
        self.log = log

        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            close(log)
            throw FFmpegFailure("cannot create a socket for ffmpeg's input: \(String(cString: strerror(errno)))")
        }
        var bufferSize: Int32 = 1 << 20
        setsockopt(sockets[0], SOL_SOCKET, SO_SNDBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(sockets[1])
        guard result == 0 else {
            close(sockets[0])
            close(log)
            throw FFmpegFailure("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        input = sockets[0]
    }

    deinit {
        if exitStatus == nil && pid > 0 {
            Glibc.kill(pid, SIGKILL)
            _ = waitForExit()
        }
        if input >= 0 { close(input) }
        close(log)
    }

    /// Sends every byte to ffmpeg's standard input; false when ffmpeg has stopped reading (it
    /// exited or closed its input).
    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard input >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.send(input, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Ends ffmpeg's input (so that it finishes the file) and waits for it to exit. Returns its
    /// exit status, or 128 + the signal that ended it.
    func finish() -> Int32 {
        if input >= 0 {
            close(input)
            input = -1
        }
        return waitForExit()
    }

    /// Kills ffmpeg (the output is abandoned) and waits for it.
    func kill() {
        if exitStatus == nil && pid > 0 { Glibc.kill(pid, SIGKILL) }
        _ = finish()
    }

    private func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                exitStatus = 127
                return 127
            }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros.
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        exitStatus = code
        return code
    }

    /// The last non-empty line ffmpeg wrote to its standard error, if any (at most 4 KiB read).
    var lastErrorLine: String? {
        let end = lseek(log, 0, SEEK_END)
        guard end > 0 else { return nil }
        let count = Int(min(end, 4096))
        var bytes = [UInt8](repeating: 0, count: count)
        let n = pread(log, &bytes, count, end - off_t(count))
        guard n > 0 else { return nil }
        let text = String(decoding: bytes[..<n], as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last.map(String.init)
    }
}

/// Why ffmpeg could not be started.
struct FFmpegFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
