// Design note. Each frame: un-premultiply (when the file keeps alpha, since VP9 alpha is
// straight), convert to BT.709 limited-range 4:2:0 with `YCbCrConversion`, encode the colour
// with one VP9 encoder and the alpha plane (as the luma of a grey frame) with a second one, and
// hand both packets to `WebMMuxer`. Both encoders get keyframes forced on the same frames, so
// any keyframe is a point where colour and alpha can both start decoding. Buffers are allocated
// once. libvpx runs realtime (`cpu-used` 8 by default) with one thread, so two runs give the same
// bytes.

import Raster

/// Writes frames as a WebM file: VP9 video, with transparency carried as Chromium plays it
/// (a second VP9 stream of the alpha plane in each block's BlockAdditional, `AlphaMode` 1).
///
/// Colours are BT.709, limited range, 4:2:0 (odd sizes are allowed: chroma rounds up), tagged in
/// the VP9 headers and the track's Colour element. `quality` 0…100 maps to libvpx's constant
/// quality level `cq = round(63 · (100 − quality) / 100)` (so 100 is cq 0, the default 75 is cq 16). Frame
/// `i` starts at `round(1000 · i / framesPerSecond)` ms.
///
/// The file goes to a temporary file renamed over the target by `finish()`, which also writes the
/// Cues (seeking), the Duration and the final sizes; the temporary file is a playable live-style
/// WebM after every frame. When a write fails part-way (a full disk), the file is cut back to its
/// last whole frame, its sizes are patched in place and it is published, and the error says how
/// many frames it holds.
///
/// ```swift
/// let sink = try WebMSink(path: "fade.webm", size: frameSize, framesPerSecond: 30)
/// for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
/// try sink.finish()
/// ```
public final class WebMSink: FrameSink {
    /// The size every frame must have.
    public let size: PixelSize
    public let framesPerSecond: Int
    /// 0…100; see the type's description for the mapping to libvpx's cq level.
    public let quality: Int
    /// Whether the file carries an alpha stream (a fully opaque alpha costs a few bytes a frame).
    public let hasAlpha: Bool
    /// A keyframe every this many frames (and on frame 0).
    public let keyframeInterval: Int
    /// How many frames have been written.
    public private(set) var framesWritten = 0
    private let output: OutputFile
    private let muxer: WebMMuxer
    private let colourEncoder: VP9Encoder
    private let alphaEncoder: VP9Encoder?
    private let planes: UnsafeMutablePointer<UInt8>
    private let alphaPlanes: UnsafeMutablePointer<UInt8>?
    private let straight: UnsafeMutablePointer<UInt32>?
    private var colourPacket: [UInt8] = []
    private var alphaPacket: [UInt8] = []
    private var finished = false

    /// The libvpx constant-quality level for `quality` (0…100).
    public static func cqLevel(forQuality quality: Int) -> Int { (63 * (100 - quality) + 50) / 100 }

    /// Creates the temporary file, both encoders and writes the headers.
    ///
    /// - Parameters:
    ///   - quality: 0…100 (default 75, cq 16: bar colours within ±3 code values, see the tests).
    ///   - hasAlpha: keep transparency (the default); false composites over black.
    ///   - keyframeInterval: frames between keyframes, ≥ 1 (default: 2 s of frames).
    ///   - speed: libvpx `cpu-used`, 5…9 (default 8, realtime).
    /// - Throws: `.emptyFrameSize` (or a side above 16384), `.invalidFrameRate`, `.invalidQuality`,
    ///   `.cannotCreate`, `.writeFailed`, `.encodingFailed` when libvpx refuses the settings.
    public init(path: String, size: PixelSize, framesPerSecond: Int = 60, quality: Int = 75, hasAlpha: Bool = true,
                keyframeInterval: Int? = nil, speed: Int = 8) throws(RecordingError) {
        guard !size.isEmpty else { throw .emptyFrameSize(path: path, size: size) }
        guard size.width <= 16384, size.height <= 16384 else {
            throw .encodingFailed(path: path, detail: "\(size) is larger than VP9's 16384 × 16384 pixels")
        }
        guard (1...1000).contains(framesPerSecond) else { throw .invalidFrameRate(path: path, framesPerSecond: framesPerSecond) }
        guard (0...100).contains(quality) else { throw .invalidQuality(path: path, quality: quality) }
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.quality = quality
        self.hasAlpha = hasAlpha
        self.keyframeInterval = max(1, keyframeInterval ?? 2 * framesPerSecond)
        do {
            let cq = Self.cqLevel(forQuality: quality), speed = min(9, max(5, speed))
            colourEncoder = try VP9Encoder(width: size.width, height: size.height, framesPerSecond: framesPerSecond,
                                           cqLevel: cq, speed: speed, tagsBT709: true)
            alphaEncoder = hasAlpha
                ? try VP9Encoder(width: size.width, height: size.height, framesPerSecond: framesPerSecond,
                                 cqLevel: cq, speed: speed, tagsBT709: false)
                : nil
        } catch {
            throw .encodingFailed(path: path, detail: error.message)
        }
        let planeBytes = YCbCrConversion.planeBytes(size, subsampled: true)
        planes = .allocate(capacity: planeBytes)
        if hasAlpha {
            let alphaPlanes = UnsafeMutablePointer<UInt8>.allocate(capacity: planeBytes)
            alphaPlanes.initialize(repeating: 128, count: planeBytes)
            self.alphaPlanes = alphaPlanes
            straight = .allocate(capacity: size.area)
        } else {
            alphaPlanes = nil
            straight = nil
        }
        do {
            output = try OutputFile(creatingTemporaryFor: path)
            muxer = try WebMMuxer(output: output, size: size, framesPerSecond: framesPerSecond, hasAlpha: hasAlpha)
        } catch {
            planes.deallocate()
            alphaPlanes?.deallocate()
            straight?.deallocate()
            throw error
        }
    }

    deinit {
        planes.deallocate()
        alphaPlanes?.deallocate()
        straight?.deallocate()
    }

    /// Encodes and appends frame `index` (the next one).
    ///
    /// - Throws: `.alreadyFinished`, `.frameOutOfOrder`, `.frameSizeMismatch`, `.encodingFailed`,
    ///   `.writeFailed` (after which the frames before it are published, when there are any).
    public func consume(_ frame: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(frame, index: index, expected: framesWritten, size: size, finished: finished,
                                          path: output.name)
        let chroma = YCbCrConversion.chromaSize(size, subsampled: true)
        let cb = planes + size.area, cr = cb + chroma.width * chroma.height
        let keyframe = index % keyframeInterval == 0
        let isKey: Bool
        do {
            if let straight, let alphaPlanes, let alphaEncoder {
                StraightAlpha.convert(frame, into: straight)
                let pixels = Bitmap(borrowing: straight, size: size, rowStride: size.width)
                YCbCrConversion.convert(pixels, subsampled: true, matrix: .bt709, into: planes)
                for i in 0..<size.area { alphaPlanes[i] = UInt8(truncatingIfNeeded: straight[i] >> 24) }
                isKey = try colourEncoder.encode(y: planes, cb: cb, cr: cr, forceKeyframe: keyframe, into: &colourPacket)
                let alphaCb = alphaPlanes + size.area
                _ = try alphaEncoder.encode(y: alphaPlanes, cb: alphaCb, cr: alphaCb + chroma.width * chroma.height,
                                            forceKeyframe: isKey, into: &alphaPacket)
            } else {
                YCbCrConversion.convert(frame, subsampled: true, matrix: .bt709, into: planes)
                isKey = try colourEncoder.encode(y: planes, cb: cb, cr: cr, forceKeyframe: keyframe, into: &colourPacket)
            }
        } catch {
            throw .encodingFailed(path: output.name, detail: error.message)
        }
        do throws(RecordingError) {
            try muxer.append(frame: index, colour: colourPacket, alpha: hasAlpha ? alphaPacket : nil, isKeyframe: isKey)
        } catch let .writeFailed(path, reason) {
            if framesWritten > 0, (try? muxer.finish(withCues: false)) != nil, (try? output.publish()) != nil {
                finished = true
                throw .writeFailed(path: path, reason: "\(reason); the \(framesWritten) frames before it were kept")
            }
            throw .writeFailed(path: path, reason: reason)
        }
        framesWritten += 1
    }

    /// Writes the Cues, patches the Duration, SeekHead and sizes, and publishes the file (fsync,
    /// rename over the target). With no frame consumed nothing is published.
    public func finish() throws(RecordingError) {
        guard !finished else { return }
        finished = true
        guard framesWritten > 0 else { return }
        try muxer.finish()
        try output.publish()
    }
}
