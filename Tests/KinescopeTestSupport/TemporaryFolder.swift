import Foundation

/// A fresh folder under the system temporary folder (`<prefix>-XXXXXX`), removed by `remove()`.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init(prefix: String = "kinescope-test") throws {
        var template = Array("\(NSTemporaryDirectory())/\(prefix)-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestSupportError("mkdtemp failed for \(prefix): errno \(errno)")
        }
        path = String(cString: made)
    }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `bytes` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Names in `sub` (or the folder itself), sorted, hidden ones included.
    public func contents(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
