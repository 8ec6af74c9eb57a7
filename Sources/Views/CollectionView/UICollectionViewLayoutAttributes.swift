import Foundation
import Geometry

/// Where and how a collection view shows one cell or supplementary view, as UIKit's
/// `UICollectionViewLayoutAttributes`: the layout makes them, the collection view applies them.
///
/// `frame` is derived from `center` and `size` (as in UIKit, it is the untransformed frame);
/// `transform` and `transform3D` are one value seen two ways: setting either replaces both.
@MainActor
open class UICollectionViewLayoutAttributes {
    /// What kind of element the attributes describe, UIKit's raw values.
    public enum Category: UInt, Sendable { case cell = 0, supplementaryView = 1, decorationView = 2 }

    /// The element's path.
    public var indexPath: IndexPath
    /// `.cell` or `.supplementaryView`.
    public let representedElementCategory: Category
    /// The supplementary view's kind (`UICollectionView.elementKindSectionHeader`…); nil for cells.
    public let representedElementKind: String?
    /// The centre, in the collection view's content coordinates.
    public var center: CGPoint = .zero
    /// The untransformed size. Negative or non-finite components count as 0 when applied.
    public var size: CGSize = .zero
    /// The 3-D transform about the centre. Default identity.
    public var transform3D: CATransform3D = CATransform3DIdentity
    /// Default 1.
    public var alpha: CGFloat = 1
    /// The stacking order: higher draws in front (the view's layer `zPosition`). Default 0.
    public var zIndex = 0
    /// Default false.
    public var isHidden = false

    /// Attributes for the cell at `indexPath`.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
    }

    /// Attributes for the supplementary view of `elementKind` at `indexPath`.
    public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// `center` and `size` as a rectangle.
    public var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The size as bounds at the origin.
    public var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The transform as an affine one (the 3-D transform's affine part).
    public var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// A copy, for layouts that adjust attributes they cache.
    open func copy() -> UICollectionViewLayoutAttributes {
        let copy = representedElementKind.map { UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
            ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }
}
