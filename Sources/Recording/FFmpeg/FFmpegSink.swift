// Design note. H.264 and ProRes encoders are GPL (x264) or live in ffmpeg, so these formats go
// through the `ffmpeg` program (never linked): frames are sent raw (`bgr0` for H.264: the
// premultiplied channels composited over black as they are; straight `bgra` for ProRes 4444,
// which keeps alpha), ffmpeg converts them with the BT.709 matrix to limited-range Y′CbCr
// (the scale filter's `out_color_matrix`, which the `-colorspace` tag alone would not change),
// tags the stream BT.709 (primaries, transfer, matrix, range), and writes a temporary file
// beside the target that is renamed over it once ffmpeg has exited cleanly.
// Determinism: `-threads 1`, `-fflags +bitexact -flags +bitexact` and `-map_metadata -1` leave
// no encoder version, date or thread-dependent choice in the file; two runs of the same frames
// give the same bytes (tested for MP4 and MOV on this machine's ffmpeg 5.1; another ffmpeg or
// x264 version may encode differently).

import Codecs
@preconcurrency import Glibc
import Raster

/// Writes frames as MP4 (H.264) or QuickTime MOV (ProRes 4444 with alpha) through the `ffmpeg`
/// program, which must be on `PATH`.
///
/// - MP4: H.264 High profile, 4:2:0, BT.709 limited range, `+faststart` (the index first, so
///   that browsers start playing before the download ends). 4:2:0 needs even sizes: an odd width
///   or height is padded with one black column or row (the file is then one pixel wider or
///   taller). Alpha is dropped (composited over black).
/// - MOV: ProRes 4444 (`prores_ks`, profile 4444, 10-bit 4:4:4 with a 16-bit alpha plane,
///   BT.709 limited range): what editors such as Final Cut Pro and DaVinci Resolve import with
///   transparency.
///
/// Every frame lasts `1 / framesPerSecond`. `finish()` ends ffmpeg's input, waits for it and
/// publishes the file; released without `finish()` (or with no frame) ffmpeg is killed and
/// nothing is left. When ffmpeg fails (a full disk, a bad setting) the error names it with the
/// last line it wrote on standard error, and nothing is published.
public final class FFmpegSink: FrameSink {
    /// What ffmpeg encodes.
    public enum Codec: Sendable, Equatable {
        /// H.264 in MP4 with libx264: `crf` 0…51 (lower is better; 18 looks lossless on screen
        /// content), `preset` one of x264's (`ultrafast` … `veryslow`).
        case h264(crf: Int, preset: String)
        /// ProRes 4444 with alpha in a QuickTime MOV.
        case proRes4444

        /// x264's presets, fastest first.
        public static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
                                     "slower", "veryslow"]
    }

    /// The size of the frames given (the video is one pixel larger on an odd side for H.264).
    public let size: PixelSize
    public let framesPerSecond: Int
    public let codec: Codec
    /// The target file.
    public let path: String
    /// How many frames ffmpeg has been sent.
    public private(set) var framesWritten = 0
    private let process: FFmpegProcess
    private let temporaryPath: String
    private let frameBuffer: UnsafeMutablePointer<UInt32>
    private var finished = false
    /// Whether the temporary file is gone: published, or removed after a failure.
    private var settled = false

    /// The ffmpeg arguments for `codec`, reading raw frames of `size` from standard input and
    /// writing `output`.
    static func arguments(codec: Codec, size: PixelSize, framesPerSecond: Int, output: String) -> [String] {
        // The scale filter converts with the BT.709 matrix; setparams tags the frames (ProRes
        // writes the frame's tags into each frame header), the options tag the stream.
        let convert = "scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int,"
            + "setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv"
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let common = ["-fflags", "+bitexact", "-flags", "+bitexact", "-map_metadata", "-1", "-threads", "1"]
        let input = ["-nostdin", "-hide_banner", "-loglevel", "error", "-threads", "1", "-f", "rawvideo",
                     "-pix_fmt", codec == .proRes4444 ? "bgra" : "bgr0",
                     "-s", "\(size.width)x\(size.height)", "-framerate", "\(framesPerSecond)", "-i", "pipe:0"]
        switch codec {
        case let .h264(crf, preset):
            let pad = size.width % 2 == 0 && size.height % 2 == 0 ? "" : "pad=ceil(iw/2)*2:ceil(ih/2)*2,"
            return input + ["-vf", "\(pad)\(convert),format=yuv420p",
                            "-c:v", "libx264", "-preset", preset, "-crf", "\(crf)", "-profile:v", "high"]
                + tags + common + ["-movflags", "+faststart", "-f", "mp4", "-y", output]
        case .proRes4444:
            return input + ["-vf", "\(convert),format=yuva444p10le",
                            "-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0"]
                + tags + common + ["-f", "mov", "-y", output]
        }
    }

    /// Finds ffmpeg, creates the temporary file beside `path` and starts ffmpeg.
    ///
    /// - Parameter ffmpeg: the program to run; nil looks for `ffmpeg` on `PATH`.
    /// - Throws: `.programMissing` when ffmpeg is not installed, `.emptyFrameSize`,
    ///   `.invalidFrameRate`, `.invalidQuality` (a CRF outside 0…51 or an unknown preset),
    ///   `.cannotCreate` when the folder cannot take the file, `.encodingFailed` when ffmpeg cannot
    ///   be started.
    public init(path: String, size: PixelSize, framesPerSecond: Int = 60, codec: Codec,
                ffmpeg: String? = nil) throws(RecordingError) {
        guard !size.isEmpty else { throw .emptyFrameSize(path: path, size: size) }
        guard (1...1000).contains(framesPerSecond) else { throw .invalidFrameRate(path: path, framesPerSecond: framesPerSecond) }
        if case let .h264(crf, preset) = codec {
            guard (0...51).contains(crf) else {
                throw .encodingFailed(path: path, detail: "CRF \(crf) is outside x264's 0…51")
            }
            guard Codec.presets.contains(preset) else {
                throw .encodingFailed(path: path, detail: "unknown x264 preset '\(preset)'; use one of \(Codec.presets.joined(separator: ", "))")
            }
        }
        guard let executable = ffmpeg ?? FFmpegProcess.locate() else {
            throw .programMissing(path: path, program: "ffmpeg",
                                  hint: "install it (apt-get install ffmpeg) or put it on PATH; MP4 and MOV are encoded by the ffmpeg program")
        }
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.codec = codec
        self.path = path
        let (folder, name) = PendingFile.split(path)
        guard !name.isEmpty else { throw .cannotCreate(path: path, reason: "the path names a folder, not a file") }
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        fchmod(fd, 0o644)
        close(fd)
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            process = try FFmpegProcess(executable: executable,
                                        arguments: Self.arguments(codec: codec, size: size, framesPerSecond: framesPerSecond,
                                                                  output: temporaryPath))
        } catch {
            unlink(temporaryPath)
            throw .encodingFailed(path: path, detail: error.message)
        }
        frameBuffer = .allocate(capacity: size.area)
    }

    deinit {
        frameBuffer.deallocate()
        abandon()
    }

    /// Kills ffmpeg if it still runs and removes the temporary file.
    private func abandon() {
        guard !settled else { return }
        settled = true
        process.kill()
        unlink(temporaryPath)
    }

    /// Sends frame `index` (the next one) to ffmpeg.
    ///
    /// - Throws: `.alreadyFinished`, `.frameOutOfOrder`, `.frameSizeMismatch`, `.writeFailed`
    ///   when ffmpeg has stopped (with its last error line; nothing is published).
    public func consume(_ frame: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(frame, index: index, expected: framesWritten, size: size, finished: finished,
                                          path: path)
        if codec == .proRes4444 {
            StraightAlpha.convert(frame, into: frameBuffer)
        } else {
            for y in 0..<size.height {
                (frameBuffer + y * size.width).update(from: frame.row(y).baseAddress!, count: size.width)
            }
        }
        guard process.send(UnsafeRawBufferPointer(start: frameBuffer, count: size.area * 4)) else {
            finished = true
            let reason = failureReason(status: process.finish())
            abandon()
            throw .writeFailed(path: path, reason: reason + "; nothing was kept")
        }
        framesWritten += 1
    }

    private func failureReason(status: Int32) -> String {
        let how = status > 128 ? "was killed by signal \(status - 128)" : "exited with status \(status)"
        let line = process.lastErrorLine.map { ": \($0)" } ?? ""
        return "ffmpeg (\(process.executable)) \(how)\(line)"
    }

    /// Ends ffmpeg's input, waits for it to write the file, then syncs and renames it over the
    /// target. With no frame consumed nothing is published.
    ///
    /// - Throws: `.writeFailed` when ffmpeg fails (its last error line) or the file cannot be
    ///   synced; `.cannotCreate` when the rename fails.
    public func finish() throws(RecordingError) {
        guard !finished else { return }
        finished = true
        guard framesWritten > 0 else { return }
        defer { abandon() }
        let status = process.finish()
        guard status == 0 else { throw .writeFailed(path: path, reason: failureReason(status: status)) }
        let fd = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, fsync(fd) == 0 else {
            let reason = errorText(errno)
            if fd >= 0 { close(fd) }
            throw .writeFailed(path: path, reason: reason)
        }
        close(fd)
        guard rename(temporaryPath, path) == 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        settled = true
    }
}
