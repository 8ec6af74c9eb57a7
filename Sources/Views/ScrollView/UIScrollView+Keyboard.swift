import Foundation
import Geometry
import Layers

extension UIScrollView {
    /// Scrolls by `deltaX`, `deltaY` wheel notches (`wheelStep` points each; positive: right,
    /// down), clamped to the scrollable range, at once: no rubber band, no inertia. Returns
    /// false, scrolling nothing, when this view cannot move that way (scrolling disabled, the
    /// content fits, or already at that end), so the wheel goes to a scroll view further out.
    func scrollByWheel(deltaX: CGFloat, deltaY: CGFloat) -> Bool {
        scrollByStep(CGPoint(x: deltaX * Self.wheelStep, y: deltaY * Self.wheelStep))
    }

    /// Moves the content by `delta` points at once, within the scrollable range, showing the
    /// indicators; false when that moves nothing.
    @discardableResult
    func scrollByStep(_ delta: CGPoint) -> Bool {
        guard isScrollEnabled, delta.x.isFinite, delta.y.isFinite else { return false }
        var target = contentOffset
        if hasScrollableRange(.horizontal), delta.x != 0 { target.x += delta.x }
        if hasScrollableRange(.vertical), delta.y != 0 { target.y += delta.y }
        return scrollByStep(to: clamped(target))
    }

    private func scrollByStep(to target: CGPoint) -> Bool {
        guard isScrollEnabled, target != contentOffset, !isDragging else { return false }
        stopMotion()
        showIndicators()
        moveContent(to: target)
        holdIndicators(at: CACurrentMediaTime())
        return true
    }

    /// Whether `key` is one that scroll views take (arrows, Page Up/Down, Home, End, space,
    /// also on the keypad) with no modifier other than Shift.
    static func isScrollKey(_ key: UIKey) -> Bool {
        guard key.modifierFlags.isDisjoint(with: [.control, .alternate, .command]) else { return false }
        return ScrollKey(keysym: key.keysym) != nil
    }

    /// Scrolls for a scroll key: arrows by `lineStep`, Page Up/Down and space (Shift+space up)
    /// by the visible extent less `lineStep` (at least half of it), Home/End to the top/bottom
    /// (or the left/right end of content that scrolls only sideways). Home is the scroll to top
    /// (UIKit's status-bar tap): it asks `scrollViewShouldScrollToTop` when `scrollsToTop`, and
    /// tells `scrollViewDidScrollToTop`. False when the key is not one or moves nothing.
    func handleScrollKey(_ key: UIKey) -> Bool {
        guard Self.isScrollKey(key), let scrollKey = ScrollKey(keysym: key.keysym), isScrollEnabled else { return false }
        let line = Self.lineStep
        let page = CGPoint(x: max(bounds.width - line, bounds.width / 2), y: max(bounds.height - line, bounds.height / 2))
        let vertical = hasScrollableRange(.vertical) || !hasScrollableRange(.horizontal)
        switch scrollKey {
        case .up: return scrollByStep(CGPoint(x: 0, y: -line))
        case .down: return scrollByStep(CGPoint(x: 0, y: line))
        case .left: return scrollByStep(CGPoint(x: -line, y: 0))
        case .right: return scrollByStep(CGPoint(x: line, y: 0))
        case .pageUp: return scrollByStep(vertical ? CGPoint(x: 0, y: -page.y) : CGPoint(x: -page.x, y: 0))
        case .pageDown: return scrollByStep(vertical ? CGPoint(x: 0, y: page.y) : CGPoint(x: page.x, y: 0))
        case .space:
            let sign: CGFloat = key.modifierFlags.contains(.shift) ? -1 : 1
            return scrollByStep(vertical ? CGPoint(x: 0, y: sign * page.y) : CGPoint(x: sign * page.x, y: 0))
        case .home:
            guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
            var target = contentOffset
            if vertical { target.y = minimumOffset.y } else { target.x = minimumOffset.x }
            guard scrollByStep(to: target) else { return false }
            delegate?.scrollViewDidScrollToTop(self)
            return true
        case .end:
            var target = contentOffset
            if vertical { target.y = maximumOffset.y } else { target.x = maximumOffset.x }
            return scrollByStep(to: target)
        }
    }
}

/// The keys a scroll view takes, by X11 keysym (main keys and keypad).
enum ScrollKey {
    case up, down, left, right, pageUp, pageDown, home, end, space

    init?(keysym: UInt32) {
        switch keysym {
        case 0xFF52, 0xFF97: self = .up
        case 0xFF54, 0xFF99: self = .down
        case 0xFF51, 0xFF96: self = .left
        case 0xFF53, 0xFF98: self = .right
        case 0xFF55, 0xFF9A: self = .pageUp
        case 0xFF56, 0xFF9B: self = .pageDown
        case 0xFF50, 0xFF95: self = .home
        case 0xFF57, 0xFF9C: self = .end
        case 0x20: self = .space
        default: return nil
        }
    }
}
