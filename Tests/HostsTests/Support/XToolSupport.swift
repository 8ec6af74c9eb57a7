import Foundation
@testable import Hosts
import XCTest

/// A command-line X client (xdotool, setxkbmap, xclip) run against one display, its standard
/// input and output in temporary files (so large transfers never block on a pipe).
final class XTool {
    let process = Process()
    private let outputURL: URL
    private let inputURL: URL?

    /// Starts `/usr/bin/NAME arguments` on `display`; skips the test when the tool is missing.
    init(_ name: String, _ arguments: [String], display: String, input: [UInt8]? = nil) throws {
        let path = "/usr/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(path) is not installed: run scripts/install-deps --test")
        }
        let directory = FileManager.default.temporaryDirectory
        outputURL = directory.appendingPathComponent("kinescope-\(name)-\(UUID().uuidString).out")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = FileHandle.nullDevice
        if let input {
            let url = directory.appendingPathComponent("kinescope-\(name)-\(UUID().uuidString).in")
            _ = FileManager.default.createFile(atPath: url.path, contents: Data(input))
            process.standardInput = try FileHandle(forReadingFrom: url)
            inputURL = url
        } else {
            process.standardInput = FileHandle.nullDevice
            inputURL = nil
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputURL)
        if let inputURL { try? FileManager.default.removeItem(at: inputURL) }
    }

    /// What it wrote to standard output so far.
    var output: [UInt8] { (try? [UInt8](Data(contentsOf: outputURL))) ?? [] }

    /// Runs a tool that needs no answer from the host and waits for it; fails on a non-zero exit.
    @discardableResult
    static func run(_ name: String, _ arguments: [String], display: String,
                    file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let tool = try XTool(name, arguments, display: display)
        tool.process.waitUntilExit()
        XCTAssertEqual(tool.process.terminationStatus, 0, "\(name) \(arguments.joined(separator: " ")) failed",
                       file: file, line: line)
        return tool.output
    }
}

/// Handles the host's events (answering selection requests) until `condition` holds, at most
/// about 10 s; the events seen are returned.
@discardableResult
func pump(_ host: X11Host, until condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) throws
    -> [HostEvent] {
    var all: [HostEvent] = []
    for _ in 0..<200 {
        if condition() { return all }
        try host.nextEvents(timeout: .milliseconds(50), into: &all)
    }
    XCTFail("the condition did not become true; events: \(all)", file: file, line: line)
    return all
}
