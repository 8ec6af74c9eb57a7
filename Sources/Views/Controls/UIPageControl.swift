import Geometry
import Layers

/// A row of dots showing which of several pages is shown, as UIKit's `UIPageControl`, with
/// iOS 13's look: 7-point dots 9 points apart (16 points from centre to centre), the current
/// one in `currentPageIndicatorTintColor`, the others in `pageIndicatorTintColor`, centred in
/// the bounds; 37 points is the natural height.
///
/// A tap right of the current dot goes to the next page and a tap left of it to the previous
/// one (one page per tap, as on iOS 13), sending `.valueChanged` (with
/// `.primaryActionTriggered`); setting `currentPage` from code sends nothing.
///
/// ```swift
/// let dots = UIPageControl()
/// dots.numberOfPages = 5
/// dots.addAction(UIAction { _ in scroll(to: dots.currentPage) }, for: .valueChanged)
/// ```
///
/// Colours: Apple documents nil defaults, which iOS 13 draws as white dots for dark
/// backgrounds. Kinescope draws for its light appearance instead: the other dots black at 30 %
/// (`tertiaryLabel`'s weight), the current one `UIColor.label`, so they show on a white screen.
@MainActor
open class UIPageControl: UIControl {
    override class var drawsWithDrawRect: Bool { self != UIPageControl.self }

    static let dotDiameter: CGFloat = 7
    static let dotPitch: CGFloat = 16
    static let standardHeight: CGFloat = 37

    private var dots: [ControlPart] = []
    private var numberOfPagesStorage = 0
    private var currentPageStorage = 0

    /// A page control with `frame`, with no pages.
    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// How many dots. Default 0; negative values are refused with a diagnostic. Lowering it
    /// below `currentPage` moves to the last page.
    open var numberOfPages: Int {
        get { numberOfPagesStorage }
        set {
            guard newValue >= 0 else { return ControlDiagnostics.report(self, "numberOfPages \(newValue) ignored; it cannot be negative") }
            numberOfPagesStorage = newValue
            currentPageStorage = min(currentPageStorage, max(0, newValue - 1))
            while dots.count < newValue {
                let dot = ControlPart(color: nil, cornerRadius: Self.dotDiameter / 2)
                dots.append(dot)
                addSubview(dot)
            }
            while dots.count > newValue { dots.removeLast().removeFromSuperview() }
            applyLook()
            setNeedsLayout()
        }
    }

    /// The page shown, 0-based. Default 0. Values outside `0..<numberOfPages` are pinned to it,
    /// as UIKit does.
    open var currentPage: Int {
        get { currentPageStorage }
        set {
            currentPageStorage = min(max(newValue, 0), max(0, numberOfPagesStorage - 1))
            applyLook()
        }
    }

    /// Whether the dots hide when there is only one page (the view stays, and still takes
    /// touches, which do nothing). Default false.
    open var hidesForSinglePage = false { didSet { applyLook() } }

    /// The colour of the dots other than the current one; nil (the default) draws
    /// `UIColor.label` at 30 %.
    open var pageIndicatorTintColor: UIColor? { didSet { applyLook() } }

    /// The colour of the current page's dot; nil (the default) draws `UIColor.label`.
    open var currentPageIndicatorTintColor: UIColor? { didSet { applyLook() } }

    /// The size the dots of `pageCount` pages need: 16 points a page less the 9-point gap after
    /// the last (0 for no pages) by 37 points.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let count = CGFloat(max(0, pageCount))
        return CGSize(width: count > 0 ? count * Self.dotPitch - (Self.dotPitch - Self.dotDiameter) : 0,
                      height: Self.standardHeight)
    }

    /// `size(forNumberOfPages: numberOfPages)`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPagesStorage) }

    /// `size(forNumberOfPages: numberOfPages)`.
    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPagesStorage) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let width = size(forNumberOfPages: numberOfPagesStorage).width
        let left = bounds.midX - width / 2
        for (index, dot) in dots.enumerated() {
            dot.frame = CGRect(x: left + CGFloat(index) * Self.dotPitch, y: bounds.midY - Self.dotDiameter / 2,
                               width: Self.dotDiameter, height: Self.dotDiameter)
        }
    }

    /// A tap that lifts inside the control moves one page towards the side of the current dot
    /// it landed on.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, bounds.contains(touch.location(in: self)), numberOfPagesStorage > 1 else { return }
        layoutIfNeeded()
        let currentX = dots[currentPageStorage].frame.midX
        let target = currentPageStorage + (touch.location(in: self).x > currentX ? 1 : -1)
        guard target >= 0, target < numberOfPagesStorage else { return }
        currentPage = target
        sendActions(for: [.valueChanged, .primaryActionTriggered])
    }

    private func applyLook() {
        let others = pageIndicatorTintColor ?? UIColor(white: 0, alpha: 0.3)
        let current = currentPageIndicatorTintColor ?? .label
        for (index, dot) in dots.enumerated() {
            dot.backgroundColor = index == currentPageStorage ? current : others
        }
        let hidden = hidesForSinglePage && numberOfPagesStorage <= 1
        for dot in dots { dot.isHidden = hidden }
    }
}
