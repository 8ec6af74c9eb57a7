import Geometry

extension UIView {
    /// Marks the view for `layoutSubviews()` before the next frame.
    public func setNeedsLayout() {
        needsLayout = true
        layer.setNeedsLayout()
    }

    /// Runs `layoutSubviews()` now if the view is marked, then does the same for the subviews.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviewStorage { subview.layoutIfNeeded() }
    }

    /// Resizes per `autoresizingMask` after the superview's bounds went from `old` to `new`,
    /// sharing the change among the flexible margins and size as UIKit does.
    func autoresize(superviewSizeChangedFrom old: CGSize, to new: CGSize) {
        guard !autoresizingMask.isEmpty else { return }
        var f = frame
        func share(_ delta: CGFloat, _ flexibleLead: Bool, _ flexibleSize: Bool, _ flexibleTrail: Bool,
                   _ origin: inout CGFloat, _ size: inout CGFloat) {
            let parts = [flexibleLead, flexibleSize, flexibleTrail].filter { $0 }.count
            guard parts > 0 else { return }
            let each = delta / CGFloat(parts)
            if flexibleLead { origin += each }
            if flexibleSize { size = max(0, size + each) }
        }
        share(new.width - old.width, autoresizingMask.contains(.flexibleLeftMargin), autoresizingMask.contains(.flexibleWidth),
              autoresizingMask.contains(.flexibleRightMargin), &f.origin.x, &f.size.width)
        share(new.height - old.height, autoresizingMask.contains(.flexibleTopMargin), autoresizingMask.contains(.flexibleHeight),
              autoresizingMask.contains(.flexibleBottomMargin), &f.origin.y, &f.size.height)
        frame = f
    }
}
