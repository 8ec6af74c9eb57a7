import Foundation
import Geometry

/// Recognises a drag, as UIKit's `UIPanGestureRecognizer` (continuous): it begins once the touch
/// has moved `UIPanGestureRecognizer.hysteresis` (10 points) from where it went down, changes
/// with every move after that, and ends when the touch lifts. A touch that lifts before moving
/// that far fails.
///
/// `translation(in:)` is measured from where the touch went down, so at `.began` it already
/// holds the 10 points or so of movement that started the pan: a view moved by the translation
/// stays under the pointer. (UIKit's own translation at `.began` is similarly non-zero.)
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Fingers needed. Default 1; with one pointer, more means the pan never begins.
    open var minimumNumberOfTouches = 1
    /// Fingers allowed. Default `Int.max`, UIKit's `NSUIntegerMax`.
    open var maximumNumberOfTouches = Int.max

    /// Movement (points, in window coordinates) before a pan begins: 10. UIKit documents none;
    /// 10 points is what iOS is commonly measured to need, and the tap's allowable movement
    /// here, so a touch is a tap or a pan, never both.
    static let hysteresis: CGFloat = 10
    /// How far back (seconds) `velocity(in:)` looks: the movement over the last 0.1 s.
    static let velocityWindow: TimeInterval = 0.1

    private var startInWindow: CGPoint?
    /// The touch has moved far enough to pan (the state may still read `.possible` while the
    /// pan waits for another recogniser's failure).
    private var isPanning = false
    /// Where the translation was last set (window coordinates), and to what (a window vector).
    private var translationAnchor: CGPoint = .zero
    private var translationBase: CGPoint = .zero
    private var samples: [(time: TimeInterval, location: CGPoint)] = []

    /// How far the touch has moved since it went down (or since `setTranslation(_:in:)`), as a
    /// vector in `view`'s coordinates (nil: the window's), in points.
    open func translation(in view: UIView?) -> CGPoint {
        let vector = CGPoint(x: translationBase.x + lastLocationInWindow.x - translationAnchor.x,
                             y: translationBase.y + lastLocationInWindow.y - translationAnchor.y)
        return convertVector(vector, to: view)
    }

    /// Makes the translation read `translation` (in `view`'s coordinates) from now on; the
    /// usual reset to `.zero` after applying it. Resets the velocity to zero, as UIKit does.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard translation.x.isFinite, translation.y.isFinite else { return }
        translationAnchor = lastLocationInWindow
        translationBase = convertVector(translation, from: view)
        samples = samples.last.map { [$0] } ?? []
    }

    /// How fast the touch is moving, in points per second in `view`'s coordinates: the
    /// displacement over the last 0.1 s of movement (from the newest sample back to the oldest
    /// within 0.1 s of it; to the one just before when only one is that recent), divided by the
    /// time it took. Zero before the second sample.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let newest = samples.last, samples.count > 1 else { return .zero }
        let limit = newest.time - Self.velocityWindow - 1e-6
        var oldestIndex = samples.count - 2
        while oldestIndex > 0, samples[oldestIndex - 1].time >= limit { oldestIndex -= 1 }
        let oldest = samples[oldestIndex]
        let dt = newest.time - oldest.time
        guard dt > 0 else { return .zero }
        let vector = CGPoint(x: (newest.location.x - oldest.location.x) / dt, y: (newest.location.y - oldest.location.y) / dt)
        return convertVector(vector, to: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, startInWindow == nil else { return }
        startInWindow = touch.locationInWindow
        translationAnchor = touch.locationInWindow
        translationBase = .zero
        samples = [(event.timestamp, touch.locationInWindow)]
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start = startInWindow else { return }
        record(touch, at: event.timestamp)
        if isPanning {
            state = state == .possible ? .began : .changed
            return
        }
        let p = touch.locationInWindow
        guard hypot(p.x - start.x, p.y - start.y) >= Self.hysteresis,
              (minimumNumberOfTouches...max(minimumNumberOfTouches, maximumNumberOfTouches)).contains(numberOfTouches)
        else { return }
        isPanning = true
        state = .began
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        record(touch, at: event.timestamp)
        state = isPanning ? .ended : .failed
    }

    open override func reset() {
        super.reset()
        startInWindow = nil
        isPanning = false
        translationAnchor = .zero
        translationBase = .zero
        samples = []
    }

    private func record(_ touch: UITouch, at time: TimeInterval) {
        if let last = samples.last, last.time == time {
            samples[samples.count - 1].location = touch.locationInWindow
        } else {
            samples.append((time, touch.locationInWindow))
        }
        // Keep what velocity(in:) can need: the last 0.1 s and the sample before it.
        while samples.count > 2, samples[1].time < time - Self.velocityWindow - 1e-6 { samples.removeFirst() }
    }

    /// A window-space vector in `view`'s coordinates (through its transforms).
    private func convertVector(_ vector: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return vector }
        let a = view.convert(CGPoint.zero, from: window), b = view.convert(vector, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private func convertVector(_ vector: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return vector }
        let a = window.convert(CGPoint.zero, from: view), b = window.convert(vector, from: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}
