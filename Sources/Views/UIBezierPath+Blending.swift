import Geometry
import Graphics
import Layers

extension UIBezierPath {
    /// Fills the path as `fill()` does, painting with `blendMode` at `alpha` (which replaces the
    /// context's alpha while it paints, as on Apple), leaving the context's state as it was.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        fill()
    }

    /// Strokes the path as `stroke()` does, painting with `blendMode` at `alpha` (which replaces
    /// the context's alpha while it paints, as on Apple), leaving the context's state as it was.
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        stroke()
    }

    /// Intersects the current context's clip with the area the path encloses under its fill
    /// rule. As on Apple, only restoring a saved graphics state widens the clip again.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

/// Fills `rect` of the current context with its fill colour, painting with `blendMode`.
public func UIRectFillUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    context.fill(rect)
    context.restoreGState()
}

/// Strokes a one-point frame just inside `rect` with the current fill colour (UIKit's
/// `UIRectFrame` paints with the fill colour).
public func UIRectFrame(_ rect: CGRect) {
    UIRectFrameUsingBlendMode(rect, .normal)
}

/// `UIRectFrame` painting with `blendMode`.
public func UIRectFrameUsingBlendMode(_ rect: CGRect, _ blendMode: CGBlendMode) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    context.saveGState()
    context.setBlendMode(blendMode)
    let outer = CGMutablePath()
    outer.addRect(r)
    outer.addRect(r.insetBy(dx: min(1, r.width / 2), dy: min(1, r.height / 2)))
    context.beginPath()
    context.addPath(outer)
    context.fillPath(using: .evenOdd)
    context.restoreGState()
}
