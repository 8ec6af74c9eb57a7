import Foundation
import Geometry

extension UIWindow {
    /// Delivers a pointer change from a host as a touch: a primary-button press begins a touch
    /// on the view hit-tested under it, moves and the release go to that same view, as UIKit
    /// routes a finger. Gesture recognisers on the view and its ancestors see each phase first
    /// (innermost view's first, each view's in the order they were added), then the view, unless
    /// a recogniser delays or cancels it (`delaysTouchesBegan`, `delaysTouchesEnded`,
    /// `cancelsTouchesInView`). Unhandled touches travel up the responder chain.
    ///
    /// Recogniser deadlines due by `timestamp` fire first (`updateGestureRecognizers(at:)`).
    /// A non-finite location or timestamp is ignored; a press while a touch is down cancels
    /// that touch first.
    public func sendTouch(_ phase: UITouch.Phase, at location: CGPoint, timestamp: TimeInterval) {
        guard location.x.isFinite, location.y.isFinite, timestamp.isFinite else { return }
        guard !UIApplication.shared.isIgnoringInteractionEvents || phase != .began else { return }
        pointerLocation = location
        updateGestureRecognizers(at: timestamp)
        switch phase {
        case .began:
            if let stale = activeTouches[0] { sendTouch(.cancelled, at: stale.locationInWindow, timestamp: timestamp) }
            let tapCount = nextTapCount(at: location, time: timestamp)
            let touch = UITouch(phase: .began, location: location, window: self, timestamp: timestamp, tapCount: tapCount)
            touch.view = hitTest(convert(location, from: nil), with: nil)
            let candidates = touch.view.map(recognizers(for:)) ?? []
            touch.gestureRecognizers = candidates
            activeTouches[0] = touch
            gestureEnvironment.touchBegan(touch, event: event(for: touch), candidates: candidates)
        case .moved, .stationary:
            guard let touch = activeTouches[0] else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            touch.timestamp = timestamp
            touch.phase = .moved
            gestureEnvironment.touchChanged(touch, phase: .moved, event: event(for: touch))
        case .ended, .cancelled:
            guard let touch = activeTouches.removeValue(forKey: 0) else { return }
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = location
            touch.timestamp = timestamp
            touch.phase = phase
            gestureEnvironment.touchChanged(touch, phase: phase, event: event(for: touch))
        }
    }

    /// Delivers a turn of the mouse wheel with the pointer at `location` (window coordinates),
    /// `deltaX`/`deltaY` in notches (negative: left / away from the user, as `HostEvent.scrolled`).
    /// Without Control it scrolls the innermost `UIScrollView` under the pointer that can move
    /// that way (`UIScrollView.wheelStep` points a notch; Shift turns a vertical turn into a
    /// horizontal one). On a desktop with one pointer the wheel also drives the two-finger
    /// gestures: with Control held it goes to `UIPinchGestureRecognizer`s, with Control and
    /// Shift to `UIRotationGestureRecognizer`s, on the view under the pointer and its ancestors
    /// (see those classes for the step per notch); so does a plain turn no scroll view took.
    /// Non-finite values are ignored.
    public func sendScroll(deltaX: CGFloat, deltaY: CGFloat, at location: CGPoint,
                           modifierFlags: UIKeyModifierFlags, timestamp: TimeInterval) {
        guard location.x.isFinite, location.y.isFinite, deltaX.isFinite, deltaY.isFinite, timestamp.isFinite,
              !UIApplication.shared.isIgnoringInteractionEvents else { return }
        pointerLocation = location
        updateGestureRecognizers(at: timestamp)
        let hit = hitTest(convert(location, from: nil), with: nil)
        if !modifierFlags.contains(.control) {
            let sideways = modifierFlags.contains(.shift) && deltaX == 0
            let dx = sideways ? deltaY : deltaX, dy = sideways ? 0 : deltaY
            var view = hit
            while let current = view {
                if let scrollView = current as? UIScrollView, scrollView.scrollByWheel(deltaX: dx, deltaY: dy) { return }
                view = current.superview
            }
        }
        let candidates = hit.map(recognizers(for:)) ?? []
        gestureEnvironment.wheelTurned(deltaX: deltaX, deltaY: deltaY, at: location, modifierFlags: modifierFlags,
                                       time: timestamp, candidates: candidates)
    }

    /// Lets the window's gesture recognisers see time pass: a long press begins once it has
    /// lasted, a double tap fails when no second tap came, a wheel pinch ends after a quiet
    /// spell. The run loop calls it every turn with the clock's time; input calls it first with
    /// its timestamp. Times earlier than the last are harmless.
    public func updateGestureRecognizers(at time: TimeInterval) {
        guard time.isFinite else { return }
        gestureEnvironment.advance(to: time)
    }

    /// The clock time at which a recogniser of this window next needs
    /// `updateGestureRecognizers(at:)` though no input arrives, or nil. The run loop wakes for it.
    public var nextGestureRecognizerDeadline: TimeInterval? { gestureEnvironment.nextDeadline }

    /// The pointer moved with no button down (UIKit's hover) to `location`, window
    /// coordinates: remembered for the keys that scroll the scroll view under the pointer.
    /// Non-finite locations are ignored.
    public func sendHover(at location: CGPoint) {
        guard location.x.isFinite, location.y.isFinite else { return }
        pointerLocation = location
    }

    /// Delivers a key press to the first responder (or, without one, to the root view
    /// controller's view), from where it travels up the responder chain. Without a first
    /// responder, scroll keys (arrows, Page Up/Down, Home, End, space) go first to the
    /// innermost `UIScrollView` under the pointer, so they scroll what the pointer is over.
    public func sendKey(_ key: UIKey, isDown: Bool) {
        let responder: UIResponder? = firstResponderStorage ?? scrollViewUnderPointer(for: key)
            ?? rootViewController?.viewIfLoaded ?? self
        if isDown { responder?.keyDown(key) } else { responder?.keyUp(key) }
    }

    private func scrollViewUnderPointer(for key: UIKey) -> UIScrollView? {
        guard UIScrollView.isScrollKey(key), let location = pointerLocation else { return nil }
        var view = hitTest(convert(location, from: nil), with: nil)
        while let current = view {
            if let scrollView = current as? UIScrollView { return scrollView }
            view = current.superview
        }
        return nil
    }

    private func event(for touch: UITouch) -> UIEvent {
        UIEvent(type: .touches, timestamp: touch.timestamp, touches: [touch])
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
