import Foundation
import Geometry

/// Recognises a swipe, as UIKit's `UISwipeGestureRecognizer` (discrete): a quick, mostly
/// straight movement in one of the permitted `direction`s, recognised while the touch is still
/// moving.
///
/// UIKit documents no thresholds; Kinescope's: the touch must travel
/// `UISwipeGestureRecognizer.minimumDistance` (50 points) along a permitted direction within
/// `maximumDuration` (0.5 s) of going down, while straying across it by no more than half that
/// distance (within about 27° of the axis). It fails when 0.5 s pass first (on the clock, even
/// with the touch held still), when it has gone 50 points in a way no permitted direction
/// matches, or when it lifts before.
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Swipe directions, with UIKit's raw values.
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted directions; several may be combined. Default `.right`, as in UIKit.
    open var direction: Direction = .right
    /// Fingers needed. Default 1; with one pointer, more means it never recognises.
    open var numberOfTouchesRequired = 1

    /// The distance (points) the touch must travel along a permitted direction.
    static let minimumDistance: CGFloat = 50
    /// The time (seconds) from the press within which it must travel that far.
    static let maximumDuration: TimeInterval = 0.5

    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, start == nil else { return }
        guard numberOfTouchesRequired <= 1 else { return state = .failed }
        start = touch.locationInWindow
        deadline = event.timestamp + Self.maximumDuration
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, let start, state == .possible else { return }
        let dx = touch.locationInWindow.x - start.x, dy = touch.locationInWindow.y - start.y
        let candidates: [(Direction, along: CGFloat, across: CGFloat)] = [
            (.right, dx, abs(dy)), (.left, -dx, abs(dy)), (.down, dy, abs(dx)), (.up, -dy, abs(dx)),
        ]
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            if along >= Self.minimumDistance, across <= along / 2 { return state = .recognized }
        }
        if hypot(dx, dy) >= Self.minimumDistance { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = .failed
    }

    override func deadlineReached(at time: TimeInterval) {
        state = .failed
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
