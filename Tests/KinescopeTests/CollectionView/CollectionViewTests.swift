@testable import Views
import Kinescope
import XCTest

/// UICollectionView with the flow layout and a custom layout: frames, reuse, updates, selection.
final class CollectionViewTests: XCTestCase {
    @MainActor
    final class Source: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var counts: [Int]
        var log: [String] = []
        init(counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.backgroundColor = .blue
            cell.tag = indexPath.item
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            log.append("shouldSelect \(indexPath.item)")
            return true
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("didSelect \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("didDeselect \(indexPath.item)") }
    }

    /// Items in one row, each scaled by its distance from the visible centre.
    final class ScalingLayout: UICollectionViewLayout {
        var count = 0
        override func prepare() { count = collectionView?.numberOfItems(inSection: 0) ?? 0 }
        override var collectionViewContentSize: CGSize { CGSize(width: CGFloat(count) * 100, height: 100) }
        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            guard let view = collectionView, indexPath.item < count else { return nil }
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: CGFloat(indexPath.item) * 100, y: 0, width: 100, height: 100)
            let distance = abs(attributes.center.x - view.bounds.midX)
            let scale = max(0.5, 1 - distance / 400)
            attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
            attributes.alpha = scale
            attributes.zIndex = Int(scale * 100)
            return attributes
        }
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }.filter { $0.frame.intersects(rect) }
        }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    }

    @MainActor
    static func makeCollection(_ source: Source, layout: UICollectionViewLayout, size: CGSize = CGSize(width: 200, height: 200))
        throws -> (HeadlessHost, UICollectionView) {
        let host = try HeadlessHost(size: size)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        let view = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                      withReuseIdentifier: "header")
        view.dataSource = source
        view.delegate = source
        window.addSubview(view)
        host.show(window)
        view.layoutIfNeeded()
        return (host, view)
    }

    func testFlowLayoutFramesForAKnownConfiguration() throws {
        try onMain {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 50, height: 40)
            layout.minimumInteritemSpacing = 10
            layout.minimumLineSpacing = 5
            layout.sectionInset = UIEdgeInsets(top: 4, left: 8, bottom: 6, right: 8)
            layout.headerReferenceSize = CGSize(width: 0, height: 20)
            let (_, view) = try Self.makeCollection(Source(counts: [7, 2]), layout: layout)
            @MainActor func frame(_ item: Int, _ section: Int) -> CGRect? { view.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame }
            // 184 points across: three items a line, spread: 8, 8+50+17, 8+2·67.
            XCTAssertEqual(frame(0, 0), CGRect(x: 8, y: 24, width: 50, height: 40))
            XCTAssertEqual(frame(1, 0), CGRect(x: 75, y: 24, width: 50, height: 40))
            XCTAssertEqual(frame(2, 0), CGRect(x: 142, y: 24, width: 50, height: 40))
            XCTAssertEqual(frame(3, 0), CGRect(x: 8, y: 69, width: 50, height: 40))
            XCTAssertEqual(frame(6, 0), CGRect(x: 8, y: 114, width: 50, height: 40), "the last line is not spread")
            XCTAssertEqual(frame(1, 1), CGRect(x: 68, y: 160 + 20 + 4, width: 50, height: 40))
            XCTAssertEqual(view.contentSize, CGSize(width: 200, height: 160 + 20 + 4 + 40 + 6))
            XCTAssertEqual(view.subviews.filter { !($0 is UICollectionViewCell) }.count, 2, "two headers")
            XCTAssertEqual(view.cellForItem(at: IndexPath(item: 4, section: 0))?.frame, frame(4, 0))

            let horizontal = UICollectionViewFlowLayout()
            horizontal.scrollDirection = .horizontal
            horizontal.itemSize = CGSize(width: 60, height: 90)
            let (_, strip) = try Self.makeCollection(Source(counts: [5]), layout: horizontal)
            XCTAssertEqual(strip.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame, CGRect(x: 0, y: 110, width: 60, height: 90))
            XCTAssertEqual(strip.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame, CGRect(x: 70, y: 0, width: 60, height: 90))
            XCTAssertEqual(strip.contentSize.width, 200, "three columns")
        }
    }

    func testCustomLayoutAttributesAreAppliedAndReusedWhileScrolling() throws {
        try onMain {
            let source = Source(counts: [1000])
            let (_, view) = try Self.makeCollection(source, layout: ScalingLayout(), size: CGSize(width: 200, height: 100))
            XCTAssertLessThanOrEqual(view.visibleCells.count, 3)
            let first = try XCTUnwrap(view.cellForItem(at: IndexPath(item: 0, section: 0)))
            XCTAssertEqual(first.center, CGPoint(x: 50, y: 50))
            XCTAssertEqual(first.transform.a, 0.875, accuracy: 1e-9)
            XCTAssertEqual(first.alpha, 0.875, accuracy: 1e-9)
            XCTAssertEqual(first.layer.zPosition, 87)
            for step in 1...60 {
                view.contentOffset = CGPoint(x: CGFloat(step) * 37, y: 0)
                view.layoutIfNeeded()
            }
            XCTAssertLessThanOrEqual(view.createdCellCount, 4)
            let middle = try XCTUnwrap(view.cellForItem(at: IndexPath(item: 22, section: 0)))
            XCTAssertEqual(middle.transform.a, 1 - abs(2250 - (2220 + 100)) / 400, accuracy: 1e-9, "re-laid out at every scroll")
        }
    }

    func testBatchInsertAndDeleteAnimateAndBadCountsAreReported() throws {
        try onMain {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 90, height: 40)
            let source = Source(counts: [6])
            let (host, view) = try Self.makeCollection(source, layout: layout)
            let third = view.cellForItem(at: IndexPath(item: 2, section: 0))
            var done = false
            view.performBatchUpdates({
                source.counts = [5]
                view.deleteItems(at: [IndexPath(item: 0, section: 0)])
            }, completion: { done = $0 })
            XCTAssertTrue(view.cellForItem(at: IndexPath(item: 1, section: 0)) === third)
            host.advance(by: 0.15)
            let y = try XCTUnwrap(third?.layer.presentation()?.frame.minY)
            XCTAssertGreaterThan(y, 0)
            XCTAssertLessThan(y, 50)
            host.advance(by: 0.3)
            XCTAssertTrue(done)
            XCTAssertEqual(third?.frame.minY, 0)
            let messages = capturingDiagnostics {
                source.counts = [9]
                view.insertItems(at: [IndexPath(item: 5, section: 0)])
            }
            XCTAssertEqual(messages.count, 1)
            XCTAssertTrue(messages[0].contains("after the update (9)") && messages[0].contains("before the update (5)"), messages[0])
            view.layoutIfNeeded()
            XCTAssertEqual(view.numberOfItems(inSection: 0), 9)
        }
    }

    func testTapSelectsItems() throws {
        try onMain {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 90, height: 40)
            let source = Source(counts: [6])
            let (host, view) = try Self.makeCollection(source, layout: layout)
            host.pressPointer(at: CGPoint(x: 150, y: 20))
            host.releasePointer(at: CGPoint(x: 150, y: 20))
            host.pressPointer(at: CGPoint(x: 20, y: 70))
            host.releasePointer(at: CGPoint(x: 20, y: 70))
            host.advance(by: 0.05)
            XCTAssertEqual(source.log, ["shouldSelect 1", "didSelect 1", "shouldSelect 2", "didDeselect 1", "didSelect 2"])
            XCTAssertEqual(view.indexPathsForSelectedItems, [IndexPath(item: 2, section: 0)])
            XCTAssertTrue(view.cellForItem(at: IndexPath(item: 2, section: 0))?.isSelected ?? false)
        }
    }
}
