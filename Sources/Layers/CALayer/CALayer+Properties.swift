import Geometry
import Graphics

extension CALayer {
    /// The layer's own coordinate space: `origin` is the coordinate of its top-left corner, `size` its extent in points. A negative size is standardised (`(0, 0, -100, -50)` reads back as `(-100, -50, 100, 50)`), as Apple's. Animatable. Default `.zero`.
    public var bounds: CGRect {
        get { properties.bounds }
        set { setProperty(\.bounds, newValue.standardized, key: .bounds) }
    }

    /// Where the anchor point lies, in the superlayer's coordinate space. Animatable. Default `.zero`.
    public var position: CGPoint {
        get { properties.position }
        set { setProperty(\.position, newValue, key: .position) }
    }

    /// The layer's position on the z axis: the z part of `position`. Siblings are drawn in increasing `zPosition`, then in order. Animatable. Default 0.
    public var zPosition: CGFloat {
        get { properties.zPosition }
        set { setProperty(\.zPosition, newValue, key: .zPosition) }
    }

    /// The point of the bounds, in unit coordinates (0…1 on each axis), that `position` places and that transforms turn about. Animatable. Default (0.5, 0.5).
    public var anchorPoint: CGPoint {
        get { properties.anchorPoint }
        set { setProperty(\.anchorPoint, newValue, key: .anchorPoint) }
    }

    /// The anchor point's z coordinate. Animatable. Default 0.
    public var anchorPointZ: CGFloat {
        get { properties.anchorPointZ }
        set { setProperty(\.anchorPointZ, newValue, key: .anchorPointZ) }
    }

    /// Applied about the anchor point. Animatable. Default identity.
    public var transform: CATransform3D {
        get { properties.transform }
        set { setProperty(\.transform, newValue, key: .transform) }
    }

    /// Applied to the sublayers, about this layer's anchor point — set `m34 = -1/d` here for a shared perspective. Animatable. Default identity.
    public var sublayerTransform: CATransform3D {
        get { properties.sublayerTransform }
        set { setProperty(\.sublayerTransform, newValue, key: .sublayerTransform) }
    }

    /// Opacity, `0...1` (values outside are clamped when drawing). Animatable. Default 1.
    public var opacity: Float {
        get { properties.opacity }
        set { setProperty(\.opacity, newValue, key: .opacity) }
    }

    /// Whether the layer and its sublayers are not drawn (and not hit). Animatable (it switches at the end). Default false.
    public var isHidden: Bool {
        get { properties.isHidden }
        set { setProperty(\.isHidden, newValue, key: .isHidden) }
    }

    /// Whether sublayers are clipped to the bounds, with the corner radius. Animatable. Default false.
    public var masksToBounds: Bool {
        get { properties.masksToBounds }
        set { setProperty(\.masksToBounds, newValue, key: .masksToBounds) }
    }

    /// Whether the layer draws when it faces away from the viewer. Animatable. Default true.
    public var isDoubleSided: Bool {
        get { properties.isDoubleSided }
        set { setProperty(\.isDoubleSided, newValue, key: .isDoubleSided) }
    }

    /// The radius of the rounded corners of the background and border, and of the clip when `masksToBounds`; contents are clipped to it only with `masksToBounds`, as on Apple. Animatable. Default 0.
    public var cornerRadius: CGFloat {
        get { properties.cornerRadius }
        set { setProperty(\.cornerRadius, newValue, key: .cornerRadius) }
    }

    /// Which corners `cornerRadius` rounds; bits that are not corners are dropped, as Apple's.
    /// Default: all four.
    public var maskedCorners: CACornerMask {
        get { properties.maskedCorners }
        set { setProperty(\.maskedCorners, CACornerMask(rawValue: newValue.rawValue & 0xF), key: .maskedCorners) }
    }

    /// The border's width, inset from the bounds and drawn above contents and sublayers. Animatable. Default 0.
    public var borderWidth: CGFloat {
        get { properties.borderWidth }
        set { setProperty(\.borderWidth, newValue, key: .borderWidth) }
    }

    /// The border's colour. Animatable. Default opaque black.
    public var borderColor: CGColor? {
        get { properties.borderColor }
        set { setProperty(\.borderColor, newValue, key: .borderColor) }
    }

    /// Fills the bounds (with the corner radius) under the contents. Animatable. Default nil.
    public var backgroundColor: CGColor? {
        get { properties.backgroundColor }
        set { setProperty(\.backgroundColor, newValue, key: .backgroundColor) }
    }

    /// The shadow's colour. Animatable. Default opaque black.
    public var shadowColor: CGColor? {
        get { properties.shadowColor }
        set { setProperty(\.shadowColor, newValue, key: .shadowColor) }
    }

    /// The shadow's opacity, `0...1`; 0 draws no shadow. Animatable. Default 0.
    public var shadowOpacity: Float {
        get { properties.shadowOpacity }
        set { setProperty(\.shadowOpacity, newValue, key: .shadowOpacity) }
    }

    /// The shadow's offset. Animatable. Default (0, -3): 3 points up in iOS's y-down space, Apple's default.
    public var shadowOffset: CGSize {
        get { properties.shadowOffset }
        set { setProperty(\.shadowOffset, newValue, key: .shadowOffset) }
    }

    /// The blur radius of the shadow, in points: the standard deviation of its Gaussian blur,
    /// so the shadow fades out about 2–3 radii beyond its shape, as on Apple's platforms.
    /// Animatable. Default 3.
    public var shadowRadius: CGFloat {
        get { properties.shadowRadius }
        set { setProperty(\.shadowRadius, newValue, key: .shadowRadius) }
    }

    /// The shape of the shadow, in the layer's coordinate space, filled with the non-zero
    /// winding rule in `shadowColor` × `shadowOpacity` and blurred by `shadowRadius`; it moves
    /// with `shadowOffset` and is not clipped to the bounds. Default nil: the shadow is cast by
    /// the layer's composited alpha (background, contents, sublayers and border).
    ///
    /// Animatable, but with no implicit animation (as for every `CGPath` property on Apple's
    /// platforms): animate it with a `CABasicAnimation`. Two paths with the same elements
    /// interpolate point by point; paths of different shapes switch halfway (Apple leaves that
    /// case undefined). A `CGMutablePath` is copied when set, so changing it later does not
    /// change the shadow.
    public var shadowPath: CGPath? {
        get { properties.shadowPath }
        set { setProperty(\.shadowPath, newValue is CGMutablePath ? newValue?.copy() : newValue, key: .shadowPath) }
    }

    /// The part of `contents` shown, in unit coordinates of the image. Animatable. Default (0, 0, 1, 1).
    public var contentsRect: CGRect {
        get { properties.contentsRect }
        set { setProperty(\.contentsRect, newValue, key: .contentsRect) }
    }

    /// The stretchable centre of the contents, in unit coordinates of the `contentsRect` part
    /// (y down from the image's top row, as on iOS). Animatable. Default (0, 0, 1, 1): the whole
    /// image stretches.
    ///
    /// Under a gravity that resizes (`.resize`, `.resizeAspect`, `.resizeAspectFill`) the
    /// contents are drawn in nine parts, as on Apple's platforms: the four corners keep their
    /// size in points (their pixels ÷ `contentsScale`), the top and bottom edges stretch only
    /// horizontally, the left and right ones only vertically, and the centre both ways. Other
    /// gravities draw the image at its own size, where the centre has nothing to stretch.
    /// When the bounds are smaller than two fixed sides of an axis, both shrink by the same
    /// factor to fit and the centre vanishes on that axis (Apple documents no rule). A centre
    /// of zero width or height (`CGRect(x: 0.5, y: 0.5, width: 0, height: 0)`) stretches the
    /// one pixel row or column around that line.
    public var contentsCenter: CGRect {
        get { properties.contentsCenter }
        set { setProperty(\.contentsCenter, newValue, key: .contentsCenter) }
    }

    /// How contents are placed in the bounds. Default `.resize`.
    public var contentsGravity: CALayerContentsGravity {
        get { properties.contentsGravity }
        set { setProperty(\.contentsGravity, newValue, key: .contentsGravity) }
    }

    /// Pixels of contents per point, used by the gravities that keep the image's size. Default 1.
    public var contentsScale: CGFloat {
        get { properties.contentsScale }
        set { setProperty(\.contentsScale, newValue, key: .contentsScale) }
    }

    /// Filter used when contents are drawn smaller. Default `.linear` (with proper down-scaling).
    public var minificationFilter: CALayerContentsFilter {
        get { properties.minificationFilter }
        set { setProperty(\.minificationFilter, newValue, key: .minificationFilter) }
    }

    /// Added to the level of detail the compositor picks when the contents are drawn smaller
    /// (log₂ of how many image pixels one screen pixel spans, for `.linear` and `.trilinear`):
    /// positive values read smaller mip levels (softer), negative ones larger levels (sharper,
    /// with more aliasing), as a GPU's LOD bias. NaN counts as 0. Not animatable; no class
    /// default (`defaultValue(forKey:)` answers nil, as Apple's). Default 0.
    public var minificationFilterBias: Float {
        get { properties.minificationFilterBias }
        set { setProperty(\.minificationFilterBias, newValue.isNaN ? 0 : newValue, key: .minificationFilterBias) }
    }

    /// Filter used when contents are drawn larger. Default `.linear`.
    public var magnificationFilter: CALayerContentsFilter {
        get { properties.magnificationFilter }
        set { setProperty(\.magnificationFilter, newValue, key: .magnificationFilter) }
    }

    /// Whether a layer with sublayers and opacity below 1 is drawn as one group, so overlapping sublayers do not show through each other. Default true (iOS 7 and later).
    public var allowsGroupOpacity: Bool {
        get { properties.allowsGroupOpacity }
        set { setProperty(\.allowsGroupOpacity, newValue, key: .allowsGroupOpacity) }
    }

    /// Whether edges of transformed layers are anti-aliased. Default true, as on macOS: iOS defaults to false because its GPU draws edges differently; a software compositor would show staircases.
    public var allowsEdgeAntialiasing: Bool {
        get { properties.allowsEdgeAntialiasing }
        set { setProperty(\.allowsEdgeAntialiasing, newValue, key: .allowsEdgeAntialiasing) }
    }

    /// A hint that the layer's drawn content is opaque. Default false.
    public var isOpaque: Bool {
        get { properties.isOpaque }
        set { setProperty(\.isOpaque, newValue, key: .isOpaque) }
    }
}
