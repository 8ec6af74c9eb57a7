import Kinescope
import XCTest

/// `UITableViewController` and `UICollectionViewController` as UIKit code subclasses them: the
/// overrides are what the views call, the table sits below a navigation bar, the selection clears
/// on the way back.
final class TableViewControllerTests: XCTestCase {
    func testASubclassesOverridesFeedTheTableUnderANavigationBar() throws { try onMain { try Self.checkOverrides() } }
    func testComingBackToTheListClearsItsSelection() throws { try onMain { try Self.checkSelectionCleared() } }
    func testACollectionViewControllerSubclassFeedsItsFlowLayout() throws { try onMain { try Self.checkCollection() } }

    @MainActor private static func show(_ root: UIViewController) throws -> HeadlessHost {
        let host = try HeadlessHost(size: CGSize(width: 320, height: 480), framesPerSecond: 60)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = root
        host.show(window)
        host.advance(by: 1.0 / 60)
        return host
    }

    @MainActor private static func checkOverrides() throws {
        let list = FruitList(style: .plain)
        let host = try show(UINavigationController(rootViewController: list))
        let table = try XCTUnwrap(list.tableView)

        XCTAssertTrue(list.view === table, "the table is the view")
        XCTAssertTrue(table.dataSource === list && table.delegate === list)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 30)
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)), CGRect(x: 0, y: 60, width: 320, height: 60),
                       "heightForRowAt override")
        XCTAssertEqual(table.indexPathsForRows(in: CGRect(x: 0, y: 100, width: 10, height: 50)),
                       [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
        XCTAssertNil(table.indexPathsForRows(in: CGRect(x: 0, y: 5000, width: 10, height: 50)))
        XCTAssertEqual(table.rectForHeader(inSection: 0).height, 0, "no title, no header")
        let first = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(first.textLabel?.text, "Fruit 0")
        XCTAssertEqual(first.convert(first.bounds, to: nil).minY, UINavigationBar.height, "the first row starts below the bar")

        host.scroll(at: CGPoint(x: 160, y: 240), dy: 2)
        host.advance(by: 1.0 / 60)
        XCTAssertGreaterThan(list.scrolls, 0, "scrollViewDidScroll override")
        host.click(at: CGPoint(x: 160, y: 300))
        host.advance(by: 1.0 / 60)
        XCTAssertEqual(list.selected.count, 1, "didSelectRowAt override")
    }

    @MainActor private static func checkSelectionCleared() throws {
        let list = FruitList(style: .plain)
        let navigation = UINavigationController(rootViewController: list)
        let host = try show(navigation)
        list.tableView.selectRow(at: IndexPath(row: 2, section: 0), animated: false, scrollPosition: .none)
        navigation.pushViewController(UIViewController(), animated: false)
        host.advance(by: 1.0 / 60)
        XCTAssertEqual(list.tableView.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)])
        navigation.popViewController(animated: false)
        host.advance(by: 1.0 / 60)
        XCTAssertNil(list.tableView.indexPathsForSelectedRows, "viewWillAppear cleared it")

        list.clearsSelectionOnViewWillAppear = false
        list.tableView.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        navigation.pushViewController(UIViewController(), animated: false)
        host.advance(by: 1.0 / 60)
        navigation.popViewController(animated: false)
        host.advance(by: 1.0 / 60)
        XCTAssertEqual(list.tableView.indexPathsForSelectedRows, [IndexPath(row: 3, section: 0)])
    }

    @MainActor private static func checkCollection() throws {
        let layout = UICollectionViewFlowLayout()
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        let grid = Grid(collectionViewLayout: layout)
        _ = try show(grid)
        let collection = try XCTUnwrap(grid.collectionView)
        XCTAssertTrue(collection.dataSource === grid && collection.delegate === grid)
        XCTAssertEqual(collection.numberOfItems(inSection: 0), 12)
        let second = try XCTUnwrap(collection.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        XCTAssertEqual(second.frame.size, CGSize(width: 80, height: 50), "sizeForItemAt from the subclass's flow-layout conformance")
    }
}

@MainActor
private final class FruitList: UITableViewController {
    var scrolls = 0
    var selected: [IndexPath] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
        cell.textLabel?.text = "Fruit \(indexPath.row)"
        return cell
    }

    override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
    override func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
}

@MainActor
private final class Grid: UICollectionViewController, UICollectionViewDelegateFlowLayout {
    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize { CGSize(width: 80, height: 50) }
}
