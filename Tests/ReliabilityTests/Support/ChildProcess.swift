import Foundation
import Glibc
import XCTest

/// A child process whose output streams are collected on background threads.
final class Child: @unchecked Sendable {
    let process = Process()
    private let errorData = Collected()
    private var outputData: Collected?
    /// Set when the watchdog had to kill the child.
    private(set) var timedOut = false

    /// Starts `executable` with `arguments`; `environment` entries are added to (or, with a nil
    /// value, removed from) the test's own. Standard output is collected unless `standardOutput`
    /// is given (a pipe the test reads itself, or /dev/null).
    init(_ executable: String, _ arguments: [String], environment: [String: String?] = [:],
         standardOutput: Any? = nil, currentDirectory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let error = Pipe()
        process.standardError = error
        if let standardOutput {
            process.standardOutput = standardOutput
        } else {
            let output = Pipe()
            process.standardOutput = output
            outputData = Collected(output.fileHandleForReading)
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        errorData.start(error.fileHandleForReading)
        outputData?.start()
    }

    var pid: Int32 { process.processIdentifier }

    /// Waits for the child to exit; kills it (SIGKILL) when it runs longer than `limit` seconds,
    /// which a test then reports as a hang. Returns the wall time waited.
    @discardableResult
    func wait(limit: Double = 60) -> Double {
        let start = Date()
        let done = DispatchSemaphore(value: 0)
        let process = self.process
        Thread { process.waitUntilExit(); done.signal() }.start()
        if done.wait(timeout: .now() + limit) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        return Date().timeIntervalSince(start)
    }

    var status: Int32 { process.terminationStatus }
    var endedBySignal: Bool { process.terminationReason == .uncaughtSignal }
    var standardError: String { String(decoding: errorData.wait(), as: UTF8.self) }
    var standardOutput: Data { outputData?.wait() ?? Data() }
    var errorLines: [Substring] { standardError.split(separator: "\n") }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Reads a handle to its end on a background thread.
final class Collected: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()
    private var handle: FileHandle?

    init(_ handle: FileHandle? = nil) { self.handle = handle }

    func start(_ handle: FileHandle? = nil) {
        let source = handle ?? self.handle!
        Thread { [self] in
            data = source.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        done.signal()
        return data
    }
}

struct ReliabilityError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}




/// System V shared-memory segments from `/proc/sysvipc/shm`.
struct SharedSegment {
    var id: Int32
    /// Mode bits, including `SHM_DEST` (0o1000) once `IPC_RMID` was called.
    var permissions: Int
    var creator: Int32
    var attachments: Int

    static func all() throws -> [SharedSegment] {
        let table = try String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8)
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: " ")
            guard f.count > 6, let id = Int32(f[1]), let permissions = Int(f[2], radix: 8), let creator = Int32(f[4]),
                  let attachments = Int(f[6]) else { return nil }
            return SharedSegment(id: id, permissions: permissions, creator: creator, attachments: attachments)
        }
    }

    static func created(by pid: Int32) throws -> [SharedSegment] { try all().filter { $0.creator == pid } }
}
