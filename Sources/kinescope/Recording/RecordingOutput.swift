@preconcurrency import Glibc
import Kinescope

/// The kinds of recording the command line writes.
enum RecordingFormat: String, CaseIterable {
    /// A folder of `frame-000001.png`, `frame-000002.png`, … (see `PNGSequenceSink`).
    case png
    /// One YUV4MPEG2 stream (see `Y4MSink`): a file, a device or FIFO, or standard output.
    case y4m
    /// One animated PNG file (see `APNGSink`): `.apng`, or `.png` with `--format apng`.
    case apng
    /// One animated GIF (see `GIFSink`): a file, a device or FIFO, or standard output.
    case gif
    /// One animated WebP (see `WebPSink`), lossless unless `--quality` is given.
    case webp
    /// One WebM file, VP9 with alpha (see `WebMSink`).
    case webm
    /// One MP4 file, H.264, encoded by the ffmpeg program (see `FFmpegSink`).
    case mp4
    /// One QuickTime file, ProRes 4444 with alpha, encoded by the ffmpeg program.
    case mov

    /// What the formats are, for messages.
    static let available = "a folder for PNG frames, or a .y4m, .apng, .gif, .webp, .webm, .mp4 or .mov file"

    /// Whether the format is one file that an interrupted render finishes with the frames drawn
    /// so far (a Y4M file is left unwritten instead, a PNG folder keeps its files).
    var isAnimation: Bool { ![.png, .y4m].contains(self) }

    /// Whether `--loop` applies (the format stores a play count).
    var loops: Bool { [.apng, .gif, .webp].contains(self) }

    /// Whether `--quality` applies.
    var takesQuality: Bool { [.webp, .webm, .mp4].contains(self) }

    /// The `--format` value `text` (any case); a usage error naming `option` otherwise.
    static func parse(_ text: String, option: String = "--format") throws(CommandLineFailure) -> RecordingFormat {
        guard let format = RecordingFormat(rawValue: text.lowercased()) else {
            throw .usage("\(option) \(text): expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return format
    }

    /// The format `--format` names, else the one `path` implies, checked against each other
    /// before anything is created on disk:
    ///
    /// - `-` is a Y4M stream on standard output (or, with `--format gif|webp`, a GIF or WebP;
    ///   WebM, MP4 and MOV need a file);
    /// - an existing folder, or a path ending in `/`, is a PNG folder (whatever its name);
    /// - a last component with no extension is a PNG folder (or, with `--format` and a one-file
    ///   format, a file of that format, or a device such as `/dev/null`);
    /// - `.y4m`, `.apng`, `.gif`, `.webp`, `.webm`, `.mp4` (or `.m4v`), `.mov` (or `.qt`), any
    ///   case, are files of those formats;
    /// - a `.png` name with a printf number (`frames/%05d.png`, as ffmpeg's image2 takes it) is a
    ///   PNG sequence named that way, numbered from 1, in the folder before it;
    /// - any other `.png` is one animated PNG with `--format apng`, and refused otherwise: a PNG sequence
    ///   is a folder, and a `.png` name alone does not say whether a folder or an animation is
    ///   meant;
    /// - any other extension names a file format Kinescope does not write (`x.mp4`): a usage
    ///   error (exit 64), where the earlier behaviour silently made a folder called `x.mp4`. A
    ///   folder whose name has a dot is given with a trailing `/` or created first.
    ///
    /// `--format` contradicting the extension (`--format png` with `x.y4m`) or a trailing `/`
    /// (`--format gif` with `frames/`) is a usage error too.
    static func resolve(_ explicit: RecordingFormat?, path: String, option: String) throws(CommandLineFailure) -> RecordingFormat {
        if path == "-" {
            switch explicit {
            case .png:
                throw .usage("\(option) -: a PNG sequence is a folder and cannot go to standard output; use --format y4m or gif, or a folder path")
            case .apng:
                throw .usage("\(option) -: an APNG's frame count is written at the end, so it needs a file, not standard output; use --format gif or y4m")
            case .gif: return .gif
            case .webp: return .webp
            case .webm, .mp4, .mov:
                throw .usage("\(option) -: \(explicit!.displayName) has its index written at the end, so it needs a file, not standard output; use --format y4m, gif or webp")
            case .y4m, nil: return .y4m
            }
        }
        if path.hasSuffix("/"), let explicit, explicit != .png, !isExistingFolder(path) {
            throw .usage("\(option) \(path): the trailing '/' names a folder, but \(explicit.displayName) is one file; drop the '/' or use --format png")
        }
        if path.hasSuffix("/") || isExistingFolder(path) {
            // An existing folder with a one-file format is refused when the output is opened (exit 73).
            return explicit ?? .png
        }
        guard let pathExtension = fileExtension(of: path) else { return explicit ?? .png }
        let implied: RecordingFormat
        switch pathExtension.lowercased() {
        case "y4m": implied = .y4m
        case "apng": implied = .apng
        case "gif": implied = .gif
        case "webp": implied = .webp
        case "webm": implied = .webm
        case "mp4", "m4v": implied = .mp4
        case "mov", "qt": implied = .mov
        case "png":
            if explicit == .apng { return .apng }
            if RecordingOutput.framePattern(of: path) != nil, explicit == nil || explicit == .png { return .png }
            throw .usage("\(option) \(path): a PNG recording is a folder of frame-000001.png…, not one .png file; give a folder path, or name it .apng (or add --format apng) for one animated PNG")
        default:
            throw .usage("\(option) \(path): unknown output format '\(pathExtension)'; use \(available) (or --format \(allCases.map(\.rawValue).joined(separator: "|"))); for a folder whose name has a dot, end it with '/'")
        }
        if let explicit, explicit != implied {
            throw .usage("\(option) \(path): the name says \(implied.displayName) but --format \(explicit.rawValue) was given; drop --format or change the name")
        }
        return implied
    }

    /// The format's name in messages.
    var displayName: String {
        switch self {
        case .png: "a PNG folder"
        case .y4m: "a Y4M stream"
        case .apng: "an animated PNG"
        case .gif: "a GIF"
        case .webp: "an animated WebP"
        case .webm: "a WebM video"
        case .mp4: "an MP4 video"
        case .mov: "a QuickTime (ProRes 4444) video"
        }
    }

    /// The text after the last dot of `path`'s last component, or nil when there is none (no
    /// dot, a leading dot only as in `.frames`, or a trailing dot).
    static func fileExtension(of path: String) -> String? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let text = name[name.index(after: dot)...]
        return text.isEmpty ? nil : String(text)
    }

    private static func isExistingFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// Where a recording goes, as the command line describes it, and the sinks that write it.
struct RecordingOutput {
    /// The PATH given (`-` for standard output).
    var path: String
    var format: RecordingFormat
    /// zlib level of each PNG, `0...9`.
    var pngLevel: Int = 1
    var chroma: Y4MSink.Chroma = .yuv420
    /// Written in the Y4M header, the APNG frame delays and the GIF's, `1...1000`.
    var framesPerSecond: Int = 60
    /// Plays of an APNG, GIF or WebP, `0...65535` (0: for ever).
    var loopCount: Int = 0
    /// `--quality` 0…100: lossy WebP at that quality, WebM's cq level, MP4's CRF; nil for each
    /// format's default (lossless WebP, WebM quality 75, MP4 CRF 18).
    var quality: Int?
    /// `--crf` and `--preset` for MP4 (x264's own scales), which win over `--quality`.
    var crf: Int?
    var preset: String = "medium"

    /// x264's CRF for `quality`: 100 → 0, 0 → 51, linearly (65 → 18, 55 → 23).
    static func crf(forQuality quality: Int) -> Int { (51 * (100 - quality) + 50) / 100 }

    /// How the output is named in messages.
    var displayName: String { path == "-" ? "standard output" : path }

    /// Opens the output and returns one sink per encoder thread (one for a Y4M stream, up to
    /// `encoderCount` for a PNG folder), having checked that it can be written, so that a bad
    /// output fails (exit 73) before any frame is drawn.
    ///
    /// A Y4M PATH that names a regular file, or nothing yet, is written through a temporary file
    /// and renamed into place by `finish()`; one that names a device or FIFO (`/dev/null`,
    /// `/dev/full`, a named pipe) is opened and written directly, since renaming over a device
    /// would replace it. Standard output is refused when it is a terminal.
    func makeSinks(frameSize: PixelSize, encoderCount: Int) throws(CommandLineFailure) -> [any FrameSink] {
        do {
            switch format {
            case .y4m:
                return [try Y4MSink(destination: y4mDestination(), size: frameSize,
                                    framesPerSecond: framesPerSecond, chroma: chroma)]
            case .apng:
                try checkFileDestination(seekable: true)
                return [try APNGSink(path: path, size: frameSize, framesPerSecond: framesPerSecond,
                                     loopCount: loopCount, compressionLevel: pngLevel)]
            case .gif:
                let sink = try GIFSink(destination: gifDestination(), size: frameSize,
                                       framesPerSecond: framesPerSecond, loopCount: loopCount)
                let played = GIFSink.effectiveFramesPerSecond(framesPerSecond)
                if played != framesPerSecond {
                    fputs("kinescope: warning: GIF plays at most \(played) frames per second (browsers slow shorter delays to 10 cs); \(displayName) plays at \(played) fps, leaving out frames of the \(framesPerSecond) fps recording\n", stderr)
                } else if 100 % framesPerSecond != 0 {
                    fputs("kinescope: warning: GIF delays are whole centiseconds; \(displayName) gives its \(framesPerSecond) fps frames \(100 / framesPerSecond) or \(100 / framesPerSecond + 1) cs each, so that the total time stays exact (use 50, 25, 20 or 10 fps for even delays)\n", stderr)
                }
                return [sink]
            case .webp:
                let compression: WebPSink.Compression = quality.map { .lossy(quality: $0) } ?? .lossless
                return [try WebPSink(destination: gifDestination(binaryName: "WebP"), size: frameSize,
                                     framesPerSecond: framesPerSecond, loopCount: loopCount, compression: compression)]
            case .webm:
                try checkFileDestination(seekable: true)
                return [try WebMSink(path: path, size: frameSize, framesPerSecond: framesPerSecond, quality: quality ?? 75)]
            case .mp4, .mov:
                try checkFileDestination(seekable: true)
                let codec: FFmpegSink.Codec = format == .mov
                    ? .proRes4444 : .h264(crf: crf ?? quality.map(Self.crf(forQuality:)) ?? 18, preset: preset)
                let sink = try FFmpegSink(path: path, size: frameSize, framesPerSecond: framesPerSecond, codec: codec)
                if format == .mp4 && (frameSize.width % 2 != 0 || frameSize.height % 2 != 0) {
                    fputs("kinescope: warning: H.264 needs even sizes; \(displayName) is padded with black to \(frameSize.width + frameSize.width % 2)x\(frameSize.height + frameSize.height % 2)\n", stderr)
                }
                return [sink]
            case .png:
                let (folder, pattern) = Self.framePattern(of: path) ?? (path, .standard)
                var sinks: [any FrameSink] = []
                for _ in 0..<max(1, encoderCount) {
                    sinks.append(try PNGSequenceSink(folder: folder, fileNamePattern: pattern, compressionLevel: pngLevel))
                }
                try checkWritableFolder(folder)
                return sinks
            }
        } catch let error as RecordingError {
            throw CommandLineFailure(recording: error)
        } catch let error as CommandLineFailure {
            throw error
        } catch {
            throw CommandLineFailure(error)
        }
    }

    /// The folder and file-name pattern of a PATH such as `frames/%05d.png` (folder `.` when the
    /// PATH has no `/`), or nil when its last component is not a PNG name with one number.
    static func framePattern(of path: String) -> (folder: String, pattern: PNGSequenceSink.FileNamePattern)? {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard name.lowercased().hasSuffix(".png"), let pattern = PNGSequenceSink.FileNamePattern(name) else { return nil }
        let folder = slash.map { String(path[..<$0]) } ?? "."
        return (folder.isEmpty ? "/" : folder, pattern)
    }

    private func gifDestination(binaryName: String = "GIF") throws(CommandLineFailure) -> StreamDestination {
        try y4mDestination(binaryName: binaryName)
    }

    /// Refuses, before any frame is drawn, a PATH that is a folder, or (for `seekable` formats,
    /// whose header is patched at the end) a device or FIFO.
    private func checkFileDestination(seekable: Bool) throws(CommandLineFailure) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw CommandLineFailure(code: .cannotCreate, message: "\(path): is a folder; give a file name for \(format.displayName) (e.g. \(path)/out.\(format.rawValue)), or use --format png to write frames into it")
        case S_IFREG:
            return
        default:
            if seekable {
                throw CommandLineFailure(code: .cannotCreate, message: "\(path): is not a regular file; \(format.displayName) has its frame count written at the end, so it needs a file it can seek in")
            }
        }
    }

    private func y4mDestination(binaryName: String = "Y4M") throws(CommandLineFailure) -> Y4MSink.Destination {
        if path == "-" {
            if isatty(STDOUT_FILENO) == 1 {
                throw .usage("refusing to write a binary \(binaryName) stream to a terminal; redirect standard output (| ffmpeg -i - …, > out.\(format.rawValue)) or give a file name")
            }
            return .standardOutput
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return .file(path: path) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw CommandLineFailure(code: .cannotCreate, message: "\(path): is a folder; give a file name for \(format.displayName) (e.g. \(path)/out.\(format.rawValue)), or use --format png to write frames into it")
        case S_IFREG:
            return .file(path: path)
        default:
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw CommandLineFailure(code: .cannotCreate, message: "\(path): cannot open for writing: \(String(cString: strerror(errno)))")
            }
            // Kept open until the process exits: a borrowed descriptor is never closed by the sink.
            return .fileDescriptor(fd, name: path)
        }
    }

    /// Creates and removes a file in `folder`, so that a read-only or unwritable folder fails now
    /// rather than at the first frame.
    private func checkWritableFolder(_ folder: String) throws(CommandLineFailure) {
        var template = Array("\(folder)/.kinescope-check.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw CommandLineFailure(code: .cannotCreate, message: "\(folder): cannot create files in this folder: \(String(cString: strerror(errno)))")
        }
        close(fd)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }
}

extension CommandLineFailure {
    /// Exit code and message for a recording error: 73 when the output cannot be created, 74 when
    /// writing fails part-way, 64 for values the command line let through that the sink refuses.
    init(recording error: RecordingError) {
        let code: ExitCode = switch error {
        case .cannotCreate: .cannotCreate
        case .writeFailed, .encodingFailed: .ioError
        case .programMissing: .unavailable
        case .frameSizeMismatch, .frameOutOfOrder, .invalidFrameIndex, .invalidFrameRate, .emptyFrameSize,
             .invalidCompressionLevel, .invalidLoopCount, .invalidQuality, .alreadyFinished: .usage
        }
        self.init(code: code, message: error.description)
    }
}

/// `--quality`, `--crf` and `--preset` as given, checked against the format before anything is
/// drawn.
struct EncodingOptions {
    var quality: Int?
    var crf: Int?
    var preset: String?

    /// Takes `--quality`, `--crf` or `--preset` with its value from `cursor`; false for any
    /// other option.
    mutating func take(_ name: String, inline: String?, from cursor: inout ArgumentCursor) throws(CommandLineFailure) -> Bool {
        switch name {
        case "--quality": quality = try cursor.integer(of: name, inline: inline, in: 0...100)
        case "--crf": crf = try cursor.integer(of: name, inline: inline, in: 0...51)
        case "--preset": preset = try cursor.value(of: name, inline: inline)
        default: return false
        }
        return true
    }

    /// A usage error when an option does not apply to `format`: `--quality` to WebP, WebM and
    /// MP4 only (ProRes 4444 has one fixed quality; PNG, APNG and GIF are lossless or
    /// palette-based); `--crf` and `--preset` to MP4 only, with a preset x264 knows.
    func check(for format: RecordingFormat) throws(CommandLineFailure) {
        if let quality, !format.takesQuality {
            throw .usage("--quality \(quality): \(format.displayName) has no quality setting; --quality applies to .webp, .webm and .mp4")
        }
        if let crf, format != .mp4 { throw .usage("--crf \(crf): only MP4 (H.264) takes a CRF, not \(format.displayName)") }
        if let preset {
            guard format == .mp4 else { throw .usage("--preset \(preset): only MP4 (H.264) takes a preset, not \(format.displayName)") }
            guard FFmpegSink.Codec.presets.contains(preset) else {
                throw .usage("--preset \(preset): expected one of \(FFmpegSink.Codec.presets.joined(separator: ", "))")
            }
        }
    }
}
