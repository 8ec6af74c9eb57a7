import Foundation
import Geometry
import Graphics
import Layers

/// A spinner showing that a task is in progress, as UIKit's `UIActivityIndicatorView`, with
/// iOS 13's look: eight round-capped ticks around the centre, shading from the full `color` to
/// 30 % of it, turning clockwise in eight steps a second (one tick every 0.125 s, the
/// "ticking" motion of Apple's spinner rather than a smooth turn).
///
/// ```swift
/// let spinner = UIActivityIndicatorView(style: .large)
/// spinner.center = view.center
/// view.addSubview(spinner)
/// spinner.startAnimating()
/// ```
///
/// The turn is a discrete `transform.rotation.z` keyframe animation (key `"spin"`) on the
/// ticks' layer, so it runs on the animation engine's clock: headless tests step it exactly.
/// While stopped with `hidesWhenStopped` (the default) the view is hidden.
@MainActor
open class UIActivityIndicatorView: UIView {
    override class var drawsWithDrawRect: Bool { self != UIActivityIndicatorView.self }

    /// The style, with UIKit's raw values. The pre-iOS 13 styles fix the colour too: white for
    /// `.whiteLarge` and `.white`, gray for `.gray`.
    public enum Style: Int, Sendable {
        /// 37×37 points, white. Deprecated in iOS 13.
        case whiteLarge = 0
        /// 20×20 points, white. Deprecated in iOS 13.
        case white = 1
        /// 20×20 points, gray. Deprecated in iOS 13.
        case gray = 2
        /// 20×20 points (iOS 13).
        case medium = 100
        /// 37×37 points (iOS 13).
        case large = 101

        var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }

        var defaultColor: UIColor {
            switch self {
            case .white, .whiteLarge: .white
            case .gray, .medium, .large: .systemGray
            }
        }
    }

    /// The number of ticks, and of steps per turn.
    static let tickCount = 8
    /// One whole turn, in seconds.
    static let period: TimeInterval = 1

    private let spinner = ControlPart(frame: .zero)
    private var ticks: [ShapePart] = []
    private var colorStorage: UIColor?

    /// A `.medium` indicator filling `frame` (the ticks keep their size, centred).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        for _ in 0..<Self.tickCount {
            let tick = ShapePart(frame: .zero)
            ticks.append(tick)
            spinner.addSubview(tick)
        }
        addSubview(spinner)
        applyStyle()
        isHidden = hidesWhenStopped
    }

    /// An indicator of `style`, sized to it (20×20 or 37×37 points), stopped and so hidden.
    public convenience init(style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        self.style = style
        applyStyle()
    }

    /// The style. Default `.medium`.
    open var style: Style = .medium {
        didSet { applyStyle() }
    }

    /// The ticks' colour. Default `UIColor.systemGray` for `.medium` and `.large` (white and
    /// gray for the old styles); setting nil goes back to the style's colour.
    open var color: UIColor! {
        get { colorStorage ?? style.defaultColor }
        set {
            colorStorage = newValue
            applyStyle()
        }
    }

    /// Whether the view hides while stopped. Default true, as in UIKit.
    open var hidesWhenStopped = true {
        didSet { if !isAnimatingStorage { isHidden = hidesWhenStopped } }
    }

    private var isAnimatingStorage = false

    /// Whether the spinner is turning.
    open var isAnimating: Bool { isAnimatingStorage }

    /// Shows the view and starts turning. Calling it again while turning does nothing.
    open func startAnimating() {
        guard !isAnimatingStorage else { return }
        isAnimatingStorage = true
        isHidden = false
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = (0..<Self.tickCount).map { CGFloat($0) * 2 * .pi / CGFloat(Self.tickCount) }
        spin.calculationMode = .discrete
        spin.keyTimes = (0...Self.tickCount).map { NSNumber(value: Double($0) / Double(Self.tickCount)) }
        spin.duration = Self.period
        spin.repeatCount = .infinity
        spin.isRemovedOnCompletion = false
        spinner.layer.add(spin, forKey: "spin")
    }

    /// Stops turning, and hides the view when `hidesWhenStopped`.
    open func stopAnimating() {
        guard isAnimatingStorage else { return }
        isAnimatingStorage = false
        spinner.layer.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }

    /// The style's size whatever `size` is.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: style.side, height: style.side) }

    /// The style's size: 20×20 or 37×37 points.
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        spinner.bounds = CGRect(x: 0, y: 0, width: style.side, height: style.side)
        spinner.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    /// Draws the ticks for the style: tick `i` points `i` eighths of a turn clockwise from
    /// twelve o'clock and is the faintest for `i` = 1, the strongest for `i` = 0 (so the
    /// strong tick leads the clockwise turn). Lengths and widths are iOS 13's proportions:
    /// from 45 % to 100 % of the radius, 0.26 of the radius wide (2.6 points at `.medium`).
    private func applyStyle() {
        let side = style.side, radius = side / 2
        spinner.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        let width = radius * 0.26
        for (index, tick) in ticks.enumerated() {
            let angle = CGFloat(index) * 2 * .pi / CGFloat(Self.tickCount)
            let direction = CGPoint(x: sin(angle), y: -cos(angle))
            let inner = radius * 0.45 + width / 2, outer = radius - width / 2
            let path = CGMutablePath()
            path.move(to: CGPoint(x: radius + direction.x * inner, y: radius + direction.y * inner))
            path.addLine(to: CGPoint(x: radius + direction.x * outer, y: radius + direction.y * outer))
            tick.frame = CGRect(x: 0, y: 0, width: side, height: side)
            tick.shape.path = path
            tick.shape.fillColor = nil
            tick.shape.strokeColor = color.cgColor
            tick.shape.lineWidth = width
            tick.shape.lineCap = .round
            // Tick 0 strongest, then fading counter-clockwise: tick 7 is next strongest.
            let rank = (Self.tickCount - index) % Self.tickCount
            tick.alpha = 1 - 0.7 * CGFloat(rank) / CGFloat(Self.tickCount - 1)
        }
        setNeedsLayout()
    }
}
