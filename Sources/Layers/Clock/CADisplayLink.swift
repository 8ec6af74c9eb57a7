import Foundation

/// A timer synchronised with the display: calls its handler once per frame, before the frame's
/// animations are evaluated and rendered, so changes made in the handler show in that frame.
///
/// Kinescope's run loops are `AnimationEngine`s: `add(to:forMode:)` attaches the link to the
/// engine current on the calling thread (the `RunLoop` argument is accepted so Apple's code
/// compiles unchanged), and the engine fires it in `prepareFrame()` when its `currentMode` is
/// one of the link's modes (`.common` matches every mode).
///
/// Without Objective-C selectors the target/selector form takes the target and an unapplied
/// method reference, which reads as Apple's does:
///
///     link = CADisplayLink(target: self, selector: Spinner.step)   // Apple: #selector(step)
///     link.add(to: .main, forMode: .common)
///
///     func step(_ link: CADisplayLink) { angle += 2 * .pi * (link.targetTimestamp - link.timestamp) }
///
/// As on Apple's platforms the link holds its target strongly until `invalidate()`.
open class CADisplayLink {
    private var handler: ((CADisplayLink) -> Void)?
    private var modes: Set<RunLoop.Mode> = []
    private weak var engine: AnimationEngine?
    private var lastFire: CFTimeInterval?

    /// A link that calls `handler` every frame (Kinescope's closure form).
    public init(_ handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// A link that calls `selector` on `target` every frame (`selector` is an unapplied method
    /// reference such as `Spinner.step`, taking the link). The target is held strongly until
    /// `invalidate()`.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        handler = { link in selector(target)(link) }
    }

    /// A link that calls `selector` on `target` every frame, for methods that take no argument.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        handler = { _ in selector(target)() }
    }

    /// The media time of the frame the handler is called for (the last frame shown, in Apple's
    /// words). 0 until the first call.
    public private(set) var timestamp: CFTimeInterval = 0

    /// The media time of the next frame: `timestamp` plus the frame interval at the preferred
    /// rate. Code that animates by hand should compute the state for this time.
    public private(set) var targetTimestamp: CFTimeInterval = 0

    /// The time between the display's refresh updates (`1 / maximumFramesPerSecond` of the
    /// engine). 0 until the link is added.
    public private(set) var duration: CFTimeInterval = 0

    /// While true the handler is not called. Default false.
    open var isPaused = false

    /// The rate at which the handler should be called; 0 (the default) means the display's
    /// rate. Rates above the display's count as the display's; frames are skipped to approach a
    /// lower rate.
    open var preferredFramesPerSecond: Int = 0

    /// Attaches the link to the current engine for `mode` (`runloop` is not used: see the type's
    /// documentation). Adding it for several modes fires it in each.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard handler != nil else { return }
        let engine = AnimationEngine.current
        if let current = self.engine, current !== engine { current.displayLinks.removeAll { $0 === self } }
        self.engine = engine
        duration = engine.frameInterval
        modes.insert(mode)
        if !engine.displayLinks.contains(where: { $0 === self }) { engine.displayLinks.append(self) }
    }

    /// Detaches the link from `mode`; with no mode left it stops firing.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        modes.remove(mode)
        if modes.isEmpty { engine?.displayLinks.removeAll { $0 === self } }
    }

    /// Stops the link for good and releases its target and handler.
    open func invalidate() {
        modes = []
        engine?.displayLinks.removeAll { $0 === self }
        engine = nil
        handler = nil
    }

    /// Whether the link fires in `mode`.
    func isScheduled(in mode: RunLoop.Mode) -> Bool {
        !isPaused && handler != nil && (modes.contains(mode) || modes.contains(.common))
    }

    /// Calls the handler for the frame at `time`, unless the preferred rate says to skip it.
    func fire(at time: CFTimeInterval, frameInterval: CFTimeInterval) {
        let maximum = 1 / frameInterval
        let rate = preferredFramesPerSecond > 0 ? min(Double(preferredFramesPerSecond), maximum) : maximum
        let interval = 1 / rate
        // Half a display frame of slack, so 30 fps on a 60 Hz display fires every other frame.
        if let lastFire, time - lastFire < interval - frameInterval / 2 { return }
        lastFire = time
        duration = frameInterval
        timestamp = time
        targetTimestamp = time + interval
        handler?(self)
    }
}

extension AnimationEngine {
    /// Fires the display links scheduled in `currentMode`, in the order they were added.
    func fireDisplayLinks(at time: CFTimeInterval) {
        guard !displayLinks.isEmpty else { return }
        for link in displayLinks where link.isScheduled(in: currentMode) {
            link.fire(at: time, frameInterval: frameInterval)
        }
    }
}
