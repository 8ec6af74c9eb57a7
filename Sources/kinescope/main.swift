@preconcurrency import Glibc

/// Parses the command line and runs the chosen command; every failure becomes one line on
/// standard error and a sysexits code.
func run(_ arguments: [String]) throws(CommandLineFailure) -> ExitCode {
    var cursor = ArgumentCursor(arguments)
    while let word = cursor.next() {
        switch word {
        case .option(name: "-h", _), .option(name: "--help", _), .positional("help"):
            print(Usage.text)
            return .success
        case .option(name: "--version", _):
            print(Usage.version)
            return .success
        case let .option(name, _):
            throw .usage("unknown option '\(name)'")
        case let .positional(command):
            throw .usage("unknown command '\(command)'")
        }
    }
    print(Usage.text)
    return .success
}

do {
    let code = try run(Array(CommandLine.arguments.dropFirst()))
    exit(code.rawValue)
} catch {
    fputs("kinescope: \(error.message)\n", stderr)
    exit(error.code.rawValue)
}
