import Foundation

/// Items in lines that wrap, as UIKit's `UICollectionViewFlowLayout`: vertical scrolling fills
/// rows left to right and stacks them down; horizontal scrolling fills columns top to bottom
/// and stacks them right. Each section: header, `sectionInset`, the lines, inset, footer.
///
/// Inside a line, items are centred across it (a line is as thick as its largest item); a line
/// with several items that is not the section's last spreads them to fill the line (UIKit
/// justifies its lines the same way); the last line keeps `minimumInteritemSpacing` between
/// items. `estimatedItemSize` is read as the item size when it is not zero (there are no
/// self-sizing cells here). Sizes come from the delegate's `UICollectionViewDelegateFlowLayout`
/// methods when it implements them.
@MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The scroll axis, UIKit's raw values.
    public enum ScrollDirection: Int, Sendable { case vertical = 0, horizontal = 1 }

    /// Default 50×50, as in UIKit.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// Default zero (off); when set it stands for `itemSize` (see the class discussion).
    open var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The space between lines. Default 10.
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The least space between items of a line. Default 10.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Default zero.
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    /// The header's height (vertical scrolling) or width (horizontal); zero: no header.
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// The footer's height (vertical) or width (horizontal); zero: no footer.
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    /// Default `.vertical`.
    open var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }

    private var items: [[UICollectionViewLayoutAttributes]] = []
    private var headers: [Int: UICollectionViewLayoutAttributes] = [:]
    private var footers: [Int: UICollectionViewLayoutAttributes] = [:]
    private var contentSize: CGSize = .zero

    public override init() { super.init() }

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        items.removeAll()
        headers.removeAll()
        footers.removeAll()
        guard let view = collectionView else { contentSize = .zero; return }
        let flow = view.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        // "along" runs inside a line, "across" from line to line.
        let extent = vertical ? view.bounds.width : view.bounds.height
        func rect(along: CGFloat, across: CGFloat, length: CGFloat, thickness: CGFloat) -> CGRect {
            vertical ? CGRect(x: along, y: across, width: length, height: thickness)
                : CGRect(x: across, y: along, width: thickness, height: length)
        }
        func valid(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? min(v, 1e7) : 0 }
        var cursor: CGFloat = 0
        func supplementary(_ kind: String, _ section: Int, _ size: CGSize) -> UICollectionViewLayoutAttributes? {
            let thickness = valid(vertical ? size.height : size.width)
            guard thickness > 0 else { return nil }
            let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
            attributes.frame = rect(along: 0, across: cursor, length: extent, thickness: thickness)
            cursor += thickness
            return attributes
        }
        for section in 0..<view.numberOfSections {
            let inset = flow?.collectionView(view, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = valid(flow?.collectionView(view, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing)
            let itemSpacing = valid(flow?.collectionView(view, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing)
            let headerSize = flow?.collectionView(view, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            let footerSize = flow?.collectionView(view, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
            headers[section] = supplementary(UICollectionView.elementKindSectionHeader, section, headerSize)
            let leading = vertical ? inset.left : inset.top, trailing = vertical ? inset.right : inset.bottom
            cursor += valid(vertical ? inset.top : inset.left)
            let available = max(0, extent - valid(leading) - valid(trailing))
            let count = view.numberOfItems(inSection: section)
            var sectionItems: [UICollectionViewLayoutAttributes] = []
            sectionItems.reserveCapacity(count)
            var sizes: [CGSize] = []
            var lineStart = 0
            var index = 0
            var firstLine = true
            func finishLine(last: Bool) {
                guard lineStart < index else { return }
                if !firstLine { cursor += lineSpacing }
                firstLine = false
                let lineSizes = sizes[lineStart..<index]
                let lengths = lineSizes.map { vertical ? $0.width : $0.height }
                let thickness = lineSizes.map { vertical ? $0.height : $0.width }.max() ?? 0
                let used = lengths.reduce(0, +)
                let n = lengths.count
                let gap = (!last && n > 1) ? max(itemSpacing, (available - used) / CGFloat(n - 1)) : itemSpacing
                var along = valid(leading)
                for (offset, length) in lengths.enumerated() {
                    let item = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: lineStart + offset, section: section))
                    let size = sizes[lineStart + offset]
                    let itemThickness = vertical ? size.height : size.width
                    item.frame = rect(along: along, across: cursor + (thickness - itemThickness) / 2, length: length, thickness: itemThickness)
                    sectionItems.append(item)
                    along += length + gap
                }
                cursor += thickness
                lineStart = index
            }
            var lineLength: CGFloat = 0
            while index < count {
                let path = IndexPath(item: index, section: section)
                var size = flow?.collectionView(view, layout: self, sizeForItemAt: path)
                    ?? (estimatedItemSize == .zero ? itemSize : estimatedItemSize)
                size = CGSize(width: valid(size.width), height: valid(size.height))
                let length = vertical ? size.width : size.height
                if index > lineStart, lineLength + itemSpacing + length > available + 1e-9 {
                    finishLine(last: false)
                    lineLength = 0
                }
                lineLength += (index > lineStart ? itemSpacing : 0) + length
                sizes.append(size)
                index += 1
            }
            finishLine(last: true)
            items.append(sectionItems)
            cursor += valid(vertical ? inset.bottom : inset.right)
            footers[section] = supplementary(UICollectionView.elementKindSectionFooter, section, footerSize)
        }
        contentSize = vertical ? CGSize(width: view.bounds.width, height: cursor) : CGSize(width: cursor, height: view.bounds.height)
    }

    /// Every element intersecting `rect` (a pass over the section's attributes).
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        for (section, sectionItems) in items.enumerated() {
            if let header = headers[section], header.frame.intersects(rect) { result.append(header) }
            for item in sectionItems where item.frame.intersects(rect) { result.append(item) }
            if let footer = footers[section], footer.frame.intersects(rect) { result.append(footer) }
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return items[indexPath.section][indexPath.item]
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        elementKind == UICollectionView.elementKindSectionHeader ? headers[indexPath.section]
            : elementKind == UICollectionView.elementKindSectionFooter ? footers[indexPath.section] : nil
    }

    /// True when the size across the scroll axis changed (lines must wrap again), as UIKit.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let view = collectionView else { return false }
        return scrollDirection == .vertical ? newBounds.width != view.laidOutSize.width : newBounds.height != view.laidOutSize.height
    }
}
