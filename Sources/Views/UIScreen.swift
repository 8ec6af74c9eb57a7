import Geometry
import Layers

/// The display, as UIKit's `UIScreen`: `UIScreen.main.bounds` is the size of the host that
/// shows the app (the X11 window or the headless canvas), set when an `ApplicationRunLoop` is
/// made and when its host resizes. Points are pixels in Kinescope, so `scale` and `nativeScale`
/// are 1. Before any host exists it describes a 1920×1080 display at 60 frames per second.
@MainActor
public final class UIScreen {
    /// The screen the app runs on.
    public static let main = UIScreen()

    /// The screen's rectangle in points, origin at the top left.
    public private(set) var bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)

    /// The screen's rectangle in pixels: `bounds` times `nativeScale` (the same here).
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * nativeScale, height: bounds.height * nativeScale)
    }

    /// Pixels per point: 1 (Kinescope's points are pixels).
    public var scale: CGFloat { 1 }

    /// Pixels per point of the physical display: 1.
    public var nativeScale: CGFloat { 1 }

    /// The refresh rate the host's run loop paces frames at (default 60).
    public private(set) var maximumFramesPerSecond = 60

    private init() {}

    /// Describes the host: its size in points and its frame rate. Called by the run loop.
    public func update(size: CGSize, maximumFramesPerSecond: Int) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else { return }
        bounds = CGRect(origin: .zero, size: size)
        self.maximumFramesPerSecond = max(1, maximumFramesPerSecond)
    }
}
