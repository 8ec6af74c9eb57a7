import Foundation
import Geometry
import Graphics
import Hosts
import Layers
import Raster
import Views

/// Driving a UIKit interface without a display, for tests and recordings: a virtual clock that
/// only moves when you say so, clicks, drags, presses and wheel turns you can aim, and a snapshot
/// of what a window would show.
///
/// ```swift
/// let host = try HeadlessHost(size: CGSize(width: 640, height: 480))
/// let window = UIWindow()
/// window.rootViewController = MyViewController()
/// host.show(window)
/// host.click(at: CGPoint(x: 320, y: 240))
/// host.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 220, y: 100), duration: 0.5)
/// host.advance(by: 0.5)                 // 30 frames at 60 per second
/// let frame = host.snapshot()           // a UIImage of the window half-way through
/// ```
extension HeadlessHost {
    /// A headless canvas of `size` points (one pixel per point), run at `framesPerSecond` on a
    /// virtual clock starting at 0. Throws for a size outside `1...16384` on a side.
    @MainActor
    public convenience init(size: CGSize, framesPerSecond: Int = 60) throws(HostError) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1,
              let pixels = try? PixelSize(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        else { throw .invalidWindowSize(width: Int(size.width.isFinite ? size.width : -1), height: Int(size.height.isFinite ? size.height : -1)) }
        try self.init(size: pixels)
        owner = ApplicationRunLoop(host: self, clock: VirtualClock(), framesPerSecond: framesPerSecond)
    }

    /// The run loop driving this host, made on first use (with a virtual clock at 60 frames per
    /// second) when the host was made with `init(size: PixelSize)`.
    @MainActor
    public var runLoop: ApplicationRunLoop {
        if let loop = owner as? ApplicationRunLoop { return loop }
        let loop = ApplicationRunLoop(host: self, clock: VirtualClock(), framesPerSecond: 60)
        owner = loop
        return loop
    }

    /// Shows `window` filling the canvas, makes it key, and renders the first frame (one
    /// run-loop turn, no time passing).
    @MainActor
    public func show(_ window: UIWindow) {
        runLoop.show(window)
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// Lets `seconds` of virtual time pass, one frame (run-loop turn) at a time at the frame
    /// rate; a partial last frame is rounded to the nearest whole one. Negative or NaN does
    /// nothing.
    @MainActor
    public func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        let loop = runLoop
        let frames = Int((seconds * Double(loop.framesPerSecond)).rounded())
        guard let clock = loop.engine.clock as? VirtualClock else { return }
        for _ in 0..<frames {
            clock.advance(by: 1 / Double(loop.framesPerSecond))
            try? loop.runTurn(maximumWait: .zero)
        }
    }

    /// Presses and releases the primary button at `point` (window coordinates), each handled in
    /// its own run-loop turn without time passing.
    @MainActor
    public func click(at point: CGPoint) {
        let x = Self.pixel(point.x), y = Self.pixel(point.y)
        inject(.pointerDown(.primary, x: x, y: y, modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
        inject(.pointerUp(.primary, x: x, y: y, modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// Presses the primary button at `point` (window coordinates) and keeps it down, in one
    /// run-loop turn without time passing. Follow with `movePointer(to:)`, `advance(by:)` and
    /// `releasePointer(at:)` to script a gesture step by step.
    @MainActor
    public func pressPointer(at point: CGPoint) {
        inject(.pointerDown(.primary, x: Self.pixel(point.x), y: Self.pixel(point.y), modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// Moves the pointer to `point`, in one run-loop turn without time passing.
    @MainActor
    public func movePointer(to point: CGPoint) {
        inject(.pointerMoved(x: Self.pixel(point.x), y: Self.pixel(point.y), modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// Releases the primary button at `point`, in one run-loop turn without time passing.
    @MainActor
    public func releasePointer(at point: CGPoint) {
        inject(.pointerUp(.primary, x: Self.pixel(point.x), y: Self.pixel(point.y), modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// Drags with the primary button from `start` to `end` over `duration` seconds of virtual
    /// time (default 0.25): the press, then one move per frame along the straight line (the
    /// frame's share of the way, rounded down to whole pixels as X11 reports them) with the
    /// clock stepped a frame before each, then the release at `end` at the time of the last
    /// move. A duration under one frame moves once, a frame later.
    @MainActor
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.25) {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        let fps = runLoop.framesPerSecond
        let frames = max(1, Int(((duration.isFinite ? max(0, duration) : 0) * Double(fps)).rounded()))
        pressPointer(at: start)
        for frame in 1...frames {
            stepFrame()
            let f = CGFloat(frame) / CGFloat(frames)
            movePointer(to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f))
        }
        releasePointer(at: end)
    }

    /// Presses the primary button at `point`, holds it still for `duration` seconds of virtual
    /// time (frame by frame, as `advance(by:)`), and releases it: a long press when `duration`
    /// reaches the recogniser's `minimumPressDuration`.
    @MainActor
    public func press(at point: CGPoint, duration: TimeInterval) {
        pressPointer(at: point)
        advance(by: duration)
        releasePointer(at: point)
    }

    /// Turns the mouse wheel by `dx`, `dy` notches with the pointer at `point`, in one run-loop
    /// turn without time passing: `dy` -1 is a notch away from the user (X11 button 4), +1
    /// towards; `dx` -1 left, +1 right. With `.control` held this pinches, with `.control` and
    /// `.shift` it rotates (`UIPinchGestureRecognizer`, `UIRotationGestureRecognizer`).
    @MainActor
    public func scroll(at point: CGPoint, dx: Int = 0, dy: Int, modifiers: KeyModifiers = []) {
        inject(.scrolled(deltaX: dx, deltaY: dy, x: Self.pixel(point.x), y: Self.pixel(point.y), modifiers: modifiers))
        try? runLoop.runTurn(maximumWait: .zero)
    }

    /// One frame interval of virtual time and one run-loop turn.
    @MainActor
    private func stepFrame() {
        let loop = runLoop
        guard let clock = loop.engine.clock as? VirtualClock else { return }
        clock.advance(by: 1 / Double(loop.framesPerSecond))
        try? loop.runTurn(maximumWait: .zero)
    }

    private static func pixel(_ value: CGFloat) -> Int {
        value.isFinite ? Int(max(-1e9, min(1e9, value)).rounded(.down)) : 0
    }

    /// What the window shows now, as an image (the last presented frame; a frame is rendered
    /// first if anything changed).
    @MainActor
    public func snapshot() -> UIImage {
        try? runLoop.runTurn(maximumWait: .zero)
        let pixels = lastFrame?.copy() ?? Bitmap(size: size)
        return UIImage(cgImage: CGImage(bitmap: pixels))
    }
}
