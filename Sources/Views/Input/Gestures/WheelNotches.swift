import Foundation
import Geometry

/// The notches of one wheel-driven gesture (pinch, rotation): when the last one came, and the
/// velocity they imply.
struct WheelNotches {
    /// The change at the last notch divided by the time since the one before; 0 until two
    /// notches of the same gesture have come, and after `stop()`.
    private(set) var velocity: CGFloat = 0
    private var lastTime: TimeInterval?

    /// Records a notch that changed the gesture's value by `change` at `time`; `continuing` is
    /// false for the notch that begins the gesture. Two notches at the same time keep the
    /// velocity of the earlier pair.
    mutating func record(_ change: CGFloat, at time: TimeInterval, continuing: Bool) {
        if continuing, let last = lastTime, time > last { velocity = change / CGFloat(time - last) }
        lastTime = time
    }

    /// The wheel went quiet: nothing moves any more.
    mutating func stop() { velocity = 0 }
}

extension UIGestureRecognizer {
    /// Ends a wheel-driven gesture after its quiet spell: `.ended` once it began, else `.failed`.
    func endWheelGesture() {
        state = (state == .began || state == .changed) ? .ended : .failed
    }
}
