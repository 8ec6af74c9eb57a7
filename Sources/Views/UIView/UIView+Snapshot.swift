import Geometry
import Layers

extension UIView {
    /// A new view showing a picture of this view as it looks now (its layer tree rendered with
    /// `render(in:)`, so model values), an image view with this view's geometry (bounds size,
    /// anchor point, centre and transform, hence the same `frame`), ready to stand in for it in
    /// the same superview. `afterScreenUpdates` is accepted for API compatibility: pending
    /// layout and drawing always run first. Nil for an empty view.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        layoutIfNeeded()
        let size = bounds.size
        guard size.width > 0, size.height > 0 else { return nil }
        UIGraphicsBeginImageContextWithOptions(size, false, 0)
        defer { UIGraphicsEndImageContext() }
        guard let ctx = UIGraphicsGetCurrentContext() else { return nil }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        layer.render(in: ctx)
        guard let image = UIGraphicsGetImageFromCurrentImageContext() else { return nil }
        let snapshot = UIImageView(image: image)
        snapshot.bounds.size = size
        snapshot.layer.anchorPoint = layer.anchorPoint
        snapshot.center = center
        snapshot.layer.transform = layer.transform
        return snapshot
    }

    /// Draws the view hierarchy into the current image context, scaled to fit `rect`; returns
    /// false when there is no current context.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let ctx = UIGraphicsGetCurrentContext(), bounds.width > 0, bounds.height > 0 else { return false }
        layoutIfNeeded()
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        layer.render(in: ctx)
        ctx.restoreGState()
        return true
    }
}
