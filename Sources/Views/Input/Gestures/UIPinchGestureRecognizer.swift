import Foundation
import Geometry

/// Recognises a pinch, as UIKit's `UIPinchGestureRecognizer` (continuous). A desktop pointer has
/// no two fingers, so the mouse wheel with Control held drives it (as zoom in browsers and image
/// viewers): each notch away from the user multiplies `scale` by
/// `UIPinchGestureRecognizer.scalePerNotch` (1.1), each notch towards divides by it. The first
/// notch begins the gesture, later ones change it, and it ends once the wheel has been quiet for
/// `quietInterval` (0.3 s of clock time). Wheel turns with Shift as well are rotations, not
/// pinches; without Control they are not gestures. `location(in:)` is the pointer's position
/// at the last notch; there are no touches.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale factor since the gesture began (1 before). Settable, as in UIKit: the usual
    /// reset to 1 after applying it; setting it resets the velocity to zero.
    open var scale: CGFloat = 1 {
        didSet {
            if !scale.isFinite || scale <= 0 { scale = oldValue }
            notches.stop()
        }
    }
    /// How fast the scale is changing, in scale factor per second: the change at the last
    /// notch divided by the time since the notch before; 0 at `.began` and at `.ended` (the
    /// wheel has stopped).
    open var velocity: CGFloat { velocityValue }

    /// The scale factor of one notch away from the user.
    static let scalePerNotch: CGFloat = 1.1
    /// Quiet time (seconds) after which a wheel gesture ends.
    static let quietInterval: TimeInterval = 0.3

    private var notches = WheelNotches()
    private var velocityValue: CGFloat { notches.velocity }

    override var isWheelDriven: Bool { true }

    override func wheelTurned(deltaX: CGFloat, deltaY: CGFloat, modifierFlags: UIKeyModifierFlags, time: TimeInterval) {
        deadline = time + Self.quietInterval
        guard modifierFlags.contains(.control), !modifierFlags.contains(.shift), deltaY != 0 else { return }
        let before = scale
        scale = before * pow(Self.scalePerNotch, -deltaY)
        notches.record(scale - before, at: time, continuing: state != .possible)
        state = state == .possible ? .began : .changed
    }

    override func deadlineReached(at time: TimeInterval) {
        notches.stop()
        endWheelGesture()
    }

    open override func reset() {
        super.reset()
        scale = 1
        notches = WheelNotches()
    }
}
