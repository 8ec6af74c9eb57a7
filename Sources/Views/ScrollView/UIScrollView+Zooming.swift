import Foundation
import Geometry
import Layers

extension UIScrollView {
    /// The scale of the zooming view (`viewForZooming(in:)`). Default 1. Setting it is
    /// `setZoomScale(_:animated: false)`.
    public var zoomScale: CGFloat {
        get { zoomScaleStorage }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Zooms to `scale`, clamped to `minimumZoomScale...maximumZoomScale`, keeping the point at
    /// the centre of the view where it is (as far as the scrollable range allows); at once or in
    /// a 0.3 s animation on the frame clock. The zooming view gets a scale transform and its
    /// frame's origin moves to the content's origin; `contentSize` becomes its frame's size, as
    /// in UIKit. Does nothing without a zooming view, or for a non-finite or non-positive scale.
    /// `scrollViewDidZoom` is called at each change; an animated zoom ends with
    /// `scrollViewDidEndScrollingAnimation` and `scrollViewDidEndZooming`.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0, let view = zoomingView else { return }
        let s = clampedZoomScale(scale)
        let size = bounds.size, old = zoomScaleStorage
        let centre = CGPoint(x: (contentOffset.x + size.width / 2) / old, y: (contentOffset.y + size.height / 2) / old)
        let offset = clamped(CGPoint(x: centre.x * s - size.width / 2, y: centre.y * s - size.height / 2),
                             contentSize: scaledSize(of: view, scale: s))
        zoom(toScale: s, offset: offset, animated: animated)
    }

    /// Zooms so that `rect` (in the zooming view's own coordinates) fills the view as far as the
    /// zoom limits allow, centred; at once or animated as `setZoomScale(_:animated:)`. Does
    /// nothing without a zooming view or for an empty or non-finite rect.
    public func zoom(to rect: CGRect, animated: Bool) {
        let r = rect.standardized
        guard let view = zoomingView, !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              r.width > 0 || r.height > 0 else { return }
        let sx = r.width > 0 ? bounds.width / r.width : .infinity
        let sy = r.height > 0 ? bounds.height / r.height : .infinity
        let s = clampedZoomScale(min(sx, sy))
        let offset = clamped(CGPoint(x: r.midX * s - bounds.width / 2, y: r.midY * s - bounds.height / 2),
                             contentSize: scaledSize(of: view, scale: s))
        zoom(toScale: s, offset: offset, animated: animated)
    }

    /// The delegate's zooming view, if zooming is on.
    var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

    /// Whether the limits allow zooming at all.
    var isZoomable: Bool { maximumZoomScale > minimumZoomScale }

    /// Adds the pinch while zooming is possible, removes it otherwise (as UIKit's
    /// `pinchGestureRecognizer` is nil then).
    func updateZooming() {
        if isZoomable {
            if pinch.view !== self { addGestureRecognizer(pinch) }
        } else if pinch.view === self {
            removeGestureRecognizer(pinch)
        }
    }

    /// `scale` inside the limits (a maximum below the minimum counts as the minimum).
    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        min(max(scale, minimumZoomScale), max(minimumZoomScale, maximumZoomScale))
    }

    /// Gives the zooming view `scale` (a scale transform, its frame at the content's origin) and
    /// makes its frame the content size, then tells the delegate.
    func applyZoomScale(_ scale: CGFloat) {
        guard let view = zoomingView, scale.isFinite, scale > 0 else { return }
        zoomScaleStorage = scale
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        let size = scaledSize(of: view, scale: scale)
        view.center = CGPoint(x: size.width / 2, y: size.height / 2)
        contentSize = size
        delegate?.scrollViewDidZoom(self)
    }

    /// The pinch's action: zooms about the pointer, within the limits.
    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        guard let view = zoomingView else { return }
        switch pinch.state {
        case .began:
            stopMotion()
            isZooming = true
            zoomPinchStartScale = zoomScale
            delegate?.scrollViewWillBeginZooming(self, with: view)
            zoom(about: pinch.location(in: self), to: clampedZoomScale(zoomPinchStartScale * pinch.scale))
        case .changed:
            zoom(about: pinch.location(in: self), to: clampedZoomScale(zoomPinchStartScale * pinch.scale))
        case .ended, .cancelled:
            guard isZooming else { return }
            isZooming = false
            delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale)
        default:
            break
        }
    }

    /// Zooms to `scale` keeping the content under `location` (scroll view coordinates) there.
    private func zoom(about location: CGPoint, to scale: CGFloat) {
        guard let view = zoomingView, location.x.isFinite, location.y.isFinite else { return }
        let old = zoomScaleStorage, offset = contentOffset
        let content = CGPoint(x: location.x / old, y: location.y / old)
        let visible = CGPoint(x: location.x - offset.x, y: location.y - offset.y)
        let target = clamped(CGPoint(x: content.x * scale - visible.x, y: content.y * scale - visible.y),
                             contentSize: scaledSize(of: view, scale: scale))
        applyZoomScale(scale)
        moveContent(to: target)
    }

    private func zoom(toScale scale: CGFloat, offset: CGPoint, animated: Bool) {
        stopMotion()
        guard animated, scale != zoomScale || offset != contentOffset else {
            applyZoomScale(scale)
            moveContent(to: offset)
            return
        }
        startMotion(.animation(ScrollAnimation(fromOffset: contentOffset, toOffset: offset, fromScale: zoomScale,
                                               toScale: scale, start: CACurrentMediaTime())))
    }

    private func scaledSize(of view: UIView, scale: CGFloat) -> CGSize {
        CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
    }

    /// `point` inside the range the offset would have with `contentSize`.
    private func clamped(_ point: CGPoint, contentSize size: CGSize) -> CGPoint {
        let inset = adjustedContentInset
        let low = CGPoint(x: -inset.left, y: -inset.top)
        let high = CGPoint(x: max(low.x, size.width + inset.right - bounds.width),
                           y: max(low.y, size.height + inset.bottom - bounds.height))
        return CGPoint(x: min(high.x, max(low.x, point.x)), y: min(high.y, max(low.y, point.y)))
    }
}
