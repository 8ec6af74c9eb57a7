@testable import Views
import Kinescope
import KinescopeTestSupport
import XCTest

/// UITableView's reuse, heights, headers, selection, updates and bad input, headless.
final class TableViewTests: XCTestCase {
    func testMillionRowsCreateOnlyVisibleCellsAndScrollingReusesThem() throws {
        try onMain {
            let source = PlainTableSource(count: 1_000_000)
            let scene = try makeTableScene(source)
            let table = scene.table
            XCTAssertEqual(table.contentSize.height, 44_000_000)
            XCTAssertEqual(table.visibleCells.count, 5, "200 / 44 → rows 0…4")
            XCTAssertEqual(table.createdCellCount, 5)
            table.contentOffset = CGPoint(x: 0, y: 22_000_000)
            table.layoutIfNeeded()
            XCTAssertEqual(table.indexPathsForVisibleRows?.first, IndexPath(row: 500_000, section: 0))
            XCTAssertEqual(table.subviews.filter { $0 is UITableViewCell }.count, 5)
            for step in 1...40 {
                table.contentOffset = CGPoint(x: 0, y: 22_000_000 + CGFloat(step) * 13)
                table.layoutIfNeeded()
            }
            XCTAssertLessThanOrEqual(table.createdCellCount, 6, "visible plus at most one in the pool")
            XCTAssertEqual(table.cellForRow(at: IndexPath(row: 500_012, section: 0))?.textLabel?.text, "500012")
        }
    }

    func testHeightsFixedPerRowAndEstimated() throws {
        try onMain {
            let fixed = try makeTableScene(PlainTableSource(count: 10)) { $0.rowHeight = 30 }
            XCTAssertEqual(fixed.table.rectForRow(at: IndexPath(row: 3, section: 0)), CGRect(x: 0, y: 90, width: 160, height: 30))

            let perRow = TableLog(counts: [10])
            perRow.heights = { CGFloat(20 + $0.row * 10) }
            let scene = try makeTableScene(perRow)
            XCTAssertEqual(scene.table.rectForRow(at: IndexPath(row: 3, section: 0)), CGRect(x: 0, y: 90, width: 160, height: 50))
            XCTAssertEqual(scene.table.contentSize.height, 650)
            XCTAssertEqual(scene.table.indexPathForRow(at: CGPoint(x: 5, y: 139)), IndexPath(row: 3, section: 0))
            XCTAssertEqual(scene.table.indexPathForRow(at: CGPoint(x: 5, y: 140)), IndexPath(row: 4, section: 0))

            let estimated = TableLog(counts: [1000])
            var asked = Set<Int>()
            estimated.heights = { asked.insert($0.row); return 60 }
            let lazy = try makeTableScene(estimated) { $0.estimatedRowHeight = 40 }
            XCTAssertLessThan(asked.count, 10, "only rows on screen are measured")
            XCTAssertEqual(lazy.table.rectForRow(at: IndexPath(row: 1, section: 0)).minY, 60)
            XCTAssertEqual(lazy.table.contentSize.height, CGFloat(asked.count) * 60 + CGFloat(1000 - asked.count) * 40)
        }
    }

    func testPlainHeadersStickUntilTheirSectionEnds() throws {
        try onMain {
            let source = TableLog(counts: [5, 5])
            source.headerTitles = [0: "First", 1: "Second"]
            let scene = try makeTableScene(source)
            let table = scene.table
            XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 0)
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY, 28 + 220 + 28)
            table.contentOffset = CGPoint(x: 0, y: 100)
            table.layoutIfNeeded()
            XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 100, "sticks at the top")
            table.contentOffset = CGPoint(x: 0, y: 240)
            table.layoutIfNeeded()
            XCTAssertEqual(table.headerView(forSection: 0)?.frame.minY, 248 - 28, "pushed up by the section's end")
            XCTAssertEqual(table.headerView(forSection: 1)?.frame.minY, 248)

            let grouped = try makeTableScene(source, style: .grouped)
            grouped.table.contentOffset = CGPoint(x: 0, y: 100)
            grouped.table.layoutIfNeeded()
            XCTAssertEqual(grouped.table.headerView(forSection: 0)?.frame.minY ?? 0, 0, "grouped headers scroll")
        }
    }

    func testTapSelectsInUIKitOrderThroughTouches() throws {
        try onMain {
            let source = TableLog(counts: [20])
            let scene = try makeTableScene(source)
            scene.host.pressPointer(at: CGPoint(x: 50, y: 60))
            scene.host.advance(by: 0.05)
            scene.host.releasePointer(at: CGPoint(x: 50, y: 60))
            scene.frame()
            XCTAssertEqual(source.entries, ["shouldHighlight 1", "willSelect 1", "didSelect 1"])
            XCTAssertEqual(scene.table.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
            XCTAssertTrue(scene.table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected ?? false)
            source.entries.removeAll()
            scene.host.pressPointer(at: CGPoint(x: 50, y: 100))
            scene.host.releasePointer(at: CGPoint(x: 50, y: 100))
            scene.frame()
            XCTAssertEqual(source.entries, ["shouldHighlight 2", "willSelect 2", "willDeselect 1", "didDeselect 1", "didSelect 2"])
            XCTAssertEqual(scene.table.indexPathsForSelectedRows, [IndexPath(row: 2, section: 0)])
        }
    }

    func testDragScrollsWithoutSelecting() throws {
        try onMain {
            let source = TableLog(counts: [50])
            let scene = try makeTableScene(source)
            scene.host.pressPointer(at: CGPoint(x: 50, y: 150))
            var y: CGFloat = 150
            for _ in 0..<8 { scene.frame(); y -= 12; scene.host.movePointer(to: CGPoint(x: 50, y: y)) }
            scene.host.releasePointer(at: CGPoint(x: 50, y: y))
            scene.host.advance(by: 0.5)
            XCTAssertGreaterThan(scene.table.contentOffset.y, 50)
            XCTAssertFalse(source.entries.contains { $0.hasPrefix("didSelect") })
            XCTAssertNil(scene.table.indexPathForSelectedRow)
            let firstVisible = scene.table.indexPathsForVisibleRows?.first?.row ?? -1
            XCTAssertEqual(firstVisible, Int(scene.table.contentOffset.y / 44))
        }
    }

    func testWheelScrollsTheTableAndNewRowsGetReusedCells() throws {
        try onMain {
            let source = PlainTableSource(count: 10_000)
            let scene = try makeTableScene(source)
            for _ in 0..<5 { scene.host.scroll(at: CGPoint(x: 80, y: 100), dy: 1) }
            scene.frame()
            XCTAssertEqual(scene.table.contentOffset.y, 5 * UIScrollView.wheelStep)
            XCTAssertEqual(scene.table.indexPathsForVisibleRows?.first?.row, Int(200 / 44))
            XCTAssertLessThanOrEqual(scene.table.createdCellCount, 6)
        }
    }

    func testScrollToRowOffsets() throws {
        try onMain {
            let scene = try makeTableScene(PlainTableSource(count: 100))
            let table = scene.table
            table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top, animated: false)
            XCTAssertEqual(table.contentOffset.y, 440)
            table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .middle, animated: false)
            XCTAssertEqual(table.contentOffset.y, 440 + 22 - 100)
            table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .bottom, animated: false)
            XCTAssertEqual(table.contentOffset.y, 484 - 200)
            table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
            XCTAssertEqual(table.contentOffset.y, 4400 - 200, "clamped to the end")
            table.scrollToRow(at: IndexPath(row: 98, section: 0), at: .none, animated: false)
            XCTAssertEqual(table.contentOffset.y, 4200, "already visible")
            table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .none, animated: true)
            scene.host.advance(by: 0.5)
            XCTAssertEqual(table.contentOffset.y, 880)
        }
    }

    func testCellStylesPlaceTheirLabels() throws {
        try onMain {
            @MainActor func cell(_ style: UITableViewCell.CellStyle) -> UITableViewCell {
                let cell = UITableViewCell(style: style, reuseIdentifier: nil)
                cell.frame = CGRect(x: 0, y: 0, width: 320, height: 44)
                cell.textLabel?.text = "Title"
                cell.detailTextLabel?.text = "Detail"
                cell.layoutIfNeeded()
                return cell
            }
            let plain = cell(.default)
            XCTAssertNil(plain.detailTextLabel)
            XCTAssertEqual(plain.textLabel?.frame, CGRect(x: 16, y: 0, width: 288, height: 44))
            let subtitle = cell(.subtitle)
            let title = try XCTUnwrap(subtitle.textLabel?.frame), detail = try XCTUnwrap(subtitle.detailTextLabel?.frame)
            XCTAssertEqual(title.maxY, detail.minY)
            XCTAssertEqual((title.minY + detail.maxY) / 2, 22, accuracy: 1)
            let value1 = cell(.value1)
            XCTAssertEqual(value1.detailTextLabel?.frame.maxX, 304)
            XCTAssertEqual(value1.detailTextLabel?.textAlignment, .right)
            let value2 = cell(.value2)
            XCTAssertEqual(value2.textLabel?.frame, CGRect(x: 16, y: value2.textLabel?.frame.minY ?? 0, width: 74, height: value2.textLabel?.frame.height ?? 0))
            XCTAssertEqual(value2.detailTextLabel?.frame.minX, 96)
            let accessory = cell(.default)
            accessory.accessoryType = .disclosureIndicator
            accessory.layoutIfNeeded()
            XCTAssertEqual(accessory.contentView.frame.width, 320 - 24)
            let image = cell(.default)
            image.imageView?.image = UIImage(named: "Anchor")
            image.setNeedsLayout()
            image.layoutIfNeeded()
            XCTAssertEqual(image.imageView?.frame.minX, 16)
            XCTAssertLessThanOrEqual(image.imageView?.frame.height ?? 99, 36)
            XCTAssertEqual(image.textLabel?.frame.minX, 16 + (image.imageView?.frame.width ?? 0) + 16)
        }
    }

    func testInconsistentBatchIsReportedWithTheCountsAndReloads() throws {
        try onMain {
            let source = TableLog(counts: [5])
            let scene = try makeTableScene(source)
            let messages = capturingDiagnostics {
                source.counts = [7]
                scene.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            }
            XCTAssertEqual(messages.count, 1)
            XCTAssertTrue(messages[0].contains("after the update (7)"), messages[0])
            XCTAssertTrue(messages[0].contains("before the update (5)"), messages[0])
            XCTAssertTrue(messages[0].contains("1 inserted, 0 deleted"), messages[0])
            scene.table.layoutIfNeeded()
            XCTAssertEqual(scene.table.numberOfRows(inSection: 0), 7)
            XCTAssertEqual(scene.table.visibleCells.count, 5)
        }
    }

    func testBatchUpdatesMoveRowsAndCallCompletion() throws {
        try onMain {
            let source = TableLog(counts: [6])
            let scene = try makeTableScene(source)
            let table = scene.table
            let oldRow2 = table.cellForRow(at: IndexPath(row: 2, section: 0))
            var completed = false
            table.performBatchUpdates({
                source.counts = [6]
                table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .left)
                table.insertRows(at: [IndexPath(row: 3, section: 0)], with: .right)
            }, completion: { completed = $0 })
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0)) === oldRow2, "row 2 became row 1")
            scene.host.advance(by: 0.15)
            let moving = try XCTUnwrap(oldRow2?.layer.presentation()?.frame.minY)
            XCTAssertGreaterThan(moving, 44)
            XCTAssertLessThan(moving, 88)
            let frame = try XCTUnwrap(scene.host.lastFrame)
            assertBitmap(frame, matchesGolden: "table-batch-midway", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 40))
            scene.host.advance(by: 0.4)
            XCTAssertTrue(completed)
            XCTAssertEqual(oldRow2?.frame.minY, 44)
            XCTAssertEqual(table.subviews.filter { $0 is UITableViewCell }.count, 5)
        }
    }

    func testBadDataSources() throws {
        try onMain {
            // A count that changes between calls is not seen until a reload.
            let changing = TableLog(counts: [3])
            let scene = try makeTableScene(changing)
            changing.counts = [300]
            scene.table.layoutIfNeeded()
            XCTAssertEqual(scene.table.visibleCells.count, 3)
            scene.table.reloadData()
            scene.table.layoutIfNeeded()
            XCTAssertEqual(scene.table.visibleCells.count, 5)

            // A cell from another table is refused.
            let other = try makeTableScene(PlainTableSource(count: 3))
            let stolen = try XCTUnwrap(other.table.visibleCells.first)
            let thief = TableLog(counts: [2])
            thief.onCellForRow = { _, _ in stolen }
            let messages = try capturingDiagnostics {
                let scene = try makeTableScene(thief)
                XCTAssertEqual(scene.table.visibleCells.count, 2)
                XCTAssertFalse(scene.table.visibleCells.contains { $0 === stolen })
            }
            XCTAssertEqual(messages.count, 2)
            XCTAssertTrue(stolen.superview === other.table)

            // Reentrant reloadData from willDisplay.
            let reentrant = TableLog(counts: [10])
            var reloads = 0
            reentrant.onWillDisplay = { table, _ in
                if reloads < 3 { reloads += 1; table.reloadData() }
            }
            let again = try makeTableScene(reentrant)
            again.host.advance(by: 0.1)
            XCTAssertEqual(again.table.visibleCells.count, 5)
            XCTAssertEqual(Set(again.table.visibleCells.map { ObjectIdentifier($0) }).count, 5)
        }
    }
}
