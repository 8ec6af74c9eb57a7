import Foundation
import Geometry
import Hosts
import Layers
import Raster
import Views

/// The run loop of a Kinescope app: it shows a `UIWindow` on a host (an X11 window or a
/// headless canvas) and, each turn, moves input, time and pixels along in Core Animation's order:
///
/// 1. wait for host events, but only as long as nothing is due (blocks while idle: no polling);
/// 2. deliver them: pointer → touches through the window, keys → first responder, resizes →
///    the window's frame;
/// 3. lay out, then commit the implicit transaction (changes made while handling events take
///    effect, their animations start);
/// 4. evaluate animations and display links at the clock's time;
/// 5. if the render tree changed, composite it into the host's back buffer and present it;
/// 6. run the animation callbacks and completion blocks that became due.
///
/// Time comes from the animation engine's clock: a `MonotonicClock` for a live window, a
/// `VirtualClock` for headless runs, which `advance(by:)` steps frame by frame, so a headless
/// run is exact and repeatable.
@MainActor
public final class ApplicationRunLoop {
    public let host: any Hosts.Host
    public let engine: AnimationEngine
    public private(set) var window: UIWindow?
    /// Frames per second of a headless run (`advance(by:)` steps the clock by its inverse).
    public let framesPerSecond: Int
    /// Set when the user closes the window (or `requestQuit()`); `run()` returns then.
    public private(set) var quitRequested = false
    /// Sees every key press before the window delivers it (a command line's quit key, say).
    public var keyObserver: ((UIKey) -> Void)?
    /// Filled behind the window (where its views draw nothing). Default opaque black.
    public var background = PremultipliedColor.black

    private let compositor: Compositor
    private var events: [HostEvent] = []
    private var lastRendered: RenderNode?
    private var mustRender = true
    private var primaryDown = false

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

    /// Runs turns until the window is closed or `requestQuit()` is called.
    public func run() throws(HostError) {
        while !quitRequested {
            try runTurn(maximumWait: nil)
        }
    }

    /// One turn of the loop. Waits for events at most `maximumWait` (nil: as long as nothing is
    /// due — until the next animation frame, or forever when nothing animates; `.zero`: not at
    /// all).
    public func runTurn(maximumWait: Duration?) throws(HostError) {
        events.removeAll(keepingCapacity: true)
        try host.nextEvents(timeout: waitTime(limit: maximumWait), into: &events)
        for event in events { deliver(event) }
        window?.layoutIfNeeded()
        engine.commitImplicitTransaction()
        engine.prepareFrame()
        try renderIfNeeded()
        engine.finishFrame()
    }

    /// How long to wait: until the engine's next frame is due, bounded by `limit`.
    private func waitTime(limit: Duration?) -> Duration? {
        var wait: Duration? = limit
        if mustRender || window?.layer.needsNewRenderNode == true {
            wait = .zero
        } else if let deadline = engine.nextFrameDeadline() {
            let seconds = max(0, deadline - engine.clock.now)
            let untilFrame = Duration.seconds(seconds)
            wait = wait.map { min($0, untilFrame) } ?? untilFrame
        }
        return wait
    }

    private func renderIfNeeded() throws(HostError) {
        guard let window else { return }
        let root = window.layer.makeRenderNode()
        guard mustRender || root !== lastRendered else { return }
        let frame = try host.backBuffer()
        compositor.render(root, into: frame, background: background)
        try host.present()
        lastRendered = root
        mustRender = false
    }

    private func deliver(_ event: HostEvent) {
        let now = engine.clock.now
        switch event {
        case let .pointerDown(button, x, y, _) where button == .primary:
            primaryDown = true
            window?.sendTouch(.began, at: CGPoint(x: x, y: y), timestamp: now)
        case let .pointerMoved(x, y, _) where primaryDown:
            window?.sendTouch(.moved, at: CGPoint(x: x, y: y), timestamp: now)
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
            window?.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
            mustRender = true
        case .closeRequested, .windowDestroyed:
            quitRequested = true
        case .exposed, .scrolled, .pointerDown, .pointerUp, .pointerMoved:
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
