import Foundation
import Kinescope

/// Records what a live window shows (`kinescope view --record PATH`), one recorded frame per
/// presented frame, without ever making the display wait for the disk.
///
/// `offer` (the host's present observer) copies the frame into a free buffer of a bounded pool
/// and queues it for a background encoder thread; when the pool is exhausted because the disk
/// cannot keep up, the frame is dropped and counted, and `finish` reports the count. Frames are
/// recorded as presented, so time in which nothing moved (the viewer presents nothing while idle)
/// is not in the recording: it plays back at the `--fps` rate with idle stretches cut out.
///
/// The recording keeps the window's size when it started. Frames of another size (after the
/// window was resized) are anchored at the top left, cropped, and padded with opaque black.
final class LiveRecorder: @unchecked Sendable {
    /// Buffers in flight: about 130 ms at 60 frames/s, 22 MB at the default 960×720.
    static let queueCapacity = 8

    let output: RecordingOutput
    let size: PixelSize
    private let queue: EncodingQueue

    /// Opens the output (exit 73 when it cannot be created) and starts the encoder thread.
    init(output: RecordingOutput, size: PixelSize) throws(CommandLineFailure) {
        self.output = output
        self.size = size
        queue = EncodingQueue(sinks: try output.makeSinks(frameSize: size, encoderCount: 1), frameSize: size,
                              capacity: Self.queueCapacity)
    }

    /// Copies `frame` into the recording, or drops it when every buffer is busy. Cheap enough to
    /// run in the present path: one copy of the frame, no allocation once the pool is full.
    func offer(_ frame: Bitmap) {
        guard let buffer = queue.nextBuffer(waiting: false) else { return }
        let width = min(frame.width, buffer.width), height = min(frame.height, buffer.height)
        let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
        for y in 0..<height {
            buffer.row(y).baseAddress!.update(from: frame.row(y).baseAddress!, count: width)
        }
        if width < buffer.width {
            buffer.fill(PixelRect(x: width, y: 0, width: buffer.width - width, height: height), with: black)
        }
        if height < buffer.height {
            buffer.fill(PixelRect(x: 0, y: height, width: buffer.width, height: buffer.height - height), with: black)
        }
        queue.submit(buffer)
    }

    /// The observer to install as `Host.presentObserver`.
    var observer: PresentObserver {
        { [self] frame, _ in offer(frame) }
    }

    /// Stores the queued frames, finishes the output (a Y4M file is published only now) and
    /// returns a one-line summary for standard error, or the failure (exit 73 or 74). Safe to call
    /// from a signal-handling queue while frames are still offered: later offers are ignored.
    func finish() -> Result<String, CommandLineFailure> {
        let outcome = queue.close()
        let dropped = "\(outcome.framesDropped) dropped because the disk could not keep up"
        if let failure = outcome.failure {
            let base = CommandLineFailure(recording: failure)
            return .failure(CommandLineFailure(code: base.code, message: "\(base.message) (recording stopped after \(outcome.framesStored) frames; \(dropped))"))
        }
        return .success("recorded \(outcome.framesStored) frames (\(size.width)x\(size.height)) to \(output.displayName); \(dropped)")
    }
}
