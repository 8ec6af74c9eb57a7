import Foundation
import Geometry
import Hosts
import Layers
import Raster
import Views

/// Driving a UIKit interface without a display, for tests and recordings: a virtual clock that
/// only moves when you say so, a click you can aim, and a snapshot of what a window would show.
///
/// ```swift
/// let host = try HeadlessHost(size: CGSize(width: 640, height: 480))
/// let window = UIWindow()
/// window.rootViewController = MyViewController()
/// host.show(window)
/// host.click(at: CGPoint(x: 320, y: 240))
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
        let x = Int(point.x.rounded(.down)), y = Int(point.y.rounded(.down))
        inject(.pointerDown(.primary, x: x, y: y, modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
        inject(.pointerUp(.primary, x: x, y: y, modifiers: []))
        try? runLoop.runTurn(maximumWait: .zero)
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
