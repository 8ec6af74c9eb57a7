import Foundation
import Geometry

/// Recognises taps, as UIKit's `UITapGestureRecognizer` (discrete): the touch goes down and up
/// `numberOfTapsRequired` times, each press within `UITapGestureRecognizer.allowableMovement`
/// of the first and each following the previous lift within `maximumTapInterval`. It fails when
/// a touch wanders further, when the next tap is late (on the clock, without input) or when a
/// press has too few touches.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed. Default 1.
    open var numberOfTapsRequired = 1
    /// Fingers needed per tap. Default 1; with one pointer, more can never be met, so such a
    /// recogniser fails at each lift.
    open var numberOfTouchesRequired = 1

    /// How far (points) a touch may move from the first press and still tap: 10, as the
    /// window's tap counting. UIKit does not document its value.
    static let allowableMovement: CGFloat = 10
    /// The longest wait (seconds) from a lift to the next press of a multiple tap: 0.35 s, the
    /// window's `tapCount` interval. UIKit does not document its value.
    static let maximumTapInterval: TimeInterval = 0.35

    private var start: CGPoint?
    private var taps = 0

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        deadline = nil
        let p = touch.location(in: nil)
        if let start, hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { return state = .failed }
        if start == nil { start = p }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, let touch = touches.first else { return }
        let p = touch.location(in: nil)
        if hypot(p.x - start.x, p.y - start.y) > Self.allowableMovement { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, touches.first != nil else { return }
        guard numberOfTouchesRequired <= 1 else { return state = .failed }
        taps += 1
        if taps >= max(1, numberOfTapsRequired) {
            state = .recognized
        } else {
            deadline = event.timestamp + Self.maximumTapInterval
        }
    }

    override func deadlineReached(at time: TimeInterval) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
        taps = 0
    }
}
