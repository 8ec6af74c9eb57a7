@preconcurrency import Glibc
import Kinescope

/// The two kinds of recording the command line writes.
enum RecordingFormat: String, CaseIterable {
    /// A folder of `frame-000001.png`, `frame-000002.png`, … (see `PNGSequenceSink`).
    case png
    /// One YUV4MPEG2 stream (see `Y4MSink`): a file, a device or FIFO, or standard output.
    case y4m

    /// File-name extensions of formats people ask for that Kinescope does not write yet; named in
    /// the message for an unknown extension so that `--out x.gif` says what is available.
    static let notYetSupported = "GIF, APNG, WebP, WebM and MP4 are not supported yet"

    /// The `--format` value `text` (any case); a usage error naming `option` otherwise.
    static func parse(_ text: String, option: String = "--format") throws(CommandLineFailure) -> RecordingFormat {
        guard let format = RecordingFormat(rawValue: text.lowercased()) else {
            throw .usage("\(option) \(text): expected png or y4m (\(notYetSupported))")
        }
        return format
    }

    /// The format `--format` names, else the one `path` implies, checked against each other
    /// before anything is created on disk:
    ///
    /// - `-` is a Y4M stream on standard output;
    /// - an existing folder, or a path ending in `/`, is a PNG folder (whatever its name);
    /// - a last component with no extension is a PNG folder (or, with `--format y4m`, a Y4M file
    ///   or device such as `/dev/null`);
    /// - `.y4m` (any case) is a Y4M file;
    /// - any other extension names a file format Kinescope does not write (`x.gif`, and `x.png`,
    ///   since a PNG sequence is a folder, not one file): a usage error (exit 64), where the
    ///   earlier behaviour silently made a folder called `x.gif`. A folder whose name has a dot
    ///   is given with a trailing `/` or created first.
    ///
    /// `--format` contradicting the extension (`--format png` with `x.y4m`) or a trailing `/`
    /// (`--format y4m` with `frames/`) is a usage error too.
    static func resolve(_ explicit: RecordingFormat?, path: String, option: String) throws(CommandLineFailure) -> RecordingFormat {
        if path == "-" {
            if explicit == .png {
                throw .usage("\(option) -: a PNG sequence is a folder and cannot go to standard output; use --format y4m or a folder path")
            }
            return .y4m
        }
        if path.hasSuffix("/") && explicit == .y4m && !isExistingFolder(path) {
            throw .usage("\(option) \(path): the trailing '/' names a folder, but a Y4M stream is one file; drop the '/' or use --format png")
        }
        if path.hasSuffix("/") || isExistingFolder(path) {
            // An existing folder with `--format y4m` is refused when the output is opened (exit 73).
            return explicit ?? .png
        }
        guard let pathExtension = fileExtension(of: path) else { return explicit ?? .png }
        switch pathExtension.lowercased() {
        case "y4m":
            if explicit == .png {
                throw .usage("\(option) \(path): the name says Y4M but --format png was given; drop --format or give a folder path for PNG frames")
            }
            return .y4m
        case "png":
            throw .usage("\(option) \(path): a PNG recording is a folder of frame-000001.png…, not one .png file; give a folder path (animated PNG is not supported yet)")
        default:
            throw .usage("\(option) \(path): unknown output format '\(pathExtension)'; use a folder for PNG frames or a .y4m file (\(notYetSupported); for a folder whose name has a dot, end it with '/')")
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
    /// Written in the Y4M header, `1...1000`.
    var framesPerSecond: Int = 60

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
            case .png:
                var sinks: [any FrameSink] = []
                for _ in 0..<max(1, encoderCount) {
                    sinks.append(try PNGSequenceSink(folder: path, compressionLevel: pngLevel))
                }
                try checkWritableFolder(path)
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

    private func y4mDestination() throws(CommandLineFailure) -> Y4MSink.Destination {
        if path == "-" {
            if isatty(STDOUT_FILENO) == 1 {
                throw .usage("refusing to write a binary Y4M stream to a terminal; redirect standard output (| ffmpeg -i - …, > out.y4m) or give a file name")
            }
            return .standardOutput
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return .file(path: path) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw CommandLineFailure(code: .cannotCreate, message: "\(path): is a folder; give a file name for the Y4M stream (e.g. \(path)/out.y4m), or use --format png to write frames into it")
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
        case .frameSizeMismatch, .frameOutOfOrder, .invalidFrameIndex, .invalidFrameRate, .emptyFrameSize,
             .invalidCompressionLevel, .invalidLoopCount, .alreadyFinished: .usage
        }
        self.init(code: code, message: error.description)
    }
}
