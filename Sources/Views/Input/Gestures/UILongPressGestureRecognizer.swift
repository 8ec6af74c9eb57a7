import Foundation
import Geometry

/// Recognises a press held still, as UIKit's `UILongPressGestureRecognizer` (continuous): it
/// begins once the touch has stayed down for `minimumPressDuration` without moving more than
/// `allowableMovement` (on the clock: the run loop's turns let it see time pass with no input,
/// so on a virtual clock it begins in the frame at exactly 0.5 s), changes with every move
/// after that (however far), and ends when the touch lifts. It fails when the touch moves too
/// far or lifts first.
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Seconds the touch must stay down. Default 0.5, as in UIKit.
    open var minimumPressDuration: TimeInterval = 0.5
    /// Points the touch may move (from where it went down) before the gesture begins.
    /// Default 10, as in UIKit.
    open var allowableMovement: CGFloat = 10
    /// Full taps before the press (a tap-and-hold with 1). Default 0, as in UIKit. Each tap's
    /// press must follow the previous lift within 0.35 s (the tap recogniser's interval).
    open var numberOfTapsRequired = 0
    /// Fingers needed. Default 1; with one pointer, more means it never begins.
    open var numberOfTouchesRequired = 1

    private var start: CGPoint?
    private var taps = 0
    private var touchIsDown = false
    /// The press has lasted (the state may still read `.possible` while it waits for another
    /// recogniser's failure).
    private var isPressing = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, state == .possible else { return }
        guard numberOfTouchesRequired <= 1 else { return state = .failed }
        if let start, hypot(touch.locationInWindow.x - start.x, touch.locationInWindow.y - start.y) > allowableMovement {
            return state = .failed
        }
        start = start ?? touch.locationInWindow
        touchIsDown = true
        let duration = minimumPressDuration.isFinite ? max(0, minimumPressDuration) : 0.5
        deadline = event.timestamp + duration
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start else { return }
        if isPressing {
            state = state == .possible ? .began : .changed
        } else {
            let p = touch.locationInWindow
            if hypot(p.x - start.x, p.y - start.y) > allowableMovement { state = .failed }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        touchIsDown = false
        switch state {
        case _ where isPressing:
            state = .ended
        case .possible where taps < numberOfTapsRequired:
            // A quick tap before the press: wait for the next press.
            taps += 1
            deadline = event.timestamp + UITapGestureRecognizer.maximumTapInterval
        default:
            state = .failed
        }
    }

    override func deadlineReached(at time: TimeInterval) {
        guard state == .possible else { return }
        // The press lasted: the gesture, unless taps were still owed (then it is not one).
        isPressing = touchIsDown && taps >= numberOfTapsRequired
        state = isPressing ? .began : .failed
    }

    open override func reset() {
        super.reset()
        start = nil
        taps = 0
        touchIsDown = false
        isPressing = false
    }
}
