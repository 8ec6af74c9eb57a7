import Raster

/// Where frames are shown and input comes from: an X11 window (`X11Host`) or nothing at all
/// (`HeadlessHost`). A run loop drives it; a host never sees layers, only finished frames in
/// Kinescope's pixel format (premultiplied BGRA8, `0xAARRGGBB` words) and input events.
///
/// One frame, with no copies and no allocation:
/// ```swift
/// let frame = try host.backBuffer()          // borrowed pixels, e.g. an X11 shared-memory segment
/// compositor.render(tree, into: frame, damage: dirty)
/// try host.present(damage: dirty)            // pushes only the dirty rectangles
/// var events: [HostEvent] = []
/// events.reserveCapacity(64)
/// try host.nextEvents(timeout: .milliseconds(16), into: &events)   // blocks, idle CPU ≈ 0
/// ```
///
/// The back buffer always holds the last presented frame when it is handed out (hosts that
/// double-buffer copy the previous frame's damage across), so a caller redraws only its damage.
/// After a `HostEvent.resized` the next back buffer has the new size and unspecified contents:
/// redraw it whole (the next `present` pushes it whole anyway).
///
/// A host is used from one thread; only `waker` may be used from others.
///
/// Foundation also declares a `Host` class (network hosts); where both modules are imported,
/// spell this one `Hosts.Host`.
public protocol Host: AnyObject {
    /// The current window (or headless canvas) size in pixels; updated by `nextEvents` when the
    /// window is resized, at the same time as the `HostEvent.resized` it reports.
    var size: PixelSize { get }

    /// Interrupts `nextEvents` from any thread.
    var waker: HostWaker { get }

    /// Called by `present` with the finished frame and its clipped damage, before the frame is
    /// pushed: what an observer sees is exactly what is shown. The bitmap is valid only during the
    /// call. Recording attaches here.
    var presentObserver: PresentObserver? { get set }

    /// Lends the buffer to draw the next frame into, sized `size` at the time of the call.
    ///
    /// The pixels are valid, and only the caller writes them, until the next `present` or
    /// `backBuffer` call; do not keep the bitmap past that (it may be an X11 shared-memory
    /// segment that the server reads, or memory freed by a resize). Calling it twice without a
    /// `present` in between returns the same pixels. May block briefly until the display server
    /// has finished reading the buffer from two frames ago.
    func backBuffer() throws(HostError) -> Bitmap

    /// Shows the frame drawn into the last `backBuffer()`, pushing only `damage` (rectangles in
    /// pixels, clipped to the buffer; empty ones ignored; overlapping ones allowed). Pixels outside
    /// `damage` must be unchanged since the previous frame. Empty damage shows nothing new but
    /// still counts as a frame for the observer. Does not wait for the display server.
    func present(damage: [PixelRect]) throws(HostError)

    /// Appends the pending input and window events to `events` (which the caller empties and
    /// reuses, so no allocation happens per call). When none are pending, blocks until one
    /// arrives, `waker.wakeUp()` is called, or `timeout` passes (`nil` waits without limit;
    /// `.zero` only collects what is already there). Throws `HostError.connectionLost` when the
    /// display server has gone.
    @discardableResult
    func nextEvents(timeout: Duration?, into events: inout [HostEvent]) throws(HostError) -> HostWaitResult

    /// `nextEvents(timeout:into:)`, also appending to `times`, for each event appended, when it
    /// happened on the host's input clock, in seconds from an origin of the host's own (X11: the
    /// server's millisecond clock), or nil when the host does not know. A run loop maps these
    /// onto its clock so that touches carry when they happened, not when they were read (a pan's
    /// velocity comes from those times). Hosts without input times need not implement it: the
    /// default appends nil for every event.
    @discardableResult
    func nextEvents(timeout: Duration?, into events: inout [HostEvent], times: inout [Double?]) throws(HostError)
        -> HostWaitResult

    /// File descriptors that become readable when the host may have something for `nextEvents`:
    /// the display connection and the waker's pipe. For a run loop that blocks somewhere else
    /// than `nextEvents` — `ApplicationRunLoop` blocks in Foundation's run loop, so that timers
    /// and main-queue blocks wake it too — watching these for readability and then calling
    /// `nextEvents(timeout: .zero)`. Readable is a hint, not a promise (a wake-up may carry no
    /// event). Events the host has already read into memory do not show here: call
    /// `nextEvents(timeout: .zero)` before blocking. Valid as long as the host.
    var eventDescriptors: [Int32] { get }
}

/// Why `Host.nextEvents` returned. When several apply, the first listed wins.
public enum HostWaitResult: Hashable, Sendable {
    /// At least one event was appended.
    case events
    /// `HostWaker.wakeUp()` was called (before or during the wait) and no event was pending.
    case wokenUp
    /// The timeout passed with no event and no wake-up.
    case timedOut
}

/// Receives each presented frame and its damage, clipped to the frame. The bitmap is only valid
/// during the call; copy what you keep.
public typealias PresentObserver = (_ frame: Bitmap, _ damage: [PixelRect]) -> Void

extension Host {
    @discardableResult
    public func nextEvents(timeout: Duration?, into events: inout [HostEvent], times: inout [Double?]) throws(HostError)
        -> HostWaitResult {
        let count = events.count
        let result = try nextEvents(timeout: timeout, into: &events)
        times.append(contentsOf: repeatElement(nil, count: events.count - count))
        return result
    }

    /// The waker's pipe only: a host without a connection of its own.
    public var eventDescriptors: [Int32] { [waker.readDescriptor] }

    /// Interrupts `nextEvents` (the current wait or the next one). Same as `waker.wakeUp()`; use
    /// `waker` from other threads, since a host is not `Sendable`.
    public func wakeUp() { waker.wakeUp() }

    /// Pushes the whole back buffer.
    public func present() throws(HostError) {
        try present(damage: [PixelRect(size: size)])
    }

    /// Returns the pending events, waiting as `nextEvents(timeout:into:)` does. Allocates an
    /// array per call; run loops should reuse one with `nextEvents(timeout:into:)`.
    public func nextEvents(timeout: Duration?) throws(HostError) -> [HostEvent] {
        var events: [HostEvent] = []
        try nextEvents(timeout: timeout, into: &events)
        return events
    }
}

/// Clips `damage` to `bounds`, drops empty rectangles and, past `limit` rectangles, merges all
/// into their bounding box (many small pushes cost more than one larger one). Reuses `result`.
func clipDamage(_ damage: [PixelRect], to bounds: PixelRect, limit: Int = 16, into result: inout [PixelRect]) {
    result.removeAll(keepingCapacity: true)
    var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
    for rect in damage {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { continue }
        result.append(clipped)
        box = box.union(clipped)
    }
    if result.count > limit {
        result.removeAll(keepingCapacity: true)
        result.append(box)
    }
}
