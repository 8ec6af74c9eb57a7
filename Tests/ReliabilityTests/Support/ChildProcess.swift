import Foundation
import Glibc
import XCTest

/// The built `kinescope` executable and other programs, run as child processes with a watchdog:
/// a child that outlives its time limit is killed and reported, so a hang fails the test instead
/// of stalling the suite.
enum Programs {
    /// `kinescope` beside the test binary (SwiftPM: `.build/<triple>/<configuration>/`; CMake:
    /// `build/bin/`); skips the test when it has not been built.
    static func kinescope() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folders = [executable.deletingLastPathComponent(), Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in folders {
            let path = folder.appendingPathComponent("kinescope").path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
               FileManager.default.isExecutableFile(atPath: path) {
                return path
            }
        }
        throw XCTSkip("kinescope is not built next to the test binary (looked in \(folders.map(\.path))); build it first")
    }

    /// The repository's `assets` folder (demo images the viewer shows).
    static var assets: String {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("assets")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Anchor.png").path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        return "assets"
    }

    /// The first executable called `name` on PATH.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

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

/// Waits, without sleeping, until `condition` holds: it is checked now and again each time a
/// file in `folder` is created, written, renamed or removed (inotify). Returns false when nothing
/// changes for `idleLimit` seconds, which only happens when the writer has died or hung.
func waitForChanges(in folder: String, idleLimit: Int32 = 30, until condition: () -> Bool) throws -> Bool {
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { throw ReliabilityError("inotify_init1 failed: errno \(errno)") }
    defer { close(fd) }
    let mask = UInt32(IN_CREATE | IN_MODIFY | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE)
    guard inotify_add_watch(fd, folder, mask) >= 0 else { throw ReliabilityError("inotify_add_watch \(folder): errno \(errno)") }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition() {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, idleLimit * 1000)
        if ready == 0 { return false }
        if ready < 0 && errno != EINTR { throw ReliabilityError("poll failed: errno \(errno)") }
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
