import Foundation
import Geometry
import Layers

extension UIScrollView {
    /// The pan's action: the drag moves the content with the pointer (rubber-banded past the
    /// edges), and its release decelerates.
    func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            stopMotion()
            let start = pan.translation(in: self)
            lockedAxis = nil
            if isDirectionalLockEnabled, dragScrolls(.horizontal), dragScrolls(.vertical) {
                if abs(start.x) > 2 * abs(start.y) {
                    lockedAxis = .horizontal
                } else if abs(start.y) > 2 * abs(start.x) {
                    lockedAxis = .vertical
                }
            }
            // The content follows the pointer from here: the hysteresis that began the pan is
            // not applied as a jump.
            dragOrigin = unbanded(contentOffset)
            pan.setTranslation(.zero, in: self)
            isDragging = true
            showIndicators()
            delegate?.scrollViewWillBeginDragging(self)
        case .changed:
            guard isDragging else { return }
            let t = pan.translation(in: self)
            var raw = CGPoint(x: dragOrigin.x - t.x, y: dragOrigin.y - t.y)
            if lockedAxis == .vertical { raw.x = dragOrigin.x }
            if lockedAxis == .horizontal { raw.y = dragOrigin.y }
            moveContent(to: banded(raw))
        case .ended:
            guard isDragging else { return }
            let v = pan.velocity(in: self)
            release(velocity: CGPoint(x: -v.x, y: -v.y))
        case .cancelled:
            guard isDragging else { return }
            release(velocity: .zero)
        default:
            break
        }
    }

    /// Where a drag that would put the offset at `raw` puts it: inside the range as is, past
    /// an edge with the rubber band's resistance (or at the edge without `bounces`); axes the
    /// drag does not scroll stay where they are.
    func banded(_ raw: CGPoint) -> CGPoint {
        let low = minimumOffset, high = maximumOffset, current = contentOffset
        func axis(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat, scrolls: Bool, now: CGFloat) -> CGFloat {
            guard scrolls, value.isFinite else { return now }
            if value < low { return bounces ? low + ScrollPhysics.rubberBand(value - low, dimension: length) : low }
            if value > high { return bounces ? high + ScrollPhysics.rubberBand(value - high, dimension: length) : high }
            return value
        }
        return CGPoint(x: axis(raw.x, low.x, high.x, bounds.width, scrolls: dragScrolls(.horizontal), now: current.x),
                       y: axis(raw.y, low.y, high.y, bounds.height, scrolls: dragScrolls(.vertical), now: current.y))
    }

    /// The drag position that `banded(_:)` turns into `offset` (a drag grabbing content that is
    /// still past an edge continues from where it shows).
    func unbanded(_ offset: CGPoint) -> CGPoint {
        let low = minimumOffset, high = maximumOffset
        func axis(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat) -> CGFloat {
            if value < low { return low + ScrollPhysics.inverseRubberBand(value - low, dimension: length) }
            if value > high { return high + ScrollPhysics.inverseRubberBand(value - high, dimension: length) }
            return value
        }
        guard bounces else { return offset }
        return CGPoint(x: axis(offset.x, low.x, high.x, bounds.width), y: axis(offset.y, low.y, high.y, bounds.height))
    }

    /// A touch went down on the scroll view or its content: it tracks, and a deceleration stops
    /// where it is (without `scrollViewDidEndDecelerating`, as in UIKit).
    func touchWentDown() {
        isTracking = true
        contentIsTracking = !delaysContentTouches
        if case .deceleration = motion { stopMotion() }
    }

    /// The touch lifted or was cancelled. A drag's release is handled by the pan's action; a
    /// touch that stopped a bounce without dragging lets the content spring back inside.
    func touchWentUp() {
        isTracking = false
        contentIsTracking = false
        guard !isDragging, motion == nil else { return }
        let offset = contentOffset, target = clamped(offset)
        guard offset != target else { return }
        let now = CACurrentMediaTime(), rate = decelerationRate.rawValue
        let x = offset.x == target.x ? nil : ScrollAxisMotion(
            phase: .spring(rest: target.x, displacement: offset.x - target.x, velocity: 0), startTime: now, rate: rate)
        let y = offset.y == target.y ? nil : ScrollAxisMotion(
            phase: .spring(rest: target.y, displacement: offset.y - target.y, velocity: 0), startTime: now, rate: rate)
        showIndicators()
        startMotion(.deceleration(x: x, y: y))
    }
}

/// The scroll view's pan: a `UIPanGestureRecognizer` that also tells the scroll view when the
/// touch goes down and up (`isTracking`, stopping a deceleration).
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        scrollView?.touchWentDown()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        scrollView?.touchWentUp()
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        scrollView?.touchWentUp()
    }
}

/// Holds the content's `touchesBegan` back for `delay` (0.15 s, UIKit's
/// `delaysContentTouches` delay) so that a drag starting meanwhile scrolls without the content
/// ever seeing the touch. It never recognises: it fails when the delay is over or the touch
/// lifts, which lets the held touches through.
@MainActor
final class ScrollViewDelayRecognizer: UIGestureRecognizer {
    static let delay: TimeInterval = 0.15
    weak var scrollView: UIScrollView?

    override init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView, scrollView.delaysContentTouches, scrollView.isScrollEnabled else {
            return letContentTrack()
        }
        deadline = event.timestamp + Self.delay
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        letContentTrack()
    }

    override func deadlineReached(at time: TimeInterval) {
        letContentTrack()
    }

    private func letContentTrack() {
        scrollView?.contentIsTracking = true
        state = .failed
    }
}
