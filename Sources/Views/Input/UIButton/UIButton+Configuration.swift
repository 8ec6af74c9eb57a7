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
    /// `baseForegroundColor` replace the tint in those roles, and `background.backgroundColor`,
    /// when set, replaces the style's background colour. Pressed, the button draws at 70 %
    /// (iOS lightens pressed buttons; Apple gives no figure); disabled, the text is
    /// `tertiaryLabel` gray and a style's background `tertiarySystemFill`.
    ///
    /// Images whose rendering mode is `.alwaysTemplate` are drawn in the foreground colour
    /// (through `imageColorTransformer`); other images keep their own colours.
    ///
    /// Not here: `macIdiomStyle`, `preferredSymbolConfigurationForImage` (Kinescope has no
    /// symbol images), `automaticallyUpdateForSelection` (a selected configured button looks
    /// like an unselected one) and `updatedConfiguration(for:)`.
    public struct Configuration: Hashable {
        /// Which look the configuration started from.
        enum Style: Hashable { case plain, tinted, gray, filled }

        /// How the button treats `background.cornerRadius`, with UIKit's raw values.
        public enum CornerStyle: Int, Hashable, Sendable {
            /// `background.cornerRadius` as it is.
            case fixed = -1
            /// `background.cornerRadius` adjusted for Dynamic Type (Kinescope has one text size,
            /// so as it is). Until set, that radius follows the button size: 4 points for `.mini`
            /// and `.small`, 6 for `.medium`, 8 for `.large`.
            case dynamic = 0
            /// 4 points.
            case small = 1
            /// 6 points.
            case medium = 2
            /// 10 points.
            case large = 3
            /// Half the height: round ends.
            case capsule = 4
        }

        /// The button's size class: the default insets, fonts and corners follow it. UIKit's raw
        /// values.
        public enum Size: Int, Hashable, Sendable {
            case medium = 0, small, mini, large

            /// The title's font size: 12, 15, 17, 17 points for mini … large (`.large` in
            /// semibold), and the subtitle's: 11, 13, 15, 15 (Apple's text styles caption2 …
            /// subheadline).
            var titleSize: CGFloat {
                switch self {
                case .mini: 12
                case .small: 15
                case .medium, .large: 17
                }
            }

            var subtitleSize: CGFloat {
                switch self {
                case .mini: 11
                case .small: 13
                case .medium, .large: 15
                }
            }

            /// The default content insets: 4/8, 5/10, 7/12 and 14/20 points (vertical/horizontal)
            /// for mini … large.
            var insets: NSDirectionalEdgeInsets {
                let (v, h): (CGFloat, CGFloat) = switch self {
                case .mini: (4, 8)
                case .small: (5, 10)
                case .medium: (7, 12)
                case .large: (14, 20)
                }
                return NSDirectionalEdgeInsets(top: v, leading: h, bottom: v, trailing: h)
            }

            /// The background's corner radius until one is set: 4, 4, 6, 8 points.
            var cornerRadius: CGFloat {
                switch self {
                case .mini, .small: 4
                case .medium: 6
                case .large: 8
                }
            }
        }

        /// How the title and subtitle line up with each other, with UIKit's raw values.
        public enum TitleAlignment: Int, Hashable, Sendable {
            /// Centred (what UIKit picks for an image beside the text and for text alone).
            case automatic = 0
            case leading, center, trailing
        }

        let style: Style

        /// The title, on one line. Default nil. It is the text of `attributedTitle`: setting it
        /// sets `attributedTitle` to the plain text (its attributes dropped), as UIKit does.
        public var title: String? {
            get { attributedTitle.map { String($0.characters) } }
            set { attributedTitle = newValue.map { AttributedString($0) } }
        }
        /// The title with attributes of its own (`font`, `foregroundColor`, `kern`, underlines…),
        /// which win over the configuration's font and foreground colour. Default nil.
        public var attributedTitle: AttributedString?
        /// Changes the title's attributes (each run's: the configuration's font and foreground
        /// colour under the run's own) before it is drawn. Default nil.
        public var titleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// A second line under the title, smaller. Default nil. The text of
        /// `attributedSubtitle`, as `title` is of `attributedTitle`.
        public var subtitle: String? {
            get { attributedSubtitle.map { String($0.characters) } }
            set { attributedSubtitle = newValue.map { AttributedString($0) } }
        }
        /// The subtitle with attributes of its own. Default nil.
        public var attributedSubtitle: AttributedString?
        /// Changes the subtitle's attributes before it is drawn. Default nil.
        public var subtitleTextAttributesTransformer: UIConfigurationTextAttributesTransformer?
        /// An image beside the title, at its own size. Default nil.
        public var image: UIImage?
        /// Applied to the foreground colour to give a template image's colour. Default nil.
        public var imageColorTransformer: UIConfigurationColorTransformer?
        /// Shows a spinning medium activity indicator in place of the image (where the image
        /// would be, by `imagePlacement`). Default false.
        public var showsActivityIndicator = false
        /// Applied to the foreground colour to give the activity indicator's. Default nil.
        public var activityIndicatorColorTransformer: UIConfigurationColorTransformer?
        /// Where the image goes: one edge of `.leading`, `.trailing`, `.top`, `.bottom`; as in
        /// UIKit only single edges are supported (a combination is taken as `.leading`).
        /// Default `.leading`.
        public var imagePlacement: NSDirectionalRectEdge = .leading
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
        /// How the button treats `background.cornerRadius`. Default `.dynamic`.
        public var cornerStyle: CornerStyle = .dynamic
        /// The background: its colour (nil: the style's), image, custom view, stroke, insets and
        /// corner radius. Its `cornerRadius` follows `buttonSize` (`CornerStyle.dynamic`'s
        /// figures) until set to another value.
        public var background: UIBackgroundConfiguration {
            get {
                var background = backgroundStorage
                background.cornerRadius = cornerRadiusStorage ?? buttonSize.cornerRadius
                return background
            }
            set {
                backgroundStorage = newValue
                if cornerRadiusStorage != nil || newValue.cornerRadius != buttonSize.cornerRadius {
                    cornerRadiusStorage = newValue.cornerRadius
                }
            }
        }
        private var backgroundStorage = UIBackgroundConfiguration()
        private var cornerRadiusStorage: CGFloat?
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

        /// Gives `contentInsets` back to the button size, as UIKit's `setDefaultContentInsets()`.
        public mutating func setDefaultContentInsets() { contentInsetsStorage = nil }

        /// The corner radius for a button `height` points tall.
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed, .dynamic: background.cornerRadius
            case .small: 4
            case .medium: 6
            case .large: 10
            case .capsule: height / 2
            }
        }

        /// Where the image goes, one edge (a combination of edges is `.leading`).
        var imageEdge: NSDirectionalRectEdge {
            [.leading, .trailing, .top, .bottom].contains(imagePlacement) ? imagePlacement : .leading
        }

        public static func == (a: Configuration, b: Configuration) -> Bool {
            a.style == b.style && a.attributedTitle == b.attributedTitle && a.attributedSubtitle == b.attributedSubtitle
                && a.titleTextAttributesTransformer == b.titleTextAttributesTransformer
                && a.subtitleTextAttributesTransformer == b.subtitleTextAttributesTransformer
                && a.image === b.image && a.imageColorTransformer == b.imageColorTransformer
                && a.showsActivityIndicator == b.showsActivityIndicator
                && a.activityIndicatorColorTransformer == b.activityIndicatorColorTransformer
                && a.imagePlacement == b.imagePlacement && a.imagePadding == b.imagePadding
                && a.titlePadding == b.titlePadding && a.titleAlignment == b.titleAlignment
                && a.contentInsetsStorage == b.contentInsetsStorage && a.buttonSize == b.buttonSize
                && a.cornerStyle == b.cornerStyle && a.background == b.background
                && a.baseForegroundColor == b.baseForegroundColor && a.baseBackgroundColor == b.baseBackgroundColor
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(style)
            hasher.combine(attributedTitle)
            hasher.combine(attributedSubtitle)
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
        configured.layout(in: bounds, margins: layoutMargins)
    }
}

/// The views drawing a `UIButton.Configuration`: the background's views behind an image view
/// (or an activity indicator), a title label and a subtitle label, placed by the configuration's
/// insets, placement and paddings.
@MainActor
final class ConfiguredContent {
    var configuration: UIButton.Configuration
    let container = ControlPart(frame: .zero)
    private let background: BackgroundConfigurationView
    private let imageView = UIImageView(frame: .zero)
    private let titleLabel = UILabel(frame: .zero)
    private let subtitleLabel = UILabel(frame: .zero)
    /// Made when a configuration first shows one.
    private var activityIndicator: UIActivityIndicatorView?

    init(configuration: UIButton.Configuration) {
        self.configuration = configuration
        background = BackgroundConfigurationView(in: container)
        for view in [imageView, titleLabel, subtitleLabel] as [UIView] {
            view.isUserInteractionEnabled = false
            container.addSubview(view)
        }
    }

    func apply(tint: UIColor, enabled: Bool, highlighted: Bool) {
        let c = configuration
        let foreground: UIColor, styleBackdrop: UIColor?
        switch c.style {
        case .filled: (foreground, styleBackdrop) = (c.baseForegroundColor ?? .white, c.baseBackgroundColor ?? tint)
        case .tinted: (foreground, styleBackdrop) = (c.baseForegroundColor ?? tint, c.baseBackgroundColor ?? tint.withAlphaComponent(0.15))
        case .gray: (foreground, styleBackdrop) = (c.baseForegroundColor ?? tint, c.baseBackgroundColor ?? .tertiarySystemFill)
        case .plain: (foreground, styleBackdrop) = (c.baseForegroundColor ?? tint, c.baseBackgroundColor)
        }
        let styleFill = enabled ? styleBackdrop : styleBackdrop.map { _ in .tertiarySystemFill }
        // The background's own colour, else the style's, through the transformer; none when
        // neither gives one (a plain button).
        let backdrop = c.background.backgroundColor == nil && styleFill == nil ? nil
            : c.background.resolvedBackgroundColor(for: styleFill ?? .clear)
        background.apply(c.background, color: backdrop, strokeColor: c.background.resolvedStrokeColor(for: tint))
        let textColor: UIColor = enabled ? foreground : .tertiaryLabel
        let titleFont = UIFont.systemFont(ofSize: c.buttonSize.titleSize, weight: c.buttonSize == .large ? .semibold : .regular)
        titleLabel.attributedText = Self.text(c.attributedTitle, font: titleFont, color: textColor,
                                              transformer: c.titleTextAttributesTransformer)
        titleLabel.isHidden = (c.attributedTitle?.characters.isEmpty ?? true)
        subtitleLabel.attributedText = Self.text(c.attributedSubtitle, font: .systemFont(ofSize: c.buttonSize.subtitleSize),
                                                 color: textColor, transformer: c.subtitleTextAttributesTransformer)
        subtitleLabel.isHidden = (c.attributedSubtitle?.characters.isEmpty ?? true)
        imageView.image = c.image
        imageView.tintColor = c.imageColorTransformer?(foreground) ?? foreground
        imageView.isHidden = c.image == nil || c.showsActivityIndicator
        imageView.alpha = enabled ? 1 : 0.3
        if c.showsActivityIndicator {
            let indicator = activityIndicator ?? makeActivityIndicator()
            indicator.color = c.activityIndicatorColorTransformer?(textColor) ?? textColor
            if !indicator.isAnimating { indicator.startAnimating() }
        } else if let activityIndicator, activityIndicator.isAnimating {
            activityIndicator.stopAnimating()
        }
        container.alpha = highlighted ? 0.7 : 1
        container.isHidden = false
    }

    private func makeActivityIndicator() -> UIActivityIndicatorView {
        let indicator = UIActivityIndicatorView(style: .medium)
        indicator.isUserInteractionEnabled = false
        container.addSubview(indicator)
        activityIndicator = indicator
        return indicator
    }

    /// `text` drawn in `font` and `color` where its runs do not say otherwise, each run's
    /// attributes then passed through `transformer`.
    static func text(_ text: AttributedString?, font: UIFont, color: UIColor,
                     transformer: UIConfigurationTextAttributesTransformer?) -> NSAttributedString? {
        guard let text else { return nil }
        var defaults = AttributeContainer()
        defaults.font = font
        defaults.foregroundColor = color
        let result = NSMutableAttributedString(string: "")
        for run in text.runs {
            var attributes = defaults.merging(run.attributes)
            if let transformer { attributes = transformer(attributes) }
            result.append(NSAttributedString(string: String(text.characters[run.range]),
                                             attributes: UIKitAttributeBridge.dictionary(of: attributes)))
        }
        return result
    }

    /// The size of the text block (title over subtitle).
    private var textSize: CGSize {
        let title = titleLabel.isHidden ? .zero : titleLabel.sizeThatFits(.zero)
        let subtitle = subtitleLabel.isHidden ? .zero : subtitleLabel.sizeThatFits(.zero)
        let gap = title.height > 0 && subtitle.height > 0 ? configuration.titlePadding : 0
        return CGSize(width: max(title.width, subtitle.width), height: title.height + gap + subtitle.height)
    }

    /// The size of the image, or of the activity indicator shown in its place.
    private var imageSize: CGSize {
        if configuration.showsActivityIndicator, let activityIndicator { return activityIndicator.intrinsicContentSize }
        return imageView.isHidden ? .zero : imageView.image?.size ?? .zero
    }

    /// The content's size: image and text side by side (or stacked for `.top` / `.bottom`),
    /// `imagePadding` between when both show.
    private var contentSize: CGSize {
        let text = textSize, image = imageSize
        let gap = text.width > 0 && image.width > 0 ? configuration.imagePadding : 0
        switch configuration.imageEdge {
        case .top, .bottom: return CGSize(width: max(text.width, image.width), height: text.height + gap + image.height)
        default: return CGSize(width: text.width + gap + image.width, height: max(text.height, image.height))
        }
    }

    /// The content plus the insets, widths rounded up to whole points.
    func fittingSize() -> CGSize {
        let content = contentSize, insets = configuration.contentInsets
        return CGSize(width: (content.width + insets.leading + insets.trailing).rounded(.up),
                      height: (content.height + insets.top + insets.bottom).rounded(.up))
    }

    /// Places the views in `bounds` of a button whose layout margins are `margins`.
    func layout(in bounds: CGRect, margins: UIEdgeInsets) {
        container.frame = bounds
        var backgroundConfiguration = configuration.background
        backgroundConfiguration.cornerRadius = configuration.cornerRadius(height: bounds.height)
        background.layout(backgroundConfiguration, in: bounds, margins: margins)
        let area = bounds.inset(by: configuration.contentInsets.edgeInsets)
        let content = contentSize, text = textSize, image = imageSize
        let origin = CGPoint(x: area.midX - content.width / 2, y: area.midY - content.height / 2)
        let gap = text.width > 0 && image.width > 0 ? configuration.imagePadding : 0
        var imageOrigin = origin, textOrigin = origin
        switch configuration.imageEdge {
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
        default:
            imageOrigin.y += (content.height - image.height) / 2
            textOrigin.x += image.width + gap
            textOrigin.y += (content.height - text.height) / 2
        }
        imageView.frame = CGRect(origin: rounded(imageOrigin), size: image)
        activityIndicator?.frame = CGRect(origin: rounded(imageOrigin), size: image)
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
