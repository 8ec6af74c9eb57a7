import Foundation
import Geometry
import Layers

/// The control drawing one tab bar item across its share of the bar: the template image
/// centred in the top 34 points (scaled down to fit 30×30), the title under it in 10-point
/// medium type, and the badge, a capsule 18 points high whose leading edge sits 6 points
/// right of the image's centre, 2 points below the bar's top (where UIKit's sits at the image's
/// top right). A disabled item draws at half opacity.
@MainActor
final class TabBarButton: UIControl {
    /// The largest image drawn, points; bigger images are scaled down to fit.
    static let maximumImageSide: CGFloat = 30
    static let titleFont = UIFont.systemFont(ofSize: 10, weight: .medium)
    static let badgeFont = UIFont.systemFont(ofSize: 13)
    static let badgeHeight: CGFloat = 18
    /// Where the image's centre sits, points below the bar's top.
    static let imageCentreY: CGFloat = 18.5
    /// The title's line: its top and height, points.
    static let titleTop: CGFloat = 34, titleHeight: CGFloat = 12
    /// The badge's offsets: its leading edge from the image's centre, its top from the bar's.
    static let badgeOffsetX: CGFloat = 6, badgeTop: CGFloat = 2
    /// iOS's light-mode `systemRed`, sRGB (255, 59, 48): the default badge colour.
    static let badgeRed = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)

    let item: UITabBarItem
    private let icon = TemplateImageView(frame: .zero)
    private let titleLabel = UILabel(frame: .zero)
    private let badge = UIView(frame: .zero)
    private let badgeLabel = UILabel(frame: .zero)
    private var isShownSelected = false

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        titleLabel.font = Self.titleFont
        titleLabel.textAlignment = .center
        badgeLabel.font = Self.badgeFont
        badgeLabel.textColor = .white
        badgeLabel.textAlignment = .center
        for view in [icon, titleLabel, badge, badgeLabel] as [UIView] { view.isUserInteractionEnabled = false }
        badge.addSubview(badgeLabel)
        addSubview(icon)
        addSubview(titleLabel)
        addSubview(badge)
        refresh()
    }

    /// Takes the item's members again.
    func refresh() {
        titleLabel.text = item.title
        isEnabled = item.isEnabled
        alpha = item.isEnabled ? 1 : 0.5
        badge.isHidden = item.badgeValue == nil
        badgeLabel.text = item.badgeValue
        badge.backgroundColor = item.badgeColor ?? Self.badgeRed
        icon.image = isShownSelected ? item.selectedImage : item.image
        setNeedsLayout()
    }

    /// Draws the item selected or not, in `color`.
    func show(selected: Bool, color: UIColor) {
        isShownSelected = selected
        isSelected = selected
        icon.image = selected ? item.selectedImage : item.image
        icon.tint = color
        titleLabel.textColor = color
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let midX = bounds.width / 2
        var imageSize = icon.image?.size ?? .zero
        let largest = max(imageSize.width, imageSize.height)
        if largest > Self.maximumImageSide {
            imageSize = CGSize(width: imageSize.width * Self.maximumImageSide / largest,
                               height: imageSize.height * Self.maximumImageSide / largest)
        }
        icon.frame = CGRect(x: (midX - imageSize.width / 2).rounded(), y: (Self.imageCentreY - imageSize.height / 2).rounded(),
                            width: imageSize.width, height: imageSize.height)
        titleLabel.frame = CGRect(x: 0, y: Self.titleTop, width: bounds.width, height: Self.titleHeight)
        guard !badge.isHidden else { return }
        badgeLabel.sizeToFit()
        let width = max(Self.badgeHeight, (badgeLabel.bounds.width + 10).rounded(.up))
        badge.frame = CGRect(x: (midX + Self.badgeOffsetX).rounded(), y: Self.badgeTop, width: width, height: Self.badgeHeight)
        badge.layer.cornerRadius = Self.badgeHeight / 2
        badgeLabel.frame = badge.bounds
    }
}

/// Draws an image as a template, as UIKit draws tab bar images: the image's alpha masks a fill
/// of `tint` (a layer mask, so a tint change redraws nothing but the fill colour).
@MainActor
final class TemplateImageView: UIView {
    private let maskLayer = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        layer.mask = maskLayer
    }

    var image: UIImage? {
        didSet {
            guard image !== oldValue else { return }
            withoutActions {
                maskLayer.contents = image?.cgImage
                maskLayer.contentsScale = image?.scale ?? 1
            }
            setNeedsLayout()
        }
    }

    var tint: UIColor? {
        get { backgroundColor }
        set { backgroundColor = newValue }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        withoutActions { maskLayer.frame = bounds }
    }

    /// Changes the standalone mask layer without its implicit animations.
    private func withoutActions(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}
