import BenchmarkSupport
import Foundation
import Kinescope

/// Cases that run the release `kinescope` executable: `kinescope transition` against ffmpeg's
/// xfade, and the viewer's start-up, idle CPU and peak memory under an Xvfb.
struct ToolBenchmarks {
    let options: BenchOptions

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The repository root (this file is Benchmarks/Sources/kinescope-bench/ToolBenchmarks.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// `--kinescope PATH`, else `KINESCOPE_BIN`, else a `kinescope` beside this executable
    /// (`swift build -c release --package-path Benchmarks --product kinescope` puts it there),
    /// else a release build in the checkout.
    func kinescope() throws(Missing) -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinescope").path
        let candidates = [options.kinescopePath, ProcessInfo.processInfo.environment["KINESCOPE_BIN"], beside,
                          "\(Self.repository)/.build/release/kinescope"].compactMap { $0 }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(description: "no release kinescope binary (looked at \(candidates.joined(separator: ", "))); build one with "
                + "`swift build -c release --package-path Benchmarks --product kinescope` (same flags as the bench)")
        }
        return found
    }

    /// Our transition names for ffmpeg's xfade names, with the parameters that match its motion:
    /// fade is a cross-dissolve; wipeleft moves a hard edge from right to left, the new picture
    /// appearing on the right (CISwipeTransition with inputAngle π sweeps that way, with a
    /// 1-pixel band for a hard edge); slideleft pushes the old picture out to the left while the
    /// new one comes in from the right (push, subtype fromRight).
    static let xfadePairs: [(xfade: String, ours: String, parameters: [String])] = [
        ("fade", "crossDissolve", []),
        ("wipeleft", "CISwipeTransition", ["inputAngle=3.14159", "inputWidth=1"]),
        ("slideleft", "push", ["subtype=fromRight"]),
    ]

    func ffmpeg() throws -> ([BenchRecord], [String]) {
        guard Self.xfadePairs.contains(where: { options.wants("xfade \($0.xfade)") }) else { return ([], []) }
        let binary = try kinescope()
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Missing(description: "ffmpeg is not installed")
        }
        let folder = NSTemporaryDirectory() + "kinescope-bench-xfade-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = RecordingBenchmarks.frames(width: 1920, height: 1080)
        let a = "\(folder)/a.png", b = "\(folder)/b.png"
        try PNGEncoder.write(frames[0], to: a, compressionLevel: 1)
        try PNGEncoder.write(frames[1], to: b, compressionLevel: 1)
        let runs = options.quick ? 1 : 5
        var records: [BenchRecord] = []
        for pair in Self.xfadePairs where options.wants("xfade \(pair.xfade)") {
            var ours = [String]()
            ours += ["transition", pair.ours, "--from", a, "--to", b, "--out", "-", "--format", "y4m",
                     "--frames", "60", "--size", "1920x1080"]
            for p in pair.parameters { ours += ["--param", p] }
            // Each picture decoded once and repeated by the loop filter (re-decoding a -loop 1 input
            // every frame would make ffmpeg three times slower); 60 frames of a 1 s transition.
            let chain = "[0:v]loop=loop=59:size=1:start=0,setpts=N/60/TB[a];"
                + "[1:v]loop=loop=59:size=1:start=0,setpts=N/60/TB[b];"
                + "[a][b]xfade=transition=\(pair.xfade):duration=1:offset=0,format=yuv420p"
            let theirs = ["-v", "error", "-nostdin", "-framerate", "60", "-i", a, "-framerate", "60", "-i", b,
                          "-filter_complex", chain, "-frames:v", "60", "-f", "yuv4mpegpipe", "-"]
            var oursWall: [Double] = [], oursCPU: [Double] = [], peerWall: [Double] = [], peerCPU: [Double] = []
            for run in -1..<runs {
                let o = try timeProcess(binary, ours)
                let p = try timeProcess(ffmpeg, theirs)
                if run >= 0 {
                    oursWall.append(o.wall); oursCPU.append(o.cpu); peerWall.append(p.wall); peerCPU.append(p.cpu)
                }
            }
            let name = "xfade \(pair.xfade) as \(pair.ours), 60 frames"
            records.append(BenchRecord(name: name + ", wall", size: "1920x1080", threads: options.threads,
                                       ours: percentile(oursWall, 50), peer: "ffmpeg xfade", peerValue: percentile(peerWall, 50)))
            records.append(BenchRecord(name: name + ", CPU", size: "1920x1080", threads: options.threads,
                                       ours: percentile(oursCPU, 50), peer: "ffmpeg xfade", peerValue: percentile(peerCPU, 50)))
        }
        let notes = ["ffmpeg: both read the same two 1920x1080 PNGs and write 60 frames of Y4M 4:2:0 to /dev/null; ffmpeg's inputs are decoded once and repeated with the loop filter, pixel formats left to ffmpeg's negotiation; median of \(runs) runs after one warm-up; CPU = the child's user + system time; ours: \(Self.xfadePairs.map { "\($0.ours) \($0.parameters.joined(separator: " "))" }.joined(separator: "; "))"]
        return (records, notes)
    }

    /// Wall and CPU (user + system) milliseconds of one run of `path arguments`, output to
    /// /dev/null; throws when it exits non-zero.
    private func timeProcess(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (wall: Double, cpu: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        if let environment { process.environment = environment }
        let before = childrenCPU()
        let start = Stopwatch.now(.wall)
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let wall = (Stopwatch.now(.wall) - start) * 1000
        guard process.terminationStatus == 0 else {
            throw Missing(description: "\((path as NSString).lastPathComponent) exited \(process.terminationStatus): \(String(decoding: message, as: UTF8.self).prefix(300))")
        }
        return (wall, childrenCPU() - before)
    }

    /// User + system milliseconds of the children waited for so far.
    private func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    /// `kinescope view --size 1920x1080` under a fresh Xvfb: time from launch to the first
    /// presented frame, CPU used while it sits idle, and its peak resident memory.
    func viewer() throws -> ([BenchRecord], [String]) {
        guard options.wants("viewer") else { return ([], []) }
        let binary = try kinescope()
        let server = try Xvfb(width: 1920, height: 1080)
        let idleSeconds = options.quick ? 3.0 : 10.0
        let runs = options.quick ? 1 : 3
        var startups: [Double] = [], startupCPU: [Double] = [], idles: [Double] = [], peaks: [Double] = []
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["view", "--size", "1920x1080"]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = server.display
            environment["KINESCOPE_REPORT_FIRST_FRAME"] = "1"
            environment["KINESCOPE_ASSETS"] = "\(Self.repository)/assets"
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            let launched = Stopwatch.now(.wall)
            try process.run()
            defer {
                if process.isRunning { process.terminate() }
                process.waitUntilExit()
            }
            let reader = LineReader(errors.fileHandleForReading)
            guard let line = reader.line(containing: "first frame presented at", timeout: 20),
                  let ns = line.split(separator: " ").compactMap({ Int64($0) }).first else {
                throw Missing(description: "the viewer printed no first-frame line within 20 s (is KINESCOPE_REPORT_FIRST_FRAME supported by \(binary)?)")
            }
            startups.append(Double(ns) / 1e6 - launched * 1000)
            startupCPU.append(Double(Self.cpuNanoseconds(of: process.processIdentifier)) / 1e6)
            usleep(1_000_000)
            let cpuBefore = Self.cpuNanoseconds(of: process.processIdentifier)
            usleep(UInt32(idleSeconds * 1_000_000))
            let cpuAfter = Self.cpuNanoseconds(of: process.processIdentifier)
            idles.append(Double(cpuAfter - cpuBefore) / 1e9 / idleSeconds * 100)
            peaks.append(Self.peakResidentMB(of: process.processIdentifier))
        }
        let records = [
            BenchRecord(name: "viewer start-up to first presented frame", size: "1920x1080", threads: options.threads,
                        ours: percentile(startups, 50)),
            BenchRecord(name: "viewer CPU time to first frame (all threads)", size: "1920x1080", threads: options.threads,
                        ours: percentile(startupCPU, 50)),
            BenchRecord(name: "viewer idle CPU over \(Int(idleSeconds)) s", size: "1920x1080", threads: options.threads,
                        ours: percentile(idles, 50), unit: "% core"),
            BenchRecord(name: "viewer peak RSS", size: "1920x1080", threads: options.threads,
                        ours: percentile(peaks, 50), unit: "MB"),
        ]
        return (records, ["viewer: median of \(runs) launches of `kinescope view --size 1920x1080` under Xvfb \(server.display) (MIT-SHM); CPU from /proc/PID/stat (10 ms ticks), idle = the 10 s after a 1 s settle, peak RSS = VmHWM"])
    }

    /// Nanoseconds of CPU (user + system) used by `pid` so far, threads that have exited
    /// included (`/proc/PID/stat` fields 14 and 15, in clock ticks of 10 ms).
    static func cpuNanoseconds(of pid: Int32) -> Int64 {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // Fields after the command name, which is in parentheses and may contain spaces.
        guard let close = text.lastIndex(of: ")") else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return 0 }
        return (user + system) * 1_000_000_000 / Int64(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// `VmHWM` of `pid` in MB (2^20 bytes).
    static func peakResidentMB(of pid: Int32) -> Double {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kB = line.split(separator: " ").compactMap({ Double($0) }).first else { return .nan }
        return kB / 1024
    }
}

/// Reads lines from a pipe on a background thread, so a wait can time out.
final class LineReader: @unchecked Sendable {
    private let lock = NSCondition()
    private var lines: [String] = []
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    lock.lock(); lines.append(line); lock.broadcast(); lock.unlock()
                }
            }
            lock.lock(); ended = true; lock.broadcast(); lock.unlock()
        }
    }

    /// The first line containing `text`, waiting up to `timeout` seconds; nil at end or timeout.
    func line(containing text: String, timeout: Double) -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let found = lines.first(where: { $0.contains(text) }) { return found }
            if ended || !lock.wait(until: deadline) { return nil }
        }
    }
}
