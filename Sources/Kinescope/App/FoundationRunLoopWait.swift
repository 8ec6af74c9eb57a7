// How `ApplicationRunLoop` blocks: inside Foundation's run loop, not in the host's poll(), so
// that everything Foundation schedules wakes it as on Apple's platforms — `Timer`s,
// `RunLoop.main.perform`, `DispatchQueue.main.async`/`asyncAfter` (from any thread), Swift
// concurrency's main-actor jobs (the main queue on Linux) — and the host's descriptors (X
// connection, waker pipe) wake it too, through read sources on the main queue.
//
// Why this way round (checked here, swift-corelibs-foundation, Swift 6.3): the main queue's
// wake-up descriptor and the run loop's timer descriptor are private to CoreFoundation, so a
// poll() on the X socket cannot see a block queued from another thread nor an `asyncAfter`
// deadline; the run loop, on the other hand, returns from `run(mode:before:)` once it has
// serviced the main queue, and a read source on the main queue puts any descriptor there.
// Timers and `perform` blocks do not make it return: a before-waiting observer stops the wait
// when one of them has made a turn due (a layer changed, an animation started, quit asked).
//
// Idle, blocked here with nothing animating, the process uses no CPU (epoll in the run loop and
// in libdispatch's manager thread); a wait ends within about 0.2 ms of its deadline.
import CoreFoundation
import Dispatch
import Foundation

/// Blocks the main thread in `RunLoop.main` until one of `descriptors` is readable, a
/// main-queue block ran, `shouldStop` says a turn is due (asked before the run loop sleeps), or
/// the deadline passes.
@MainActor
final class FoundationRunLoopWait {
    private let sources: [any DispatchSourceRead]
    private var observer: CFRunLoopObserver?
    private var isWaiting = false
    private var shouldStop: (() -> Bool)?

    init(descriptors: [Int32]) {
        sources = descriptors.map { descriptor in
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            // Nothing to do: the handler's delivery on the main queue is what ends the wait; the
            // host reads the descriptor in `nextEvents`.
            source.setEventHandler {}
            source.activate()
            source.suspend()
            return source
        }
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
        for source in sources {
            source.cancel()
            source.resume()
        }
        if let observer {
            CFRunLoopObserverInvalidate(observer)
            CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, kCFRunLoopCommonModes)
        }
    }

    /// Waits as described above, at most `timeout` (nil: without limit).
    func wait(timeout: Duration?, stopWhen shouldStop: @escaping () -> Bool) {
        let deadline = timeout.map { Date().addingTimeInterval($0.timeInterval) } ?? .distantFuture
        for source in sources { source.resume() }
        self.shouldStop = shouldStop
        isWaiting = true
        _ = RunLoop.main.run(mode: .default, before: deadline)
        isWaiting = false
        self.shouldStop = nil
        for source in sources { source.suspend() }
    }
}

extension Duration {
    /// In seconds.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
