// Design note. An animated PNG is a PNG whose IDAT is frame 0, with `acTL` (frame count, plays)
// before it and, for each later frame, an `fcTL` (region, delay, disposal, blending) and its
// pixel data as `fdAT` chunks: IDAT data behind a sequence number. So each frame goes through the
// same PNGEncoder as a PNG-sequence frame (always 8-bit RGBA, since every frame shares the
// header's colour type), and the IDAT chunks of that stream are re-wrapped; no zlib of our own.
// Frames after the first store only the rectangle that changed since the previous frame, with
// `APNG_DISPOSE_OP_NONE` (the canvas keeps the frame) and `APNG_BLEND_OP_SOURCE` (the rectangle
// replaces what was there, alpha included), so the decoded canvas equals the source frame pixel
// for pixel: the tests decode every frame and compare it with the PNG sequence of the same run.
// The file is a valid APNG after every frame, temporary as it is until `finish()` renames it:
// each frame is written over the IEND that ended the previous one, followed by a new IEND, and
// only then is its count patched into `acTL` (written as 0 at first). When a write fails
// part-way, the file is cut back to its last whole frame, ended again and published.
// Measured here (release, -target-cpu native, 2 shared cores): `transition fade` between the two
// 1920×1080 photographs of `assets/`, 60 frames: 7.2 s wall, 6.3 s CPU, 276 MB (a fade changes
// every pixel, so no frame is cropped; RGBA at zlib level 1, one encoder thread since frames are
// written in order), against 5.7 s for the PNG folder on one encoder per core. `record cover`
// at 480×360, 60 frames: 199 KB, where the PNG folder takes 320 KB.

import Codecs
import Raster

/// Writes frames as one animated PNG (APNG) file, which browsers, ffmpeg and most image viewers
/// play; a viewer without APNG support shows the first frame as a still PNG.
///
/// Every frame lasts exactly `1 / framesPerSecond` seconds (`fcTL` delay 1/fps, an exact
/// fraction); the animation plays `loopCount` times (0: for ever). Each decoded frame is
/// identical to the PNG that `PNGSequenceSink` writes for it: lossless, straight alpha rounded
/// as `PNGEncoder` does. Frames must arrive in order and all have the stream's size.
///
/// The file is written to a temporary file beside the target and renamed over it by `finish()`,
/// so a recording released without `finish()` leaves nothing; the temporary file is a valid APNG
/// of the frames so far after every frame (what a crash would leave beside the target). When a write fails part-way (disk
/// full, file size limit), the whole frames before it are kept: the file is cut back, ended and
/// published, and the error says how many frames it holds.
///
/// ```swift
/// let sink = try APNGSink(path: "fade.apng", size: frameSize, framesPerSecond: 30)
/// for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
/// try sink.finish()
/// ```
public final class APNGSink: FrameSink {
    /// The size every frame must have.
    public let size: PixelSize
    /// Frames per second; each frame's delay is `1 / framesPerSecond` s.
    public let framesPerSecond: Int
    /// How many times the animation plays, `0...65535`; 0 means for ever.
    public let loopCount: Int
    /// zlib level of each frame's data, `0...9`.
    public let compressionLevel: Int
    /// Whether frames after the first store only the rectangle that changed.
    public let cropsToChanges: Bool
    /// How many frames have been written.
    public private(set) var framesWritten = 0
    private let output: OutputFile
    private let previous: Bitmap
    private var sequenceNumber: UInt32 = 0
    /// Bytes of the file up to the end of the last whole frame.
    private var committedBytes = 0
    private var finished = false
    private let workspace = PNGEncoder.Workspace()
    /// Where the `acTL` chunk starts: after the signature and the 25-byte IHDR chunk.
    private static let animationControlOffset = 8 + 25

    /// Creates the temporary file and writes the PNG signature, header and animation control.
    ///
    /// - Parameters:
    ///   - loopCount: plays, `0...65535` (0: for ever).
    ///   - compressionLevel: zlib level, `0...9`; 1 is the fastest useful one, as for PNG folders.
    ///   - cropsToChanges: store only each frame's changed rectangle (the default); false stores
    ///     every frame whole, for players that mishandle frame regions.
    /// - Throws: `.emptyFrameSize`, `.invalidFrameRate` (outside `1...1000`),
    ///   `.invalidLoopCount`, `.invalidCompressionLevel`, `.cannotCreate` when the file cannot be
    ///   created, `.writeFailed` when the header cannot be written.
    public init(path: String, size: PixelSize, framesPerSecond: Int = 60, loopCount: Int = 0,
                compressionLevel: Int = 1, cropsToChanges: Bool = true) throws(RecordingError) {
        guard !size.isEmpty else { throw .emptyFrameSize(path: path, size: size) }
        guard (1...1000).contains(framesPerSecond) else {
            throw .invalidFrameRate(path: path, framesPerSecond: framesPerSecond)
        }
        guard (0...65535).contains(loopCount) else { throw .invalidLoopCount(path: path, count: loopCount) }
        guard (0...9).contains(compressionLevel) else {
            throw .invalidCompressionLevel(path: path, level: compressionLevel)
        }
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.loopCount = loopCount
        self.compressionLevel = compressionLevel
        self.cropsToChanges = cropsToChanges
        previous = Bitmap(size: size)
        output = try OutputFile(creatingTemporaryFor: path)
        var header = PNGChunks.signature
        var ihdr: [UInt8] = []
        PNGChunks.appendBigEndian(UInt32(size.width), to: &ihdr)
        PNGChunks.appendBigEndian(UInt32(size.height), to: &ihdr)
        ihdr += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filters, not interlaced
        PNGChunks.append(type: "IHDR", data: ihdr, to: &header)
        header += animationControl(frames: 0)
        try output.write(header)
        committedBytes = header.count
    }

    /// The `acTL` chunk for `frames` frames.
    private func animationControl(frames: Int) -> [UInt8] {
        var data: [UInt8] = [], chunk: [UInt8] = []
        PNGChunks.appendBigEndian(UInt32(frames), to: &data)
        PNGChunks.appendBigEndian(UInt32(loopCount), to: &data)
        PNGChunks.append(type: "acTL", data: data, to: &chunk)
        return chunk
    }

    /// Encodes and appends frame `index` (the next one): the whole frame first, then the
    /// rectangle that changed since the previous frame.
    ///
    /// - Throws: `.alreadyFinished`, `.frameOutOfOrder`, `.frameSizeMismatch`, `.encodingFailed`,
    ///   `.writeFailed` (after which the whole frames before it are published, when there are any).
    public func consume(_ frame: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(frame, index: index, expected: framesWritten, size: size, finished: finished,
                                          path: output.name)
        var region = frame.bounds
        if framesWritten > 0 && cropsToChanges {
            // An unchanged frame still needs a frame of its own: one pixel, rewritten as it was.
            region = ChangedRegion.between(previous, frame) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let bytes = try frameChunks(try! frame.view(of: region), at: region)
        do throws(RecordingError) {
            // Over the IEND that ended the file after the previous frame; the count is patched
            // after the frame is whole, so the file is a valid APNG between frames.
            if framesWritten > 0 { try output.truncate(to: committedBytes) }
            try output.write(bytes + Self.endChunk)
            try output.write(animationControl(frames: framesWritten + 1), at: Self.animationControlOffset)
        } catch let .writeFailed(path, reason) {
            if framesWritten > 0, endFile(cuttingBackTo: committedBytes) {
                finished = true
                throw .writeFailed(path: path, reason: "\(reason); the \(framesWritten) frames before it were kept")
            }
            throw .writeFailed(path: path, reason: reason)
        }
        committedBytes += bytes.count
        framesWritten += 1
        ChangedRegion.copy(frame, into: previous)
    }

    /// `fcTL` for `region`, then the pixels: IDAT chunks for frame 0, `fdAT` after.
    private func frameChunks(_ pixels: Bitmap, at region: PixelRect) throws(RecordingError) -> [UInt8] {
        let png: [UInt8]
        do {
            png = try workspace.encode(pixels, compressionLevel: compressionLevel, alwaysWithAlpha: true)
        } catch {
            throw .encodingFailed(path: output.name, detail: error.description)
        }
        guard let chunks = PNGChunks.chunks(of: png) else {
            throw .encodingFailed(path: output.name, detail: "the PNG encoder's output has no valid chunk layout")
        }
        var bytes: [UInt8] = [], control: [UInt8] = []
        PNGChunks.appendBigEndian(nextSequenceNumber(), to: &control)
        for value in [region.width, region.height, region.x, region.y] {
            PNGChunks.appendBigEndian(UInt32(value), to: &control)
        }
        PNGChunks.appendBigEndian(UInt16(1), to: &control)
        PNGChunks.appendBigEndian(UInt16(framesPerSecond), to: &control)
        control += [0, 0]  // APNG_DISPOSE_OP_NONE, APNG_BLEND_OP_SOURCE
        PNGChunks.append(type: "fcTL", data: control, to: &bytes)
        for chunk in chunks where chunk.type == "IDAT" {
            if framesWritten == 0 {
                PNGChunks.append(type: "IDAT", data: png[chunk.data], to: &bytes)
            } else {
                var data: [UInt8] = []
                data.reserveCapacity(chunk.data.count + 4)
                PNGChunks.appendBigEndian(nextSequenceNumber(), to: &data)
                data += png[chunk.data]
                PNGChunks.append(type: "fdAT", data: data, to: &bytes)
            }
        }
        return bytes
    }

    private func nextSequenceNumber() -> UInt32 {
        defer { sequenceNumber += 1 }
        return sequenceNumber
    }

    /// Cuts the file to `byteCount`, ends it (IEND, frame count) and publishes it; false when
    /// that fails too (the temporary file is then removed when the sink goes).
    private func endFile(cuttingBackTo byteCount: Int) -> Bool {
        do {
            try output.truncate(to: byteCount)
            try end()
            return true
        } catch {
            return false
        }
    }

    /// The IEND chunk.
    private static let endChunk: [UInt8] = {
        var chunk: [UInt8] = []
        PNGChunks.append(type: "IEND", data: [UInt8](), to: &chunk)
        return chunk
    }()

    /// Appends IEND, patches the frame count and publishes.
    private func end() throws(RecordingError) {
        try output.write(Self.endChunk)
        try output.write(animationControl(frames: framesWritten), at: Self.animationControlOffset)
        try output.publish()
    }

    /// Publishes the file, which every frame already left ended (IEND, the frame count in
    /// `acTL`): fsync, rename over the target. With no frame consumed there is no valid APNG to
    /// publish: nothing is written and the target is left as it was (the temporary file goes
    /// with the sink).
    public func finish() throws(RecordingError) {
        guard !finished else { return }
        finished = true
        guard framesWritten > 0 else { return }
        try output.publish()
    }
}
