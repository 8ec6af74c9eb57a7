import Glibc
import Raster

/// A host without a display: frames go into an owned bitmap, a frame counter and a copy of the
/// last presented frame; events are injected by the caller. Tests and the recorder use it.
///
/// It never waits on wall time: `nextEvents` with a finite timeout returns at once, as if the
/// timeout had passed (a virtual clock drives time in headless runs). With a `nil` timeout and
/// nothing injected it blocks until `waker.wakeUp()` is called from another thread.
///
/// ```swift
/// let host = HeadlessHost(size: try PixelSize(width: 320, height: 240))
/// host.inject(.pointerDown(.primary, x: 10, y: 20, modifiers: []))
/// let frame = try host.backBuffer()
/// frame[x: 0, y: 0] = .white
/// try host.present(damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
/// host.frameCount          // 1
/// host.lastFrame?[x: 0, y: 0]   // .white
/// ```
public final class HeadlessHost: Host {
    public private(set) var size: PixelSize
    public let waker: HostWaker
    public var presentObserver: PresentObserver?

    /// How many times `present` was called (including calls with empty damage).
    public private(set) var frameCount = 0
    /// The damage of the last `present`, clipped to the frame.
    public private(set) var lastDamage: [PixelRect] = []
    /// A copy of the last presented frame, kept up to date by copying each present's damage into
    /// it (no allocation per frame); `nil` before the first present and after a resize.
    public var lastFrame: Bitmap? { hasPresented ? presented : nil }

    /// The object that drives this host and lives as long as it (an application run loop that
    /// `show(_:)` attaches in module Kinescope).
    public var owner: AnyObject?

    private var canvas: Bitmap
    private var presented: Bitmap
    private var hasPresented = false
    private var mustPushWhole = false
    private var injected: [HostEvent] = []
    private var selections: [HostSelection: String] = [:]

    /// A canvas of `size` pixels, transparent black.
    public init(size: PixelSize) throws(HostError) {
        self.size = size
        self.waker = try HostWaker()
        self.canvas = Bitmap(size: size)
        self.presented = Bitmap(size: size)
    }

    /// Queues an event for the next `nextEvents`, as if the user had caused it.
    public func inject(_ event: HostEvent) {
        injected.append(event)
    }

    /// Changes the canvas size, as a window resize would: queues `HostEvent.resized`, and the next
    /// back buffer is a new transparent bitmap of the new size, presented whole the next time.
    public func resize(to newSize: PixelSize) {
        guard newSize != size else { return }
        size = newSize
        canvas = Bitmap(size: newSize)
        presented = Bitmap(size: newSize)
        hasPresented = false
        mustPushWhole = true
        injected.append(.resized(newSize))
    }

    public func backBuffer() throws(HostError) -> Bitmap { canvas }

    public func present(damage: [PixelRect]) throws(HostError) {
        if mustPushWhole {
            clipDamage([canvas.bounds], to: canvas.bounds, into: &lastDamage)
            mustPushWhole = false
        } else {
            clipDamage(damage, to: canvas.bounds, into: &lastDamage)
        }
        presentObserver?(canvas, lastDamage)
        for rect in lastDamage {
            for y in rect.minY..<rect.maxY {
                (presented.baseAddress + y * presented.rowStride + rect.x)
                    .update(from: canvas.baseAddress + y * canvas.rowStride + rect.x, count: rect.width)
            }
        }
        hasPresented = true
        frameCount += 1
    }

    @discardableResult
    public func nextEvents(timeout: Duration?, into events: inout [HostEvent]) throws(HostError) -> HostWaitResult {
        if !injected.isEmpty {
            events.append(contentsOf: injected)
            injected.removeAll(keepingCapacity: true)
            return .events
        }
        if waker.consume() { return .wokenUp }
        guard timeout == nil else { return .timedOut }
        var descriptor = pollfd(fd: waker.readDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
        _ = waker.consume()
        return .wokenUp
    }
}

extension HeadlessHost: SelectionHost {
    /// Keeps `text` in memory as `selection`'s contents (nil empties it): there are no other
    /// programs to share it with, so a test stands in for them with `text(in:)` and `setText`.
    public func setText(_ text: String?, in selection: HostSelection) {
        selections[selection] = text
    }

    /// The text last set on `selection`, at once (`timeout` is never needed).
    public func text(in selection: HostSelection, timeout: Duration) -> String? {
        selections[selection]
    }
}
