// Design note. GIF89a written by our own encoder (no GIF library): a logical screen of the
// frame size with no global palette, a NETSCAPE2.0 loop extension, then for each frame a
// graphic control extension (delay in centiseconds, disposal, transparency), an image descriptor
// for the rectangle that changed since the previous frame, its palette (GIFQuantizer: exact
// colours, or a median-cut palette kept from frame to frame while it fits) and its LZW data
// (GIFLZW); the trailer byte on `finish()`. A canvas of what the GIF shows is kept, so that in a
// dithered frame every pixel already showing its colour is written as the transparent index.
//
// Time. Delays are whole centiseconds, and browsers play any delay under 2 cs as 10 cs, so no
// frame is shorter than 2 cs. Up to 50 fps each frame starts at round(100·i/fps) cs, so the
// delays alternate (3, 3, 4 cs at 30 fps) and the total tracks the recording exactly. Above
// 50 fps the GIF plays at 50 fps: slot k (at 2k cs) shows the latest frame nearest to its time
// (slot(i) = round(50·i/fps); frame 0 always has slot 0 alone, and the last frame is kept), and
// the frames sharing a slot with a later one are left out.
//
// Transparency. A GIF pixel drawn transparent leaves what was under it, so a pixel can become
// transparent again only if the previous frame is disposed to background (cleared). The sink
// therefore writes each frame one frame late: when the next kept frame turns visible pixels
// transparent, this frame's rectangle is grown to cover them and it is disposed to background,
// and the next frame redraws the pixels of the cleared rectangle that are visible in it (not the
// whole rectangle, or a moving sprite on a transparent background would make every later frame
// as large as the first). Frames with no such pixels use "do not dispose". Three frame buffers
// are held (shown, waiting to be written, latest of its slot).
//
// Measured here (release, `transition fade` between the two 1920×1080 photographs of `assets/`,
// 60 frames at 50 fps; BENCHMARKS.md "GIF against ffmpeg's two-pass palette"): 3.3 s CPU with
// the rendering, 44.0 MB, SSIM 0.820; ffmpeg's palettegen/paletteuse on the same frames: 80.3 s,
// 62.7 MB, SSIM 0.779. With a new palette every frame and no transparency it was 70 MB.

import Raster

/// Writes frames as one animated GIF (GIF89a), the format every browser and chat program plays.
///
/// Each frame has up to 256 colours (a local palette: exact colours, or median cut with ordered
/// dithering, kept for the next frames while it fits; see `GIFQuantizer`), stores only the
/// rectangle that changed (and, in a dithered frame, its unchanged pixels as transparent), and lasts whole centiseconds
/// chosen so that the GIF's total time tracks the recording; above 50 fps the GIF plays at
/// 50 fps (`effectiveFramesPerSecond`), leaving frames out. Pixels with alpha below 128 are
/// transparent. The animation plays `loopCount` times (0: for ever).
///
/// A `.file` destination is written to a temporary file renamed over the target by `finish()`,
/// which is a valid GIF after every frame (each frame is followed by the trailer, which the next
/// one overwrites); when a write fails part-way, the file is cut back to its last whole frame, ended and
/// published, and the error says how many frames it holds. Frames must arrive in order and all
/// have the stream's size. Frames are written one or two frames late (see the design note), so
/// the last ones reach the file in `finish()`.
///
/// ```swift
/// let sink = try GIFSink(destination: .file(path: "fade.gif"), size: frameSize, framesPerSecond: 30)
/// for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
/// try sink.finish()
/// ```
public final class GIFSink: FrameSink {
    /// Where the GIF goes.
    public typealias Destination = StreamDestination

    /// The size every frame must have.
    public let size: PixelSize
    /// The recording's frame rate.
    public let framesPerSecond: Int
    /// How many times the animation plays, `0...65535`; 0 means for ever.
    public let loopCount: Int
    /// How many frames have been consumed.
    public private(set) var framesConsumed = 0
    /// How many GIF frames are in the output so far (frames left out above 50 fps, and the one
    /// or two still held back, are not).
    public private(set) var framesWritten = 0

    private let output: OutputFile
    private var quantizer = GIFQuantizer()
    private var shown: Bitmap
    private var hasShown = false
    /// The rectangle the last written frame disposes to background, which the next redraws.
    private var cleared: PixelRect?
    /// What the GIF shows after the last written frame, a word a pixel: `0xRRGGBB`, or
    /// `transparentOnCanvas` where nothing (or the background) shows.
    private var canvas: [UInt32]
    private var waiting: Bitmap
    private var waitingSlot: Int?
    private var latest: Bitmap
    private var latestSlot: Int?
    private var committedBytes = 0
    private var finished = false

    /// The canvas word of a pixel that shows nothing: no `0xRRGGBB` colour equals it.
    private static let transparentOnCanvas: UInt32 = 0x0100_0000

    /// The highest frame rate a GIF plays at: browsers show delays under 2 cs as 10 cs.
    public static let maximumFramesPerSecond = 50

    /// The rate the GIF plays at for a recording at `framesPerSecond`: the same up to 50, else 50.
    public static func effectiveFramesPerSecond(_ framesPerSecond: Int) -> Int {
        min(framesPerSecond, maximumFramesPerSecond)
    }

    /// Opens the destination and writes the header, screen descriptor and loop extension.
    ///
    /// - Parameter loopCount: plays, `0...65535` (0: for ever). 1 writes no loop extension
    ///   (played once); N ≥ 2 writes NETSCAPE2.0 repetitions N − 1, which browsers play N times.
    /// - Throws: `.emptyFrameSize`, `.invalidFrameRate` (outside `1...1000`), `.invalidLoopCount`,
    ///   `.cannotCreate`, `.writeFailed`.
    public init(destination: Destination, size: PixelSize, framesPerSecond: Int = 60,
                loopCount: Int = 0) throws(RecordingError) {
        let name = destination.name
        guard !size.isEmpty else { throw .emptyFrameSize(path: name, size: size) }
        guard (1...1000).contains(framesPerSecond) else {
            throw .invalidFrameRate(path: name, framesPerSecond: framesPerSecond)
        }
        guard (0...65535).contains(loopCount) else { throw .invalidLoopCount(path: name, count: loopCount) }
        self.size = size
        self.framesPerSecond = framesPerSecond
        self.loopCount = loopCount
        shown = Bitmap(size: size)
        waiting = Bitmap(size: size)
        latest = Bitmap(size: size)
        canvas = [UInt32](repeating: Self.transparentOnCanvas, count: size.width * size.height)
        output = try OutputFile(destination)
        var header = Array("GIF89a".utf8)
        Self.appendLittleEndian(size.width, to: &header)
        Self.appendLittleEndian(size.height, to: &header)
        header += [0x70, 0, 0]  // no global palette, 8-bit colour resolution, background 0, square pixels
        if loopCount != 1 {
            header += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1]
            Self.appendLittleEndian(loopCount == 0 ? 0 : loopCount - 1, to: &header)
            header.append(0)
        }
        try output.write(output.isPatchable ? header + [0x3B] : header)
        committedBytes = header.count
    }

    /// The display slot of frame `index`: the frame itself up to 50 fps, else its 2 cs slot.
    func slot(of index: Int) -> Int {
        guard framesPerSecond > Self.maximumFramesPerSecond else { return index }
        guard index > 0 else { return 0 }
        return max(1, (2 * Self.maximumFramesPerSecond * index + framesPerSecond) / (2 * framesPerSecond))
    }

    /// When slot `slot` starts, in centiseconds.
    func startTime(ofSlot slot: Int) -> Int {
        guard framesPerSecond > Self.maximumFramesPerSecond else { return (200 * slot + framesPerSecond) / (2 * framesPerSecond) }
        return 2 * slot
    }

    /// Takes frame `index` (the next one). It is copied and written once the frames after it
    /// show whether it is kept (its 2 cs slot above 50 fps) and how it must be disposed, so the
    /// write of an earlier frame may fail here.
    ///
    /// - Throws: `.alreadyFinished`, `.frameOutOfOrder`, `.frameSizeMismatch`, `.writeFailed`
    ///   (after which the whole frames before it are published, for a file).
    public func consume(_ frame: Bitmap, index: Int) throws(RecordingError) {
        try RecordingError.checkNextFrame(frame, index: index, expected: framesConsumed, size: size, finished: finished,
                                          path: output.name)
        let slot = slot(of: index)
        if let latestSlot, latestSlot != slot {
            try commitLatest()
        }
        ChangedRegion.copy(frame, into: latest)
        latestSlot = slot
        framesConsumed += 1
    }

    /// The latest frame of its slot is final: it waits for the next one, and the one waiting
    /// before it is written now that its successor is known.
    private func commitLatest() throws(RecordingError) {
        guard let latestSlot else { return }
        if let waitingSlot {
            try write(waiting, next: latest, delay: startTime(ofSlot: latestSlot) - startTime(ofSlot: waitingSlot))
        }
        swap(&waiting, &latest)
        waitingSlot = latestSlot
        self.latestSlot = nil
    }

    /// Encodes `frame` as the next GIF frame and writes it.
    private func write(_ frame: Bitmap, next: Bitmap?, delay: Int) throws(RecordingError) {
        var region = frame.bounds
        if hasShown {
            region = ChangedRegion.between(shown, frame) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            // Of what the last frame cleared, only the pixels visible now need drawing again.
            if let cleared, let visible = Self.visiblePixels(of: frame, in: cleared) { region = region.union(visible) }
        }
        var disposal: UInt8 = 1
        if let next, let toClear = Self.pixelsTurningTransparent(from: frame, to: next) {
            region = region.union(toClear)
            disposal = 2
        }
        var result = quantizer.quantize(try! frame.view(of: region), originX: region.x, originY: region.y)
        updateCanvas(with: &result, in: region, disposal: disposal)
        var bits = 1
        while 1 << bits < result.palette.count { bits += 1 }
        var bytes: [UInt8] = [0x21, 0xF9, 4, disposal << 2 | (result.transparentIndex == nil ? 0 : 1)]
        Self.appendLittleEndian(min(65535, max(2, delay)), to: &bytes)
        bytes += [UInt8(result.transparentIndex ?? 0), 0, 0x2C]
        for value in [region.x, region.y, region.width, region.height] { Self.appendLittleEndian(value, to: &bytes) }
        bytes.append(0x80 | UInt8(bits - 1))
        for colour in result.palette {
            bytes += [UInt8(colour >> 16), UInt8((colour >> 8) & 0xFF), UInt8(colour & 0xFF)]
        }
        bytes += [UInt8](repeating: 0, count: 3 * ((1 << bits) - result.palette.count))
        result.indices.withUnsafeBufferPointer { GIFLZW.encode($0, minimumCodeSize: max(2, bits), into: &bytes) }

        do throws(RecordingError) {
            if output.isPatchable {
                // Over the trailer that ended the file after the previous frame, and a new one:
                // the file is a valid GIF after every frame.
                try output.truncate(to: committedBytes)
                try output.write(bytes + [0x3B])
            } else {
                try output.write(bytes)
            }
        } catch let .writeFailed(path, reason) {
            if framesWritten > 0, endFile(cuttingBackTo: committedBytes) {
                finished = true
                throw .writeFailed(path: path, reason: "\(reason); the \(framesWritten) frames before it were kept")
            }
            throw .writeFailed(path: path, reason: reason)
        }
        committedBytes += bytes.count
        framesWritten += 1
        swap(&shown, &waiting)
        hasShown = true
        cleared = disposal == 2 ? region : nil
    }

    /// Records what `result` draws in `region` on the canvas. When the result allows it
    /// (`keepable`, a dithered frame), a pixel whose colour is the one the canvas already shows
    /// becomes the transparent index, which leaves it as it is and makes runs LZW packs (in a fade
    /// with a kept palette most pixels stay on their palette entry from one frame to the next).
    /// A frame disposed to background leaves its rectangle transparent.
    private func updateCanvas(with result: inout GIFQuantizer.Result, in region: PixelRect, disposal: UInt8) {
        let width = size.width, palette = result.palette
        let transparent = result.transparentIndex.map { UInt8($0) }
        let keep = result.keepable ? transparent : nil
        canvas.withUnsafeMutableBufferPointer { canvas in
            result.indices.withUnsafeMutableBufferPointer { indices in
                for y in 0..<region.height {
                    let row = (region.y + y) * width + region.x, first = y * region.width
                    for x in 0..<region.width {
                        let index = indices[first + x]
                        if index == transparent { continue }
                        let colour = palette[Int(index)]
                        if let keep, canvas[row + x] == colour {
                            indices[first + x] = keep
                        } else {
                            canvas[row + x] = colour
                        }
                    }
                }
                if disposal == 2 {
                    for y in region.minY..<region.maxY {
                        canvas[(y * width + region.x)..<(y * width + region.maxX)].update(repeating: Self.transparentOnCanvas)
                    }
                }
            }
        }
    }

    /// The bounds of the pixels of `frame` inside `rect` that are visible (alpha ≥ 128).
    static func visiblePixels(of frame: Bitmap, in rect: PixelRect) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in rect.minY..<rect.maxY {
            let row = frame.row(y)
            for x in rect.minX..<rect.maxX where row[x] >> 24 >= 128 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The bounds of the pixels visible (alpha ≥ 128) in `frame` and transparent in `next`.
    static func pixelsTurningTransparent(from frame: Bitmap, to next: Bitmap) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<frame.height {
            let a = frame.row(y), b = next.row(y)
            for x in 0..<frame.width where a[x] >> 24 >= 128 && b[x] >> 24 < 128 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    private static func appendLittleEndian(_ value: Int, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)]
    }

    /// Cuts a file back to `byteCount`, writes the trailer and publishes; false when that fails.
    private func endFile(cuttingBackTo byteCount: Int) -> Bool {
        guard output.isPatchable else { return false }
        do {
            try output.truncate(to: byteCount)
            try output.write([0x3B])
            try output.publish()
            return true
        } catch {
            return false
        }
    }

    /// Writes the frames still held back, the trailer, and publishes a `.file` destination (fsync,
    /// rename over the target). With no frame consumed nothing is published for a file (the
    /// target stays as it was); a stream gets its trailer.
    public func finish() throws(RecordingError) {
        guard !finished else { return }
        if let latestSlot, let waitingSlot {
            try write(waiting, next: latest, delay: startTime(ofSlot: latestSlot) - startTime(ofSlot: waitingSlot))
            swap(&waiting, &latest)
            self.waitingSlot = latestSlot
            self.latestSlot = nil
        } else if latestSlot != nil {
            swap(&waiting, &latest)
            waitingSlot = latestSlot
            latestSlot = nil
        }
        if let waitingSlot {
            let end = framesPerSecond > Self.maximumFramesPerSecond
                ? 2 * max(waitingSlot + 1, (2 * Self.maximumFramesPerSecond * framesConsumed + framesPerSecond) / (2 * framesPerSecond))
                : startTime(ofSlot: framesConsumed)
            try write(waiting, next: nil, delay: end - startTime(ofSlot: waitingSlot))
            self.waitingSlot = nil
        }
        finished = true
        if output.isPatchable {
            // Every frame left the trailer after it; a file with no frame is not published.
            if framesWritten > 0 { try output.publish() }
        } else {
            try output.write([0x3B])
        }
    }
}
