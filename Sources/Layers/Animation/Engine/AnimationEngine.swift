import Foundation

/// The animation state of one run loop: its media clock, the thread's transaction stack, the
/// animations in flight, the completion blocks and delegate callbacks waiting to run, and the
/// display links it drives.
///
/// Core Animation keeps this state per thread, out of sight. Kinescope keeps it in an object
/// the run loop owns, with a thread-local *current* engine that `CATransaction`,
/// `CACurrentMediaTime()`, `CADisplayLink.add(to:forMode:)` and every layer change use. Each
/// thread gets its own default engine (wall-clock time) on first use; a test makes a fresh one
/// current and steps its virtual clock, so nothing global has to be reset:
///
///     let engine = AnimationEngine(clock: VirtualClock())
///     engine.withCurrent {
///         layer.opacity = 0            // a layer already shown: implicit animation, 0.25 s
///         engine.advance(by: 0.125)    // commit, then half way
///         layer.presentation()?.opacity   // 0.5-ish, eased
///     }
///
/// A run loop calls, each turn, after handling events:
/// 1. `commitImplicitTransaction()` — the changes made while handling events take effect and
///    their animations start (begin time: the clock's time now);
/// 2. `prepareFrame()` — display links fire, then animations are evaluated at the clock's time:
///    animated layers are marked for a new render, finished animations are removed;
/// 3. render `rootLayer.makeRenderNode()` (presentation values) and show it;
/// 4. `finishFrame()` — delegate callbacks and due completion blocks run.
///
/// `tick()` does all but the rendering; `nextFrameDeadline()` says when the next frame is
/// needed, so a host can sleep when nothing animates. A thread's default engine, which no run
/// loop of Kinescope's drives, does these steps itself on the thread's Foundation `RunLoop`
/// (`drivesItselfOnRunLoop`).
///
/// Like `CALayer`, an engine is not thread-safe: use it from the thread it is current on.
public final class AnimationEngine {
    /// The source of media time.
    public let clock: any MediaClock

    /// Receives one-line messages about input Core Animation ignores (an unknown key path, a
    /// value of the wrong type, a commit with no transaction). Default: written to standard
    /// error.
    public var diagnosticHandler: (String) -> Void = { message in
        FileHandle.standardError.write(Data(("Kinescope: " + message + "\n").utf8))
    }

    /// The run-loop mode the engine runs in; display links added for other modes (except
    /// `.common`) do not fire. Default `.default`.
    public var currentMode: RunLoop.Mode = .default

    /// The display's refresh rate, frames per second: the `duration` of display links and the
    /// frame interval `nextFrameDeadline()` assumes. Default 60; values below 1 count as 1.
    public var maximumFramesPerSecond: Int = 60 {
        didSet { maximumFramesPerSecond = max(1, maximumFramesPerSecond) }
    }

    /// The media time of the last evaluated frame (`prepareFrame()`), at which the render tree
    /// shows the animations.
    public private(set) var frameTime: CFTimeInterval

    /// `CATransaction.lock()`.
    let transactionLock = NSRecursiveLock()

    var transactions: [TransactionFrame] = [] {
        didSet { if transactions.count == 1, transactions[0].isImplicit { runLoopWorkArrived() } }
    }
    /// Layers changed in the open transaction, with their model values before the first change
    /// (Apple's presentation shows these until the commit).
    var changedLayers: [ObjectIdentifier: (layer: CALayer, before: PresentationValues)] = [:]
    /// Animations added in the open transaction, to start at the outermost commit.
    var pendingAnimations: [(layer: CALayer, record: AnimationRecord)] = []
    var flushWhenExplicitEnds = false
    /// `pendingAnimations` is compacted when it reaches this size.
    var pendingCompactionThreshold = 256

    /// The layers whose animations are evaluated every frame, held weakly (see
    /// `AnimatingLayer`).
    var animatingLayers: [AnimatingLayer] = [] {
        didSet { if !animatingLayers.isEmpty { runLoopWorkArrived() } }
    }
    /// The identities of the animation states in `animatingLayers` (a state, unlike a freed
    /// layer's address, cannot be reused while the engine holds it).
    var animatingIDs: Set<ObjectIdentifier> = []
    var queuedCallbacks: [() -> Void] = [] {
        didSet { if !queuedCallbacks.isEmpty { runLoopWorkArrived() } }
    }
    var dueGroups: [CompletionGroup] = [] {
        didSet { if !dueGroups.isEmpty { runLoopWorkArrived() } }
    }
    /// The run-loop turn, counted by `finishFrame()`.
    var turn = 0
    var displayLinks: [CADisplayLink] = [] {
        didSet { if !displayLinks.isEmpty { runLoopWorkArrived() } }
    }
    /// `drivesItselfOnRunLoop`, and its observer and timer once work has come.
    var drivesItself = false
    var runLoopService: RunLoopService?
    /// Nesting depth of `withoutActions(_:)`.
    var suppressionDepth = 0
    /// The time `evaluate(at:)` last moved the animating layers to.
    var evaluatedTime: CFTimeInterval?
    /// Whether a commit has changed layers or started animations since `evaluatedTime`.
    var committedChangesSinceEvaluation = true

    /// An engine reading `clock` (by default the system's monotonic clock).
    public init(clock: any MediaClock = MonotonicClock()) {
        self.clock = clock
        frameTime = clock.now
    }

    // MARK: Current engine

    /// The calling thread's current engine: the one made current with `makeCurrent()` or
    /// `withCurrent(_:)`, else the thread's default (made on first use, with a
    /// `MonotonicClock`).
    public static var current: AnimationEngine {
        let engines = ThreadEngines.forCurrentThread
        if let current = engines.current { return current }
        if let made = engines.defaultEngine { return made }
        let made = AnimationEngine()
        made.drivesItselfOnRunLoop = true
        engines.defaultEngine = made
        return made
    }

    /// Makes this engine the calling thread's current one until another is made current or
    /// `resignCurrent()` is called.
    public func makeCurrent() {
        ThreadEngines.forCurrentThread.current = self
    }

    /// Makes the calling thread's default engine current again.
    public static func resignCurrent() {
        ThreadEngines.forCurrentThread.current = nil
    }

    /// Runs `body` with this engine current on the calling thread, then restores the engine that
    /// was current before.
    public func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        let engines = ThreadEngines.forCurrentThread
        let previous = engines.current
        engines.current = self
        defer { engines.current = previous }
        return try body()
    }

    // MARK: Run loop

    /// Commits the implicit transaction, if one is open and no explicit transaction is open
    /// above it (then it is committed when the last explicit one commits).
    public func commitImplicitTransaction() {
        if transactions.count == 1, transactions[0].isImplicit {
            commitTransactionFrame()
        } else if !transactions.isEmpty {
            flushWhenExplicitEnds = true
        }
    }

    /// The first half of a frame: fires the display links due in `currentMode` (committing what
    /// they change), then evaluates the animations at the clock's time — animated layers are
    /// marked for a new render, animations past their end finish (removed unless
    /// `isRemovedOnCompletion` is false) and their callbacks are queued for `finishFrame()`.
    public func prepareFrame() {
        let now = clock.now
        frameTime = max(frameTime, now)
        fireDisplayLinks(at: frameTime)
        if transactions.count == 1, transactions[0].isImplicit { commitTransactionFrame() }
        evaluate(at: frameTime)
    }

    /// The second half of a frame, after rendering: runs the queued delegate callbacks
    /// (`animationDidStart`, `animationDidStop(_:finished:)`) in order, then the completion
    /// blocks that became due in an earlier turn than this one, and ends the turn.
    public func finishFrame() {
        let callbacks = queuedCallbacks
        queuedCallbacks = []
        for callback in callbacks { callback() }
        let ready = dueGroups.filter { ($0.sealedTurn ?? turn) < turn }
        dueGroups.removeAll { ($0.sealedTurn ?? turn) < turn }
        for group in ready { group.run() }
        turn += 1
    }

    /// One run-loop turn without rendering: `commitImplicitTransaction()`, `prepareFrame()`,
    /// `finishFrame()`.
    public func tick() {
        commitImplicitTransaction()
        prepareFrame()
        finishFrame()
    }

    /// One run-loop turn that ends at `time`: commits the implicit transaction (at the old
    /// time), sets a `VirtualClock` to `time` (an earlier time is ignored), then prepares and
    /// finishes the frame. With any other clock the time cannot be set and this is `tick()`.
    public func tick(to time: CFTimeInterval) {
        commitImplicitTransaction()
        (clock as? VirtualClock)?.set(to: time)
        prepareFrame()
        finishFrame()
    }

    /// One run-loop turn `seconds` later: commits the implicit transaction (at the old time),
    /// advances a `VirtualClock` by `seconds`, then prepares and finishes the frame. With
    /// another clock: `tick()`.
    public func advance(by seconds: CFTimeInterval) {
        commitImplicitTransaction()
        (clock as? VirtualClock)?.advance(by: seconds)
        prepareFrame()
        finishFrame()
    }

    /// Whether any layer has an animation that has not yet finished (delayed ones included).
    public var hasActiveAnimations: Bool {
        !animatingLayers.isEmpty || pendingAnimations.contains { $0.record.state == .pending }
    }

    /// When the next frame is needed, in media time: now (the clock's time) while something
    /// animates, a display link runs, a transaction waits to be committed or a callback waits to
    /// run; the begin time of the earliest delayed animation when only such animations remain;
    /// nil when nothing is scheduled, so the host can wait for input.
    public func nextFrameDeadline() -> CFTimeInterval? {
        let now = clock.now
        if !transactions.isEmpty || !pendingAnimations.isEmpty || !queuedCallbacks.isEmpty || !dueGroups.isEmpty {
            return now
        }
        if displayLinks.contains(where: { $0.isScheduled(in: currentMode) }) { return now }
        var earliest: CFTimeInterval?
        for entry in animatingLayers {
            guard let layer = entry.layer else { return now }
            guard let start = layer.nextAnimationStart(after: now) else { continue }
            if start <= now { return now }
            earliest = min(earliest ?? start, start)
        }
        return earliest
    }

    /// Whether the engine holds nothing for any layer: no open transaction, no changed layer,
    /// no animation pending or running, no callback or completion block waiting (display links
    /// aside). Every engine returns to this once its animations have ended and their callbacks
    /// have run, so removed layers and views are not kept alive (tested under abuse).
    var holdsNothing: Bool {
        transactions.isEmpty && changedLayers.isEmpty && pendingAnimations.isEmpty && animatingLayers.isEmpty
            && animatingIDs.isEmpty && queuedCallbacks.isEmpty && dueGroups.isEmpty
    }

    /// The time between frames: `1 / maximumFramesPerSecond`.
    public var frameInterval: CFTimeInterval { 1 / Double(maximumFramesPerSecond) }

    func diagnose(_ message: String) {
        diagnosticHandler(message)
    }
}
