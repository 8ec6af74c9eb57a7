import Geometry

/// Auto Layout inside a scroll view, as UIKit defines it: constraints between the scroll view's
/// edges (or margins) and views inside it attach to the content area, so they set
/// `contentSize`; constraints between its width, height or centre and views inside it attach to
/// its frame. The two guides make either explicit.
///
/// ```swift
/// stack.translatesAutoresizingMaskIntoConstraints = false
/// scrollView.addSubview(stack)
/// NSLayoutConstraint.activate([
///     stack.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
///     stack.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
///     stack.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
///     stack.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
///     stack.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
/// ])   // contentSize follows the stack's size
/// ```
///
/// A content size set by constraints replaces the one set by hand on the axis the constraints
/// determine (a guide's right or bottom edge, size or centre constrained); on the other axis
/// `contentSize` keeps its value.
extension UIScrollView {
    /// The content area: its origin is the content's (0, 0), its size is `contentSize` — set
    /// by the constraints when they determine it.
    public var contentLayoutGuide: UILayoutGuide {
        if let guide = layoutState.scrollContentGuide { return guide }
        let made = UILayoutGuide(kind: .scrollContent, owningView: self)
        layoutState.scrollContentGuide = made
        return made
    }

    /// The scroll view's frame, not moved by scrolling: a view pinned to its edges stays in
    /// place on screen while the content scrolls (the engine solves again on each scroll).
    public var frameLayoutGuide: UILayoutGuide {
        if let guide = layoutState.scrollFrameGuide { return guide }
        let made = UILayoutGuide(kind: .scrollFrame, owningView: self)
        layoutState.scrollFrameGuide = made
        return made
    }
}
