// Design note. libwebp's `WebPAnimEncoder` does the hard part: it diffs each frame against the
// canvas, crops to what changed, picks blend and dispose per frame and (lossless) keeps exact
// pixels. It holds every encoded frame in memory and assembles the RIFF file only at the end, so
// the file is written once by `finish()`; an interrupted recording is finished the same way with
// the frames drawn so far (the command line keeps its queue running on SIGINT for this format).
// Frames are un-premultiplied straight into the encoder's own ARGB plane (`WebPPicture.argb`
// holds 0xAARRGGBB words, Kinescope's layout), so no buffer is allocated per frame.
// Timestamps are whole milliseconds, frame i at round(1000 · i / fps): a pure function of the
// index, so the bytes never depend on wall time. `exact` keeps the colour under transparent
// pixels (always black here, since a premultiplied transparent pixel has none), so a lossless
// file decodes to exactly what `PNGSequenceSink` writes.

import CWebP
import Raster

/// Writes frames as one animated WebP file, which every current browser plays.
///
/// Lossless by default (each decoded frame equals the straight-alpha PNG of the same frame);
/// `.lossy(quality:)` uses VP8 at that quality (0…100, libwebp's scale) with a lossless alpha
/// plane. Frame `i` starts at `round(1000 · i / framesPerSecond)` ms; the animation plays
/// `loopCount` times (0: for ever), on a transparent background.
///
/// The file is assembled in memory and written by `finish()`; a `.file` destination goes through
/// a temporary file renamed over the target, so a recording released without `finish()` (or with
/// no frame) leaves nothing. A device or pipe receives the bytes directly at the end.
///
/// ```swift
/// let sink = try WebPSink(destination: .file(path: "fade.webp"), size: frameSize, framesPerSecond: 30)
/// for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
/// try sink.finish()
/// ```
public final class WebPSink: FrameSink {
    /// How frames are compressed.
    public enum Compression: Sendable, Equatable {
        /// VP8L: exact pixels, alpha included.
        case lossless
        /// VP8 at `quality` (0…100, libwebp's scale: 75 is its default), alpha kept losslessly.
        case lossy(quality: Int)
    }

    /// The size every frame must have.
    public let size: PixelSize
    /// Frames per second; frame `i` starts at `round(1000 · i / framesPerSecond)` ms.
    public let framesPerSecond: Int
    /// How many times the animation plays, `0...65535`; 0 means for ever.
    public let loopCount: Int
    public let compression: Compression
    /// How many frames have been encoded.
    public private(set) var framesWritten = 0
    private let output: OutputFile
    private let encoder: OpaquePointer
    private var picture = WebPPicture()
    private var config = WebPConfig()
    private var finished = false

    /// Creates the encoder and opens the destination.
    ///
    /// - Throws: `.emptyFrameSize` (or a side above WebP's 16383), `.invalidFrameRate` (outside
    ///   `1...1000`), `.invalidLoopCount`, `.invalidQuality` (outside `0...100`), `.cannotCreate`,
    ///   `.encodingFailed` when libwebp refuses the settings.
    public init(destination: StreamDestination, size: PixelSize, framesPerSecond: Int = 60, loopCount: Int = 0,
                compression: Compression = .lossless) throws(RecordingError) {
        let name = destination.name
        guard !size.isEmpty, size.width <= Int(WEBP_MAX_DIMENSION), size.height <= Int(WEBP_MAX_DIMENSION) else {
            if size.isEmpty { throw .emptyFrameSize(path: name, size: size) }
            throw .encodingFailed(path: name, detail: "\(size) is larger than WebP's \(WEBP_MAX_DIMENSION) × \(WEBP_MAX_DIMENSION) pixels")
        }
        guard (1...1000).contains(framesPerSecond) else {
            throw .invalidFrameRate(path: name, framesPerSecond: framesPerSecond)
        }
        guard (0...65535).contains(loopCount) else { throw .invalidLoopCount(path: name, count: loopCount) }
        if case let .lossy(quality) = compression, !(0...100).contains(quality) {
            throw .invalidQuality(path: name, quality: quality)
        }
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.loopCount = loopCount
        self.compression = compression

        var options = WebPAnimEncoderOptions()
        guard kinescope_WebPAnimEncoderOptionsInit(&options) != 0, kinescope_WebPConfigInit(&config) != 0,
              kinescope_WebPPictureInit(&picture) != 0 else {
            throw .encodingFailed(path: name, detail: "libwebp's headers and library versions differ")
        }
        options.anim_params.loop_count = Int32(loopCount)
        options.anim_params.bgcolor = 0
        options.allow_mixed = 0
        switch compression {
        case .lossless:
            config.lossless = 1
            config.exact = 1
        case let .lossy(quality):
            config.lossless = 0
            config.quality = Float(quality)
        }
        guard WebPValidateConfig(&config) != 0 else {
            throw .encodingFailed(path: name, detail: "libwebp refuses the encoder settings")
        }
        picture.use_argb = 1
        picture.width = Int32(size.width)
        picture.height = Int32(size.height)
        guard WebPPictureAlloc(&picture) != 0 else {
            throw .encodingFailed(path: name, detail: "cannot allocate a \(size) frame")
        }
        guard let encoder = kinescope_WebPAnimEncoderNew(Int32(size.width), Int32(size.height), &options) else {
            WebPPictureFree(&picture)
            throw .encodingFailed(path: name, detail: "libwebp cannot create an animation encoder")
        }
        self.encoder = encoder
        do {
            output = try OutputFile(destination)
        } catch {
            WebPAnimEncoderDelete(encoder)
            WebPPictureFree(&picture)
            throw error
        }
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
        WebPPictureFree(&picture)
    }

    /// When frame `index` starts, in milliseconds.
    public func timestamp(ofFrame index: Int) -> Int {
        (2000 * index + framesPerSecond) / (2 * framesPerSecond)
    }

    /// Encodes frame `index` (the next one).
    ///
    /// - Throws: `.alreadyFinished`, `.frameOutOfOrder`, `.frameSizeMismatch`, `.encodingFailed`.
    public func consume(_ frame: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(frame, index: index, expected: framesWritten, size: size, finished: finished,
                                          path: output.name)
        let stride = Int(picture.argb_stride)
        for y in 0..<size.height {
            StraightAlpha.convert(UnsafePointer(frame.row(y).baseAddress!), to: picture.argb + y * stride, count: size.width)
        }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp(ofFrame: index)), &config) != 0 else {
            throw .encodingFailed(path: output.name, detail: "frame \(index): \(errorText)")
        }
        framesWritten += 1
    }

    private var errorText: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "libwebp failed"
    }

    /// Assembles the file (the last frame lasts until `timestamp(ofFrame: framesWritten)`),
    /// writes it and publishes a `.file` destination. With no frame nothing is written.
    ///
    /// - Throws: `.encodingFailed`, `.writeFailed` (a full disk: nothing is published).
    public func finish() throws(RecordingError) {
        guard !finished else { return }
        finished = true
        guard framesWritten > 0 else { return }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp(ofFrame: framesWritten)), nil) != 0 else {
            throw .encodingFailed(path: output.name, detail: errorText)
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw .encodingFailed(path: output.name, detail: errorText)
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        try output.write(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
        try output.publish()
    }
}
