import Glibc
import Raster

/// Writes frames as an uncompressed YUV4MPEG2 (`.y4m`) stream, which ffmpeg, mpv and x264 read
/// directly: `ffmpeg -i out.y4m -c:v libx264 out.mp4`.
///
/// The header is `YUV4MPEG2 W<width> H<height> F<fps>:1 Ip A1:1 C420jpeg XYSCSS=420JPEG
/// XCOLORRANGE=LIMITED` (or `C444 XYSCSS=444`, or `C444alpha`); each frame is `FRAME\n` followed
/// by the Y′, Cb and Cr planes (and, for `C444alpha`, the alpha plane). Colours are limited range
/// (Y′ 16…235), which `XCOLORRANGE=LIMITED` tells ffmpeg (5.1's y4m demuxer reads that tag, and
/// `XYSCSS`, but no colour matrix), through the `matrix`: BT.709 for HD frames and BT.601 below
/// (`Matrix.standard(for:)`). Without alpha the colours are the premultiplied pixels composited
/// over black (a transparent pixel records as black); with alpha they are the straight colours
/// and the alpha plane is full range (0…255, as ffmpeg's `yuva444p` has it). With 4:2:0 each
/// chroma sample is the mean of a 2×2 block, sited at its centre as `C420jpeg` declares; odd
/// sizes are allowed (chroma planes round up).
///
/// ffmpeg assumes BT.601 for a stream with no matrix, so an HD recording is piped with the tags
/// of `ffmpegColourOptions(for:)`: `kinescope transition … --out - | ffmpeg -i - -colorspace
/// bt709 -color_primaries bt709 -color_trc bt709 -color_range tv out.mp4`.
///
/// A `.file` destination is written to a temporary file beside the target and renamed over it
/// by `finish()`, so an abandoned recording (released without `finish()`) leaves nothing under
/// the target name. When a write fails part-way (disk full, file size limit), the frames written
/// before it are kept: the file is cut back to the last whole frame and published, a valid
/// stream a live recording would otherwise lose, and the error says how many frames it holds.
/// Frames must arrive in order (indices 0, 1, 2, …) and all have the stream's size.
public final class Y4MSink: FrameSink {
    /// Chroma subsampling of the stream.
    public enum Chroma: Sendable {
        /// Chroma at half resolution in both directions (`C420jpeg`): 1.5 bytes a pixel.
        case yuv420
        /// Chroma at full resolution (`C444`): 3 bytes a pixel.
        case yuv444
        /// Chroma at full resolution and an alpha plane (`C444alpha`, ffmpeg's `yuva444p`): 4
        /// bytes a pixel.
        case yuv444Alpha
    }

    /// The Y′CbCr matrix of the stream.
    public enum Matrix: Sendable {
        /// ITU-R BT.601 (SD): what ffmpeg assumes for an untagged stream.
        case bt601
        /// ITU-R BT.709 (HD).
        case bt709

        /// BT.709 for a frame at least 1280 pixels wide or more than 576 high, BT.601 below:
        /// the guess mpv makes for a stream that names no matrix (Y4M cannot name one), so that
        /// mpv plays the file right as it is, and ffmpeg with the flags of
        /// `ffmpegColourOptions(for:)`.
        public static func standard(for size: PixelSize) -> Matrix {
            size.width >= 1280 || size.height > 576 ? .bt709 : .bt601
        }

        var coefficients: YCbCrConversion.Matrix { self == .bt709 ? .bt709 : .bt601 }
    }

    /// Where the stream goes.
    public typealias Destination = StreamDestination

    /// The size every frame must have.
    public let size: PixelSize
    /// Chroma subsampling written in the header and used for every frame.
    public let chroma: Chroma
    /// Frames per second written in the header (`F<n>:1`).
    public let framesPerSecond: Int
    /// The Y′CbCr matrix of every frame.
    public let matrix: Matrix
    /// How many frames have been written.
    public private(set) var framesWritten = 0
    private let output: OutputFile
    private let frame: UnsafeMutablePointer<UInt8>
    private let frameBytes: Int
    /// One row of straight-alpha words, for `C444alpha`.
    private let scratch: UnsafeMutablePointer<UInt32>
    private static let frameMarker = Array("FRAME\n".utf8)
    private var finished = false
    private let headerBytes: Int

    /// Opens the destination and writes the stream header.
    ///
    /// - Parameter matrix: nil for `Matrix.standard(for: size)`.
    /// - Throws: `.emptyFrameSize`, `.invalidFrameRate` (outside `1...1000`), `.cannotCreate`
    ///   when the file cannot be created, `.writeFailed` when the header cannot be written.
    public init(destination: Destination, size: PixelSize, framesPerSecond: Int = 60,
                chroma: Chroma = .yuv420, matrix: Matrix? = nil) throws(RecordingError) {
        let name = destination.name
        guard !size.isEmpty else { throw .emptyFrameSize(path: name, size: size) }
        guard (1...1000).contains(framesPerSecond) else {
            throw .invalidFrameRate(path: name, framesPerSecond: framesPerSecond)
        }
        self.size = size
        self.chroma = chroma
        self.framesPerSecond = framesPerSecond
        self.matrix = matrix ?? .standard(for: size)
        output = try OutputFile(destination)
        frameBytes = Self.frameMarker.count + YCbCrConversion.planeBytes(size, subsampled: chroma == .yuv420)
            + (chroma == .yuv444Alpha ? size.area : 0)
        frame = UnsafeMutablePointer<UInt8>.allocate(capacity: frameBytes)
        scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: chroma == .yuv444Alpha ? size.width : 1)
        frame.initialize(from: Self.frameMarker, count: Self.frameMarker.count)
        var header = Self.header(size: size, framesPerSecond: framesPerSecond, chroma: chroma)
        headerBytes = header.utf8.count
        let output = output
        let result = header.withUTF8 { buffer in
            Result { () throws(RecordingError) in try output.write(UnsafeRawBufferPointer(buffer)) }
        }
        try result.get()
    }

    deinit {
        frame.deallocate()
        scratch.deallocate()
    }

    /// The stream header line, including its newline.
    public static func header(size: PixelSize, framesPerSecond: Int, chroma: Chroma) -> String {
        let tags = switch chroma {
        case .yuv420: "C420jpeg XYSCSS=420JPEG"
        case .yuv444: "C444 XYSCSS=444"
        case .yuv444Alpha: "C444alpha"
        }
        return "YUV4MPEG2 W\(size.width) H\(size.height) F\(framesPerSecond):1 Ip A1:1 \(tags) XCOLORRANGE=LIMITED\n"
    }

    /// The ffmpeg output options that tag a video made from this stream with its colours (ffmpeg
    /// reads the range from the header but takes no matrix from it): `-colorspace`,
    /// `-color_primaries`, `-color_trc` and `-color_range tv`.
    public static func ffmpegColourOptions(for matrix: Matrix) -> [String] {
        switch matrix {
        case .bt709: ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        case .bt601: ["-colorspace", "smpte170m", "-color_primaries", "smpte170m", "-color_trc", "smpte170m", "-color_range", "tv"]
        }
    }

    public func consume(_ bitmap: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(bitmap, index: index, expected: framesWritten, size: size, finished: finished,
                                          path: output.name)
        let planes = frame + Self.frameMarker.count
        if chroma == .yuv444Alpha {
            YCbCrConversion.convertWithAlpha(bitmap, matrix: matrix.coefficients, scratch: scratch, into: planes)
        } else {
            YCbCrConversion.convert(bitmap, subsampled: chroma == .yuv420, matrix: matrix.coefficients, into: planes)
        }
        do throws(RecordingError) {
            try output.write(UnsafeRawBufferPointer(start: frame, count: frameBytes))
        } catch let .writeFailed(path, reason) {
            // Keep the whole frames written so far rather than losing the recording.
            if framesWritten > 0, output.publishPrefix(headerBytes + framesWritten * frameBytes) {
                finished = true
                throw .writeFailed(path: path, reason: "\(reason); the \(framesWritten) frames before it were kept")
            }
            throw .writeFailed(path: path, reason: reason)
        }
        framesWritten += 1
    }

    /// Publishes a `.file` destination (fsync, rename over the target); other destinations
    /// have nothing buffered.
    public func finish() throws(RecordingError) {
        guard !finished else { return }
        finished = true
        try output.publish()
    }
}
