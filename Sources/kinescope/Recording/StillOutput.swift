import Kinescope

/// `--at`: one frame written as one PNG file instead of a recording.
enum StillOutput {
    /// Refuses, before anything is drawn, an output that is not one `.png` file: a still is
    /// one image, so a folder, a frame-name pattern or another format is a usage error (64).
    static func check(_ path: String, format: RecordingFormat?) throws(CommandLineFailure) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard format == nil || format == .png, name.lowercased().hasSuffix(".png"), name.count > 4,
              RecordingOutput.framePattern(of: path) == nil else {
            throw .usage("--at: a still is one PNG file; give --out NAME.png (not \(path == "-" ? "standard output" : path)\(format.map { ", --format \($0.rawValue)" } ?? ""))")
        }
    }

    /// Writes `frame` to `path` atomically (a temporary file renamed into place).
    static func write(_ frame: Bitmap, to path: String, compressionLevel: Int) throws(CommandLineFailure) {
        do {
            try PNGEncoder.write(frame, to: path, compressionLevel: compressionLevel)
        } catch {
            throw CommandLineFailure(error)
        }
    }
}
