import Geometry
import Graphics
import Layers
import Raster

extension UIView: @preconcurrency CALayerDelegate {
    /// Marks the content for redrawing: `draw(_:)` runs before the next frame.
    public func setNeedsDisplay() {
        needsDrawing = true
        layer.setNeedsDisplay()
    }

    public func setNeedsDisplay(_ rect: CGRect) {
        setNeedsDisplay()
    }

    /// Draws the content through `draw(_:)` into a backing image of the bounds' size, y down.
    /// A view that was never marked with `setNeedsDisplay()` keeps its contents (UIKit's own
    /// views such as `UIImageView` set their layer's contents directly). A drawing that leaves
    /// every pixel transparent sets no contents, so plain views cost nothing to composite.
    public func display(_ layer: CALayer) {
        guard needsDrawing else { return }
        needsDrawing = false
        layer.drawContentsThroughContext()
        if let image = layer.contents as? CGImage, image.isFullyTransparent { layer.contents = nil }
    }

    /// Runs `draw(_:)` with `ctx` as the current UIKit context.
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        draw(bounds)
        UIGraphicsPopContext()
    }

    /// Lays out through `layoutSubviews()` when the layer asks.
    public func layoutSublayers(of layer: CALayer) {
        layoutIfNeeded()
    }
}

extension CGImage {
    /// Whether every pixel has zero alpha.
    var isFullyTransparent: Bool {
        for y in 0..<bitmap.height where bitmap.row(y).contains(where: { $0 != 0 }) { return false }
        return true
    }
}
