import Codecs
import Glibc
import Raster

/// Writes each frame as a PNG file in a folder: index 0 becomes `frame-000001.png`, index 1
/// `frame-000002.png`, and so on (numbers grow past six digits when they must), the numbering
/// ffmpeg's `-i frame-%06d.png -start_number 1` reads.
///
/// Each file is written atomically (temporary file, fsync, rename), so an interrupted recording
/// leaves only complete frames. Frames may arrive in any order and an index written twice
/// replaces its file; files already in the folder are left alone except those replaced.
///
/// ```swift
/// let sink = try PNGSequenceSink(folder: "recording")
/// try sink.consume(frame, index: 0)   // recording/frame-000001.png
/// try sink.finish()
/// ```
public final class PNGSequenceSink: FrameSink {
    /// The folder that receives the files.
    public let folder: String
    /// zlib level for every frame, `0...9`.
    public let compressionLevel: Int
    /// How many frames have been written so far.
    public private(set) var framesWritten = 0
    private var finished = false
    private let workspace = PNGEncoder.Workspace()

    /// Prepares `folder`, creating it (and missing parents, mode 0755) if it does not exist.
    ///
    /// - Parameter compressionLevel: zlib level for each PNG; the default 1 is the fastest
    ///   useful setting (about 20 ms for an opaque 1920×1080 frame here, versus 150 ms at 6),
    ///   which matters more than file size while recording.
    /// - Throws: `.invalidCompressionLevel`; `.cannotCreate` when the folder cannot be made or
    ///   the path is a file.
    public init(folder: String, compressionLevel: Int = 1) throws(RecordingError) {
        guard (0...9).contains(compressionLevel) else {
            throw .invalidCompressionLevel(path: folder, level: compressionLevel)
        }
        self.folder = folder
        self.compressionLevel = compressionLevel
        try Self.makeFolder(folder)
    }

    /// The file that frame `index` is written to.
    public func path(forIndex index: Int) -> String {
        let number = String(index + 1)
        let padded = String(repeating: "0", count: max(0, 6 - number.count)) + number
        return folder.hasSuffix("/") ? "\(folder)frame-\(padded).png" : "\(folder)/frame-\(padded).png"
    }

    public func consume(_ frame: Bitmap, index: Int) throws(RecordingError) {
        guard !finished else { throw .alreadyFinished(path: folder) }
        guard index >= 0 else { throw .invalidFrameIndex(path: folder, index: index) }
        let path = path(forIndex: index)
        do {
            try PNGEncoder.write(frame, to: path, compressionLevel: compressionLevel, workspace: workspace)
        } catch {
            switch error {
            case let .cannotCreate(path, reason): throw .cannotCreate(path: path, reason: reason)
            case let .writeFailed(path, reason): throw .writeFailed(path: path, reason: reason)
            default: throw .encodingFailed(path: path, detail: error.description)
            }
        }
        framesWritten += 1
    }

    /// Marks the sequence complete; every frame is already on disk, so there is nothing to flush.
    public func finish() throws(RecordingError) {
        finished = true
    }

    private static func makeFolder(_ folder: String) throws(RecordingError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreate(path: folder, reason: "exists and is not a folder")
            }
            return
        }
        let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        if !parent.isEmpty, parent != folder { try makeFolder(parent) }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw .cannotCreate(path: folder, reason: errorText(errno))
        }
    }
}
