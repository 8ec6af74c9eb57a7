import Foundation
import Kinescope

/// The signal that interrupted a render, set from the signal queue and read by the drawing loop.
///
/// The attached queue is cancelled under the same lock that publishes the signal, so the drawing
/// loop never sees the interruption before the queue does: cancelling after unlocking left a
/// window in which the loop stopped, closed a not-yet-cancelled queue — which publishes a Y4M
/// file — and then reported the file as not written (caught once by
/// `ProcessSignalTests.testSIGTERMDuringATransitionIntoAY4MFileLeavesNothingBehind`).
/// `EncodingQueue.cancel` takes only the queue's own lock, so the order is always this one.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var queue: EncodingQueue?
    private var cancelsQueue = true

    var signal: Int32? { lock.withLock { received } }
    var isInterrupted: Bool { signal != nil }

    /// Ties `queue` to the interruption. With `cancelling` false (APNG, GIF) the queue is left
    /// running: the drawing loop stops at its next check, and closing the queue stores the frames
    /// already drawn and finishes the file with them.
    func attach(_ queue: EncodingQueue, cancelling: Bool = true) {
        lock.withLock {
            self.queue = queue
            cancelsQueue = cancelling
            if received != nil && cancelling { queue.cancel() }
        }
    }

    func interrupt(by signal: Int32) {
        lock.withLock {
            if received == nil { received = signal }
            if cancelsQueue { queue?.cancel() }
        }
    }
}
