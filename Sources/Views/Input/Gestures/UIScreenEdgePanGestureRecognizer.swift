import Foundation
import Geometry

/// A pan that starts at an edge of the window, as UIKit's `UIScreenEdgePanGestureRecognizer`:
/// the touch must go down within `UIScreenEdgePanGestureRecognizer.edgeWidth` (20 points) of
/// one of the `edges`, measured in the window's bounds (Kinescope's screen is the window);
/// otherwise it fails at once. From there it behaves as `UIPanGestureRecognizer`.
@MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a gesture may start from. Default none (`[]`), as in UIKit: set it, or the
    /// recogniser never begins.
    open var edges: UIRectEdge = []

    /// How near an edge (points) the touch must go down. UIKit documents none; 20 points is
    /// about the bezel region iOS uses.
    static let edgeWidth: CGFloat = 20

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first, state == .possible else { return }
        guard let bounds = touch.window?.bounds, startsAtEdge(touch.locationInWindow, of: bounds) else {
            return state = .failed
        }
        super.touchesBegan(touches, with: event)
    }

    private func startsAtEdge(_ p: CGPoint, of bounds: CGRect) -> Bool {
        let w = Self.edgeWidth
        return (edges.contains(.left) && p.x - bounds.minX <= w) || (edges.contains(.right) && bounds.maxX - p.x <= w)
            || (edges.contains(.top) && p.y - bounds.minY <= w) || (edges.contains(.bottom) && bounds.maxY - p.y <= w)
    }
}
