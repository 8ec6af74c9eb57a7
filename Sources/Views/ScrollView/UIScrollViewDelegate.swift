import Foundation
import Geometry

/// What a `UIScrollView` tells about its scrolling and zooming, as UIKit's
/// `UIScrollViewDelegate`. Every method is optional (the defaults below do nothing, or give
/// UIKit's answer).
///
/// A drag that is released while moving calls, in UIKit's order:
/// `scrollViewWillBeginDragging`, `scrollViewDidScroll` (every change of `contentOffset`),
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// `scrollViewDidEndDragging(_:willDecelerate: true)`, `scrollViewWillBeginDecelerating`,
/// `scrollViewDidScroll` each frame, `scrollViewDidEndDecelerating`. A drag released at rest
/// inside the content ends with `scrollViewDidEndDragging(_:willDecelerate: false)` and no
/// deceleration calls; one released past an edge decelerates (springs) back.
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// `contentOffset` changed (by a drag, a deceleration, an animation, the wheel, the keyboard
    /// or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// `zoomScale` changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// A drag is about to scroll the content (the pan has begun).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger (pointer) lifted. `velocity` is the scroll view's, in points per millisecond
    /// (UIKit's unit), positive where `contentOffset` grows; `targetContentOffset` is where
    /// the content will come to rest, and may be written to change it (a written target is
    /// clamped to the scrollable range).
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content goes on moving (a flick or a
    /// bounce back).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after a drag.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content has come to rest after decelerating (not called when a touch stops it).
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation of `setContentOffset(_:animated:)`, `scrollRectToVisible(_:animated:)`,
    /// `setZoomScale(_:animated:)` or `zoom(to:animated:)` has finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// The view that zooming scales (nil, the default: the scroll view does not zoom).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// A pinch (or `zoom(to:)`/`setZoomScale` driven by the user) is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Zooming ended at `scale`.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Whether the scroll-to-top request (the Home key here; the status bar tap on iOS) may
    /// scroll. Default true.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The scroll to top has finished.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
