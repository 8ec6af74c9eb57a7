import Graphics
import Raster

extension CALayer {
    /// Draws the layer and its sublayers into `ctx`, in the layer's own coordinate space
    /// (bounds coordinates mapped through the context's CTM), from model values: animations in
    /// flight are not shown, as on Apple's platforms. The layer's own `position` and `transform`
    /// do not apply (its `opacity` does), its sublayers' do; `isHidden` layers draw nothing.
    /// Pending `display()` calls run first.
    public func render(in ctx: CGContext) {
        guard let node = makeModelRenderNode() else { return }
        let painter = ctx.externalPainter as? BandRenderer ?? BandRenderer()
        ctx.externalPainter = painter
        ctx.paintExternally { map, target, clip, opacity in
            painter.draw(node, map: map, target: target, clip: clip, opacity: opacity)
        }
    }
}
