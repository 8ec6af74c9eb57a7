import Kinescope

/// `kinescope list`: every registered transition with its parameters, defaults and ranges.
enum ListCommand {
    static func run(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> ExitCode {
        if let word = cursor.next() { throw .usage("list takes no arguments, got \(word)") }
        for type in TransitionRegistry.all {
            print("\(type.name)\n    \(type.summary)")
            for parameter in type.parameters {
                print("    --param \(parameter.key)=\(parameter.defaultValue)  (\(parameter.validValues)) \(parameter.summary)")
            }
        }
        return .success
    }
}
