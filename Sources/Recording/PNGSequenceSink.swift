import Codecs
import Glibc
import Raster

/// Writes each frame as a PNG file in a folder: index 0 becomes `frame-000001.png`, index 1
/// `frame-000002.png`, and so on (numbers grow past six digits when they must), the numbering
/// ffmpeg's `-i frame-%06d.png -start_number 1` reads. Another `FileNamePattern` (printf's
/// `%d` / `%05d`, as ffmpeg's image2 muxer takes them) names the files differently; numbers
/// start at 1 either way, as ffmpeg's muxer does.
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
    /// How the files are named.
    public let fileNamePattern: FileNamePattern
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
    public init(folder: String, fileNamePattern: FileNamePattern = .standard,
                compressionLevel: Int = 1) throws(RecordingError) {
        guard (0...9).contains(compressionLevel) else {
            throw .invalidCompressionLevel(path: folder, level: compressionLevel)
        }
        self.folder = folder
        self.compressionLevel = compressionLevel
        self.fileNamePattern = fileNamePattern
        try Self.makeFolder(folder)
    }

    /// The file that frame `index` is written to.
    public func path(forIndex index: Int) -> String {
        let name = fileNamePattern.name(forNumber: index + 1)
        return folder.hasSuffix("/") ? "\(folder)\(name)" : "\(folder)/\(name)"
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

    /// A file name with one number in it, written as printf's `%d`, `%Nd` or `%0Nd` (N ≤ 9);
    /// `%%` is a literal `%`. Numbers are never cut: one wider than N takes the room it needs.
    ///
    /// ```swift
    /// PNGSequenceSink.FileNamePattern("%05d.png")!.name(forNumber: 7)   // "00007.png"
    /// ```
    public struct FileNamePattern: Equatable, Sendable {
        /// `frame-%06d.png`.
        public static let standard = FileNamePattern(prefix: "frame-", digits: 6, zeroPadded: true, suffix: ".png")

        /// The text before and after the number.
        public let prefix: String, suffix: String
        /// The least number of characters the number takes.
        public let digits: Int
        /// Whether the number is padded with zeros (`%05d`) or spaces (`%5d`).
        public let zeroPadded: Bool

        init(prefix: String, digits: Int, zeroPadded: Bool, suffix: String) {
            self.prefix = prefix
            self.digits = digits
            self.zeroPadded = zeroPadded
            self.suffix = suffix
        }

        /// The pattern `text`, or nil unless it has exactly one number conversion and no `/`.
        public init?(_ text: String) {
            guard !text.contains("/") else { return nil }
            var prefix = "", suffix = "", digits: Int?, zeroPadded = false
            var characters = Array(text)[...]
            while let c = characters.popFirst() {
                guard c == "%" else {
                    if digits == nil { prefix.append(c) } else { suffix.append(c) }
                    continue
                }
                if characters.first == "%" {
                    characters.removeFirst()
                    if digits == nil { prefix.append("%") } else { suffix.append("%") }
                    continue
                }
                guard digits == nil else { return nil }
                if characters.first == "0" {
                    zeroPadded = true
                    characters.removeFirst()
                }
                var width = 0
                while let d = characters.first, let value = d.wholeNumberValue, d.isASCII {
                    width = width * 10 + value
                    characters.removeFirst()
                    guard width <= 9 else { return nil }
                }
                guard characters.popFirst() == "d" else { return nil }
                digits = width
            }
            guard let digits else { return nil }
            self.init(prefix: prefix, digits: digits, zeroPadded: zeroPadded, suffix: suffix)
        }

        /// The file name of frame number `number` (1 for the first frame).
        public func name(forNumber number: Int) -> String {
            let text = String(number)
            let padding = String(repeating: zeroPadded ? "0" : " ", count: max(0, digits - text.count))
            return prefix + padding + text + suffix
        }
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
