import Foundation
import XCTest

/// The built `kinescope` executable, run as a child process.
struct CommandLineTool {
    let url: URL

    /// `kinescope` beside the test binary (SwiftPM: `.build/<triple>/<configuration>/`; CMake:
    /// `build/bin/`); skips the test when it has not been built.
    static func kinescope() throws -> CommandLineTool {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent(), Bundle.main.bundleURL,
                          Bundle.main.bundleURL.deletingLastPathComponent()]
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in candidates {
            let tool = folder.appendingPathComponent("kinescope")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: tool.path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: tool.path) {
                return CommandLineTool(url: tool)
            }
        }
        throw XCTSkip("kinescope executable not found next to the test binary (looked in "
                      + candidates.map(\.path).joined(separator: ", ") + "); build it first")
    }

    struct Run {
        var status: Int32
        var standardOutput: Data
        var standardError: String

        /// Standard error's lines, without the empty one after the last newline.
        var errorLines: [Substring] { standardError.split(separator: "\n") }
    }

    /// Runs to completion with `arguments`, collecting both output streams; `environment`
    /// entries are added to (or replace) the test's own.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let process = makeProcess(arguments, environment: environment)
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = ReadAllInBackground(error.fileHandleForReading)
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, standardOutput: outData,
                   standardError: String(decoding: errorData.wait(), as: UTF8.self))
    }

    func makeProcess(_ arguments: [String], environment: [String: String] = [:]) -> Process {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        return process
    }
}

/// Reads a handle to its end on another thread, so that two pipes can be drained at once.
final class ReadAllInBackground: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A fresh folder under the system temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/kinescope-cli-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Y4MStream.ParseError("mkdtemp failed: errno \(errno)")
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Names in `sub` (or the folder itself), sorted, hidden ones included.
    func contents(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A minimal YUV4MPEG2 reader: header tokens and raw frame planes (8-bit, 4:2:0 or 4:4:4).
struct Y4MStream {
    struct ParseError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    var width = 0
    var height = 0
    var tokens: [String] = []
    var frames: [[UInt8]] = []

    var isSubsampled: Bool { !tokens.contains("C444") }
    var chromaWidth: Int { isSubsampled ? (width + 1) / 2 : width }
    var chromaHeight: Int { isSubsampled ? (height + 1) / 2 : height }
    var frameBytes: Int { width * height + 2 * chromaWidth * chromaHeight }
    var headerBytes: Int { tokens.joined(separator: " ").utf8.count + 1 }

    /// Parses a whole stream; a partial last frame is an error.
    init(_ bytes: [UInt8]) throws {
        guard let newline = bytes.firstIndex(of: 0x0A) else { throw ParseError("no header line in \(bytes.count) bytes") }
        tokens = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard tokens.first == "YUV4MPEG2" else { throw ParseError("bad magic '\(tokens.first ?? "")'") }
        for token in tokens.dropFirst() {
            if token.hasPrefix("W") { width = Int(token.dropFirst()) ?? 0 }
            if token.hasPrefix("H") { height = Int(token.dropFirst()) ?? 0 }
        }
        guard width > 0, height > 0 else { throw ParseError("no size in header \(tokens)") }
        var offset = newline + 1
        let marker = Array("FRAME\n".utf8)
        while offset < bytes.count {
            guard bytes.count >= offset + marker.count, Array(bytes[offset..<offset + marker.count]) == marker else {
                throw ParseError("no FRAME marker at byte \(offset)")
            }
            offset += marker.count
            guard bytes.count >= offset + frameBytes else { throw ParseError("short frame at byte \(offset)") }
            frames.append(Array(bytes[offset..<offset + frameBytes]))
            offset += frameBytes
        }
    }

    /// Y′ of pixel (x, y) in frame `index`.
    func luma(frame index: Int, x: Int, y: Int) -> UInt8 { frames[index][y * width + x] }
}

/// Reads exactly `count` bytes from `handle`, or fewer at the end of the stream.
func readExactly(_ count: Int, from handle: FileHandle) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
        let chunk = handle.readData(ofLength: count - bytes.count)
        if chunk.isEmpty { break }
        bytes += chunk
    }
    return bytes
}

/// Reads up to and including the first newline (a Y4M header).
func readLine(from handle: FileHandle) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
        let byte = handle.readData(ofLength: 1)
        guard let first = byte.first else { return bytes }
        bytes.append(first)
        if first == 0x0A { return bytes }
    }
}

/// The path of an executable named `name` on PATH, if any.
func executableOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a helper tool (xdotool, ffprobe) to completion; returns its status and standard output.
@discardableResult
func runHelper(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Waits, without sleeping, until `condition` holds: it is checked now and again each time a
/// file in `folder` is created, written, renamed into place or removed (inotify). Returns false
/// when nothing changes for `idleLimit` seconds, which only happens when the process expected
/// to write has died: a safety net, not a timing assumption.
func waitForChanges(in folder: String, idleLimit: Int32 = 60, until condition: () -> Bool) throws -> Bool {
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { throw Y4MStream.ParseError("inotify_init1 failed: errno \(errno)") }
    defer { close(fd) }
    let mask = UInt32(IN_CREATE | IN_MODIFY | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE)
    guard inotify_add_watch(fd, folder, mask) >= 0 else {
        throw Y4MStream.ParseError("inotify_add_watch \(folder) failed: errno \(errno)")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition() {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, idleLimit * 1000)
        if ready == 0 { return false }
        if ready < 0 && errno != EINTR { throw Y4MStream.ParseError("poll failed: errno \(errno)") }
        if ready > 0 { _ = read(fd, &buffer, buffer.count) }
    }
    return true
}

/// Total size of the files in `folder` whose names start with `prefix`.
func bytesInFiles(in folder: String, prefix: String) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(prefix) }.reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(name)")[.size] as? Int) ?? 0)
    }
}
