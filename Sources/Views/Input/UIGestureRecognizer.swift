import Geometry

/// Recognises a gesture from the touches of a view and calls its targets, as UIKit's
/// `UIGestureRecognizer`. Targets are methods given as `Type.method` (Linux has no selectors):
/// `UITapGestureRecognizer(target: self, action: ViewController.handleTap)`.
@MainActor
open class UIGestureRecognizer {
    /// UIKit's recogniser states (raw values as UIKit).
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    public internal(set) weak var view: UIView?
    open var state: State = .possible
    open var isEnabled = true
    /// Whether the view's touches are cancelled when the gesture is recognised. Default true.
    open var cancelsTouchesInView = true

    private var actions: [@MainActor (UIGestureRecognizer) -> Void] = []
    var lastLocationInWindow: CGPoint = .zero

    public init() {}

    /// A recogniser calling `action` on `target` (held weakly).
    public init<Target: AnyObject>(target: Target?, action: ((Target) -> @MainActor (UIGestureRecognizer) -> Void)?) {
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recogniser calling an action method that takes no argument.
    public init<Target: AnyObject>(target: Target, action: @escaping (Target) -> @MainActor () -> Void) {
        addTarget(target, action: action)
    }

    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> @MainActor (UIGestureRecognizer) -> Void) {
        actions.append { [weak target] recognizer in
            if let target { action(target)(recognizer) }
        }
    }

    /// Targets whose action takes no argument.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> @MainActor () -> Void) {
        actions.append { [weak target] _ in
            if let target { action(target)() }
        }
    }

    /// Where the gesture is, in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return lastLocationInWindow }
        return view.convert(lastLocationInWindow, from: window)
    }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { state = .cancelled }

    /// Back to `.possible` after a gesture ends or fails.
    open func reset() { state = .possible }

    func sendActions() {
        for action in actions { action(self) }
    }
}

/// Recognises taps: the touch goes down and up again, within 10 points of where it began and
/// (for multiple taps) quickly enough, as UIKit's `UITapGestureRecognizer`.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1
    private var start: CGPoint?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        start = touch.location(in: nil)
        lastLocationInWindow = start!
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, let touch = touches.first else { return }
        let p = touch.location(in: nil)
        if hypot(p.x - start.x, p.y - start.y) > 10 { state = .failed }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let touch = touches.first else { return }
        lastLocationInWindow = touch.location(in: nil)
        if touch.tapCount >= numberOfTapsRequired, touch.tapCount % numberOfTapsRequired == 0 {
            state = .ended
        }
    }
}
