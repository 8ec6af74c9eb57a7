import Geometry
import Layers

/// A bar showing how far a task has got, as UIKit's `UIProgressView`, with iOS 14's look: a
/// 4-point bar with round ends, the done part in `progressTintColor` (the tint, system blue)
/// over a `trackTintColor` track (`systemFill`, a translucent gray).
///
/// ```swift
/// let bar = UIProgressView(progressViewStyle: .default)
/// bar.frame = CGRect(x: 20, y: 80, width: 280, height: 4)
/// bar.setProgress(0.6, animated: true)
/// ```
///
/// The bar fills the view's width; its height is the view's (the intrinsic height is 4).
/// `progressImage` and `trackImage` replace the colours with images stretched over the parts.
@MainActor
open class UIProgressView: UIView {
    override class var drawsWithDrawRect: Bool { self != UIProgressView.self }

    /// The style, with UIKit's raw values.
    public enum Style: Int, Sendable {
        /// The standard bar, over a gray track.
        case `default` = 0
        /// The bar for a toolbar: no track is drawn unless `trackTintColor` or `trackImage`
        /// is set.
        case bar = 1
    }

    /// The bar's height (4 points, iOS 14 and later).
    static let standardHeight: CGFloat = 4
    /// How long `setProgress(_:animated: true)` takes (Apple does not say; UIKit's looks like
    /// about a quarter of a second).
    static let animationDuration: TimeInterval = 0.25

    private let track = ControlPart(color: .systemFill)
    private let bar = ControlPart(color: .systemBlue)
    private let trackImageView = UIImageView(frame: .zero)
    private let progressImageView = UIImageView(frame: .zero)
    private var progressStorage: Float = 0

    /// A `.default` progress view with `frame`, at progress 0.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        for view in [track, trackImageView, bar, progressImageView] as [UIView] {
            view.isUserInteractionEnabled = false
            addSubview(view)
        }
        applyLook()
    }

    /// A progress view of `style`, 4 points high and zero wide (give it a width).
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: Self.standardHeight))
        progressViewStyle = style
        applyLook()
    }

    /// The style. Default `.default`.
    open var progressViewStyle: Style = .default { didSet { applyLook() } }

    /// How much is done, 0…1 (values outside are pinned; NaN is refused with a diagnostic).
    /// Default 0. Setting it moves the bar at once.
    open var progress: Float {
        get { progressStorage }
        set { setProgress(newValue, animated: false) }
    }

    /// Sets `progress`, growing or shrinking the bar in a 0.25 s animation when `animated`.
    open func setProgress(_ progress: Float, animated: Bool) {
        guard !progress.isNaN else {
            return ControlDiagnostics.report(self, "progress NaN ignored; it stays \(progressStorage)")
        }
        progressStorage = min(max(progress, 0), 1)
        UIView.controlAnimation(animated, duration: Self.animationDuration) { self.layoutParts() }
    }

    /// The colour of the done part; nil (the default) draws the `tintColor`.
    open var progressTintColor: UIColor? { didSet { applyLook() } }
    /// The track's colour; nil (the default) draws `UIColor.systemFill` (`.default` style) or
    /// nothing (`.bar`).
    open var trackTintColor: UIColor? { didSet { applyLook() } }
    /// An image stretched over the done part instead of its colour. Default nil.
    open var progressImage: UIImage? { didSet { applyLook() } }
    /// An image stretched over the track instead of its colour. Default nil.
    open var trackImage: UIImage? { didSet { applyLook() } }

    /// The progress bar is drawn in the (inherited) tint unless `progressTintColor` is set.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyLook()
    }

    /// The view's width (or `size`'s when it has none) by 4 points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width > 0 ? bounds.width : max(0, size.width), height: Self.standardHeight)
    }

    /// No intrinsic width; 4 points high.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    private func applyLook() {
        bar.backgroundColor = progressTintColor ?? tintColor
        track.backgroundColor = trackTintColor ?? (progressViewStyle == .bar ? .clear : .systemFill)
        trackImageView.image = trackImage
        trackImageView.isHidden = trackImage == nil
        progressImageView.image = progressImage
        progressImageView.isHidden = progressImage == nil
        bar.isHidden = progressImage != nil
        track.isHidden = trackImage != nil
        layer.cornerRadius = progressViewStyle == .default ? bounds.height / 2 : 0
        setNeedsLayout()
    }

    private func layoutParts() {
        let whole = bounds
        let done = CGRect(x: whole.minX, y: whole.minY, width: whole.width * CGFloat(progressStorage), height: whole.height)
        track.frame = whole
        trackImageView.frame = whole
        bar.frame = done
        progressImageView.frame = done
        let radius = progressViewStyle == .default ? whole.height / 2 : 0
        layer.cornerRadius = radius
        bar.layer.cornerRadius = radius
    }
}
