import Raster

/// Receives rendered frames in order and stores them: a folder of PNGs, a Y4M video stream, an
/// animated PNG or GIF.
///
/// A recorder calls `consume(_:index:)` once per frame with indices 0, 1, 2, … and then
/// `finish()` once. Sinks are reference types holding open files; they are not thread-safe, so
/// one thread (or actor) drives each sink. A sink that is released without `finish()` removes
/// any partial output it owns.
///
/// ```swift
/// let sink = try Y4MSink(destination: .file(path: "out.y4m"), size: frameSize)
/// for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
/// try sink.finish()
/// ```
public protocol FrameSink: AnyObject {
    /// Stores one frame. The bitmap is only read during the call; the sink keeps no reference.
    func consume(_ frame: Bitmap, index: Int) throws(RecordingError)
    /// Flushes and publishes the output. Calling `consume` afterwards throws `.alreadyFinished`;
    /// calling `finish` again does nothing.
    func finish() throws(RecordingError)
}

/// Why a recording failed. Every message names the output path (or "standard output").
///
/// For a command line: `cannotCreate` → 73, `writeFailed` → 74, the rest are caller mistakes
/// (64 or 70), except `programMissing` → 69.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    /// The output file or folder cannot be created (missing or read-only folder, a name taken
    /// by a file or folder of the wrong kind, permission).
    case cannotCreate(path: String, reason: String)
    /// Writing, syncing or publishing the output failed part-way (disk full, I/O error, closed
    /// pipe).
    case writeFailed(path: String, reason: String)
    /// A frame whose size differs from the stream's: Y4M frames all have the header's size.
    case frameSizeMismatch(path: String, expected: PixelSize, actual: PixelSize, index: Int)
    /// A stream sink got a frame index other than the next one.
    case frameOutOfOrder(path: String, expected: Int, actual: Int)
    /// A negative frame index.
    case invalidFrameIndex(path: String, index: Int)
    /// A frame rate outside `1...1000` frames per second.
    case invalidFrameRate(path: String, framesPerSecond: Int)
    /// A frame size with a zero side.
    case emptyFrameSize(path: String, size: PixelSize)
    /// A PNG compression level outside `0...9`.
    case invalidCompressionLevel(path: String, level: Int)
    /// A loop count outside `0...65535` (APNG, GIF).
    case invalidLoopCount(path: String, count: Int)
    /// A `quality` outside `0...100` (WebP, WebM, MP4, MOV).
    case invalidQuality(path: String, quality: Int)
    /// A program the format needs is not installed (ffmpeg for MP4 and MOV); `hint` says how to
    /// install it. For a command line: 69 (EX_UNAVAILABLE).
    case programMissing(path: String, program: String, hint: String)
    /// `consume` after `finish`.
    case alreadyFinished(path: String)
    /// The frame could not be encoded (not a file-system problem).
    case encodingFailed(path: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotCreate(path, reason):
            "\(path): cannot create recording output: \(reason)"
        case let .writeFailed(path, reason):
            "\(path): recording write failed: \(reason)"
        case let .frameSizeMismatch(path, expected, actual, index):
            "\(path): frame \(index) is \(actual) but the stream is \(expected); every frame must have the same size"
        case let .frameOutOfOrder(path, expected, actual):
            "\(path): got frame \(actual) but the next frame is \(expected); frames must arrive in order"
        case let .invalidFrameIndex(path, index):
            "\(path): frame index \(index) is negative; indices start at 0"
        case let .invalidFrameRate(path, rate):
            "\(path): frame rate \(rate) is invalid; use 1...1000 frames per second"
        case let .emptyFrameSize(path, size):
            "\(path): frame size \(size) has a zero side; width and height must be at least 1"
        case let .invalidCompressionLevel(path, level):
            "\(path): PNG compression level \(level) is invalid; use 0...9"
        case let .invalidLoopCount(path, count):
            "\(path): loop count \(count) is invalid; use 0...65535 (0 plays for ever)"
        case let .invalidQuality(path, quality):
            "\(path): quality \(quality) is invalid; use 0...100 (100 is the best)"
        case let .programMissing(path, program, hint):
            "\(path): \(program) is needed for this format but is not installed; \(hint)"
        case let .alreadyFinished(path):
            "\(path): the recording is already finished; no more frames can be added"
        case let .encodingFailed(path, detail):
            "\(path): cannot encode frame: \(detail)"
        }
    }
}

extension RecordingError {
    /// What every sink that takes frames in order checks before a frame: not finished, the
    /// index is `expected` (the next one), the size is the stream's.
    static func checkNextFrame(_ frame: Bitmap, index: Int, expected: Int, size: PixelSize, finished: Bool,
                               path: String) throws(RecordingError) {
        guard !finished else { throw .alreadyFinished(path: path) }
        guard index == expected else { throw .frameOutOfOrder(path: path, expected: expected, actual: index) }
        guard frame.size == size else {
            throw .frameSizeMismatch(path: path, expected: size, actual: frame.size, index: index)
        }
    }
}
