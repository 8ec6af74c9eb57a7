import Foundation
import Geometry

extension UIWindow {
    /// Delivers a pointer change from a host as a touch: a primary-button press begins a touch
    /// on the view hit-tested under it, moves and the release go to that same view, as UIKit
    /// routes a finger. Gesture recognisers on the view and its ancestors see the touch first; a
    /// recognised gesture with `cancelsTouchesInView` turns the view's `touchesEnded` into
    /// `touchesCancelled`. Unhandled touches travel up the responder chain.
    public func sendTouch(_ phase: UITouch.Phase, at location: CGPoint, timestamp: TimeInterval) {
        guard !UIApplication.shared.isIgnoringInteractionEvents || phase != .began else { return }
        switch phase {
        case .began:
            let tapCount = nextTapCount(at: location, time: timestamp)
            let touch = UITouch(phase: .began, location: location, window: self, timestamp: timestamp, tapCount: tapCount)
            touch.view = hitTest(convert(location, from: nil), with: nil)
            touch.gestureRecognizers = touch.view.map(recognizers(for:))
            activeTouches[0] = touch
            dispatch(touch, phase: .began)
        case .moved, .stationary:
            guard let touch = activeTouches[0] else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            touch.timestamp = timestamp
            touch.phase = .moved
            dispatch(touch, phase: .moved)
        case .ended, .cancelled:
            guard let touch = activeTouches.removeValue(forKey: 0) else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            touch.timestamp = timestamp
            touch.phase = phase
            dispatch(touch, phase: phase)
        }
    }

    /// Delivers a key press to the first responder (or, without one, to the root view
    /// controller's view), from where it travels up the responder chain.
    public func sendKey(_ key: UIKey, isDown: Bool) {
        let responder: UIResponder? = firstResponderStorage ?? rootViewController?.viewIfLoaded ?? self
        if isDown { responder?.keyDown(key) } else { responder?.keyUp(key) }
    }

    private func dispatch(_ touch: UITouch, phase: UITouch.Phase) {
        let touches: Set<UITouch> = [touch]
        let event = UIEvent(type: .touches, timestamp: touch.timestamp, touches: touches)
        var cancelView = false
        for recognizer in touch.gestureRecognizers ?? [] where recognizer.isEnabled {
            switch phase {
            case .began: recognizer.touchesBegan(touches, with: event)
            case .moved, .stationary: recognizer.touchesMoved(touches, with: event)
            case .ended: recognizer.touchesEnded(touches, with: event)
            case .cancelled: recognizer.touchesCancelled(touches, with: event)
            }
            if recognizer.state == .ended {
                recognizer.sendActions()
                if recognizer.cancelsTouchesInView { cancelView = true }
            }
            if phase == .ended || phase == .cancelled || recognizer.state == .ended || recognizer.state == .failed {
                if phase == .ended || phase == .cancelled { recognizer.reset() }
            }
        }
        guard let view = touch.view else { return }
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved, .stationary: view.touchesMoved(touches, with: event)
        case .ended: cancelView ? view.touchesCancelled(touches, with: event) : view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        }
    }

    private func recognizers(for view: UIView) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current: UIView? = view
        while let candidate = current {
            result.append(contentsOf: candidate.gestureRecognizerStorage)
            current = candidate.superview
        }
        return result
    }

    /// Taps within 0.35 s and 10 points of the previous one count up, as UIKit's multi-tap.
    private func nextTapCount(at location: CGPoint, time: TimeInterval) -> Int {
        var count = 1
        if let last = lastTap, time - last.time < 0.35, hypot(location.x - last.location.x, location.y - last.location.y) < 10 {
            count = last.count + 1
        }
        lastTap = (time, location, count)
        return count
    }
}
