import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// BT.601 limited range from 8-bit R′G′B′, in floating point, for comparison.
func bt601(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let y = 16 + 219 * (0.299 * r + 0.587 * g + 0.114 * b) / 255
    let cb = 128 + 224 * (-0.168736 * r - 0.331264 * g + 0.5 * b) / 255
    let cr = 128 + 224 * (0.5 * r - 0.418688 * g - 0.081312 * b) / 255
    return (y, cb, cr)
}

func solidFrame(width: Int, height: Int, _ color: PremultipliedColor) -> Bitmap {
    Bitmap(size: try! PixelSize(width: width, height: height), filledWith: color)
}

/// The path of an executable named `name` on PATH, if any.
func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs `executable` with `arguments`, returning its exit status and standard output.
func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
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
