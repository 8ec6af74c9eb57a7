import Foundation
import Geometry
import Hosts
import Layers
import Raster
import Views

/// The run loop of a Kinescope app: it shows a `UIWindow` on a host (an X11 window or a
/// headless canvas) and, each turn, moves input, time and pixels along in Core Animation's order:
///
/// 1. run Foundation's due work (`Timer`s, `RunLoop.main.perform` blocks, `DispatchQueue.main`
///    blocks and main-actor jobs), then wait for host events, but only as long as nothing is due —
///    the wait is in Foundation's run loop, which Foundation's work also ends (blocks while idle:
///    no polling);
/// 2. deliver them: pointer → touches through the window (moves without a button: hover),
///    wheel → the scroll view under the pointer or the window's wheel-driven gesture
///    recognisers, keys → first responder, resizes → the window's frame; then let the
///    window's gesture recognisers see the clock's time (a long press begins once it has lasted);
/// 3. lay out, then commit the implicit transaction (changes made while handling events take
///    effect, their animations start);
/// 4. evaluate animations and display links at the clock's time;
/// 5. if the render tree changed, composite the damaged part (`RenderNode.frameDamage(from:to:in:)`)
///    into the host's back buffer — a scroll by whole pixels moves the pixels already there and
///    composites only the band it uncovers — and present only what changed;
/// 6. run the animation callbacks and completion blocks that became due.
///
/// In `run()`, steps 4–6 (a *frame*) run at most once per frame interval (`1 / framesPerSecond`
/// of clock time), like a display link tied to the screen's refresh: a turn woken by input
/// sooner than that handles the input and commits, and the frame waits for its slot. A frame that ends more
/// than an interval after its slot counts the slots it overran in `statistics.droppedFrames`.
/// While nothing animates, nothing is due and `run()` blocks on the host (no polling).
///
/// Time comes from the animation engine's clock: a `MonotonicClock` for a live window, a
/// `VirtualClock` for headless runs, which `advance(by:)` steps frame by frame, so a headless
/// run is exact and repeatable.
@MainActor
public final class ApplicationRunLoop {
    public let host: any Hosts.Host
    public let engine: AnimationEngine
    public private(set) var window: UIWindow?
    /// The frame rate, frames per second (default 60, at least 1): frames run at most once per
    /// `1 / framesPerSecond` seconds of clock time, display links report it as the refresh
    /// rate, and a headless run's `advance(by:)` steps the clock by its inverse.
    public var framesPerSecond: Int {
        didSet {
            framesPerSecond = max(1, framesPerSecond)
            engine.maximumFramesPerSecond = framesPerSecond
            describeScreen()
        }
    }
    /// Counts of frames, composited pixels and dropped frames since the loop was made.
    public private(set) var statistics = FrameStatistics()
    /// Frame slots missed because a frame (or the wake-up for it) took longer than its interval.
    public var droppedFrameCount: Int { statistics.droppedFrames }
    /// Set when the user closes the window (or `requestQuit()`); `run()` returns then.
    public private(set) var quitRequested = false
    /// Sees every key press before the window delivers it (a command line's quit key, say).
    public var keyObserver: ((UIKey) -> Void)?
    /// Filled behind the window (where its views draw nothing). Default opaque black.
    public var background = PremultipliedColor.black
    /// Whether a scroll by whole pixels moves the pixels already in the back buffer and
    /// composites only the band it uncovers (`RenderNode.frameDamage`) rather than compositing
    /// the scrolled area again; the frames are the same either way. Default
    /// `ScrollBlit.isEnabledByDefault` (on unless `KINESCOPE_SCROLL_BLIT=0`).
    public var movesScrolledPixels = ScrollBlit.isEnabledByDefault

    private let compositor: Compositor
    /// Made on the first blocking wait.
    private var foundationWait: FoundationRunLoopWait?
    private var events: [HostEvent] = []
    /// Each of `events`' time on the host's input clock (nil where it has none).
    private var eventTimes: [Double?] = []
    private var inputClock = InputClockMapping()
    private var lastRendered: RenderNode?
    private var lastBackground: PremultipliedColor?
    private var mustRender = true
    private var primaryDown = false
    /// The earliest clock time of the next frame: one interval after the last frame's slot.
    private var earliestFrameTime: CFTimeInterval?
    /// The slot the next frame is aimed at when frames are wanted back to back (an animation
    /// running); nil after an idle stretch, when the next frame's slot is its start.
    private var scheduledFrameTime: CFTimeInterval?

    /// A run loop on `host`, with a fresh engine on `clock` made current on this thread.
    public init(host: any Hosts.Host, clock: any MediaClock = MonotonicClock(), framesPerSecond: Int = 60,
                threadCount: Int? = nil) {
        self.host = host
        self.framesPerSecond = max(1, framesPerSecond)
        engine = AnimationEngine(clock: clock)
        engine.maximumFramesPerSecond = self.framesPerSecond
        engine.makeCurrent()
        compositor = Compositor(threadCount: threadCount)
        events.reserveCapacity(64)
        describeScreen()
        if let host = host as? X11Host { installX11Pasteboard(host: host) }
    }

    /// Tells `UIScreen.main` the host's size and frame rate.
    private func describeScreen(size: CGSize? = nil) {
        UIScreen.main.update(size: size ?? CGSize(width: host.size.width, height: host.size.height),
                             maximumFramesPerSecond: framesPerSecond)
    }

    /// The wait's read sources go before the host closes the descriptors they watch.
    isolated deinit {
        foundationWait = nil
    }

    /// Shows `window` filling the host, and makes it key (its root view controller's view
    /// appears).
    public func show(_ window: UIWindow) {
        self.window = window
        window.frame = CGRect(x: 0, y: 0, width: host.size.width, height: host.size.height)
        if !window.isKeyWindow { window.makeKeyAndVisible() }
        mustRender = true
    }

    /// Ends `run()` after the current turn.
    public func requestQuit() {
        quitRequested = true
        host.wakeUp()
    }

    /// Runs turns until the window is closed or `requestQuit()` is called (from a timer or
    /// main-queue block too: the wait ends at once and `run()` returns after that turn). The
    /// thread's Foundation run loop is serviced throughout, as `RunLoop.main.run()` would:
    /// repeating timers fire on time between frames and cost nothing while they wait.
    public func run() throws(HostError) {
        while !quitRequested {
            try runTurn(maximumWait: nil, pacedToFrameRate: true)
        }
    }

    /// One turn of the loop. Waits for events at most `maximumWait` (nil: as long as nothing is
    /// due — until the next frame slot, or forever when nothing animates; `.zero`: not at all).
    ///
    /// With `pacedToFrameRate` (what `run()` does), the frame part runs only when its slot has
    /// come, at most once per frame interval; without it (the default, for callers that step a
    /// virtual clock themselves), every turn runs a frame. Dropped frames are counted either way.
    ///
    /// Foundation's run loop is serviced first, every turn: the `Timer`s, `perform` blocks and
    /// main-queue blocks (`DispatchQueue.main.async`, main-actor jobs) that are due run, in
    /// `RunLoop.Mode.default`. A wait blocks in `RunLoop.main` (see `FoundationRunLoopWait`), so
    /// those wake it as input does, and changes they make take effect in the same turn.
    /// With a `HeadlessHost` a finite wait takes no time (its clock is virtual); Foundation's
    /// timers still fire by wall-clock time, whenever a turn finds them due.
    public func runTurn(maximumWait: Duration?, pacedToFrameRate: Bool = false) throws(HostError) {
        events.removeAll(keepingCapacity: true)
        eventTimes.removeAll(keepingCapacity: true)
        try collectEvents(waitingAtMost: maximumWait)
        let readAt = engine.clock.now
        for (event, time) in zip(events, eventTimes) {
            deliver(event, at: inputClock.timestamp(hostTime: time, readAt: readAt))
        }
        window?.updateGestureRecognizers(at: engine.clock.now)
        window?.layoutIfNeeded()
        engine.commitImplicitTransaction()
        let start = engine.clock.now
        if pacedToFrameRate, let earliest = earliestFrameTime, start < earliest - slotTolerance { return }
        engine.prepareFrame()
        try renderIfNeeded()
        engine.finishFrame()
        endFrame(startedAt: start)
    }

    /// Services Foundation's run loop without blocking, then takes the host's pending events;
    /// when there are none and nothing is due, waits in Foundation's run loop for input, a
    /// wake-up, Foundation work or the next frame, bounded by `limit`.
    private func collectEvents(waitingAtMost limit: Duration?) throws(HostError) {
        _ = RunLoop.current.run(mode: .default, before: .distantPast)
        guard try host.nextEvents(timeout: .zero, into: &events, times: &eventTimes) == .timedOut, !quitRequested else { return }
        let wait = waitTime(limit: limit)
        if let wait, wait <= .zero || host is HeadlessHost { return }
        let waiter = foundationWait ?? FoundationRunLoopWait(descriptors: host.eventDescriptors)
        foundationWait = waiter
        let waitEnds = ContinuousClock.now.advanced(by: wait ?? .seconds(1e9))
        waiter.wait(timeout: wait) { [unowned self] in
            // Before the run loop sleeps: stop if a timer or block has made a turn due sooner
            // than the wait would end (a layer changed, a display link added, quit asked).
            if quitRequested { return true }
            guard let wanted = waitTime(limit: limit) else { return false }
            return wanted < ContinuousClock.now.duration(to: waitEnds) - .milliseconds(1)
        }
        try host.nextEvents(timeout: .zero, into: &events, times: &eventTimes)
    }

    /// How long `run()` would wait now before the next frame: zero when one is due, nil when
    /// nothing animates and nothing changed (the loop then blocks until input arrives).
    public func timeUntilNextFrame() -> Duration? {
        guard let due = nextFrameTime() else { return nil }
        return .seconds(max(0, due - engine.clock.now))
    }

    /// Clock time by which a frame may start early (a timer firing a little before its slot).
    private var slotTolerance: CFTimeInterval { engine.frameInterval / 20 }

    /// Counts the frame, the slots it overran as dropped, and schedules the next slot.
    private func endFrame(startedAt start: CFTimeInterval) {
        let interval = engine.frameInterval
        let slot = min(scheduledFrameTime ?? start, start)
        let overrun = (engine.clock.now - slot) / interval
        let slotsUsed = max(1, Int((overrun - 1e-3).rounded(.up)))
        statistics.frames += 1
        statistics.droppedFrames += slotsUsed - 1
        earliestFrameTime = slot + Double(slotsUsed) * interval
        scheduledFrameTime = nil
        scheduledFrameTime = nextFrameTime()
    }

    /// When the next frame should run, in clock time: nil when nothing is due.
    private func nextFrameTime() -> CFTimeInterval? {
        let wanted: CFTimeInterval?
        if mustRender || window?.layer.needsNewRenderNode == true {
            wanted = engine.clock.now
        } else {
            // A gesture recogniser waiting for time (a long press) wakes the loop as a frame would.
            wanted = [engine.nextFrameDeadline(), window?.nextGestureRecognizerDeadline].compactMap { $0 }.min()
        }
        guard let wanted else { return nil }
        return max(wanted, earliestFrameTime ?? wanted)
    }

    /// How long to wait: until the next frame is due, bounded by `limit`.
    private func waitTime(limit: Duration?) -> Duration? {
        guard let untilFrame = timeUntilNextFrame() else { return limit }
        return limit.map { min($0, untilFrame) } ?? untilFrame
    }

    /// Composites and presents the damaged part of the window when its render tree changed.
    private func renderIfNeeded() throws(HostError) {
        guard let window else { return }
        let root = window.layer.makeRenderNode()
        guard mustRender || root !== lastRendered else { return }
        let bounds = PixelRect(size: host.size)
        let whole = mustRender || lastRendered == nil || background != lastBackground
        let damage = whole ? FrameDamage(redrawing: [bounds])
            : RenderNode.frameDamage(from: lastRendered, to: root, in: bounds, scrollBlit: movesScrolledPixels)
        lastRendered = root
        lastBackground = background
        mustRender = false
        guard !damage.changed.isEmpty else { return }
        let frame = try host.backBuffer()
        compositor.render(root, into: frame, background: background, damage: damage)
        try host.present(damage: damage.changed)
        statistics.presentedFrames += 1
        if damage.scroll != nil { statistics.scrolledFrames += 1 }
        statistics.compositedPixels += damage.redraw.reduce(0) { $0 + $1.width * $1.height }
        statistics.framePixels += bounds.width * bounds.height
        if damage.redraw == [bounds] { statistics.wholeFrames += 1 }
    }

    /// Delivers `event`, stamped `now`: when it happened on the loop's clock.
    private func deliver(_ event: HostEvent, at now: CFTimeInterval) {
        switch event {
        case let .pointerDown(button, x, y, _) where button == .primary:
            primaryDown = true
            window?.sendTouch(.began, at: CGPoint(x: x, y: y), timestamp: now)
        case let .pointerDown(button, x, y, _) where button == .middle:
            window?.sendMiddleClick(at: CGPoint(x: x, y: y))
        case let .pointerMoved(x, y, _) where primaryDown:
            window?.sendTouch(.moved, at: CGPoint(x: x, y: y), timestamp: now)
        case let .pointerMoved(x, y, _):
            window?.sendHover(at: CGPoint(x: x, y: y))
        case let .pointerUp(button, x, y, _) where button == .primary && primaryDown:
            primaryDown = false
            window?.sendTouch(.ended, at: CGPoint(x: x, y: y), timestamp: now)
        case let .keyDown(key):
            let uiKey = UIKey(keysym: key.keysym, characters: key.text, modifierFlags: key.modifiers.uiKitFlags)
            keyObserver?(uiKey)
            window?.sendKey(uiKey, isDown: true)
        case let .keyUp(key):
            window?.sendKey(UIKey(keysym: key.keysym, characters: key.text, modifierFlags: key.modifiers.uiKitFlags),
                            isDown: false)
        case let .resized(size):
            describeScreen(size: CGSize(width: size.width, height: size.height))
            window?.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
            mustRender = true
        case .closeRequested, .windowDestroyed:
            quitRequested = true
        case let .scrolled(deltaX, deltaY, x, y, modifiers):
            window?.sendScroll(deltaX: CGFloat(deltaX), deltaY: CGFloat(deltaY), at: CGPoint(x: x, y: y),
                               modifierFlags: modifiers.uiKitFlags, timestamp: now)
        case .exposed, .pointerDown, .pointerUp:
            break
        }
    }
}

extension KeyModifiers {
    var uiKitFlags: UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        if contains(.shift) { flags.insert(.shift) }
        if contains(.capsLock) { flags.insert(.alphaShift) }
        if contains(.control) { flags.insert(.control) }
        if contains(.alternate) { flags.insert(.alternate) }
        if contains(.command) { flags.insert(.command) }
        return flags
    }
}

/// What an `ApplicationRunLoop` has done since it was made.
public struct FrameStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Frames run (display links fired, animations evaluated), whether or not anything changed.
    public var frames = 0
    /// Frames composited and presented (the render tree had changed).
    public var presentedFrames = 0
    /// Presented frames that were re-composited whole (first frame, resize, unbounded change).
    public var wholeFrames = 0
    /// Presented frames whose scroll moved pixels already composited instead of drawing them
    /// again (`RenderNode.frameDamage`); their moved pixels are not in `compositedPixels`.
    public var scrolledFrames = 0
    /// Pixels re-composited and pushed, over all presented frames.
    public var compositedPixels = 0
    /// The window's pixels, summed over the presented frames: what whole frames would have cost.
    public var framePixels = 0
    /// Frame slots missed: a frame that ends `n` intervals after its slot (rounded up) drops
    /// `n - 1`; a wake-up late by whole intervals drops those.
    public var droppedFrames = 0

    public init() {}

    /// One line, e.g. `120 frames, 118 presented (2 whole), 14% of their pixels composited,
    /// 3 frames dropped (late)`.
    public var description: String {
        let share = framePixels == 0 ? 0 : Int((Double(compositedPixels) * 100 / Double(framePixels)).rounded())
        return "\(frames) frames, \(presentedFrames) presented (\(wholeFrames) whole), "
            + "\(share)% of their pixels composited, \(droppedFrames) frames dropped (late)"
    }
}
