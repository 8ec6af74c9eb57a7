@testable import Views
import Kinescope
import KinescopeTestSupport
import XCTest

/// Section insertions, deletions, reloads and moves, alone and mixed with row updates.
final class TableSectionUpdateTests: XCTestCase {
    func testInsertedSectionPushesLaterSectionsDownAndKeepsTheirCells() throws {
        try onMain {
            let source = TableLog(counts: [1, 1])
            let scene = try makeTableScene(source)
            let table = scene.table
            let second = table.cellForRow(at: IndexPath(row: 0, section: 1))
            source.counts = [1, 2, 1]
            table.insertSections(IndexSet(integer: 1), with: .fade)
            XCTAssertEqual(table.numberOfSections, 3)
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 0, section: 2)) === second, "old section 1 is now 2")
            let inserted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 1)))
            scene.host.advance(by: 0.15)
            let opacity = try XCTUnwrap(inserted.layer.presentation()?.opacity)
            XCTAssertGreaterThan(opacity, 0)
            XCTAssertLessThan(opacity, 1, "fading in")
            scene.host.advance(by: 0.5)
            XCTAssertEqual(second?.frame.minY, 3 * 44)
        }
    }

    func testDeletedSectionTakesItsRowsAndSelectionAndHeaderAway() throws {
        try onMain {
            let source = TableLog(counts: [1, 1, 1])
            source.headerTitles = [0: "A", 1: "B", 2: "C"]
            let scene = try makeTableScene(source)
            let table = scene.table
            table.allowsMultipleSelection = true
            table.selectRow(at: IndexPath(row: 0, section: 1), animated: false, scrollPosition: .none)
            table.selectRow(at: IndexPath(row: 0, section: 2), animated: false, scrollPosition: .none)
            let headerC = table.headerView(forSection: 2)
            let headerB = try XCTUnwrap(table.headerView(forSection: 1))
            source.counts = [1, 1]
            source.headerTitles = [0: "A", 1: "C"]
            table.deleteSections(IndexSet(integer: 1), with: .left)
            XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 0, section: 1)], "C's row, re-indexed")
            XCTAssertTrue(table.headerView(forSection: 1) === headerC)
            XCTAssertTrue(headerB.superview === table, "fades out first")
            scene.host.advance(by: 0.5)
            XCTAssertNil(headerB.superview)
            XCTAssertEqual(table.visibleCells.count, 2)
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY, 28 + 44 + 28)
        }
    }

    func testReloadedSectionMayChangeItsCountAndGetsNewCells() throws {
        try onMain {
            let source = TableLog(counts: [2, 1])
            let scene = try makeTableScene(source)
            let table = scene.table
            let old = table.cellForRow(at: IndexPath(row: 0, section: 0))
            table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
            let requests = source.cellRequests
            source.counts = [1, 1]
            let messages = capturingDiagnostics { table.reloadSections(IndexSet(integer: 0), with: .fade) }
            XCTAssertEqual(messages, [])
            XCTAssertEqual(source.cellRequests, requests + 1, "only the reloaded section's row is asked for")
            XCTAssertFalse(table.cellForRow(at: IndexPath(row: 0, section: 0)) === old)
            XCTAssertNil(table.indexPathForSelectedRow, "reloading deselects")
            scene.host.advance(by: 0.5)
            XCTAssertEqual(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY, 44)
        }
    }

    func testMovedSectionCarriesItsCellsAndSelectionInABatchWithRowUpdates() throws {
        try onMain {
            let source = TableLog(counts: [1, 2, 1])
            let scene = try makeTableScene(source)
            let table = scene.table
            let moved = table.cellForRow(at: IndexPath(row: 1, section: 1))
            table.selectRow(at: IndexPath(row: 1, section: 1), animated: false, scrollPosition: .none)
            var completed = false
            table.performBatchUpdates({
                source.counts = [2, 2]
                table.moveSection(1, toSection: 0)
                table.deleteSections(IndexSet(integer: 0), with: .fade)
                table.insertRows(at: [IndexPath(row: 0, section: 1)], with: .right)
            }, completion: { completed = $0 })
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: 1, section: 0)) === moved)
            XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
            scene.host.advance(by: 0.5)
            XCTAssertTrue(completed)
            XCTAssertEqual(moved?.frame.minY, 44)
            XCTAssertEqual(table.visibleCells.count, 4)
        }
    }

    func testSectionCountMismatchIsReportedAndReloads() throws {
        try onMain {
            let source = TableLog(counts: [1, 1])
            let scene = try makeTableScene(source)
            let messages = capturingDiagnostics {
                source.counts = [1, 1, 1, 1]
                scene.table.insertSections(IndexSet(integer: 0), with: .fade)
            }
            XCTAssertEqual(messages.count, 1)
            XCTAssertTrue(messages[0].contains("invalid number of sections"), messages[0])
            XCTAssertTrue(messages[0].contains("after the update (4)"), messages[0])
            XCTAssertTrue(messages[0].contains("before the update (2)"), messages[0])
            XCTAssertTrue(messages[0].contains("1 inserted, 0 deleted"), messages[0])
            scene.table.layoutIfNeeded()
            XCTAssertEqual(scene.table.numberOfSections, 4)
            XCTAssertEqual(scene.table.visibleCells.count, 4)
        }
    }

    func testRowCountMismatchInAMovedSectionNamesItsNewIndex() throws {
        try onMain {
            let source = TableLog(counts: [1, 2])
            let scene = try makeTableScene(source)
            let messages = capturingDiagnostics {
                source.counts = [3, 1]
                scene.table.moveSection(1, toSection: 0)
            }
            XCTAssertEqual(messages.count, 1)
            XCTAssertTrue(messages[0].contains("rows in section 0"), messages[0])
            XCTAssertTrue(messages[0].contains("after the update (3)"), messages[0])
            XCTAssertTrue(messages[0].contains("before the update (2)"), messages[0])
        }
    }
}
