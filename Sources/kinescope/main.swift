@preconcurrency import Glibc

/// Parses the command line and runs the chosen command; every failure becomes one line on
/// standard error and a sysexits code.
@MainActor
func run(_ arguments: [String]) throws(CommandLineFailure) -> ExitCode {
    var cursor = ArgumentCursor(arguments)
    switch cursor.peek {
    case "-h", "--help", "help":
        print(Usage.text)
        return .success
    case "--version":
        print(Usage.version)
        return .success
    case "list":
        _ = cursor.next()
        return try ListCommand.run(&cursor)
    case "transition":
        _ = cursor.next()
        return try TransitionCommand.run(&cursor)
    case "demo":
        _ = cursor.next()
        return try DemoCommand.run(&cursor)
    case "record":
        _ = cursor.next()
        return try RecordCommand.run(&cursor)
    case "view":
        _ = cursor.next()
        return try ViewCommand.run(&cursor)
    default:
        return try ViewCommand.run(&cursor)
    }
}

do {
    let code = try run(Array(CommandLine.arguments.dropFirst()))
    exit(code.rawValue)
} catch {
    fputs("kinescope: \(error.message)\n", stderr)
    exit(error.code.rawValue)
}
