import Foundation
import Geometry

/// A scrolling set of items placed by a layout object, as UIKit's `UICollectionView`.
///
/// ```swift
/// let layout = UICollectionViewFlowLayout()
/// layout.itemSize = CGSize(width: 80, height: 80)
/// let collection = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
/// collection.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
/// collection.dataSource = self
/// ```
///
/// At each layout pass (every scroll) it asks the layout whether the bounds change invalidates
/// it, prepares it again if so, and shows a view for each of
/// `layoutAttributesForElements(in: bounds)`: views that left are enqueued and handed out again
/// by the dequeue methods, so only the elements on screen exist. Attributes are applied as
/// `bounds.size`, `center`, `transform3D`, `alpha`, `isHidden` and `layer.zPosition = zIndex`.
/// Misuse that UIKit raises for is reported on standard error (see `UITableView`).
@MainActor
open class UICollectionView: UIScrollView {
    /// The kind of flow-layout section headers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of flow-layout section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Where `scrollToItem` puts the item.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    enum ElementKey: Hashable {
        case cell(IndexPath)
        case supplementary(String, IndexPath)
    }

    /// The layout placing the items; setting it re-lays everything out at once.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    /// The items' source (weak). Setting it reloads at the next layout.
    open weak var dataSource: UICollectionViewDataSource? {
        didSet { needsReload = true; setNeedsLayout() }
    }
    /// Default true.
    open var allowsSelection = true
    /// Default false.
    open var allowsMultipleSelection = false

    var cellQueue = ReuseQueue<UICollectionViewCell>()
    var supplementaryQueues: [String: ReuseQueue<UICollectionReusableView>] = [:]
    var counts: [Int] = []
    var cells: [IndexPath: UICollectionViewCell] = [:]
    var supplementaries: [ElementKey: UICollectionReusableView] = [:]
    var selected: Set<IndexPath> = []
    var highlightedPath: IndexPath?
    var needsReload = true
    var isLayingOut = false
    var pendingReload = false
    var updateDepth = 0
    var pendingUpdate = UpdateBatch()
    var pendingCompletions: [(Bool) -> Void] = []
    /// The bounds size the layout was last prepared for.
    var laidOutSize: CGSize = .zero
    var laidOutBounds: CGRect = .null

    /// A collection view at `frame` placed by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .white
    }

    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    /// The number of sections as last loaded.
    public var numberOfSections: Int { loadIfNeeded(); return counts.count }

    /// The number of items in `section` as last loaded (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        loadIfNeeded()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Registers the cell class made for `identifier` (nil unregisters); it must be
    /// `UICollectionViewCell` or a subclass.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else { return cellQueue.register(nil, for: identifier) }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            return ReuseDiagnostics.report("UICollectionView: \(cellClass) registered for '\(identifier)' is not a UICollectionViewCell")
        }
        cellQueue.register({ type.init(registeredReuseIdentifier: identifier) }, for: identifier)
    }

    /// Registers the class of supplementary views of `elementKind` made for `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        guard let viewClass else { return supplementaryQueues[elementKind, default: ReuseQueue()].register(nil, for: identifier) }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            return ReuseDiagnostics.report("UICollectionView: \(viewClass) registered for '\(identifier)' is not a UICollectionReusableView")
        }
        supplementaryQueues[elementKind, default: ReuseQueue()].register({ type.init(registeredReuseIdentifier: identifier) }, for: identifier)
    }

    /// A cell for `identifier`: a reused one (after `prepareForReuse()`) or a new one of the
    /// registered class. UIKit raises for an unregistered identifier: here that is reported
    /// and a plain cell returned.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let (cell, reused) = cellQueue.dequeue(identifier) else {
            ReuseDiagnostics.report("UICollectionView: unable to dequeue a cell with identifier '\(identifier)': register a class for it first")
            let cell = UICollectionViewCell(registeredReuseIdentifier: identifier)
            cell.owningCollection = self
            return cell
        }
        cell.owningCollection = self
        cell.reuseIdentifier = identifier
        if reused { cell.prepareForReuse() }
        return cell
    }

    /// A supplementary view of `elementKind` for `identifier` (reported and a plain view when
    /// nothing is registered).
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        guard let (view, reused) = supplementaryQueues[elementKind]?.dequeue(identifier) else {
            ReuseDiagnostics.report("UICollectionView: unable to dequeue a \(elementKind) with identifier '\(identifier)'")
            return UICollectionReusableView(registeredReuseIdentifier: identifier)
        }
        view.reuseIdentifier = identifier
        if reused { view.prepareForReuse() }
        return view
    }

    /// How many cells the registered classes have made.
    var createdCellCount: Int { cellQueue.created }

    // MARK: Queries

    /// The cells on screen, in item order.
    open var visibleCells: [UICollectionViewCell] { cells.sorted { $0.key < $1.key }.map(\.value) }
    /// The items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] { cells.keys.sorted() }
    /// The cell of an item on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { cells[indexPath] }
    /// The item a cell on screen shows.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { cells.first { $0.value === cell }?.key }
    /// The layout's attributes of the item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }
    /// The item whose frame holds `point` (content coordinates), the frontmost one.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// Scrolls so the item sits at `scrollPosition` (one vertical and one horizontal option;
    /// none: as little as needed), clamped to the scrollable range.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else {
            return ReuseDiagnostics.report("UICollectionView: scrollToItem at \(indexPath) is outside the items")
        }
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY }
        if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - bounds.height / 2 }
        if scrollPosition.contains(.bottom) { offset.y = frame.maxY - bounds.height }
        if scrollPosition.contains(.left) { offset.x = frame.minX }
        if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - bounds.width / 2 }
        if scrollPosition.contains(.right) { offset.x = frame.maxX - bounds.width }
        if scrollPosition.isEmpty { return scrollRectToVisible(frame, animated: animated) }
        setContentOffset(clamped(offset), animated: animated)
    }

    // MARK: Loading and layout

    /// Forgets the items and asks the data source again (at once for the counts, at the next
    /// layout for the cells); clears the selection. Safe from inside data-source calls.
    open func reloadData() {
        if isLayingOut { pendingReload = true; setNeedsLayout(); return }
        performReload()
        setNeedsLayout()
    }

    func loadIfNeeded() { if needsReload, !isLayingOut { performReload() } }

    func performReload() {
        needsReload = false
        for (path, cell) in cells { retire(cell, at: path) }
        cells.removeAll()
        for (key, view) in supplementaries { retireSupplementary(view, key: key) }
        supplementaries.removeAll()
        selected.removeAll()
        loadCounts()
        collectionViewLayout.isValid = false
    }

    func loadCounts() {
        guard let source = dataSource else { counts = []; return }
        let wasLayingOut = isLayingOut
        isLayingOut = true
        let sections = max(0, min(source.numberOfSections(in: self), 1 << 20))
        counts = (0..<sections).map { max(0, source.collectionView(self, numberOfItemsInSection: $0)) }
        isLayingOut = wasLayingOut
    }

    func prepareLayoutIfNeeded() {
        loadIfNeeded()
        if laidOutBounds != bounds {
            if !laidOutBounds.isNull, collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
                collectionViewLayout.isValid = false
            }
            laidOutBounds = bounds
        }
        guard !collectionViewLayout.isValid else { return }
        collectionViewLayout.isValid = true
        laidOutSize = bounds.size
        collectionViewLayout.prepare()
        let size = collectionViewLayout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    /// Prepares the layout when invalid, then shows the views of the elements in the bounds.
    open override func layoutSubviews() {
        layoutElements()
        if pendingReload {
            pendingReload = false
            performReload()
            layoutElements()
            if pendingReload { pendingReload = false; needsReload = true; setNeedsLayout() }
        }
        super.layoutSubviews()
    }

    func layoutElements(placesCells: Bool = true, entering: ((IndexPath, UICollectionViewCell) -> Void)? = nil) {
        prepareLayoutIfNeeded()
        isLayingOut = true
        defer { isLayingOut = false }
        let elements = collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
        var wanted = Set<ElementKey>(minimumCapacity: elements.count)
        for attributes in elements {
            if let kind = attributes.representedElementKind { wanted.insert(.supplementary(kind, attributes.indexPath)) }
            else { wanted.insert(.cell(attributes.indexPath)) }
        }
        for (path, cell) in cells where !wanted.contains(.cell(path)) {
            cells[path] = nil
            retire(cell, at: path)
        }
        for (key, view) in supplementaries where !wanted.contains(key) {
            supplementaries[key] = nil
            retireSupplementary(view, key: key)
        }
        for attributes in elements {
            let path = attributes.indexPath
            if let kind = attributes.representedElementKind {
                let key = ElementKey.supplementary(kind, path)
                if let view = supplementaries[key] { apply(attributes, to: view); continue }
                guard let source = dataSource else { continue }
                let view = source.collectionView(self, viewForSupplementaryElementOfKind: kind, at: path)
                guard !pendingReload else { return }
                UIView.performWithoutAnimation { apply(attributes, to: view) }
                supplementaries[key] = view
                addSubview(view)
                continue
            }
            if let cell = cells[path] {
                if placesCells { apply(attributes, to: cell) }
                continue
            }
            guard counts.indices.contains(path.section), path.item >= 0, path.item < counts[path.section],
                  let cell = makeCell(at: path) else { continue }
            guard !pendingReload else { cellQueue.enqueue(cell, identifier: cell.reuseIdentifier); return }
            UIView.performWithoutAnimation {
                apply(attributes, to: cell)
                cell.isSelected = selected.contains(path)
            }
            entering?(path, cell)
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
            cells[path] = cell
            insertSubview(cell, at: 0)
        }
    }

    private func makeCell(at path: IndexPath) -> UICollectionViewCell? {
        guard let source = dataSource else { return nil }
        let cell = source.collectionView(self, cellForItemAt: path)
        if (cell.owningCollection != nil && cell.owningCollection !== self) || cells.values.contains(where: { $0 === cell }) {
            ReuseDiagnostics.report("UICollectionView: the data source returned, for item \(path.item) in section "
                + "\(path.section), a cell that is on screen or belongs to another collection view; showing an empty cell")
            return UICollectionViewCell(frame: .zero)
        }
        cell.owningCollection = self
        return cell
    }

    func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView) {
        func valid(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        let size = CGSize(width: valid(attributes.size.width), height: valid(attributes.size.height))
        if view.bounds.size != size { view.bounds = CGRect(origin: .zero, size: size) }
        let center = CGPoint(x: attributes.center.x.isFinite ? attributes.center.x : 0,
                             y: attributes.center.y.isFinite ? attributes.center.y : 0)
        if view.center != center { view.center = center }
        if !CATransform3DEqualToTransform(view.transform3D, attributes.transform3D) { view.transform3D = attributes.transform3D }
        let alpha = attributes.alpha.isFinite ? attributes.alpha : 1
        if view.alpha != alpha { view.alpha = alpha }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
        let z = CGFloat(attributes.zIndex)
        if view.layer.zPosition != z { view.layer.zPosition = z }
        view.apply(attributes)
    }

    func retire(_ cell: UICollectionViewCell, at path: IndexPath) {
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
        cell.isHighlighted = false
        cellQueue.enqueue(cell, identifier: cell.reuseIdentifier)
    }

    private func retireSupplementary(_ view: UICollectionReusableView, key: ElementKey) {
        guard case .supplementary(let kind, _) = key else { return }
        supplementaryQueues[kind, default: ReuseQueue()].enqueue(view, identifier: view.reuseIdentifier)
    }

    // MARK: Touches

    /// A touch highlights the item under it (`shouldHighlightItemAt`); lifting it there selects
    /// it (see `selectByTap`). A drag cancels the touch, as in a table view.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection || allowsMultipleSelection, let touch = touches.first,
              let path = indexPathForItem(at: touch.location(in: self)), let cell = cells[path] else {
            return super.touchesBegan(touches, with: event)
        }
        guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else { return }
        highlightedPath = path
        cell.isHighlighted = true
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedPath else { return super.touchesEnded(touches, with: event) }
        highlightedPath = nil
        cells[path]?.isHighlighted = false
        if let touch = touches.first, indexPathForItem(at: touch.location(in: self)) == path { selectByTap(path) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let path = highlightedPath else { return super.touchesCancelled(touches, with: event) }
        highlightedPath = nil
        cells[path]?.isHighlighted = false
    }
}
