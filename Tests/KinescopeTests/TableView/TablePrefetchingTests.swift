@testable import Views
import Kinescope
import KinescopeTestSupport
import XCTest

/// `prefetchDataSource`: a screen ahead in the scroll direction, cancelled on reversal.
final class TablePrefetchingTests: XCTestCase {
    @MainActor
    final class PrefetchLog: UITableViewDataSourcePrefetching {
        var entries: [String] = []
        var sawVisibleRow = false

        func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
            let visible = Set(tableView.indexPathsForVisibleRows ?? [])
            if indexPaths.contains(where: visible.contains) { sawVisibleRow = true }
            entries.append("prefetch " + indexPaths.map { "\($0.row)" }.joined(separator: ","))
        }

        func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
            entries.append("cancel " + indexPaths.map { "\($0.row)" }.joined(separator: ","))
        }
    }

    func testPrefetchesAScreenAheadAndCancelsWhenTheScrollReverses() throws {
        try onMain {
            let log = PrefetchLog()
            let scene = try makeTableScene(PlainTableSource(count: 100)) { $0.prefetchDataSource = log }
            let table = scene.table
            XCTAssertEqual(log.entries, ["prefetch 5,6,7,8,9"], "200 pt below the visible rows 0…4")
            table.setNeedsLayout()
            table.layoutIfNeeded()
            XCTAssertEqual(log.entries.count, 1, "no scroll, no call")
            table.contentOffset = CGPoint(x: 0, y: 100)
            table.layoutIfNeeded()
            XCTAssertEqual(log.entries.last, "prefetch 10,11")
            table.contentOffset = CGPoint(x: 0, y: 50)
            table.layoutIfNeeded()
            XCTAssertEqual(log.entries.suffix(2), ["cancel 7,8,9,10,11", "prefetch 0"])
            XCTAssertFalse(log.sawVisibleRow)
        }
    }

    func testDisablingOrReloadingCancelsAndJumpsCancelRowsLeftBehind() throws {
        try onMain {
            let log = PrefetchLog()
            let scene = try makeTableScene(PlainTableSource(count: 1000)) { $0.prefetchDataSource = log }
            let table = scene.table
            table.contentOffset = CGPoint(x: 0, y: 4400)
            table.layoutIfNeeded()
            XCTAssertEqual(log.entries.suffix(2), ["cancel 5,6,7,8,9", "prefetch 105,106,107,108,109"])
            table.isPrefetchingEnabled = false
            XCTAssertEqual(log.entries.last, "cancel 105,106,107,108,109")
            table.contentOffset = CGPoint(x: 0, y: 4500)
            table.layoutIfNeeded()
            XCTAssertEqual(log.entries.count, 4, "disabled: never asked")
            table.isPrefetchingEnabled = true
            table.contentOffset = CGPoint(x: 0, y: 4510)
            table.layoutIfNeeded()
            XCTAssertEqual(log.entries.count, 5)
            XCTAssertEqual(log.entries.last, "prefetch 108,109,110,111", "row 107 is on screen")
            table.reloadData()
            XCTAssertTrue(log.entries.last?.hasPrefix("cancel ") ?? false, log.entries.last ?? "")
        }
    }
}
