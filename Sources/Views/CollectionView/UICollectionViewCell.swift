import Foundation

/// A view a collection view places and reuses, as UIKit's `UICollectionReusableView`
/// (headers, footers, and the base of cells).
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the collection view reuses the view by.
    public internal(set) var reuseIdentifier: String?
    weak var owningCollection: UICollectionView?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// What the collection view calls to make a view of a registered class:
    /// `init(frame: .zero)`. Subclasses that override `init(frame:)` (or declare no
    /// initializer) inherit it.
    public required convenience init(registeredReuseIdentifier identifier: String) {
        self.init(frame: .zero)
        reuseIdentifier = identifier
    }

    /// Called before a used view is handed out again. Default: nothing (cells reset their
    /// selection).
    open func prepareForReuse() {}

    /// The attributes the layout gave, after the collection view applied their geometry,
    /// alpha and stacking; subclasses read custom attributes here. Default: nothing.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}
}

/// A collection view's item, as UIKit's `UICollectionViewCell`: a `contentView` for the
/// content, and `selectedBackgroundView` shown while selected or highlighted.
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// The view holding the cell's content; it spans the cell.
    public let contentView = UIView()
    /// A view behind the content (nil: none).
    open var backgroundView: UIView? {
        didSet { replaceCellBackground(oldValue, with: backgroundView) }
    }
    /// Shown behind the content while selected or highlighted (nil: no change shows).
    open var selectedBackgroundView: UIView? {
        didSet {
            replaceCellBackground(oldValue, with: selectedBackgroundView, below: contentView)
            updateBackground()
        }
    }
    /// Whether the item is selected (set by the collection view).
    open var isSelected = false { didSet { updateBackground() } }
    /// Whether a touch is down on the item.
    open var isHighlighted = false { didSet { updateBackground() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }

    private func updateBackground() {
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }
}
