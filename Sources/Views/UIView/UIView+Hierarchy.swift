import Layers

extension UIView {
    /// The subviews, back to front.
    public var subviews: [UIView] { subviewStorage }

    public var superview: UIView? { superviewStorage }

    /// The window the view is in, if any.
    public var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superviewStorage
        }
        return nil
    }

    /// Adds `view` on top of the subviews (moving it from its old superview).
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviewStorage.count)
    }

    /// Inserts `view` at `index` (clamped). Adding a view to itself or to one of its descendants
    /// does nothing (UIKit raises an exception).
    ///
    /// The callbacks run in UIKit's order: the old superview's `willRemoveSubview(_:)` (when the
    /// view moves from another superview), `willMove(toSuperview:)`, `willMove(toWindow:)` down
    /// the subtree, `didMoveToWindow()` down the subtree, `didMoveToSuperview()`, then this view's
    /// `didAddSubview(_:)`. The window callbacks are left out when the window does not change.
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !view.isAncestor(of: self) else { return }
        let oldWindow = view.window, newWindow = window
        let inheritsTint = view.tintColorStorage == nil || view.tintAdjustmentModeStorage == .automatic
        let oldTint = inheritsTint ? view.tintColor : nil
        if let oldParent = view.superviewStorage, oldParent !== self {
            oldParent.willRemoveSubview(view)
            view.deactivateConstraintsLeaving(oldParent)
        }
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        view.detach()
        let position = max(0, min(index, subviewStorage.count))
        subviewStorage.insert(view, at: position)
        view.superviewStorage = self
        layer.insertSublayer(view.layer, at: UInt32(position))
        view.joinLayoutHierarchy(self)
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
        if let oldTint, view.tintColor != oldTint { view.tintDidChange() }
        setNeedsLayout()
    }

    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = subviewStorage.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = view.superviewStorage === self && (subviewStorage.firstIndex { $0 === view } ?? Int.max) < index ? 0 : 1
        insertSubview(view, at: index + adjust)
    }

    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = subviewStorage.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        let adjust = view.superviewStorage === self && (subviewStorage.firstIndex { $0 === view } ?? Int.max) < index ? -1 : 0
        insertSubview(view, at: index + adjust)
    }

    /// Removes the view from its superview (and its window). Callbacks, in order: the
    /// superview's `willRemoveSubview(_:)`, `willMove(toSuperview: nil)`, `willMove(toWindow: nil)`
    /// and `didMoveToWindow()` down the subtree (when it was in a window), `didMoveToSuperview()`.
    public func removeFromSuperview() {
        guard let parent = superviewStorage else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        deactivateConstraintsLeaving(parent)
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        detach()
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
        parent.setNeedsLayout()
    }

    public func bringSubviewToFront(_ view: UIView) {
        guard view.superviewStorage === self else { return }
        subviewStorage.removeAll { $0 === view }
        subviewStorage.append(view)
        layer.addSublayer(view.layer)
    }

    public func sendSubviewToBack(_ view: UIView) {
        guard view.superviewStorage === self else { return }
        subviewStorage.removeAll { $0 === view }
        subviewStorage.insert(view, at: 0)
        layer.insertSublayer(view.layer, at: 0)
    }

    /// Swaps the subviews at two indices; out-of-range indices do nothing.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviewStorage.indices.contains(index1), subviewStorage.indices.contains(index2), index1 != index2 else { return }
        subviewStorage.swapAt(index1, index2)
        for (position, view) in subviewStorage.enumerated() { layer.insertSublayer(view.layer, at: UInt32(position)) }
    }

    /// This view or the first descendant (depth first) whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviewStorage {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Whether this view is `view` or one of its ancestors (UIKit's `isDescendant(of:)`, reversed).
    public func isDescendant(of view: UIView) -> Bool {
        view.isAncestor(of: self)
    }

    func isAncestor(of view: UIView) -> Bool {
        var current: UIView? = view
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superviewStorage
        }
        return false
    }

    private func detach() {
        guard let parent = superviewStorage else { return }
        parent.subviewStorage.removeAll { $0 === self }
        superviewStorage = nil
        layer.removeFromSuperlayer()
    }

    /// Also resigns the first responder when it leaves its window, as UIKit does, so that key
    /// presses do not go to a view that is no longer shown.
    private func notifyWillMove(toWindow newWindow: UIWindow?) {
        if let oldWindow = window, oldWindow !== newWindow, oldWindow.firstResponderStorage === self {
            oldWindow.firstResponderStorage = nil
        }
        willMove(toWindow: newWindow)
        for subview in subviewStorage { subview.notifyWillMove(toWindow: newWindow) }
    }

    private func notifyDidMoveToWindow() {
        didMoveToWindow()
        for subview in subviewStorage { subview.notifyDidMoveToWindow() }
    }
}
