import Foundation
import Geometry

/// Recognises a two-finger rotation, as UIKit's `UIRotationGestureRecognizer` (continuous). On a
/// desktop the mouse wheel with Control and Shift held drives it: each notch away from the user
/// adds `UIRotationGestureRecognizer.anglePerNotch` (15°, π/12) clockwise on screen (a positive
/// angle, as `CGAffineTransform(rotationAngle:)` turns), each notch towards turns back. The first
/// notch begins the gesture, later ones change it, and it ends once the wheel has been quiet for
/// 0.3 s of clock time, as the pinch does. `location(in:)` is the pointer's position.
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The rotation since the gesture began, in radians (0 before). Settable, as in UIKit;
    /// setting it resets the velocity to zero.
    open var rotation: CGFloat = 0 {
        didSet {
            if !rotation.isFinite { rotation = oldValue }
            notches.stop()
        }
    }
    /// How fast the rotation is changing, in radians per second: the change at the last notch
    /// divided by the time since the notch before; 0 at `.began` and at `.ended`.
    open var velocity: CGFloat { velocityValue }

    /// The angle of one notch, radians.
    static let anglePerNotch: CGFloat = .pi / 12

    private var notches = WheelNotches()
    private var velocityValue: CGFloat { notches.velocity }

    override var isWheelDriven: Bool { true }

    override func wheelTurned(deltaX: CGFloat, deltaY: CGFloat, modifierFlags: UIKeyModifierFlags, time: TimeInterval) {
        deadline = time + UIPinchGestureRecognizer.quietInterval
        guard modifierFlags.isSuperset(of: [.control, .shift]), deltaY != 0 else { return }
        let step = -deltaY * Self.anglePerNotch
        rotation += step
        notches.record(step, at: time, continuing: state != .possible)
        state = state == .possible ? .began : .changed
    }

    override func deadlineReached(at time: TimeInterval) {
        notches.stop()
        endWheelGesture()
    }

    open override func reset() {
        super.reset()
        rotation = 0
        notches = WheelNotches()
    }
}
