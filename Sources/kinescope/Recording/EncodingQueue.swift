// Design note. Rendering a frame and encoding it are different work on different data, so they
// overlap: the drawing thread takes a buffer from a fixed pool, draws into it and queues it; one
// or more encoder threads, each owning a sink, take queued frames and store them, then give the
// buffer back. The pool size bounds both memory and how far drawing may run ahead. A stream
// (Y4M) has one encoder and a FIFO queue, so frames leave in order; a PNG folder has one encoder
// per core, each writing whole files named by frame index, so the bytes and names never depend
// on which thread wrote them. Measured figures are in TransitionCommand.swift's design note.

import Foundation
import Kinescope

/// Hands frames from the thread that draws them to background threads that store them, through a
/// fixed pool of frame buffers.
///
/// Use from one drawing thread: `nextBuffer` → draw → `submit`, then `close()` once. Frame
/// indices are given out in submission order (0, 1, 2, …). After a sink fails, frames with a
/// higher index than the failed one are not stored, so what was stored is the frames before it
/// (for a PNG folder, files of later frames already written are the caller's to remove, using
/// `Outcome.storedIndices`).
final class EncodingQueue: @unchecked Sendable {
    /// What happened to the frames, once `close()` has returned.
    struct Outcome {
        /// How many frames the sinks stored.
        var framesStored: Int
        /// Frames the drawing thread offered without waiting while every buffer was busy.
        var framesDropped: Int
        /// The first failure: the lowest-indexed frame a sink could not store, else a failure to
        /// finish the output. Nil when every frame was stored and the output published.
        var failure: RecordingError?
        /// The index of the frame that failed, when a frame (not the finish) failed.
        var failedIndex: Int?
        /// Indices of the frames stored, ascending.
        var storedIndices: [Int]
        /// Whether every sink was finished (a Y4M file published): nothing failed and the queue
        /// was not cancelled before `close()`.
        var finished: Bool
    }

    private final class SinkBox: @unchecked Sendable {
        let sink: any FrameSink
        init(_ sink: any FrameSink) { self.sink = sink }
    }

    private let condition = NSCondition()
    /// Emptied by `close()` when the output is abandoned, so that the sinks are released at once
    /// and remove their partial output (a Y4M file's temporary file).
    private var sinks: [SinkBox]
    private let frameSize: PixelSize
    private let capacity: Int
    private var allocated = 0
    private var free: [Bitmap] = []
    private var pending: [(index: Int, frame: Bitmap)] = []
    private var pendingHead = 0
    private var nextIndex = 0
    private var stored: [Int] = []
    private var dropped = 0
    private var failure: RecordingError?
    private var failedIndex: Int?
    private var cancelled = false
    private var closing = false
    private var liveWorkers = 0
    private var closedOutcome: Outcome?

    /// Starts one encoder thread per sink.
    ///
    /// - Parameters:
    ///   - sinks: one sink per encoder thread. A stream sink (Y4M) needs frames in order, so give
    ///     exactly one; sinks that accept any order (PNG folders) may be several on one folder.
    ///   - frameSize: the size of every buffer handed out.
    ///   - capacity: how many buffers may exist at once (drawn, queued or being stored), ≥ 1.
    init(sinks: [any FrameSink], frameSize: PixelSize, capacity: Int) {
        precondition(!sinks.isEmpty, "an encoding queue needs at least one sink")
        self.sinks = sinks.map(SinkBox.init)
        self.frameSize = frameSize
        self.capacity = max(1, capacity)
        liveWorkers = sinks.count
        for number in sinks.indices {
            let thread = Thread { [self] in work(number) }
            thread.name = "kinescope-encoder-\(number)"
            thread.start()
        }
    }

    /// A buffer of `frameSize` to draw the next frame into, with unspecified contents (a frame
    /// drawn earlier, or transparent black).
    ///
    /// When every buffer is busy, waits for one if `waiting`, else counts a dropped frame and
    /// returns nil. Also nil once the queue has failed, is cancelled or is closing: stop drawing.
    func nextBuffer(waiting: Bool) -> Bitmap? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled || closing || failure != nil { return nil }
            if let buffer = free.popLast() { return buffer }
            if allocated < capacity {
                allocated += 1
                return Bitmap(size: frameSize)
            }
            if !waiting {
                dropped += 1
                return nil
            }
            condition.wait()
        }
    }

    /// Queues a buffer from `nextBuffer` as the next frame; returns its index.
    @discardableResult
    func submit(_ buffer: Bitmap) -> Int {
        condition.lock()
        defer { condition.unlock() }
        let index = nextIndex
        nextIndex += 1
        pending.append((index, buffer))
        condition.signal()
        return index
    }

    /// Stops storing: frames still queued are discarded and `close()` does not finish the sinks,
    /// so a Y4M file is not published. Safe from any thread, including a signal-handling queue.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every queued frame is stored (or discarded after a failure or `cancel`), then
    /// finishes each sink unless something failed or was cancelled. Calling it again returns the
    /// same outcome.
    func close() -> Outcome {
        condition.lock()
        if let closedOutcome {
            condition.unlock()
            return closedOutcome
        }
        closing = true
        condition.broadcast()
        while liveWorkers > 0 { condition.wait() }
        let shouldFinish = failure == nil && !cancelled
        condition.unlock()

        var finishFailure: RecordingError?
        if shouldFinish {
            for box in sinks {
                do {
                    try box.sink.finish()
                } catch {
                    finishFailure = finishFailure ?? error
                }
            }
        }

        condition.lock()
        defer { condition.unlock() }
        if !shouldFinish { sinks.removeAll() }
        if failure == nil { failure = finishFailure }
        let outcome = Outcome(framesStored: stored.count, framesDropped: dropped, failure: failure,
                              failedIndex: failedIndex, storedIndices: stored.sorted(),
                              finished: shouldFinish && finishFailure == nil)
        closedOutcome = outcome
        return outcome
    }

    private func work(_ number: Int) {
        condition.lock()
        while true {
            while pendingHead == pending.count && !closing && !cancelled { condition.wait() }
            if pendingHead == pending.count { break }
            let job = pending[pendingHead]
            pendingHead += 1
            if pendingHead == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
            }
            if cancelled || failedIndex.map({ job.index > $0 }) == true {
                free.append(job.frame)
                condition.broadcast()
                continue
            }
            let box = sinks[number]
            condition.unlock()
            var error: RecordingError?
            do {
                try box.sink.consume(job.frame, index: job.index)
            } catch let caught {
                error = caught
            }
            condition.lock()
            if let error {
                if failedIndex.map({ job.index < $0 }) ?? true {
                    failedIndex = job.index
                    failure = error
                }
            } else {
                stored.append(job.index)
            }
            free.append(job.frame)
            condition.broadcast()
        }
        liveWorkers -= 1
        condition.broadcast()
        condition.unlock()
    }
}
