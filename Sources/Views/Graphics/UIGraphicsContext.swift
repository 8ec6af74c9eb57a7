import Foundation
import Geometry
import Graphics
import Layers
import Raster

/// The UIKit graphics-context stack of the calling thread (UIKit keeps one per thread).
final class GraphicsContextStack {
    struct Entry {
        let context: CGContext
        /// Set for contexts made by `UIGraphicsBeginImageContext…`, which `End` pops.
        let scale: CGFloat?
    }

    var entries: [Entry] = []

    static var current: GraphicsContextStack {
        let key = "kinescope.UIGraphicsContextStack"
        if let stack = Thread.current.threadDictionary[key] as? GraphicsContextStack { return stack }
        let stack = GraphicsContextStack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }
}

/// The scale of the screen (Kinescope draws one pixel per point).
public let kinescopeScreenScale: CGFloat = 1

/// Begins an image context of `size` points: `opaque` fills it with opaque black first (as a
/// UIKit opaque context starts with undefined, in practice black, pixels), `scale` 0 means the
/// screen's scale. The context is flipped so that drawing is y-down, as in UIKit. A size with a
/// side of zero or less creates no context (UIKit logs an error); `UIGraphicsGetCurrentContext`
/// then returns the previous one.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 && scale.isFinite ? scale : kinescopeScreenScale
    let w = (size.width * scale).rounded(.up), h = (size.height * scale).rounded(.up)
    guard w >= 1, h >= 1, w <= CGFloat(PixelSize.maxDimension), h <= CGFloat(PixelSize.maxDimension),
          let ctx = CGContext(width: Int(w), height: Int(h)) else {
        FileHandle.standardError.write(Data("kinescope: UIGraphicsBeginImageContext: invalid size \(size.width)x\(size.height) at scale \(scale)\n".utf8))
        return
    }
    if opaque { ctx.bitmap.fill(with: .black) }
    ctx.baseScale = scale
    ctx.translateBy(x: 0, y: h)
    ctx.scaleBy(x: scale, y: -scale)
    GraphicsContextStack.current.entries.append(.init(context: ctx, scale: scale))
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// The context on top of this thread's stack, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.entries.last?.context
}

/// An image of what the current image context holds; nil when the current context is not an
/// image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let entry = GraphicsContextStack.current.entries.last, let scale = entry.scale,
          let image = entry.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: scale)
}

/// Pops the current image context (does nothing when the top is not an image context).
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    if stack.entries.last?.scale != nil { stack.entries.removeLast() }
}

/// Makes `context` the current one until `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.entries.append(.init(context: context, scale: nil))
}

public func UIGraphicsPopContext() {
    let stack = GraphicsContextStack.current
    if stack.entries.last?.scale == nil, !stack.entries.isEmpty { stack.entries.removeLast() }
}

/// Fills `rect` of the current context with its fill colour.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

extension UIColor {
    /// Sets the current context's fill colour.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }
    /// Sets the current context's stroke colour.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
    /// Sets both.
    public func set() {
        setFill()
        setStroke()
    }
}
