/// Process exit codes, from BSD `sysexits.h`, as DESIGN.md fixes them for the command line.
enum ExitCode: Int32 {
    case success = 0
    /// A bad flag, size, parameter or command.
    case usage = 64
    /// An input that exists but cannot be read as what it should be (a corrupt image).
    case dataError = 65
    /// An input file that does not exist.
    case noInput = 66
    /// A service that is not there, such as an X display.
    case unavailable = 69
    /// An output that cannot be created.
    case cannotCreate = 73
    /// A read or write that failed part-way (a full disk).
    case ioError = 74
    /// Interrupted by SIGINT (128 + 2).
    case interrupted = 130
    /// Terminated by SIGTERM (128 + 15).
    case terminated = 143
}

/// A failure the command line reports as one line on standard error, then exits with `code`.
struct CommandLineFailure: Error {
    let code: ExitCode
    let message: String

    static func usage(_ message: String) -> CommandLineFailure {
        CommandLineFailure(code: .usage, message: "\(message) (see 'kinescope --help')")
    }
}
