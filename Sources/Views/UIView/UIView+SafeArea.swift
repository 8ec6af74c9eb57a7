import Geometry

/// The safe area, as UIKit computes it: a Kinescope window has no status bar, notch or home
/// indicator, so its own insets are zero; what covers a view are the bars of the containers
/// above it (a navigation bar, a tab bar) and the controllers' `additionalSafeAreaInsets`.
///
/// - A view controller's root view: the part of it its superview's safe area leaves out, raised
///   to what its parent container's bars cover (`UINavigationController`,
///   `UITabBarController`), plus the controller's `additionalSafeAreaInsets`.
/// - Any other view: only the part of it that lies outside its superview's safe area, so a view
///   entirely inside has zero insets (Apple's rule). Each inset is at most the view's size.
///
/// The insets are worked out top-down in the layout pass, before each view's `layoutSubviews()`;
/// a change calls `safeAreaInsetsDidChange()` (and the controller's
/// `viewSafeAreaInsetsDidChange()`), relays the view out and moves the margins that are measured
/// from the safe area; Auto Layout then solves again in the same pass.
extension UIView {
    /// The distances from the bounds' edges to the safe area: the part no bar or other view of a
    /// container covers. Zero for a view outside a window's layout pass (not yet laid out).
    public var safeAreaInsets: UIEdgeInsets { safeAreaInsetsStorage }

    /// The margins `layoutMargins` reads: the set ones (8 points on every side by default, none
    /// for a root view), at least the controller's system minimum for a root view that respects
    /// it, measured from the safe area's edges when `insetsLayoutMarginsFromSafeArea`.
    var effectiveLayoutMargins: UIEdgeInsets {
        let controller = viewController
        var margins = layoutStateStorage?.layoutMargins
            ?? (controller == nil ? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) : .zero)
        if let controller, controller.viewRespectsSystemMinimumLayoutMargins {
            let minimum = controller.systemMinimumLayoutMargins
            margins.top = max(margins.top, minimum.top)
            margins.left = max(margins.left, minimum.leading)
            margins.bottom = max(margins.bottom, minimum.bottom)
            margins.right = max(margins.right, minimum.trailing)
        }
        if insetsLayoutMarginsFromSafeArea {
            let safe = safeAreaInsetsStorage
            margins.top += safe.top
            margins.left += safe.left
            margins.bottom += safe.bottom
            margins.right += safe.right
        }
        return margins
    }

    /// Recomputes `safeAreaInsets` from the superview's (already current in a top-down pass) and
    /// reacts to a change. Returns whether the insets changed.
    @discardableResult
    func refreshSafeAreaInsets() -> Bool {
        var insets = insetsLeftOutBySuperviewSafeArea()
        if let controller = viewController {
            if let parent = controller.parentStorage {
                let covered = parent.safeAreaCovered(forChild: controller)
                insets.top = max(insets.top, covered.top)
                insets.left = max(insets.left, covered.left)
                insets.bottom = max(insets.bottom, covered.bottom)
                insets.right = max(insets.right, covered.right)
            }
            let extra = controller.additionalSafeAreaInsets
            insets.top += extra.top.isFinite ? extra.top : 0
            insets.left += extra.left.isFinite ? extra.left : 0
            insets.bottom += extra.bottom.isFinite ? extra.bottom : 0
            insets.right += extra.right.isFinite ? extra.right : 0
        }
        guard insets != safeAreaInsetsStorage else { return false }
        safeAreaInsetsStorage = insets
        setNeedsLayout()
        if insetsLayoutMarginsFromSafeArea {
            layoutMarginsStorageDidChange()
        } else if layoutStateStorage?.safeAreaGuide != nil {
            markLayoutEngineNeedsSync()
        }
        (self as? UIScrollView)?.adjustedContentInsetMayHaveChanged()
        safeAreaInsetsDidChange()
        viewController?.viewSafeAreaInsetsDidChange()
        return true
    }

    /// The part of this view outside its superview's safe area, edge by edge, from the frame.
    private func insetsLeftOutBySuperviewSafeArea() -> UIEdgeInsets {
        guard let superview = superviewStorage else { return .zero }
        let outer = superview.safeAreaInsetsStorage
        guard outer != .zero else { return .zero }
        let safe = superview.bounds.inset(by: outer)
        let frame = self.frame
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { value.isFinite ? min(max(0, value), max(0, limit)) : 0 }
        return UIEdgeInsets(top: clamp(safe.minY - frame.minY, frame.height), left: clamp(safe.minX - frame.minX, frame.width),
                            bottom: clamp(frame.maxY - safe.maxY, frame.height), right: clamp(frame.maxX - safe.maxX, frame.width))
    }
}

extension UIViewController {
    /// The smallest layout margins the root view gets while
    /// `viewRespectsSystemMinimumLayoutMargins` is true: 16 points leading and trailing and none
    /// above and below, iPhone's values (UIKit gives 20 points in a regular width; Kinescope has
    /// no size classes, so it keeps the compact value at every size).
    public var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let side: CGFloat = 16
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }
}
