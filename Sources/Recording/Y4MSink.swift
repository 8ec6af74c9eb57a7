import Glibc
import Raster

/// Writes frames as an uncompressed YUV4MPEG2 (`.y4m`) stream, which ffmpeg, mpv and x264 read
/// directly: `ffmpeg -i out.y4m -c:v libx264 out.mp4`.
///
/// The header is `YUV4MPEG2 W<width> H<height> F<fps>:1 Ip A1:1 C420jpeg` (or `C444`); each frame
/// is `FRAME\n` followed by the Y′, Cb and Cr planes. Colours are ITU-R BT.601, limited range
/// (Y′ 16…235), computed from the premultiplied pixels composited over black (a transparent
/// pixel records as black). With 4:2:0 each chroma sample is the mean of a 2×2 block, sited at
/// its centre as `C420jpeg` declares; odd sizes are allowed (chroma planes round up).
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
    }

    /// Where the stream goes.
    public typealias Destination = StreamDestination

    /// The size every frame must have.
    public let size: PixelSize
    /// Chroma subsampling written in the header and used for every frame.
    public let chroma: Chroma
    /// Frames per second written in the header (`F<n>:1`).
    public let framesPerSecond: Int
    /// How many frames have been written.
    public private(set) var framesWritten = 0
    private let output: OutputFile
    private let frame: UnsafeMutablePointer<UInt8>
    private let frameBytes: Int
    private static let frameMarker = Array("FRAME\n".utf8)
    private var finished = false
    private let headerBytes: Int

    /// Opens the destination and writes the stream header.
    ///
    /// - Throws: `.emptyFrameSize`, `.invalidFrameRate` (outside `1...1000`), `.cannotCreate`
    ///   when the file cannot be created, `.writeFailed` when the header cannot be written.
    public init(destination: Destination, size: PixelSize, framesPerSecond: Int = 60,
                chroma: Chroma = .yuv420) throws(RecordingError) {
        let name = destination.name
        guard !size.isEmpty else { throw .emptyFrameSize(path: name, size: size) }
        guard (1...1000).contains(framesPerSecond) else {
            throw .invalidFrameRate(path: name, framesPerSecond: framesPerSecond)
        }
        self.size = size
        self.chroma = chroma
        self.framesPerSecond = framesPerSecond
        output = try OutputFile(destination)
        frameBytes = Self.frameMarker.count + YCbCrConversion.planeBytes(size, subsampled: chroma == .yuv420)
        frame = UnsafeMutablePointer<UInt8>.allocate(capacity: frameBytes)
        frame.initialize(from: Self.frameMarker, count: Self.frameMarker.count)
        var header = Self.header(size: size, framesPerSecond: framesPerSecond, chroma: chroma)
        headerBytes = header.utf8.count
        let output = output
        let result = header.withUTF8 { buffer in
            Result { () throws(RecordingError) in try output.write(UnsafeRawBufferPointer(buffer)) }
        }
        try result.get()
    }

    deinit { frame.deallocate() }

    /// The stream header line, including its newline.
    public static func header(size: PixelSize, framesPerSecond: Int, chroma: Chroma) -> String {
        let tag = chroma == .yuv420 ? "C420jpeg" : "C444"
        return "YUV4MPEG2 W\(size.width) H\(size.height) F\(framesPerSecond):1 Ip A1:1 \(tag)\n"
    }

    public func consume(_ bitmap: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(bitmap, index: index, expected: framesWritten, size: size, finished: finished,
                                          path: output.name)
        YCbCrConversion.convert(bitmap, subsampled: chroma == .yuv420, into: frame + Self.frameMarker.count)
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
