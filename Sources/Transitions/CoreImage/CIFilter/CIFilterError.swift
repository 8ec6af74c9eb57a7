/// A value `CIFilter` refused. Each message names the filter, the key and the value, and says
/// what would be valid.
public enum CIFilterError: Error, Equatable, CustomStringConvertible {
    /// The filter has no input called `key`.
    case unknownKey(filter: String, key: String, known: [String])
    /// The value has the wrong type for the key (e.g. a string for `inputWidth`).
    case wrongType(filter: String, key: String, value: String, expected: String)
    /// The value has the right type but is not valid: NaN, infinite, out of range, an empty extent.
    case invalidValue(filter: String, key: String, value: String, valid: String)
    /// The key names an output, which cannot be set.
    case readOnlyKey(filter: String, key: String)

    /// One line naming the filter, key and value, and what would be valid.
    public var description: String {
        switch self {
        case let .unknownKey(filter, key, known):
            "\(filter) has no input '\(key)'; its inputs are \(known.joined(separator: ", "))"
        case let .wrongType(filter, key, value, expected):
            "\(filter): \(key) = \(value) has the wrong type; expected \(expected)"
        case let .invalidValue(filter, key, value, valid):
            "\(filter): \(key) = \(value) is not valid; valid: \(valid)"
        case let .readOnlyKey(filter, key):
            "\(filter): \(key) is an output and cannot be set"
        }
    }
}
