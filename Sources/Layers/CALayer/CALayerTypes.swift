import Geometry
import Graphics

/// The corners that `cornerRadius` rounds, with Apple's raw values.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Top left in iOS's y-down space (the minimum x and y corner).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// Top right.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// Bottom left.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// Bottom right.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// How a layer's contents are placed in its bounds (Apple's twelve values, same raw strings).
///
/// The vertical names go by the layer's y axis, as on Apple's platforms: `.top` is the
/// maximum-y edge, which in an iOS layer (y down, not `isGeometryFlipped`) is the bottom of the
/// screen. UIKit hides this (`UIView.ContentMode.top` sets `.bottom`), and so does Kinescope's
/// `UIView`.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let center = CALayerContentsGravity(rawValue: "center")
    public static let top = CALayerContentsGravity(rawValue: "top")
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    public static let left = CALayerContentsGravity(rawValue: "left")
    public static let right = CALayerContentsGravity(rawValue: "right")
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretches the contents to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scales to fit inside the bounds, keeping the aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scales to fill the bounds, keeping the aspect ratio; the excess is cut by `masksToBounds`.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")

    /// All twelve values.
    public static let allCases: [CALayerContentsGravity] = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
    ]
}

/// Filters used to sample contents (Apple's raw strings).
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Bilinear, with box-filtered down-scaled levels when the image is drawn below half size.
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Trilinear on Apple's platforms; here the same as `.linear`, which already blends levels.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The object a layer asks to draw its content, lay out its sublayers and supply actions.
/// Every method is optional, as in QuartzCore.
public protocol CALayerDelegate: AnyObject {
    /// Sets `layer.contents` directly; when implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx`, whose space is the layer's bounds.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event` on `layer` (for a property change, the property's key): an action
    /// to use, `NSNull()` for none (the search stops), or nil for no answer (the search goes on
    /// to the layer's `actions`, `style` and default action). Default nil.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.drawContentsThroughContext() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layoutSublayers(of layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}

/// Pixel formats of a layer's backing image (`CALayer.contentsFormat`), Apple's raw strings.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// 8 bits per channel, red, green, blue and alpha (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit float channels on Apple's platforms; drawn with 8 bits per channel here.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// 8-bit grey, no alpha.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// Names of the actions a layer runs for events that are not property changes.
///
/// `kCAOnOrderIn`: the layer became visible — inserted into a displayed tree, or `isHidden`
/// set to false. `kCAOnOrderOut`: it left — removed from a displayed tree, or hidden.
/// `kCATransition` (declared with `CATransition`): a sublayer of a displayed layer was replaced
/// (`replaceSublayer(_:with:)`); the action is looked up on the superlayer, so a `CATransition`
/// there shows the old sublayer giving way to the new one.
public let kCAOnOrderIn = "onOrderIn"
/// See `kCAOnOrderIn`.
public let kCAOnOrderOut = "onOrderOut"
