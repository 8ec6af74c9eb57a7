import Foundation

/// An Xvfb server the benchmark starts for itself (24-bit, MIT-SHM on, `-noreset` so that it
/// survives its clients coming and going), on the first free display number from 90.
final class Xvfb {
    let display: String
    private let process: Process

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The path of the `Xvfb` executable, nil when it is not installed.
    static var executable: String? {
        ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(width: Int, height: Int) throws(Unavailable) {
        guard let path = Self.executable else { throw Unavailable(description: "Xvfb is not installed") }
        let fm = FileManager.default
        guard let number = (90..<160).first(where: {
            !fm.fileExists(atPath: "/tmp/.X\($0)-lock") && !fm.fileExists(atPath: "/tmp/.X11-unix/X\($0)")
        }) else { throw Unavailable(description: "no free X display number in :90…:159") }
        display = ":\(number)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Unavailable(description: "cannot start \(path): \(error)")
        }
        // Ready when its socket exists (the server creates it once it accepts connections).
        for _ in 0..<500 {
            if fm.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                usleep(50_000)
                return
            }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        process.terminate()
        throw Unavailable(description: "Xvfb \(display) did not start within 5 s")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
