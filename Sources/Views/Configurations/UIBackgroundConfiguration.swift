import Foundation
import Layers

/// How a view's background looks, as UIKit's `UIBackgroundConfiguration`: a fill colour, an
/// image and a custom view inside rounded corners, and a stroke around them, placed by insets.
/// A `UIButton.Configuration` carries one as its `background`.
///
/// Corners use the continuous curve, as Apple's. The stroke is drawn inside the rectangle that
/// `strokeOutset` gives (the background's, grown by the outset), as a layer border is (Apple
/// does not say on which side of that edge its stroke lies).
///
/// Not here: `visualEffect` (Kinescope has no `UIVisualEffect`) and the list styles
/// (`listPlainCell()`…), which only list cells read.
public struct UIBackgroundConfiguration: Hashable {
    /// A view drawn inside the background's rounded corners, over its colour and image, sized to
    /// the background. Default nil.
    public var customView: UIView?
    /// The corners' radius in points (continuous curve), also applied to the custom view and
    /// the image. Default 0. A radius larger than half a side is reduced to fit.
    public var cornerRadius: CGFloat = 0
    /// Insets (outsets when negative) of the background from the view's edges. Default zero.
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    /// The edges on which the view's layout margins are added to `backgroundInsets`. Default none.
    public var edgesAddingLayoutMarginsToBackgroundInsets: NSDirectionalRectEdge = []
    /// The fill colour; nil uses the view's tint colour (a button: its style's colour), `.clear`
    /// none. Default nil.
    public var backgroundColor: UIColor?
    /// Applied to the resolved fill colour. Default nil (the colour as it is).
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    /// An image drawn over the fill colour, placed by `imageContentMode`. Default nil.
    public var image: UIImage?
    /// How `image` fills the background. Default `.scaleToFill`.
    public var imageContentMode: UIView.ContentMode = .scaleToFill
    /// The stroke's colour; nil uses the view's tint colour. Default nil.
    public var strokeColor: UIColor?
    /// Applied to the resolved stroke colour. Default nil.
    public var strokeColorTransformer: UIConfigurationColorTransformer?
    /// The stroke's width in points; 0, the default, draws none.
    public var strokeWidth: CGFloat = 0
    /// Points the stroke lies outside the background (inside when negative); its corners grow
    /// by the same amount, staying concentric. Default 0.
    public var strokeOutset: CGFloat = 0

    /// A background with nothing in it: no colour, no stroke, square corners, as Apple's
    /// `clear()`.
    public static func clear() -> UIBackgroundConfiguration {
        var configuration = UIBackgroundConfiguration()
        configuration.backgroundColor = .clear
        return configuration
    }

    init() {}

    /// The fill colour for a view tinted `tintColor`: `backgroundColor` (or the tint when nil)
    /// through `backgroundColorTransformer`.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let color = backgroundColor ?? tintColor
        return backgroundColorTransformer?(color) ?? color
    }

    /// The stroke colour for a view tinted `tintColor`: `strokeColor` (or the tint when nil)
    /// through `strokeColorTransformer`.
    public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
        let color = strokeColor ?? tintColor
        return strokeColorTransformer?(color) ?? color
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.customView === b.customView && a.cornerRadius == b.cornerRadius && a.backgroundInsets == b.backgroundInsets
            && a.edgesAddingLayoutMarginsToBackgroundInsets == b.edgesAddingLayoutMarginsToBackgroundInsets
            && a.backgroundColor == b.backgroundColor && a.backgroundColorTransformer == b.backgroundColorTransformer
            && a.image === b.image && a.imageContentMode == b.imageContentMode && a.strokeColor == b.strokeColor
            && a.strokeColorTransformer == b.strokeColorTransformer && a.strokeWidth == b.strokeWidth
            && a.strokeOutset == b.strokeOutset
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cornerRadius)
        hasher.combine(backgroundColor)
        hasher.combine(strokeWidth)
    }
}

/// The views drawing a `UIBackgroundConfiguration`: the fill (colour, image, custom view, all
/// inside the rounded corners) and the stroke over it.
@MainActor
final class BackgroundConfigurationView {
    private let fill = ControlPart(frame: .zero)
    private let imageView = UIImageView(frame: .zero)
    private let stroke = ControlPart(frame: .zero)
    private var customView: UIView?

    init(in container: UIView) {
        imageView.isUserInteractionEnabled = false
        fill.addSubview(imageView)
        fill.clipsToBounds = true
        fill.layer.cornerCurve = .continuous
        stroke.layer.cornerCurve = .continuous
        container.addSubview(fill)
        container.addSubview(stroke)
    }

    /// Shows `configuration` with `color` as its fill (already resolved: nil for none) and
    /// `strokeColor` as its stroke's.
    func apply(_ configuration: UIBackgroundConfiguration, color: UIColor?, strokeColor: UIColor) {
        fill.backgroundColor = color
        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        imageView.contentMode = configuration.imageContentMode
        if customView !== configuration.customView {
            customView?.removeFromSuperview()
            customView = configuration.customView
            if let customView { fill.addSubview(customView) }
        }
        stroke.isHidden = configuration.strokeWidth <= 0
        stroke.layer.borderWidth = max(0, configuration.strokeWidth)
        stroke.layer.borderColor = strokeColor.cgColor
    }

    /// Places the background in `bounds` of a view with `margins` as its layout margins.
    func layout(_ configuration: UIBackgroundConfiguration, in bounds: CGRect, margins: UIEdgeInsets) {
        var insets = configuration.backgroundInsets.edgeInsets
        let edges = configuration.edgesAddingLayoutMarginsToBackgroundInsets
        if edges.contains(.top) { insets.top += margins.top }
        if edges.contains(.leading) { insets.left += margins.left }
        if edges.contains(.bottom) { insets.bottom += margins.bottom }
        if edges.contains(.trailing) { insets.right += margins.right }
        let frame = bounds.inset(by: insets)
        let radius = Self.fitted(configuration.cornerRadius, to: frame.size)
        fill.frame = frame
        fill.layer.cornerRadius = radius
        imageView.frame = fill.bounds
        customView?.frame = fill.bounds
        let outset = configuration.strokeOutset
        let strokeFrame = frame.insetBy(dx: -outset, dy: -outset)
        stroke.frame = strokeFrame
        stroke.layer.cornerRadius = Self.fitted(radius + outset, to: strokeFrame.size)
    }

    /// `radius`, no larger than half the shorter side and no less than 0.
    static func fitted(_ radius: CGFloat, to size: CGSize) -> CGFloat {
        guard radius.isFinite else { return 0 }
        return max(0, min(radius, min(size.width, size.height) / 2))
    }
}
