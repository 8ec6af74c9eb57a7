// How `ApplicationRunLoop` blocks: inside Foundation's run loop, not in the host's poll(), so
// that everything Foundation schedules wakes it as on Apple's platforms — `Timer`s,
// `RunLoop.main.perform`, `DispatchQueue.main.async`/`asyncAfter` (from any thread), Swift
// concurrency's main-actor jobs (the main queue on Linux) — and the host's descriptors (X
// connection, waker pipe) wake it too: a read source per descriptor posts an empty main-queue
// block when it becomes readable.
//
// Why this way round (checked here, swift-corelibs-foundation, Swift 6.3): the main queue's
// wake-up descriptor and the run loop's timer descriptor are private to CoreFoundation, so a
// poll() on the X socket cannot see a block queued from another thread nor an `asyncAfter`
// deadline; the run loop, on the other hand, returns from `run(mode:before:)` once it has
// serviced the main queue, and a read source that posts to the main queue puts any descriptor
// there.
// Timers and `perform` blocks do not make it return: a before-waiting observer stops the wait
// when one of them has made a turn due (a layer changed or marked for layout or display, an
// animation started, quit asked).
//
// Measured here (debug build, Xvfb, `LiveRunLoopTests`): idle with a 0.5 s repeating timer, the
// whole process used 0.6–0.8 ms of CPU in 1.1 s (epoll in the run loop and in libdispatch's
// manager thread, no polling); a 0.05 s timer fired a median 0.1 ms late while a 30 fps
// animation kept all its frames; a wait ends 0.1–0.2 ms after its deadline.
import CoreFoundation
import Dispatch
import Foundation
import Glibc

/// Blocks the main thread in `RunLoop.main` until one of `descriptors` is readable, a
/// main-queue block ran, `shouldStop` says a turn is due (asked before the run loop sleeps), or
/// the deadline passes.
@MainActor
final class FoundationRunLoopWait {
    private let watchers: [DescriptorWatcher]
    private var observer: CFRunLoopObserver?
    private var isWaiting = false
    private var shouldStop: (() -> Bool)?

    init(descriptors: [Int32]) {
        watchers = descriptors.compactMap(DescriptorWatcher.init)
        observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) {
            [weak self] _, _ in
            MainActor.assumeIsolated {
                guard let self, self.isWaiting, self.shouldStop?() == true else { return }
                CFRunLoopStop(CFRunLoopGetCurrent())
            }
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
    }

    isolated deinit {
        for watcher in watchers { watcher.cancel() }
        if let observer {
            CFRunLoopObserverInvalidate(observer)
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
        }
    }

    /// Waits as described above, at most `timeout` (nil: without limit).
    func wait(timeout: Duration?, stopWhen shouldStop: @escaping () -> Bool) {
        let deadline = timeout.map { Date().addingTimeInterval($0.timeInterval) } ?? .distantFuture
        for watcher in watchers { watcher.arm() }
        self.shouldStop = shouldStop
        isWaiting = true
        _ = RunLoop.main.run(mode: .default, before: deadline)
        isWaiting = false
        self.shouldStop = nil
    }
}

/// Wakes `RunLoop.main` (with an empty main-queue block) once the descriptor is readable after
/// `arm()`; then it sleeps until armed again, so a descriptor the main thread has not read yet
/// costs no spinning.
///
/// It watches a duplicate of the descriptor, closed only once the read source is cancelled:
/// libdispatch keys its epoll records by descriptor number, so closing the host's descriptor
/// under a live source would leave a stale record that a later descriptor of the same number
/// (the next window's connection) would silently inherit. The source runs on a queue of its
/// own, so its cancellation does not wait for the main queue. `ApplicationRunLoop` lets go of
/// its wait before its host, so the host's descriptors outlive the sources.
private final class DescriptorWatcher: @unchecked Sendable {
    private let source: any DispatchSourceRead
    private let lock = NSLock()
    private var isArmed = false
    private let cancelled = DispatchSemaphore(value: 0)

    init?(_ descriptor: Int32) {
        let watched = dup(descriptor)
        guard watched >= 0 else { return nil }
        source = DispatchSource.makeReadSource(fileDescriptor: watched,
                                               queue: DispatchQueue(label: "Kinescope.DescriptorWatcher"))
        source.setEventHandler { [weak self] in
            // Disarmed before the wake-up is posted: the main thread, woken, may arm again at
            // once, and that arming must not be undone here.
            let wasArmed = self?.lock.withLock {
                guard self?.isArmed == true else { return false }
                self?.isArmed = false
                self?.source.suspend()
                return true
            }
            if wasArmed == true { DispatchQueue.main.async {} }
        }
        source.setCancelHandler { [cancelled] in
            close(watched)
            cancelled.signal()
        }
        source.activate()
        source.suspend()
    }

    func arm() {
        lock.withLock {
            guard !isArmed else { return }
            isArmed = true
            source.resume()
        }
    }

    /// Stops watching, and returns once libdispatch has let go of the descriptor (the duplicate
    /// is closed then), so that the host may close its own right after: an epoll hang-up (the
    /// waker pipe's write end closing) arriving while a source is torn down crashes
    /// libdispatch's event loop (seen here). A suspended source must be resumed to be cancelled.
    func cancel() {
        lock.withLock {
            source.cancel()
            if !isArmed {
                isArmed = true
                source.resume()
            }
        }
        _ = cancelled.wait(timeout: .now() + 2)
    }
}

extension Duration {
    /// In seconds.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
