import Geometry
import Layers

/// A button, as UIKit's `UIButton` (the classic API here; `UIButton.Configuration` is in
/// `UIButton+Configuration.swift`): a control showing an image and a title side by side over a background image, each chosen
/// per control state.
///
/// The content is real subviews, as in UIKit: `titleLabel` (a `UILabel` that draws
/// `currentTitle`, so `button.titleLabel?.font = …` works), `imageView` (showing
/// `currentImage`) and, behind them, a private image view stretching `currentBackgroundImage`
/// over the bounds. State rule, as Apple documents it: a value set for the exact `state` is
/// used, else the `.normal` value, else a system default. So a button both selected and
/// highlighted shows its `.normal` image unless one was set for `[.selected, .highlighted]`
/// (a well-known UIKit surprise, kept).
///
/// ```swift
/// let button = UIButton(type: .system)
/// button.setTitle("Play", for: .normal)
/// button.setImage(UIImage(named: "play"), for: .normal)
/// button.titleLabel?.font = .boldSystemFont(ofSize: 17)
/// button.sizeToFit()
/// button.addAction(UIAction { _ in play() }, for: .primaryActionTriggered)
/// ```
///
/// Look while pressed: a `.system` button draws its title and image at alpha 0.2 (UIKit fades
/// them to about that); a `.custom` button draws its image and background image darker when
/// `adjustsImageWhenHighlighted` (the default). Disabled buttons draw their images lighter
/// when `adjustsImageWhenDisabled`, and `.system` ones a gray title.
///
/// Images: a `.system` button draws an image whose `renderingMode` is `.automatic` as a
/// template in its tint (gray when disabled), as UIKit does; `.alwaysOriginal` keeps the image's
/// colours, and `.custom` buttons draw images as they are unless they are `.alwaysTemplate`.
@MainActor
open class UIButton: UIControl {
    /// The button's style, with UIKit's raw values. The info, disclosure and add styles show
    /// their glyph (an "i" or "+" in a ring, 22×22 points, in the tint colour) as the `.normal`
    /// image and otherwise behave as `.system`; `.close` shows iOS 13's gray close circle
    /// (30×30 points).
    public enum ButtonType: Int, Sendable {
        /// No style: white title by default, image darkened while highlighted.
        case custom = 0
        /// The system style: title in the tint colour (system blue), faded while highlighted.
        case system = 1
        /// A detail disclosure button: since iOS 7 the same "i" in a ring as the info buttons.
        case detailDisclosure = 2
        /// An info button ("i" in a ring) meant for dark backgrounds; tinted like `.infoDark`.
        case infoLight = 3
        /// An info button meant for light backgrounds; tinted like `.infoLight`.
        case infoDark = 4
        /// A "+" in a ring, for adding a contact.
        case contactAdd = 5
        /// iOS 13's close button.
        case close = 7

        /// The pre-iOS 7 name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// The style given at creation; `UIButton(frame:)` makes `.custom` buttons, as in UIKit.
    public private(set) var buttonType: ButtonType = .custom

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var titleShadowColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    /// The glyph of an info, disclosure, add or close button, kept as its `.normal` image while
    /// the app sets no other; redrawn when the tint changes.
    private var systemGlyph: UIImage?
    /// Recently made darker or lighter copies of images, so that pressing a button again costs
    /// no pixel work.
    private var adjustedImages: [(source: UIImage, adjustment: ImageAdjustment, result: UIImage)] = []
    /// The last image a `.system` button turned into a template.
    private var templatedImage: (source: UIImage, result: UIImage)?

    private let backgroundImageView = UIImageView(frame: .zero)
    private let imageViewStorage = UIImageView(frame: .zero)
    private let titleLabelStorage = ButtonTitleLabel(frame: .zero)
    /// The `showsTouchWhenHighlighted` glow, made the first time it shows.
    private var glowView: UIImageView?
    /// The iOS 15 configuration and the views that draw it (`UIButton+Configuration.swift`);
    /// nil for a classic button.
    var configured: ConfiguredContent?
    /// `configurationUpdateHandler`'s storage, and whether it is running (so that the
    /// configuration it sets does not call it again).
    var configurationUpdateHandlerStorage: (@MainActor (UIButton) -> Void)?
    var isUpdatingConfiguration = false

    /// A `.custom` button with `frame`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        titleLabelStorage.lineBreakMode = .byTruncatingMiddle
        titleLabelStorage.shadowOffset = .zero
        for view in [backgroundImageView, imageViewStorage, titleLabelStorage] as [UIView] {
            view.isHidden = true
            addSubview(view)
        }
        updateContent()
    }

    /// A button of `buttonType` with a zero frame, as UIKit's `init(type:)`; size it with
    /// `sizeToFit()` or a frame.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        updateSystemGlyph()
        updateContent()
    }

    /// A button of `buttonType` (default `.system`) whose title and image are `primaryAction`'s,
    /// which runs on `.primaryActionTriggered`, as iOS 14's `init(type:primaryAction:)`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        adopt(primaryAction)
    }

    /// A `.custom` button with `frame` whose title and image are `primaryAction`'s, which runs
    /// on `.primaryActionTriggered`, as iOS 14's `init(frame:primaryAction:)`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        adopt(primaryAction)
    }

    private func adopt(_ action: UIAction?) {
        guard let action else { return }
        if !action.title.isEmpty { setTitle(action.title, for: .normal) }
        if let image = action.image { setImage(image, for: .normal) }
        addAction(action, for: .primaryActionTriggered)
    }

    // MARK: Per-state content

    /// Sets the title shown in `state` (nil removes it). Drawn by `titleLabel` in its font, in
    /// `titleColor(for:)`; an attributed title set for the same state is preferred, as in UIKit.
    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        updateContent()
    }

    /// The title for `state`, else the `.normal` one, else nil.
    public func title(for state: State) -> String? { value(titles, state) }

    /// Sets the title colour for `state` (nil removes it). It applies to plain titles, and to
    /// the parts of an attributed title that carry no `.foregroundColor`.
    public func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateContent()
    }

    /// The title colour for `state`, else the `.normal` one, else the system default: white for
    /// `.custom` buttons (UIKit's documented default), the `tintColor` for the other styles,
    /// `UIColor.systemGray` for those when `state` includes `.disabled`.
    public func titleColor(for state: State) -> UIColor? {
        value(titleColors, state) ?? defaultTitleColor(for: state)
    }

    /// Sets the colour of the title's shadow for `state` (nil removes it). The shadow is drawn
    /// at `titleLabel?.shadowOffset`, which is zero in a button (so nothing shows) until set,
    /// as on iOS 7 and later.
    public func setTitleShadowColor(_ color: UIColor?, for state: State) {
        titleShadowColors[state.rawValue] = color
        updateContent()
    }

    /// The title shadow colour for `state`, else the `.normal` one, else white (UIKit's
    /// documented default).
    public func titleShadowColor(for state: State) -> UIColor? { value(titleShadowColors, state) ?? .white }

    /// Sets the image shown beside the title in `state` (nil removes it).
    public func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        updateContent()
    }

    /// The image for `state`, else the `.normal` one, else nil (the glyph for the info, add and
    /// close styles).
    public func image(for state: State) -> UIImage? { value(images, state) }

    /// Sets the image stretched over the bounds, behind the title and image, in `state`.
    public func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        updateContent()
    }

    /// The background image for `state`, else the `.normal` one, else nil.
    public func backgroundImage(for state: State) -> UIImage? { value(backgroundImages, state) }

    /// Sets a styled title for `state` (nil removes it), preferred to the plain title. Drawn as
    /// `UILabel.attributedText` draws: in the `.font` and `.foregroundColor` of its first
    /// character (the label's font and the title colour where absent) for the whole string.
    public func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        updateContent()
    }

    /// The styled title for `state`, else the `.normal` one, else nil.
    public func attributedTitle(for state: State) -> NSAttributedString? { value(attributedTitles, state) }

    /// The title shown now: the current attributed title's string if there is one, else
    /// `title(for: state)`.
    public var currentTitle: String? { currentAttributedTitle?.string ?? title(for: state) }

    /// The title colour now, never nil: `titleColor(for: state)`.
    public var currentTitleColor: UIColor { titleColor(for: state) ?? .white }

    /// The title shadow colour now: `titleShadowColor(for: state)`.
    public var currentTitleShadowColor: UIColor? { titleShadowColor(for: state) }

    /// The image for the current state, as set (the darker or lighter copy drawn while
    /// highlighted or disabled is `imageView?.image`).
    public var currentImage: UIImage? { image(for: state) }

    /// The background image for the current state, as set.
    public var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// The styled title for the current state, if any.
    public var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The label that draws `currentTitle`: set its `font`, `lineBreakMode` or `numberOfLines`
    /// (the button lays out again). Its text and colours belong to the button, as in UIKit:
    /// use `setTitle(_:for:)` and `setTitleColor(_:for:)`. Defaults: the 15-point system font,
    /// `.byTruncatingMiddle`. Never nil here (UIKit documents nil for system buttons but returns
    /// a label; code written for it uses `?.`).
    public var titleLabel: UILabel? { titleLabelStorage }

    /// The image view that shows the current image; never nil. Its frame is set by layout: the
    /// image's size, or the whole content height or width with `.fill` alignments, where its
    /// `contentMode` (default `.scaleToFill`, which stretches) decides how the image sits, so
    /// UIKit's idiom of `.fill` alignments with `imageView?.contentMode = .scaleAspectFit`
    /// scales an image to the button here too.
    public var imageView: UIImageView? { imageViewStorage }

    // MARK: Appearance

    /// Margins around the image and title together (positive shrinks the content rectangle);
    /// `sizeThatFits` adds them. Default `.zero`.
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { if contentEdgeInsets != oldValue { setNeedsLayout() } }
    }

    /// Insets of the title's rectangle after it is sized and placed; positive values can clip
    /// the title, as in UIKit. `imageEdgeInsets` does the same for the image (which shrinks
    /// to fit, centred). Equal and opposite left and right values move the item without
    /// resizing it. Neither is counted by `sizeThatFits`. Default `.zero`.
    open var titleEdgeInsets: UIEdgeInsets = .zero {
        didSet { if titleEdgeInsets != oldValue { setNeedsLayout() } }
    }

    /// See `titleEdgeInsets`. Default `.zero`.
    open var imageEdgeInsets: UIEdgeInsets = .zero {
        didSet { if imageEdgeInsets != oldValue { setNeedsLayout() } }
    }

    /// Whether a `.custom` button draws its image and background image darker while highlighted:
    /// mixed with black at 45 % (what Apple describes UIButton doing). Default true. `.system`
    /// buttons fade instead.
    open var adjustsImageWhenHighlighted = true {
        didSet { if adjustsImageWhenHighlighted != oldValue { updateContent() } }
    }

    /// Whether the image and background image are drawn lighter while disabled: mixed with
    /// white at 40 % (Apple does not say how much). Default true.
    open var adjustsImageWhenDisabled = true {
        didSet { if adjustsImageWhenDisabled != oldValue { updateContent() } }
    }

    /// Whether a white glow shows at the centre while highlighted, as UIKit's
    /// `showsTouchWhenHighlighted` ("a simple feedback, currently a glow"). Default false. The
    /// glow here is 40 points across, fading from 90 % white at its centre (UIKit's own is an
    /// image of about that size), drawn over the title and image and not clipped to the bounds.
    open var showsTouchWhenHighlighted = false {
        didSet { if showsTouchWhenHighlighted != oldValue { updateContent() } }
    }

    /// The tint colours the title of non-custom buttons and the info and add glyphs.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateSystemGlyph()
        updateContent()
    }

    open override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { updateContent() } }
    }

    open override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { updateContent() } }
    }

    open override var isSelected: Bool {
        didSet { if isSelected != oldValue { updateContent() } }
    }

    /// Brings the `configuration` up to date for the current state (see
    /// `UIButton+Configuration.swift`): runs `configurationUpdateHandler`. Subclasses override
    /// it to adjust the configuration themselves, as on iOS 15.
    open func updateConfiguration() {
        configurationUpdateHandlerStorage?(self)
    }

    // MARK: Layout

    /// The rectangle the background image fills: the bounds. Override to change it.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle the image and title share: the bounds inset by `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// The title label's frame for `contentRect`: sized to the title (at most the width left
    /// beside the image), placed after the image per the content alignments, then inset by
    /// `titleEdgeInsets`.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect { placement(in: contentRect).title }

    /// The image view's frame for `contentRect`: the image's size (scaled down to fit the
    /// content rectangle), placed before the title per the content alignments, then inset by
    /// `imageEdgeInsets`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect { placement(in: contentRect).image }

    /// Places the background, image and title.
    open override func layoutSubviews() {
        super.layoutSubviews()
        backgroundImageView.frame = backgroundRect(forBounds: bounds)
        let content = contentRect(forBounds: bounds)
        imageViewStorage.frame = imageRect(forContentRect: content)
        titleLabelStorage.frame = titleRect(forContentRect: content)
        glowView?.center = CGPoint(x: bounds.midX, y: bounds.midY)
        layoutConfiguration()
    }

    /// With a `configuration`, its content plus its `contentInsets`. Otherwise the size of the
    /// image and title side by side (the title on one line unless the label allows more) plus
    /// `contentEdgeInsets`; `size` is ignored, as UIKit's buttons do. Without
    /// content, just the insets. (UIKit adds a few points of its own to `.system` buttons; not
    /// here.)
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let configured { return configured.fittingSize() }
        let image = currentDisplayedImageSize
        let title = hasTitle ? titleLabelStorage.sizeThatFits(.zero) : .zero
        return CGSize(width: image.width + title.width + contentEdgeInsets.left + contentEdgeInsets.right,
                      height: max(image.height, title.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    /// `sizeThatFits(.zero)`.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    // MARK: Private

    /// Whether the style is one of the system ones (everything but `.custom`).
    private var isSystemStyle: Bool { buttonType != .custom }

    private var hasTitle: Bool { !(titleLabelStorage.text ?? "").isEmpty }

    private var currentDisplayedImageSize: CGSize { imageViewStorage.image?.size ?? .zero }

    private func value<Value>(_ storage: [UInt: Value], _ state: State) -> Value? {
        storage[state.rawValue] ?? storage[State.normal.rawValue]
    }

    private func defaultTitleColor(for state: State) -> UIColor {
        guard isSystemStyle else { return .white }
        return state.contains(.disabled) ? .systemGray : tintColor
    }

    private func updateSystemGlyph() {
        let glyph = ButtonGlyph.image(for: buttonType, tint: tintColor)
        if images[State.normal.rawValue] == nil || images[State.normal.rawValue] === systemGlyph {
            images[State.normal.rawValue] = glyph
        }
        systemGlyph = glyph
    }

    /// Shows the current state's title, colours and images, and lays out again.
    func updateContent() {
        let label = titleLabelStorage
        label.isApplyingTitle = true
        label.font = label.plainFont
        label.textColor = currentTitleColor
        if let attributed = currentAttributedTitle {
            label.attributedText = attributed
        } else {
            label.text = currentTitle
        }
        label.shadowColor = currentTitleShadowColor
        label.isApplyingTitle = false
        label.isHidden = !hasTitle

        let fade: CGFloat = isSystemStyle && isHighlighted ? 0.2 : 1
        label.alpha = fade
        imageViewStorage.image = templated(adjusted(currentImage))
        imageViewStorage.tintColor = buttonType == .system && !isEnabled ? .systemGray : nil
        imageViewStorage.isHidden = imageViewStorage.image == nil
        imageViewStorage.alpha = fade
        backgroundImageView.image = adjusted(currentBackgroundImage)
        backgroundImageView.isHidden = backgroundImageView.image == nil

        let glows = showsTouchWhenHighlighted && isHighlighted
        if glows, glowView == nil {
            let glow = UIImageView(image: ButtonGlyph.glow())
            glowView = glow
            addSubview(glow)
        }
        glowView?.isHidden = !glows
        applyConfiguration()
        setNeedsLayout()
    }

    /// A `.system` button's `.automatic` image as a template, so that it draws in the tint.
    private func templated(_ image: UIImage?) -> UIImage? {
        guard let image, buttonType == .system, image.renderingMode == .automatic else { return image }
        if let cached = templatedImage, cached.source === image { return cached.result }
        let result = image.withRenderingMode(.alwaysTemplate)
        templatedImage = (image, result)
        return result
    }

    private func adjusted(_ image: UIImage?) -> UIImage? {
        guard let image else { return nil }
        let adjustment: ImageAdjustment = !isEnabled && adjustsImageWhenDisabled ? .lighter
            : isHighlighted && !isSystemStyle && adjustsImageWhenHighlighted ? .darker : .none
        guard adjustment != .none else { return image }
        if let made = adjustedImages.first(where: { $0.source === image && $0.adjustment == adjustment }) { return made.result }
        let result = image.adjusted(adjustment)
        adjustedImages.append((image, adjustment, result))
        if adjustedImages.count > 4 { adjustedImages.removeFirst() }
        return result
    }

    /// Where the image and title go in `content`, each inset by its edge insets, origins rounded
    /// to whole points.
    private func placement(in content: CGRect) -> (image: CGRect, title: CGRect) {
        // Insets larger than the bounds leave no room (CGRect's accessors would read a negative
        // size as positive).
        let content = CGRect(x: content.origin.x, y: content.origin.y,
                             width: max(0, content.size.width), height: max(0, content.size.height))
        var imageSize = currentDisplayedImageSize
        if imageSize.width > 0, imageSize.height > 0 {
            let fit = min(1, content.width / imageSize.width, content.height / imageSize.height)
            imageSize = CGSize(width: imageSize.width * max(0, fit), height: imageSize.height * max(0, fit))
        }
        let room = max(0, content.width - imageSize.width)
        var titleSize = hasTitle ? titleLabelStorage.sizeThatFits(CGSize(width: room, height: content.height)) : .zero
        titleSize = CGSize(width: min(titleSize.width, room), height: min(titleSize.height, content.height))

        let horizontal = effectiveContentHorizontalAlignment
        if horizontal == .fill {
            if hasTitle { titleSize.width = room } else if imageSize.width > 0 { imageSize.width = content.width }
        }
        if contentVerticalAlignment == .fill {
            if imageSize.height > 0 { imageSize.height = content.height }
            if hasTitle { titleSize.height = content.height }
        }
        let total = imageSize.width + titleSize.width
        let left: CGFloat = switch horizontal {
        case .left, .leading, .fill: content.minX
        case .right, .trailing: content.maxX - total
        case .center: content.minX + (content.width - total) / 2
        }
        func top(_ height: CGFloat) -> CGFloat {
            switch contentVerticalAlignment {
            case .top, .fill: content.minY
            case .bottom: content.maxY - height
            case .center: content.minY + (content.height - height) / 2
            }
        }
        func finish(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect {
            let r = rect.inset(by: insets)
            return CGRect(x: r.origin.x.rounded(), y: r.origin.y.rounded(),
                          width: max(0, r.size.width), height: max(0, r.size.height))
        }
        let image = CGRect(x: left, y: top(imageSize.height), width: imageSize.width, height: imageSize.height)
        let title = CGRect(x: left + imageSize.width, y: top(titleSize.height), width: titleSize.width,
                           height: titleSize.height)
        return (finish(image, imageEdgeInsets), finish(title, titleEdgeInsets))
    }
}

/// A button's title label: a `UILabel` that tells its button to lay out again when the
/// developer changes its font or line settings, and remembers the font they chose apart from
/// the one an attributed title imposes.
@MainActor
final class ButtonTitleLabel: UILabel {
    /// Set while the button itself updates the label, so its changes are not taken for the
    /// developer's.
    var isApplyingTitle = false
    /// The font set through `titleLabel?.font` (or the default), used for plain titles.
    private(set) var plainFont = UIFont.systemFont(ofSize: 15)

    override var font: UIFont! {
        didSet {
            guard !isApplyingTitle else { return }
            plainFont = font
            superview?.setNeedsLayout()
        }
    }

    override var numberOfLines: Int {
        didSet { superview?.setNeedsLayout() }
    }

    override var lineBreakMode: NSLineBreakMode {
        didSet { superview?.setNeedsLayout() }
    }
}
