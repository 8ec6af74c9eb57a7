/// Errors from choosing or configuring a transition. Each message names the transition, the key
/// and the value, and says what would be valid.
public enum TransitionError: Error, Equatable, CustomStringConvertible {
    case unknownTransition(name: String, suggestions: [String])
    case unknownParameter(transition: String, key: String, known: [String])
    case invalidValue(transition: String, key: String, value: String, valid: String)
    /// `from`, `to` and the destination must have one size.
    case sizeMismatch(transition: String, from: String, to: String)

    public var description: String {
        switch self {
        case let .unknownTransition(name, suggestions):
            "unknown transition '\(name)'" + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
        case let .unknownParameter(transition, key, known):
            "\(transition) has no parameter '\(key)'; its parameters are \(known.isEmpty ? "none" : known.joined(separator: ", "))"
        case let .invalidValue(transition, key, value, valid):
            "\(transition): \(key) = \(value) is out of range; valid: \(valid)"
        case let .sizeMismatch(transition, from, to):
            "\(transition): the two images differ in size (\(from) and \(to))"
        }
    }
}
