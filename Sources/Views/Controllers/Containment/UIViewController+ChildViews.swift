import Geometry

extension UIViewController {
    /// Whether this container's view is in a window and appearing or shown: its children's
    /// view changes then call appearance methods and may animate.
    var isShowingInWindow: Bool {
        isViewLoaded && view.window != nil && (appearance == .appeared || appearance == .appearing)
    }

    /// Puts `controller`'s view in `container` (a view of this container), filling it and
    /// resizing with it; nothing while this container's view is not loaded.
    func installChildView(of controller: UIViewController?, in container: UIView) {
        guard isViewLoaded, let controller else { return }
        let child = controller.view!
        child.frame = container.bounds
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if child.superview !== container { container.addSubview(child) }
    }
}

extension UIViewController {
    /// The nearest of this controller's ancestors (parent, its parent…) that is a `T`.
    func nearestAncestor<T: UIViewController>(_ type: T.Type) -> T? {
        var controller: UIViewController? = parentStorage
        while let c = controller {
            if let match = c as? T { return match }
            controller = c.parentStorage
        }
        return nil
    }
}

extension UIViewController {
    /// Makes and sets a container's root view (320×480, the system background), holding
    /// `transitionView` filling it, where the children's views go, and `bar` above it.
    func loadContainerView(transitionView: UIView, bar: UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        root.backgroundColor = .systemBackground
        transitionView.frame = root.bounds
        transitionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        root.addSubview(transitionView)
        root.addSubview(bar)
        view = root
    }
}
