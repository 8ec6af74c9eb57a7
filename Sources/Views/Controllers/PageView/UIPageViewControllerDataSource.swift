/// Supplies a page view controller's pages on demand, as UIKit's protocol.
///
/// Only the two neighbour methods are required. When both presentation methods are
/// implemented (they return -1 by default, "not implemented") and the style is `.scroll`, the
/// page view controller shows a page indicator (`UIPageControl`) at its bottom, as iOS does.
@MainActor
public protocol UIPageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or nil at the first page.
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController?
    /// The page after `viewController`, or nil at the last page.
    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController?
    /// The number of dots of the page indicator; asked after each `setViewControllers`.
    func presentationCount(for pageViewController: UIPageViewController) -> Int
    /// The selected dot of the page indicator; asked after each `setViewControllers`.
    func presentationIndex(for pageViewController: UIPageViewController) -> Int
}

extension UIPageViewControllerDataSource {
    /// -1: no page indicator (Apple's optional method left out).
    public func presentationCount(for pageViewController: UIPageViewController) -> Int { -1 }
    /// -1: no page indicator (Apple's optional method left out).
    public func presentationIndex(for pageViewController: UIPageViewController) -> Int { -1 }
}

/// Told about the page view controller's gesture-driven page turns, as UIKit's protocol. All
/// methods are optional. `supportedInterfaceOrientations` and its preferred-orientation sibling
/// are left out: Kinescope has no device orientation.
@MainActor
public protocol UIPageViewControllerDelegate: AnyObject {
    /// A gesture-driven turn begins toward `pendingViewControllers` (not called for
    /// `setViewControllers`).
    func pageViewController(_ pageViewController: UIPageViewController,
                            willTransitionTo pendingViewControllers: [UIViewController])
    /// A gesture-driven turn has ended: `completed` is false when the page fell back, and then
    /// `viewControllers` are still `previousViewControllers`.
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool)
    /// The spine location to use; asked (for `.pageCurl` only) when the page view controller's
    /// view is first laid out, Kinescope's stand-in for an orientation change. Returning a
    /// location whose page count or double-sidedness does not fit is refused with a diagnostic.
    func pageViewController(_ pageViewController: UIPageViewController,
                            spineLocationFor orientation: UIInterfaceOrientation) -> UIPageViewController.SpineLocation
}

extension UIPageViewControllerDelegate {
    public func pageViewController(_ pageViewController: UIPageViewController,
                                   willTransitionTo pendingViewControllers: [UIViewController]) {}
    public func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                   previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {}
    /// The current spine location (no change).
    public func pageViewController(_ pageViewController: UIPageViewController,
                                   spineLocationFor orientation: UIInterfaceOrientation) -> UIPageViewController.SpineLocation {
        pageViewController.spineLocation
    }
}
