import Geometry
import Graphics
import Layers

/// A view that shows an image, as UIKit's `UIImageView`: the image is the layer's contents,
/// placed by `contentMode` (default `.scaleToFill`), at the image's scale; an image whose
/// `renderingMode` is `.alwaysTemplate` is drawn in the view's `tintColor`. As in UIKit, image
/// views ignore touches (`isUserInteractionEnabled` defaults to false) and are not opaque.
@MainActor
open class UIImageView: UIView {
    override class var drawsWithDrawRect: Bool { false }

    /// The image shown; setting it swaps the layer's contents (which a `UIView.transition`
    /// animates).
    open var image: UIImage? {
        didSet { updateContents() }
    }

    /// An image view sized to `image` (zero size without one).
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        updateContents()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
    }

    /// The last template drawn: its pixels, the tint, and the result.
    private var templateCache: (source: CGImage, tint: UIColor, result: CGImage)?

    /// Shows the image, filled with `tintColor` when its rendering mode is `.alwaysTemplate`.
    private func updateContents() {
        layer.contentsScale = image?.scale ?? 1
        guard let image, image.renderingMode == .alwaysTemplate, let source = image.cgImage else {
            templateCache = nil
            layer.contents = image?.cgImage
            return
        }
        let tint: UIColor = tintColor
        if let cached = templateCache, cached.source === source, cached.tint == tint {
            layer.contents = cached.result
            return
        }
        let result = UIImage.tinted(source, with: tint)
        templateCache = (source, tint, result)
        layer.contents = result
    }

    /// A template image is drawn again in the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.renderingMode == .alwaysTemplate { updateContents() }
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// The image's size; without an image, `noIntrinsicMetric` in both dimensions, as in UIKit.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}
