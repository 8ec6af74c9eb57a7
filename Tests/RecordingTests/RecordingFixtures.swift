import Foundation
import Raster
import XCTest

/// A minimal YUV4MPEG2 reader for the tests: header tokens and raw frame planes.
struct Y4MFile {
    var width = 0
    var height = 0
    var tokens: [String] = []
    var frames: [[UInt8]] = []

    var isSubsampled: Bool { tokens.contains("C420jpeg") }
    var chromaWidth: Int { isSubsampled ? (width + 1) / 2 : width }
    var chromaHeight: Int { isSubsampled ? (height + 1) / 2 : height }
    var frameBytes: Int { width * height + 2 * chromaWidth * chromaHeight }

    init(_ bytes: [UInt8]) throws {
        guard let newline = bytes.firstIndex(of: 0x0A) else { throw ParseError("no header line") }
        tokens = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard tokens.first == "YUV4MPEG2" else { throw ParseError("bad magic \(tokens.first ?? "")") }
        for token in tokens.dropFirst() {
            if token.hasPrefix("W") { width = Int(token.dropFirst()) ?? 0 }
            if token.hasPrefix("H") { height = Int(token.dropFirst()) ?? 0 }
        }
        var offset = newline + 1
        let marker = Array("FRAME\n".utf8)
        while offset < bytes.count {
            guard bytes.count >= offset + marker.count, Array(bytes[offset..<offset + marker.count]) == marker else {
                throw ParseError("no FRAME marker at \(offset)")
            }
            offset += marker.count
            guard bytes.count >= offset + frameBytes else { throw ParseError("short frame at \(offset)") }
            frames.append(Array(bytes[offset..<offset + frameBytes]))
            offset += frameBytes
        }
    }

    /// (Y′, Cb, Cr) of pixel (x, y) in frame `index`.
    func sample(frame index: Int, x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let f = frames[index]
        let cx = isSubsampled ? x / 2 : x, cy = isSubsampled ? y / 2 : y
        let chromaPlane = chromaWidth * chromaHeight
        return (f[y * width + x], f[width * height + cy * chromaWidth + cx],
                f[width * height + chromaPlane + cy * chromaWidth + cx])
    }
}

struct ParseError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// BT.601 limited range from 8-bit R′G′B′, in floating point, for comparison.
func bt601(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let y = 16 + 219 * (0.299 * r + 0.587 * g + 0.114 * b) / 255
    let cb = 128 + 224 * (-0.168736 * r - 0.331264 * g + 0.5 * b) / 255
    let cr = 128 + 224 * (0.5 * r - 0.418688 * g - 0.081312 * b) / 255
    return (y, cb, cr)
}

/// A fresh folder under the system temporary folder.
struct ScratchFolder {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/kinescope-recording-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ParseError("mkdtemp failed")
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    func contents(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
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

/// SplitMix64, so that random test frames repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
