import Geometry
import Layers

/// A view that shows an image, as UIKit's `UIImageView`: the image is the layer's contents,
/// placed by `contentMode` (default `.scaleToFill`), at the image's scale. As in UIKit, image
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

    private func updateContents() {
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// The image's size; without an image, `noIntrinsicMetric` in both dimensions, as in UIKit.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}
