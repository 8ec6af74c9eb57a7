import Foundation
import Kinescope

/// The signal that interrupted a render, set from the signal queue and read by the drawing loop.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var queue: EncodingQueue?

    var signal: Int32? { lock.withLock { received } }
    var isInterrupted: Bool { signal != nil }

    func attach(_ queue: EncodingQueue) {
        let already = lock.withLock {
            self.queue = queue
            return received != nil
        }
        if already { queue.cancel() }
    }

    func interrupt(by signal: Int32) {
        let queue = lock.withLock {
            if received == nil { received = signal }
            return self.queue
        }
        queue?.cancel()
    }
}
