import Foundation
import KinescopeTestSupport
import XCTest

/// The built `kinescope` executable, run as a child process.
struct CommandLineTool {
    let url: URL

    /// `kinescope` beside the test binary (SwiftPM: `.build/<triple>/<configuration>/`; CMake:
    /// `build/bin/`); skips the test when it has not been built.
    static func kinescope() throws -> CommandLineTool {
        CommandLineTool(url: URL(fileURLWithPath: try Programs.kinescope()))
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

/// Runs a helper tool (xdotool, ffprobe) to completion; returns its status and standard output.
@discardableResult
func runHelper(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let run = try runTool(executable, arguments)
    return (run.status, String(decoding: run.output, as: UTF8.self))
}


/// Checks that two folders of a `TemporaryFolder` hold `count` files with the same names and,
/// name by name, the same bytes (two recordings of one command); `difference` says how the runs
/// differed, for the message.
func assertSameFiles(in folder: TemporaryFolder, _ a: String, _ b: String, count: Int, difference: String,
                     file: StaticString = #filePath, line: UInt = #line) throws {
    let names = folder.contents(a)
    XCTAssertEqual(names.count, count, file: file, line: line)
    XCTAssertEqual(names, folder.contents(b), file: file, line: line)
    for name in names {
        let first = try Data(contentsOf: URL(fileURLWithPath: folder.file("\(a)/\(name)")))
        let second = try Data(contentsOf: URL(fileURLWithPath: folder.file("\(b)/\(name)")))
        XCTAssertEqual(first, second, "\(name) differs \(difference)", file: file, line: line)
    }
}
