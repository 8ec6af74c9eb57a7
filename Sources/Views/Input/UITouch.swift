import Foundation
import Geometry

/// One finger (here: the pointer with its primary button down), as UIKit's `UITouch`.
@MainActor
public final class UITouch: Hashable {
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    public internal(set) var phase: Phase
    /// The view the touch began in (hit-tested then); it receives the touch's later phases.
    public internal(set) var view: UIView?
    public internal(set) var window: UIWindow?
    /// Media time of the last change, in seconds.
    public internal(set) var timestamp: TimeInterval
    /// 1 for a single tap, 2 for the second tap of a double tap…
    public internal(set) var tapCount: Int
    /// The gesture recognizers the touch is delivered to.
    public internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    var locationInWindow: CGPoint
    var previousLocationInWindow: CGPoint

    init(phase: Phase, location: CGPoint, window: UIWindow, timestamp: TimeInterval, tapCount: Int) {
        self.phase = phase
        self.window = window
        self.timestamp = timestamp
        self.tapCount = tapCount
        locationInWindow = location
        previousLocationInWindow = location
    }

    /// The touch's position in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> CGPoint {
        guard let view, let window else { return locationInWindow }
        return view.convert(locationInWindow, from: window)
    }

    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view, let window else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: window)
    }

    nonisolated public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A touch event, as UIKit's `UIEvent`.
@MainActor
public final class UIEvent {
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses }

    public let type: EventType
    public let timestamp: TimeInterval
    public let allTouches: Set<UITouch>?

    init(type: EventType, timestamp: TimeInterval, touches: Set<UITouch>) {
        self.type = type
        self.timestamp = timestamp
        allTouches = touches
    }

    public func touches(for view: UIView) -> Set<UITouch>? {
        allTouches?.filter { $0.view === view }
    }
}
