// An engine nobody drives — a thread's default engine, in a unit test or a command-line tool
// that only turns `RunLoop.current` — drives itself from that thread's Foundation run loop, as
// Core Animation does on Apple's platforms:
//
// - a run-loop observer (entry, before waiting, exit: Core Animation's commit points) commits
//   the implicit transaction at the end of each pass and marks a turn boundary, so that a
//   completion block sealed in one pass runs in a later one, never inside `commit()`;
// - a one-shot run-loop timer, in the common modes, fires a pass (`tick()`) when something is due:
//   a completion block or delegate callback to deliver, an implicit transaction to commit, the
//   begin or end of a running animation (only those moments, not every frame: presentation
//   values are computed from the clock when asked), every frame interval while a display link
//   runs. The timer exists only while work is pending, so a background thread's
//   `RunLoop.current.run()` still returns once the engine is idle.
//
// swift-corelibs-foundation on Linux (checked here, Swift 6.3): timers and `perform` blocks keep
// a background thread's `run(until:)` turning (a mode with neither is "finished" and returns at
// once), observers do not; the main thread's loop never counts as finished (the main queue).
import CoreFoundation
import Foundation

extension AnimationEngine {
    /// Whether the engine drives itself from the Foundation `RunLoop` of the thread it is used
    /// on, as Core Animation does: the implicit transaction commits at the end of each run-loop
    /// pass, and completion blocks, delegate callbacks, animation ends and display links are
    /// serviced on later passes by a timer, with no `ApplicationRunLoop` involved. So a unit
    /// test or command-line tool that only turns `RunLoop.current` (`run(until:)`,
    /// `run(mode:before:)`, `RunLoop.main.run()`) sees its completion blocks run.
    ///
    /// True for a thread's default engine (the one `AnimationEngine.current` makes on first
    /// use, on a `MonotonicClock`). False for engines you make: their owner — an
    /// `ApplicationRunLoop`, `HeadlessHost`, or a test stepping a `VirtualClock` with `tick()` —
    /// calls `prepareFrame()`/`finishFrame()` itself, deterministically, and must not be driven
    /// twice. Set it on the thread that uses the engine; its run loop is the one serviced.
    ///
    /// The observer and timer are installed with the first work (a layer change, a completion
    /// block, a display link), on the run loop of the thread that does it, so a thread that only
    /// reads `CACurrentMediaTime()` gets neither.
    public var drivesItselfOnRunLoop: Bool {
        get { drivesItself }
        set {
            guard newValue != drivesItself else { return }
            drivesItself = newValue
            if newValue {
                runLoopWorkArrived()
            } else {
                runLoopService?.invalidate()
                runLoopService = nil
            }
        }
    }

    /// Called when work appears that a self-driven engine must service (an implicit transaction
    /// opened, a callback or completion block queued, an animation or display link added):
    /// asks for a pass soon. Ignored during a pass, which plans the next one itself.
    func runLoopWorkArrived() {
        guard drivesItself, hasRunLoopWork else { return }
        let service = runLoopService ?? RunLoopService(engine: self)
        runLoopService = service
        guard !service.isRunningPass else { return }
        service.schedule(at: CFAbsoluteTimeGetCurrent())
    }

    /// Whether anything waits for a pass (what `nextRunLoopPassTime()` looks at).
    private var hasRunLoopWork: Bool {
        !transactions.isEmpty || !queuedCallbacks.isEmpty || !dueGroups.isEmpty || !animatingLayers.isEmpty
            || !displayLinks.isEmpty
    }

    /// A run-loop pass of a self-driven engine: `tick()`, then the timer set for the next
    /// moment something is due (or none).
    fileprivate func runLoopPass(_ service: RunLoopService) {
        service.isRunningPass = true
        tick()
        service.isRunningPass = false
        service.lastPass = clock.now
        guard let due = nextRunLoopPassTime() else { return }
        service.schedule(at: CFAbsoluteTimeGetCurrent() + max(0, due - clock.now))
    }

    /// The end of a run-loop pass (an observer callout): commits the implicit transaction, as
    /// Core Animation's run-loop observer does, and starts a new turn.
    fileprivate func runLoopTurnEnded() {
        commitImplicitTransaction()
        turn += 1
    }

    /// When a self-driven engine next needs a pass, in media time: now for anything waiting to
    /// be delivered or committed; the next frame slot while a display link runs; otherwise the
    /// earliest begin (not yet reported) or end of a running animation (half a millisecond
    /// late, so that it has passed when evaluated; a frame after the last pass if that moment
    /// has already been looked at); nil when nothing is due.
    func nextRunLoopPassTime() -> CFTimeInterval? {
        let now = clock.now
        if !queuedCallbacks.isEmpty || !dueGroups.isEmpty { return now }
        if transactions.count == 1, transactions[0].isImplicit { return now }
        var earliest: CFTimeInterval?
        func consider(_ time: CFTimeInterval) {
            guard time.isFinite else { return }
            earliest = min(earliest ?? time, time)
        }
        if displayLinks.contains(where: { $0.isScheduled(in: currentMode) }) {
            consider(max(now, (runLoopService?.lastPass ?? now) + frameInterval))
        }
        let lastPass = runLoopService?.lastPass ?? -.infinity
        for entry in animatingLayers {
            guard let layer = entry.layer else { return now }
            for record in layer.animationState.records where record.state == .running {
                let local = record.didNotifyStart ? record.endTime : record.beginTime
                let due = layer.convertTime(local, to: nil) + 0.0005
                // A moment already passed that did not take effect (the layer's timing changed
                // meanwhile): look again a frame later rather than spin.
                consider(due > lastPass ? max(now, due) : lastPass + frameInterval)
            }
        }
        return earliest
    }
}

/// The run-loop observer and timer of a self-driven engine (`drivesItselfOnRunLoop`), on the
/// run loop of the thread that turned it on.
final class RunLoopService {
    var isRunningPass = false
    /// The media time of the last pass, from which display links are paced.
    var lastPass: CFTimeInterval?
    private let runLoop: CFRunLoop
    private var observer: CFRunLoopObserver?
    private var timer: CFRunLoopTimer?
    private var timerDate = CFAbsoluteTime.infinity

    init(engine: AnimationEngine) {
        runLoop = CFRunLoopGetCurrent()
        let activities = CFRunLoopActivity.entry.rawValue | CFRunLoopActivity.beforeWaiting.rawValue
            | CFRunLoopActivity.exit.rawValue
        // Order 2 000 000 is Core Animation's own commit observer's, after UIKit's (layout).
        observer = CFRunLoopObserverCreateWithHandler(nil, activities, true, 2_000_000) { [weak engine] _, _ in
            engine?.runLoopTurnEnded()
        }
        CFRunLoopAddObserver(runLoop, observer, kCFRunLoopCommonModes)
        self.engine = engine
    }

    private weak var engine: AnimationEngine?

    deinit { invalidate() }

    /// Makes the next pass happen at `date` (absolute time) or earlier.
    func schedule(at date: CFAbsoluteTime) {
        if let timer, CFRunLoopTimerIsValid(timer) {
            guard date < timerDate - 1e-4 else { return }
            CFRunLoopTimerSetNextFireDate(timer, date)
            timerDate = date
            return
        }
        let made = CFRunLoopTimerCreateWithHandler(nil, date, 0, 0, 0) { [weak self] _ in
            guard let self else { return }
            self.timer = nil
            self.timerDate = .infinity
            self.engine?.runLoopPass(self)
        }
        timer = made
        timerDate = date
        CFRunLoopAddTimer(runLoop, made, kCFRunLoopCommonModes)
    }

    func invalidate() {
        if let timer { CFRunLoopTimerInvalidate(timer) }
        timer = nil
        if let observer {
            CFRunLoopObserverInvalidate(observer)
            CFRunLoopRemoveObserver(runLoop, observer, kCFRunLoopCommonModes)
        }
        observer = nil
    }
}
