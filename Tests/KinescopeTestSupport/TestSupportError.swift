/// A failure of test scaffolding itself (a fixture that could not be made, a file that does not
/// parse), with a message saying what.
public struct TestSupportError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
