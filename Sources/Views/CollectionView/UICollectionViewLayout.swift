import Foundation

/// The base of collection view layouts, as UIKit's `UICollectionViewLayout`: subclasses compute
/// attributes in `prepare()` and answer `collectionViewContentSize`,
/// `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`.
///
/// ```swift
/// final class CarouselLayout: UICollectionViewLayout {
///     override var collectionViewContentSize: CGSize { … }
///     override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { … }
///     override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
/// }
/// ```
///
/// The collection view calls `prepare()` once after each invalidation, before it asks for
/// anything else; it asks `shouldInvalidateLayout(forBoundsChange:)` at every scroll or resize.
@MainActor
open class UICollectionViewLayout {
    /// The collection view using the layout (weak), set when the layout is assigned.
    public internal(set) weak var collectionView: UICollectionView?
    var isValid = false

    public init() {}

    /// Computes what the layout needs; called after every invalidation. Default: nothing.
    open func prepare() {}

    /// The size of everything the layout places. Default zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element that intersects `rect` (content coordinates). Default nil.
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item. Default nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of one supplementary view. Default nil.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                   at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the collection view's bounds (a scroll, a resize) needs a new
    /// `prepare()`. Default false, as in UIKit.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Marks the layout stale: the collection view prepares it again at its next layout.
    open func invalidateLayout() {
        isValid = false
        collectionView?.setNeedsLayout()
    }

    /// Where an inserted item starts its animation. Default: its final attributes, transparent.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copy() else { return nil }
        attributes.alpha = 0
        return attributes
    }

    /// Where a deleted item ends its animation (`itemIndexPath` is its old path, the layout
    /// already the new one). Default: nil, the item fades out where it was.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
}
