import Geometry
import Layers

extension UIButton {
    /// How a button looks, as iOS 15's `UIButton.Configuration`: a value describing the title,
    /// subtitle, image, their spacing and insets, and the colours and corners of the background,
    /// made from one of the styles (`filled()`, `tinted()`, `gray()`, `plain()` and the bordered
    /// names) and then adjusted.
    ///
    /// ```swift
    /// var configuration = UIButton.Configuration.filled()
    /// configuration.title = "Buy"
    /// configuration.subtitle = "£4.99"
    /// configuration.cornerStyle = .capsule
    /// let buy = UIButton(configuration: configuration, primaryAction: UIAction { _ in purchase() })
    /// ```
    ///
    /// The styles' colours (iOS 15, light appearance): `filled` — the tint behind white text;
    /// `tinted` — the tint at 15 % behind tinted text; `gray` — `tertiarySystemFill` behind
    /// tinted text; `plain` — no background, tinted text. `baseBackgroundColor` and
    /// `baseForegroundColor` replace the tint in those roles. Pressed, the button draws at 70 %
    /// (iOS lightens pressed buttons; Apple gives no figure); disabled, the text is
    /// `tertiaryLabel` gray and a background `tertiarySystemFill`.
    ///
    /// Not here: `attributedTitle`, `background` (`UIBackgroundConfiguration`, so no
    /// `.fixed` corner style), `showsActivityIndicator`, `imageColorTransformer`; images are not
    /// tinted (Kinescope's `UIImage` has no template rendering).
    public struct Configuration: Hashable {
        /// Which look the configuration started from.
        enum Style: Hashable { case plain, tinted, gray, filled }

        /// How round the background's corners are, with UIKit's raw values.
        public enum CornerStyle: Int, Hashable, Sendable {
            /// By button size: 4 points for `.mini` and `.small`, 6 for `.medium`, 8 for `.large`.
            case dynamic = 0
            /// 4 points.
            case small = 2
            /// 6 points.
            case medium = 3
            /// 10 points.
            case large = 4
            /// Half the height: round ends.
            case capsule = 5

            @MainActor
            func radius(size: Size, height: CGFloat) -> CGFloat {
                switch self {
                case .dynamic: [Size.mini: 4, .small: 4, .medium: 6, .large: 8][size] ?? 6
                case .small: 4
                case .medium: 6
                case .large: 10
                case .capsule: height / 2
                }
            }
        }

        /// The button's size class: the default insets and fonts follow it.
        public enum Size: Int, Hashable, Sendable {
            case mini = 0, small, medium, large

            /// The title's font size: 12, 15, 17, 17 points (`.large` in semibold), and the
            /// subtitle's: 11, 13, 15, 15 (Apple's text styles caption2 … subheadline).
            var titleSize: CGFloat { [12, 15, 17, 17][rawValue] }
            var subtitleSize: CGFloat { [11, 13, 15, 15][rawValue] }

            /// The default content insets: 4/8, 5/10, 7/12 and 14/20 points (vertical/horizontal).
            var insets: NSDirectionalEdgeInsets {
                let (v, h): (CGFloat, CGFloat) = [(4, 8), (5, 10), (7, 12), (14, 20)][rawValue]
                return NSDirectionalEdgeInsets(top: v, leading: h, bottom: v, trailing: h)
            }
        }

        /// How the title and subtitle line up with each other, with UIKit's raw values.
        public enum TitleAlignment: Int, Hashable, Sendable {
            /// Centred (what UIKit picks for an image beside the text and for text alone).
            case automatic = 0
            case leading, center, trailing
        }

        /// Where the image sits relative to the title, as `NSDirectionalRectEdge`.
        public enum ImagePlacement: Hashable, Sendable {
            case leading, trailing, top, bottom
        }

        let style: Style

        /// The title, on one line. Default nil.
        public var title: String?
        /// A second line under the title, smaller. Default nil.
        public var subtitle: String?
        /// An image beside the title, at its own size. Default nil.
        public var image: UIImage?
        /// Where the image goes. Default `.leading`.
        public var imagePlacement: ImagePlacement = .leading
        /// Points between the image and the text. Default 0.
        public var imagePadding: CGFloat = 0
        /// Points between the title and the subtitle. Default 0.
        public var titlePadding: CGFloat = 0
        /// How the title and subtitle line up. Default `.automatic`.
        public var titleAlignment: TitleAlignment = .automatic
        /// Space between the content and the edges. Default: the `buttonSize`'s insets
        /// (7 and 12 points at `.medium`) until set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { contentInsetsStorage ?? buttonSize.insets }
            set { contentInsetsStorage = newValue }
        }
        private var contentInsetsStorage: NSDirectionalEdgeInsets?
        /// The size class. Default `.medium`.
        public var buttonSize: Size = .medium
        /// How round the background is. Default `.dynamic`.
        public var cornerStyle: CornerStyle = .dynamic
        /// The colour of the text, in place of the style's (white for `filled`, else the tint).
        /// Default nil.
        public var baseForegroundColor: UIColor?
        /// The colour of the background, in place of the style's (the tint for `filled`, the
        /// tint at 15 % for `tinted`). Default nil.
        public var baseBackgroundColor: UIColor?

        init(style: Style) { self.style = style }

        /// Text in the tint colour, no background.
        public static func plain() -> Configuration { Configuration(style: .plain) }
        /// Tinted text on the tint colour at 15 %.
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        /// Tinted text on a light gray background.
        public static func gray() -> Configuration { Configuration(style: .gray) }
        /// White text on the tint colour.
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// The gray style under its bordered name (Apple's `bordered()` is that look).
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        /// The tinted style under its bordered name.
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        /// The filled style under its bordered name.
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }
        /// The plain style under its borderless name.
        public static func borderless() -> Configuration { Configuration(style: .plain) }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.title == b.title && a.subtitle == b.subtitle && a.image === b.image
                && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding
                && a.titlePadding == b.titlePadding && a.titleAlignment == b.titleAlignment
                && a.contentInsetsStorage == b.contentInsetsStorage && a.buttonSize == b.buttonSize
                && a.cornerStyle == b.cornerStyle && a.baseForegroundColor == b.baseForegroundColor
                && a.baseBackgroundColor == b.baseBackgroundColor
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(style)
            hasher.combine(title)
            hasher.combine(subtitle)
            hasher.combine(buttonSize)
        }
    }

    /// A `.system` button drawn by `configuration`, running `primaryAction` (if any) on
    /// `.primaryActionTriggered`, as iOS 15's `init(configuration:primaryAction:)`. The action's
    /// title and image are not used: the configuration says what the button shows.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
        sizeToFit()
    }

    /// The configuration the button is drawn by, or nil for the classic look (the per-state
    /// titles and images, which a configured button does not show). Setting it redraws the
    /// button and changes its intrinsic size.
    public var configuration: Configuration? {
        get { configured?.configuration }
        set {
            if let newValue {
                if configured == nil {
                    let content = ConfiguredContent(configuration: newValue)
                    configured = content
                    addSubview(content.container)
                } else {
                    configured?.configuration = newValue
                }
            } else {
                configured?.container.removeFromSuperview()
                configured = nil
            }
            updateContent()
        }
    }

    /// Called when the button's state changes (pressed, enabled, selected, tint), and after
    /// `setNeedsUpdateConfiguration()`, to bring the configuration up to date, as iOS 15: it
    /// runs `configurationUpdateHandler`, whose changes to `configuration` then show. The
    /// handler may set `configuration` freely; that does not call it again.
    public var configurationUpdateHandler: (@MainActor (UIButton) -> Void)? {
        get { configurationUpdateHandlerStorage }
        set {
            configurationUpdateHandlerStorage = newValue
            setNeedsUpdateConfiguration()
        }
    }

    /// Asks for `updateConfiguration()`; Kinescope runs it at once (UIKit waits for the next
    /// layout pass; the result on screen is the same frame).
    public func setNeedsUpdateConfiguration() {
        updateContent()
    }

    /// Shows the configuration for the button's state and tint, and hides the classic content
    /// while a configuration is set.
    func applyConfiguration() {
        if !isUpdatingConfiguration {
            isUpdatingConfiguration = true
            updateConfiguration()
            isUpdatingConfiguration = false
        }
        guard let configured else { return }
        for view in subviews where view !== configured.container { view.isHidden = true }
        configured.apply(tint: tintColor, enabled: isEnabled, highlighted: isHighlighted)
    }

    func layoutConfiguration() {
        guard let configured else { return }
        if subviews.last !== configured.container { bringSubviewToFront(configured.container) }
        configured.layout(in: bounds)
    }
}

/// The views drawing a `UIButton.Configuration`: a background part behind an image view, a
/// title label and a subtitle label, placed by the configuration's insets, placement and
/// paddings.
@MainActor
final class ConfiguredContent {
    var configuration: UIButton.Configuration
    let container = ControlPart(frame: .zero)
    private let background = ControlPart(frame: .zero)
    private let imageView = UIImageView(frame: .zero)
    private let titleLabel = UILabel(frame: .zero)
    private let subtitleLabel = UILabel(frame: .zero)

    init(configuration: UIButton.Configuration) {
        self.configuration = configuration
        for view in [background, imageView, titleLabel, subtitleLabel] as [UIView] {
            view.isUserInteractionEnabled = false
            container.addSubview(view)
        }
    }

    func apply(tint: UIColor, enabled: Bool, highlighted: Bool) {
        let c = configuration
        let foreground: UIColor, backdrop: UIColor?
        switch c.style {
        case .filled: (foreground, backdrop) = (c.baseForegroundColor ?? .white, c.baseBackgroundColor ?? tint)
        case .tinted: (foreground, backdrop) = (c.baseForegroundColor ?? tint, c.baseBackgroundColor ?? tint.withAlphaComponent(0.15))
        case .gray: (foreground, backdrop) = (c.baseForegroundColor ?? tint, c.baseBackgroundColor ?? .tertiarySystemFill)
        case .plain: (foreground, backdrop) = (c.baseForegroundColor ?? tint, c.baseBackgroundColor)
        }
        background.backgroundColor = enabled ? backdrop : (backdrop == nil ? nil : .tertiarySystemFill)
        titleLabel.text = c.title
        titleLabel.font = .systemFont(ofSize: c.buttonSize.titleSize, weight: c.buttonSize == .large ? .semibold : .regular)
        titleLabel.textColor = enabled ? foreground : .tertiaryLabel
        titleLabel.isHidden = (c.title ?? "").isEmpty
        subtitleLabel.text = c.subtitle
        subtitleLabel.font = .systemFont(ofSize: c.buttonSize.subtitleSize)
        subtitleLabel.textColor = enabled ? foreground : .tertiaryLabel
        subtitleLabel.isHidden = (c.subtitle ?? "").isEmpty
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.alpha = enabled ? 1 : 0.3
        container.alpha = highlighted ? 0.7 : 1
        container.isHidden = false
    }

    /// The size of the text block (title over subtitle).
    private var textSize: CGSize {
        let title = titleLabel.isHidden ? .zero : titleLabel.sizeThatFits(.zero)
        let subtitle = subtitleLabel.isHidden ? .zero : subtitleLabel.sizeThatFits(.zero)
        let gap = title.height > 0 && subtitle.height > 0 ? configuration.titlePadding : 0
        return CGSize(width: max(title.width, subtitle.width), height: title.height + gap + subtitle.height)
    }

    private var imageSize: CGSize { imageView.isHidden ? .zero : imageView.image?.size ?? .zero }

    /// The content's size: image and text side by side (or stacked for `.top` / `.bottom`),
    /// `imagePadding` between when both show.
    private var contentSize: CGSize {
        let text = textSize, image = imageSize
        let gap = text.width > 0 && image.width > 0 ? configuration.imagePadding : 0
        switch configuration.imagePlacement {
        case .leading, .trailing: return CGSize(width: text.width + gap + image.width, height: max(text.height, image.height))
        case .top, .bottom: return CGSize(width: max(text.width, image.width), height: text.height + gap + image.height)
        }
    }

    /// The content plus the insets, widths rounded up to whole points.
    func fittingSize() -> CGSize {
        let content = contentSize, insets = configuration.contentInsets
        return CGSize(width: (content.width + insets.leading + insets.trailing).rounded(.up),
                      height: (content.height + insets.top + insets.bottom).rounded(.up))
    }

    func layout(in bounds: CGRect) {
        container.frame = bounds
        background.frame = bounds
        background.layer.cornerRadius = configuration.cornerStyle.radius(size: configuration.buttonSize, height: bounds.height)
        let area = bounds.inset(by: configuration.contentInsets.edgeInsets)
        let content = contentSize, text = textSize, image = imageSize
        let origin = CGPoint(x: area.midX - content.width / 2, y: area.midY - content.height / 2)
        let gap = text.width > 0 && image.width > 0 ? configuration.imagePadding : 0
        var imageOrigin = origin, textOrigin = origin
        switch configuration.imagePlacement {
        case .leading:
            imageOrigin.y += (content.height - image.height) / 2
            textOrigin.x += image.width + gap
            textOrigin.y += (content.height - text.height) / 2
        case .trailing:
            imageOrigin.x += text.width + gap
            imageOrigin.y += (content.height - image.height) / 2
            textOrigin.y += (content.height - text.height) / 2
        case .top:
            imageOrigin.x += (content.width - image.width) / 2
            textOrigin.x += (content.width - text.width) / 2
            textOrigin.y += image.height + gap
        case .bottom:
            imageOrigin.x += (content.width - image.width) / 2
            textOrigin.x += (content.width - text.width) / 2
            imageOrigin.y += text.height + gap
        }
        imageView.frame = CGRect(origin: rounded(imageOrigin), size: image)
        let title = titleLabel.isHidden ? .zero : titleLabel.sizeThatFits(.zero)
        let subtitle = subtitleLabel.isHidden ? .zero : subtitleLabel.sizeThatFits(.zero)
        let titleGap = title.height > 0 && subtitle.height > 0 ? configuration.titlePadding : 0
        func x(_ width: CGFloat) -> CGFloat {
            switch configuration.titleAlignment {
            case .leading: textOrigin.x
            case .trailing: textOrigin.x + text.width - width
            case .automatic, .center: textOrigin.x + (text.width - width) / 2
            }
        }
        titleLabel.frame = CGRect(origin: rounded(CGPoint(x: x(title.width), y: textOrigin.y)), size: title)
        subtitleLabel.frame = CGRect(origin: rounded(CGPoint(x: x(subtitle.width), y: textOrigin.y + title.height + titleGap)),
                                     size: subtitle)
    }

    private func rounded(_ point: CGPoint) -> CGPoint { CGPoint(x: point.x.rounded(), y: point.y.rounded()) }
}
