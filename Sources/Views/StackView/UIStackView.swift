import Geometry

/// A view that lays out a row or column of views with Auto Layout, as UIKit's `UIStackView`.
///
/// The stack view makes constraints for its `arrangedSubviews` (UIKit's `UISV-` identifiers
/// show in logs) from `axis`, `distribution`, `alignment` and the spacing, and remakes them
/// whenever one of those, the arranged views, or an arranged view's `isHidden` changes. Hidden
/// arranged views collapse to zero length along the axis with no spacing around them; when
/// `isHidden` changes inside a `UIView.animate` block, the stack view lays out at once inside
/// the block, so the other views slide into place with the animation (the hidden view itself
/// disappears at once: Kinescope hides its layer immediately). Arranged views get
/// `translatesAutoresizingMaskIntoConstraints = false`, as in UIKit. A stack view draws
/// nothing but its background colour.
///
/// ```swift
/// let row = UIStackView(arrangedSubviews: [icon, title, toggle])
/// row.axis = .horizontal
/// row.alignment = .center
/// row.spacing = UIStackView.spacingUseSystem
/// ```
@MainActor
open class UIStackView: UIView {
    /// How arranged views share the length along the axis (UIKit's raw values).
    public enum Distribution: Int, Sendable {
        /// Views keep their intrinsic lengths where they can; the one with the lowest content
        /// hugging priority stretches (the one with the lowest compression resistance shrinks).
        case fill = 0
        /// Every view gets the same length.
        case fillEqually
        /// Lengths in proportion to the views' intrinsic lengths (at priority 999).
        case fillProportionally
        /// Views keep their intrinsic lengths and the gaps between them are equal (at least
        /// `spacing`).
        case equalSpacing
        /// The distances between the views' centres are equal (at priority 999), gaps at least
        /// `spacing`.
        case equalCentering
    }

    /// How arranged views are placed across the axis (UIKit's raw values).
    public enum Alignment: Int, Sendable {
        /// Views fill the stack across the axis.
        case fill = 0
        /// Views sit at the leading edge (a vertical stack) or the top (a horizontal one).
        case leading
        /// A horizontal stack lines views up on their first baselines (labels' text; other
        /// views' tops). In a vertical stack, where UIKit does not define it, it acts as `.fill`.
        case firstBaseline
        /// Views are centred across the axis.
        case center
        /// Views sit at the trailing edge or the bottom.
        case trailing
        /// A horizontal stack lines views up on their last baselines (other views' bottoms).
        /// In a vertical stack it acts as `.fill`.
        case lastBaseline

        /// `.leading`, the name for a horizontal stack.
        public static var top: Alignment { .leading }
        /// `.trailing`, the name for a horizontal stack.
        public static var bottom: Alignment { .trailing }
    }

    /// As `customSpacing(after:)`'s answer: no custom spacing, `spacing` applies. Setting it
    /// with `setCustomSpacing(_:after:)` removes a custom spacing.
    nonisolated public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude
    /// As a spacing: the system spacing between siblings, 8 points here.
    nonisolated public static let spacingUseSystem = CGFloat.leastNormalMagnitude

    override class var drawsWithDrawRect: Bool { false }

    private var arranged: [UIView] = []
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints and spacer guides of the current arrangement.
    var arrangementConstraints: [NSLayoutConstraint] = []
    var spacerGuides: [UILayoutGuide] = []

    /// The views laid out, in order; a subset of `subviews`.
    open var arrangedSubviews: [UIView] { arranged }

    /// The direction views are stacked in. Default `.horizontal`.
    open var axis: NSLayoutConstraint.Axis = .horizontal {
        didSet { if axis != oldValue { invalidateArrangement() } }
    }

    /// Default `.fill`.
    open var distribution: Distribution = .fill {
        didSet { if distribution != oldValue { invalidateArrangement() } }
    }

    /// Default `.fill`.
    open var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { invalidateArrangement() } }
    }

    /// The gap between adjacent views, in points; for `.equalSpacing` and `.equalCentering` the
    /// smallest gap. Negative values overlap views. `UIStackView.spacingUseSystem` is 8 points.
    /// Default 0.
    open var spacing: CGFloat = 0 {
        didSet { if spacing != oldValue { invalidateArrangement() } }
    }

    /// Whether a vertical stack measures spacing from one view's last baseline to the next
    /// one's first baseline (labels' text; other views' bottom and top). Default false.
    open var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { invalidateArrangement() } }
    }

    /// Whether views are laid out inside `layoutMargins` rather than the bounds. Default false.
    open var isLayoutMarginsRelativeArrangement = false {
        didSet { if isLayoutMarginsRelativeArrangement != oldValue { invalidateArrangement() } }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        noteUsesAutoLayout()
    }

    /// A horizontal stack of `views`, each added as a subview.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Appends `view` to the arranged views, adding it as the last subview when it is not one.
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arranged.count)
    }

    /// Inserts `view` into the arranged views at `stackIndex` (clamped), adding it as a subview
    /// when it is not one (at the end; an existing subview keeps its place among the subviews).
    /// A view already arranged moves to the new index.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return }
        if let existing = arranged.firstIndex(where: { $0 === view }) { arranged.remove(at: existing) }
        arranged.insert(view, at: max(0, min(stackIndex, arranged.count)))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        invalidateArrangement()
    }

    /// Takes `view` out of the arranged views; it stays a subview (remove it from its superview
    /// too, as in UIKit, to take it off screen).
    open func removeArrangedSubview(_ view: UIView) {
        guard let index = arranged.firstIndex(where: { $0 === view }) else { return }
        arranged.remove(at: index)
        customSpacings.removeValue(forKey: ObjectIdentifier(view))
        invalidateArrangement()
    }

    /// Sets the gap after `arrangedSubview` (when it is followed by a visible view);
    /// `UIStackView.spacingUseDefault` goes back to `spacing`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        let id = ObjectIdentifier(arrangedSubview)
        if spacing == Self.spacingUseDefault { customSpacings.removeValue(forKey: id) } else { customSpacings[id] = spacing }
        invalidateArrangement()
    }

    /// The custom gap after `arrangedSubview`, or `UIStackView.spacingUseDefault` when none is set.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// Removing an arranged view from the stack view also takes it out of `arrangedSubviews`.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arranged.contains(where: { $0 === subview }) { removeArrangedSubview(subview) }
    }

    /// Remakes the arrangement's constraints when something changed, then `super`.
    open override func updateConstraints() {
        rebuildArrangement()
        super.updateConstraints()
    }

    /// The gap that follows `view`, custom spacing first, the system spacing resolved.
    func gap(after view: UIView) -> CGFloat {
        let value = customSpacings[ObjectIdentifier(view)] ?? spacing
        return value == Self.spacingUseSystem ? systemSpacing : value
    }

    private var arrangementIsStale = true

    func invalidateArrangement() {
        arrangementIsStale = true
        setNeedsUpdateConstraints()
    }

    /// Called when an arranged view's `isHidden` changed: inside an animation block the stack
    /// lays out at once, so the other views' frames animate.
    func arrangedSubviewVisibilityDidChange(_ view: UIView) {
        guard arranged.contains(where: { $0 === view }) else { return }
        invalidateArrangement()
        if case .some(.some) = AnimationBlockStack.current.blocks.last { layoutEngineHost.layoutIfNeeded() }
    }

    private func rebuildArrangement() {
        guard arrangementIsStale else { return }
        arrangementIsStale = false
        NSLayoutConstraint.deactivate(arrangementConstraints)
        for guide in spacerGuides { removeLayoutGuide(guide) }
        spacerGuides = []
        arrangementConstraints = makeArrangementConstraints()
        NSLayoutConstraint.activate(arrangementConstraints)
    }
}
