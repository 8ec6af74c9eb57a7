import Foundation
import Glibc
import XCTest

/// Finding the programs tests run as child processes.
public enum Programs {
    /// `kinescope` beside the test binary (SwiftPM: `.build/<triple>/<configuration>/`; CMake:
    /// `build/bin/`); skips the test when it has not been built.
    public static func kinescope() throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folders = [executable.deletingLastPathComponent(), Bundle.main.bundleURL,
                       Bundle.main.bundleURL.deletingLastPathComponent()]
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

    /// The repository's `assets` folder (the demo images).
    public static var assets: String {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("assets")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Anchor.png").path) {
                return candidate.path
            }
            folder.deleteLastPathComponent()
        }
        return "assets"
    }

    /// The first executable called `name` on PATH.
    public static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Waits, without sleeping, until `condition` holds: it is checked now and again each time a
/// file in `folder` is created, written, renamed into place or removed (inotify). Returns false
/// when nothing changes for `idleLimit` seconds, which only happens when the process expected
/// to write has died: a safety net, not a timing assumption.
public func waitForChanges(in folder: String, idleLimit: Int32 = 60, until condition: () -> Bool) throws -> Bool {
    let fd = inotify_init1(Int32(IN_CLOEXEC))
    guard fd >= 0 else { throw TestSupportError("inotify_init1 failed: errno \(errno)") }
    defer { close(fd) }
    let mask = UInt32(IN_CREATE | IN_MODIFY | IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE)
    guard inotify_add_watch(fd, folder, mask) >= 0 else {
        throw TestSupportError("inotify_add_watch \(folder) failed: errno \(errno)")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition() {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, idleLimit * 1000)
        if ready == 0 { return false }
        if ready < 0 && errno != EINTR { throw TestSupportError("poll failed: errno \(errno)") }
        if ready > 0 { _ = read(fd, &buffer, buffer.count) }
    }
    return true
}

/// Total size of the files in `folder` whose names start with `prefix`.
public func bytesInFiles(in folder: String, prefix: String) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasPrefix(prefix) }.reduce(0) { total, name in
        total + ((try? FileManager.default.attributesOfItem(atPath: "\(folder)/\(name)")[.size] as? Int) ?? 0)
    }
}

/// Reads exactly `count` bytes from `handle`, or fewer at the end of the stream.
public func readExactly(_ count: Int, from handle: FileHandle) -> [UInt8] {
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
public func readLine(from handle: FileHandle) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
        let byte = handle.readData(ofLength: 1)
        guard let first = byte.first else { return bytes }
        bytes.append(first)
        if first == 0x0A { return bytes }
    }
}

/// Runs `executable` with `arguments` to completion (standard error discarded); returns its
/// exit status and standard output.
@discardableResult
public func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, data)
}
