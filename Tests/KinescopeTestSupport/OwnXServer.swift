import Foundation
import Glibc
import XCTest

/// An Xvfb of the test's own on a display number it picks (`-displayfd`), so that a test can
/// kill it, run it at another depth or without extensions, without touching the suite's display.
public final class OwnXServer {
    public let displayName: String
    private let process = Process()

    /// Starts `Xvfb` with `arguments` (e.g. `["-screen", "0", "320x240x16"]` or
    /// `["-extension", "MIT-SHM"]`) and returns once it accepts connections. Skips the test when
    /// Xvfb is not installed.
    public init(_ arguments: [String] = ["-screen", "0", "320x240x24"]) throws {
        let path = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(path) is not installed: install the xvfb package (scripts/install-deps --test)")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-noreset"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            process.waitUntilExit()
            throw TestSupportError("Xvfb \(arguments.joined(separator: " ")) reported no display number (got \"\(text)\")")
        }
        displayName = ":\(number)"
    }

    public var pid: Int32 { process.processIdentifier }

    /// Sends `signal` (default SIGTERM) and waits for the server to exit.
    public func stop(_ signal: Int32 = SIGTERM) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
    }

    deinit { stop(SIGKILL) }
}
