import Kinescope
import XCTest

/// The safe area the containers' bars give their children, the margins measured from it, and the
/// scroll views' content insets adjusted by it, on a headless host.
final class SafeAreaTests: XCTestCase {
    @MainActor private static func show(_ root: UIViewController, size: CGSize = CGSize(width: 320, height: 480)) throws -> HeadlessHost {
        let host = try HeadlessHost(size: size, framesPerSecond: 60)
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.rootViewController = root
        host.show(window)
        host.advance(by: 1.0 / 60)
        return host
    }

    func testANavigationChildsSafeAreaStartsBelowTheBarAndAConstrainedViewFollowsIt() throws { try onMain { try Self.checkANavigationChildsSafeAreaStartsBelowTheBarAndAConstrainedViewFollowsIt() } }

    @MainActor private static func checkANavigationChildsSafeAreaStartsBelowTheBarAndAConstrainedViewFollowsIt() throws {
        let content = RecordingController()
        let pinned = UIView()
        content.loadViewIfNeeded()
        content.view.addSubview(pinned)
        pinned.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            pinned.topAnchor.constraint(equalTo: content.view.safeAreaLayoutGuide.topAnchor),
            pinned.leadingAnchor.constraint(equalTo: content.view.safeAreaLayoutGuide.leadingAnchor),
            pinned.trailingAnchor.constraint(equalTo: content.view.safeAreaLayoutGuide.trailingAnchor),
            pinned.heightAnchor.constraint(equalToConstant: 20),
        ])
        let navigation = UINavigationController(rootViewController: content)
        let host = try show(navigation)

        XCTAssertEqual(content.view.safeAreaInsets, UIEdgeInsets(top: UINavigationBar.height, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(navigation.view.safeAreaInsets, .zero, "a window has no status bar")
        XCTAssertEqual(pinned.frame, CGRect(x: 0, y: UINavigationBar.height, width: 320, height: 20),
                       "solved in the same pass that found the safe area")
        XCTAssertEqual(pinned.safeAreaInsets, .zero, "a view inside the safe area has none")
        XCTAssertEqual(content.safeAreaChanges, 1)
        XCTAssertEqual(content.view.safeAreaLayoutGuide.layoutFrame, CGRect(x: 0, y: 44, width: 320, height: 436))

        navigation.setNavigationBarHidden(true, animated: false)
        host.advance(by: 1.0 / 60)
        XCTAssertEqual(content.view.safeAreaInsets, .zero)
        XCTAssertEqual(pinned.frame.minY, 0)
        XCTAssertEqual(content.safeAreaChanges, 2)
    }

    func testATabInANavigationControllerIsInsetByBothBarsAndByAdditionalInsets() throws { try onMain { try Self.checkATabInANavigationControllerIsInsetByBothBarsAndByAdditionalInsets() } }

    @MainActor private static func checkATabInANavigationControllerIsInsetByBothBarsAndByAdditionalInsets() throws {
        let content = RecordingController()
        content.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 5, bottom: 0, right: 0)
        let navigation = UINavigationController(rootViewController: content)
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation]
        _ = try show(tabs)

        XCTAssertEqual(navigation.view.safeAreaInsets, UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.height, right: 0))
        XCTAssertEqual(content.view.safeAreaInsets,
                       UIEdgeInsets(top: UINavigationBar.height + 10, left: 5, bottom: UITabBar.height, right: 0))
    }

    func testASubviewGetsOnlyThePartOfItOutsideItsSuperviewsSafeArea() throws { try onMain { try Self.checkASubviewGetsOnlyThePartOfItOutsideItsSuperviewsSafeArea() } }

    @MainActor private static func checkASubviewGetsOnlyThePartOfItOutsideItsSuperviewsSafeArea() throws {
        let content = RecordingController()
        content.loadViewIfNeeded()
        let straddling = UIView(frame: CGRect(x: 0, y: 30, width: 100, height: 40))
        let inside = UIView(frame: CGRect(x: 0, y: 100, width: 100, height: 40))
        let above = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        for view in [straddling, inside, above] { content.view.addSubview(view) }
        _ = try show(UINavigationController(rootViewController: content))

        XCTAssertEqual(straddling.safeAreaInsets.top, 14)
        XCTAssertEqual(inside.safeAreaInsets, .zero)
        XCTAssertEqual(above.safeAreaInsets.top, 20, "at most the view's own height")
    }

    func testRootViewMarginsAreTheSystemMinimumMeasuredFromTheSafeArea() throws { try onMain { try Self.checkRootViewMarginsAreTheSystemMinimumMeasuredFromTheSafeArea() } }

    @MainActor private static func checkRootViewMarginsAreTheSystemMinimumMeasuredFromTheSafeArea() throws {
        let content = RecordingController()
        content.loadViewIfNeeded()
        let plain = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
        content.view.addSubview(plain)
        _ = try show(UINavigationController(rootViewController: content))

        XCTAssertEqual(content.view.layoutMargins, UIEdgeInsets(top: 44, left: 16, bottom: 0, right: 16))
        XCTAssertEqual(content.view.directionalLayoutMargins, NSDirectionalEdgeInsets(top: 44, leading: 16, bottom: 0, trailing: 16))
        XCTAssertEqual(plain.layoutMargins, UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))

        content.view.insetsLayoutMarginsFromSafeArea = false
        XCTAssertEqual(content.view.layoutMargins, UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        content.view.layoutMargins = UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 30)
        XCTAssertEqual(content.view.layoutMargins, UIEdgeInsets(top: 4, left: 16, bottom: 4, right: 30), "raised to the minimum")
        content.viewRespectsSystemMinimumLayoutMargins = false
        XCTAssertEqual(content.view.layoutMargins, UIEdgeInsets(top: 4, left: 4, bottom: 4, right: 30))
    }

    func testATableUnderANavigationBarStartsWithItsFirstRowBelowTheBar() throws { try onMain { try Self.checkATableUnderANavigationBarStartsWithItsFirstRowBelowTheBar() } }

    @MainActor private static func checkATableUnderANavigationBarStartsWithItsFirstRowBelowTheBar() throws {
        let content = TableController()
        _ = try show(UINavigationController(rootViewController: content))
        let table = content.table

        XCTAssertEqual(table.safeAreaInsets.top, 44)
        XCTAssertEqual(table.adjustedContentInset, UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
        XCTAssertEqual(table.contentOffset.y, -44, "resting at the top of the adjusted range")
        let firstRow = table.cellForRow(at: IndexPath(row: 0, section: 0))
        XCTAssertEqual(firstRow.map { $0.convert($0.bounds, to: nil).minY }, 44)
        XCTAssertEqual(content.insetChanges, 1, "the delegate heard of the change")

        table.contentInsetAdjustmentBehavior = .never
        XCTAssertEqual(table.adjustedContentInset, .zero)
        XCTAssertEqual(table.contentOffset.y, 0)
    }

    func testScrollableAxesLeavesContentThatDoesNotScrollUnadjusted() throws { try onMain { try Self.checkScrollableAxesLeavesContentThatDoesNotScrollUnadjusted() } }

    @MainActor private static func checkScrollableAxesLeavesContentThatDoesNotScrollUnadjusted() throws {
        let content = RecordingController()
        content.loadViewIfNeeded()
        let scroll = UIScrollView(frame: content.view.bounds)
        scroll.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        scroll.contentInsetAdjustmentBehavior = .scrollableAxes
        scroll.contentSize = CGSize(width: 320, height: 100)
        content.view.addSubview(scroll)
        let host = try show(UINavigationController(rootViewController: content))

        XCTAssertEqual(scroll.safeAreaInsets.top, 44)
        XCTAssertEqual(scroll.adjustedContentInset, .zero)
        scroll.contentSize = CGSize(width: 320, height: 2000)
        host.advance(by: 1.0 / 60)
        XCTAssertEqual(scroll.adjustedContentInset.top, 44)
        XCTAssertEqual(scroll.contentOffset.y, -44)
        scroll.contentInsetAdjustmentBehavior = .always
        XCTAssertEqual(scroll.adjustedContentInset, UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0))
    }
}

@MainActor
private final class RecordingController: UIViewController {
    var safeAreaChanges = 0

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        safeAreaChanges += 1
    }
}

@MainActor
private final class TableController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let table = UITableView(frame: .zero, style: .plain)
    var insetChanges = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        table.frame = view.bounds
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = self
        table.delegate = self
        view.addSubview(table)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 40 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }

    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { insetChanges += 1 }
}
